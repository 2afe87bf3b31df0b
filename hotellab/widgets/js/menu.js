// A small menu at a board thing that several moves concern: one item per move, in the
// moves' button words. Arrow keys / Home / End move, Enter or Space picks, Escape or Tab closes
// (focus goes back to the thing).
import { h } from "./dom.js";
import { isActivate, moveIndex } from "./keys.js";

// Close the menu open in host, if any; focus goes back to its thing when back is true.
export function closeMenu(host, back) {
  const m = host && host.querySelector(":scope > .hl-menu");
  if (!m || m.hlClosing) return false;
  m.hlClosing = true; // removing a focused item blurs it: its focusout must not close it again
  const anchor = m.hlAnchor;
  // focus goes back before the menu goes, so it never falls to the page
  if (back && anchor && anchor.isConnected) anchor.focus({ preventScroll: true });
  m.remove();
  return true;
}

// Open a menu of items ([{label}]) under anchor (an element inside host, which is positioned),
// named by name; onPick(item) runs on a choice.
export function openMenu(host, anchor, items, name, onPick) {
  closeMenu(host, false);
  const menu = h("div", "hl-menu");
  menu.setAttribute("role", "menu");
  menu.setAttribute("aria-label", name);
  menu.hlAnchor = anchor;
  const buttons = items.map((it) => {
    const b = h("button", "hl-menu-item", it.label);
    b.type = "button";
    b.setAttribute("role", "menuitem");
    b.tabIndex = -1;
    b.addEventListener("click", (e) => {
      e.stopPropagation();
      closeMenu(host, true);
      onPick(it);
    });
    return b;
  });
  menu.append(...buttons);
  menu.addEventListener("keydown", (e) => {
    const i = buttons.indexOf(document.activeElement);
    const j = moveIndex(e.key, i, buttons.length);
    if (j !== null) buttons[j].focus();
    else if (isActivate(e.key) && i >= 0) buttons[i].click();
    else if (e.key === "Escape" || e.key === "Tab") closeMenu(host, true);
    else return;
    e.preventDefault();
    e.stopPropagation(); // not the step keys, not a notebook shortcut
  });
  menu.addEventListener("focusout", (e) => {
    if (!menu.hlClosing && !menu.contains(e.relatedTarget) && e.relatedTarget !== anchor) closeMenu(host, false);
  });
  const hr = host.getBoundingClientRect();
  const r = anchor.getBoundingClientRect();
  menu.style.left = Math.max(0, Math.min(r.left - hr.left, hr.width - 220)) + "px";
  menu.style.top = (r.bottom - hr.top + 4) + "px";
  host.append(menu);
  if (buttons.length) buttons[0].focus({ preventScroll: true });
  return menu;
}
