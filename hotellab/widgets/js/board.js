// The board as the interface: a board SVG made of panels (hotellab/core/board.py) laid out to
// wrap on a narrow page, its things (data-target) named for a screen reader, focusable with the
// arrow keys in reading order, and acting on a click, Enter or Space (a menu when several moves
// concern one thing). Used by the GameView and the Lesson alike.
import { h, newId } from "./dom.js";
import { closeMenu, openMenu } from "./menu.js";
import { isActivate, moveIndex } from "./keys.js";
import { svgNode } from "./svg.js";

// == pure parts (tests/js/board.test.mjs)

// The moves by the thing they concern: Map(target id -> [move]) for moves with a target.
export function targetsOf(moves) {
  const out = new Map();
  for (const m of moves || []) {
    if (!m || typeof m.target !== "string" || !m.target) continue;
    if (!out.has(m.target)) out.set(m.target, []);
    out.get(m.target).push(m);
  }
  return out;
}

// A thing's accessible name: what it is and its state, then its moves in their button words.
export function targetName(label, moves) {
  const n = (moves || []).length;
  const base = String(label).replace(/[.\s]+$/, ""); // "…ammo." + ". " would read "ammo.."
  if (!n) return base;
  if (n === 1) return base + ". " + moves[0].label;
  return base + ". " + n + " moves: " + moves.map((m) => m.label).join("; ");
}

// How many of the moves the board reaches (the rest stay buttons).
export function boardShare(moves) {
  const all = (moves || []).length;
  const on = (moves || []).filter((m) => m && typeof m.target === "string" && m.target).length;
  return { all, on };
}

// The things the arrow keys visit: those with moves when there are any, else every thing (a
// screen-reader user explores the board).
export function navOrder(ids, active) {
  const act = ids.filter((id) => active.has(id));
  return act.length ? act : ids;
}

// == the board in the page
const NS = "http://www.w3.org/2000/svg";

// Mount the board of svgText into host (emptied first). opts: {name: fallback name, moves:
// [{label, value, target}] the moves that may be made now, onMove(move), outline: [target id]
// (outlined: a lesson's "look at"), tried: [target id] (marked: a learner's wrong tries)}.
// Returns {targets: [element], focus(id) -> bool, focusFirst() -> bool}.
export function mountBoard(host, svgText, opts = {}) {
  closeMenu(host, false);
  const root = svgNode(svgText);
  const api = { targets: [], focus: () => false, focusFirst: () => false, panels: false };
  if (!root) {
    host.replaceChildren(h("div", "hl-error", "This board could not be drawn."));
    return api;
  }
  const panels = [...root.children].filter((c) => c.localName === "svg" && c.classList.contains("hl-panel"));
  let box = root;
  if (panels.length) {
    api.panels = true;
    box = h("div", "hl-panels");
    box.setAttribute("role", "group");
    const title = root.getAttribute("aria-label") || (root.querySelector("title") || {}).textContent || opts.name || "Board";
    box.setAttribute("aria-label", title);
    const desc = [...root.children].find((c) => c.localName === "desc");
    if (desc && desc.textContent.trim()) {
      const p = h("p", "hl-sr", desc.textContent.trim());
      p.id = newId("hl-board-desc");
      box.setAttribute("aria-describedby", p.id);
      box.append(p);
    }
    const font = root.getAttribute("font-family");
    for (const p of panels) {
      p.removeAttribute("x");
      p.removeAttribute("y");
      if (font) p.setAttribute("font-family", font);
      p.setAttribute("role", "group");
      box.append(p);
    }
    // the things are named; their loose texts would be heard one by one (295 of them)
    for (const t of box.querySelectorAll("text")) t.setAttribute("aria-hidden", "true");
  } else {
    root.classList.add("hl-whole");
    root.setAttribute("role", "img");
    root.setAttribute("aria-label", opts.name || "Board");
  }
  host.replaceChildren(box);

  const moves = targetsOf(opts.moves || []);
  const targets = [...box.querySelectorAll("[data-target]")];
  const ids = targets.map((t) => t.getAttribute("data-target"));
  const active = new Set(ids.filter((id) => moves.has(id)));
  const outline = new Set(opts.outline || []);
  const tried = new Set(opts.tried || []);
  for (const t of targets) {
    const id = t.getAttribute("data-target");
    const mine = moves.get(id) || [];
    if (mine.length) t.classList.add("hl-active");
    if (outline.has(id)) t.classList.add("hl-outlined");
    if (tried.has(id)) t.classList.add("hl-tried");
  }
  const nav = navOrder(ids, active).map((id) => targets[ids.indexOf(id)]);
  api.targets = targets;
  let current = nav.length ? nav[0] : null; // the one Tab stop of the board

  // A thing is reached (focus, name, role) through a rectangle laid over it: the thing's own
  // texts are then not the button's content (axe-core: label-content-name-mismatch), and a
  // click anywhere on the thing lands on it. Laid once the board has a size.
  // A thing with moves is a button; one without is a named picture (a screen reader's list of
  // buttons then holds the moves only), still reached with the arrow keys when nothing has a move.
  function arm(t) {
    if (t.hlHit) return t.hlHit;
    const id = t.getAttribute("data-target");
    const mine = moves.get(id) || [];
    const f = ring(t);
    f.setAttribute("role", mine.length ? "button" : "img");
    f.setAttribute("tabindex", t === current ? "0" : "-1");
    f.setAttribute("aria-label", targetName(t.getAttribute("data-label") || id, mine));
    if (mine.length > 1) f.setAttribute("aria-haspopup", "menu");
    t.hlHit = f;
    return f;
  }
  function focusEl(t) {
    for (const o of targets) if (o.hlHit) o.hlHit.setAttribute("tabindex", "-1");
    current = t;
    const f = arm(t);
    f.setAttribute("tabindex", "0");
    f.focus({ preventScroll: false });
  }
  function act(t) {
    const id = t.getAttribute("data-target");
    const mine = moves.get(id) || [];
    if (!mine.length || !opts.onMove) return;
    if (mine.length === 1) opts.onMove(mine[0], id);
    else openMenu(host, arm(t), mine, t.getAttribute("data-label") || id, (m) => opts.onMove(m, id));
  }
  box.addEventListener("click", (e) => {
    const t = e.target.closest && e.target.closest("[data-target]");
    if (t && box.contains(t)) {
      if (nav.includes(t)) focusEl(t);
      act(t);
    }
  });
  box.addEventListener("keydown", (e) => {
    const t = e.target.closest && e.target.closest("[data-target]");
    if (!t) return;
    const j = moveIndex(e.key, nav.indexOf(t), nav.length);
    if (j !== null) focusEl(nav[j]);
    else if (isActivate(e.key)) act(t);
    else if (e.key === "Escape") { if (!closeMenu(host, true)) return; }
    else return;
    e.preventDefault();
    e.stopPropagation(); // not the step keys, not a notebook shortcut
  });
  api.focus = (id) => {
    const t = targets[ids.indexOf(id)];
    if (!t || !nav.includes(t)) return false;
    focusEl(t);
    return true;
  };
  api.focusFirst = () => {
    if (!nav.length) return false;
    focusEl(nav[0]);
    return true;
  };
  api.active = active.size;
  for (const t of targets) arm(t);
  // the rectangles follow the drawing: measured again when the board first shows (a hidden
  // tab, an output drawn while collapsed) and whenever its size changes
  let queued = false;
  const measure = () => {
    queued = false;
    if (!box.isConnected) return;
    for (const t of targets) fit(t);
  };
  const again = () => {
    if (queued) return;
    queued = true;
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(measure);
    else measure();
  };
  again();
  if (typeof ResizeObserver === "function") {
    if (host.hlResize) host.hlResize.disconnect();
    host.hlResize = new ResizeObserver(again);
    host.hlResize.observe(box);
  }
  return api;
}

// A rectangle laid over a thing (inside its own group, so in its coordinates): it takes the
// focus and the clicks, and CSS draws it when the thing has moves, is focused or outlined.
function ring(t) {
  const had = t.querySelector(":scope > .hl-ring");
  if (had) return had;
  const r = document.createElementNS(NS, "rect");
  r.setAttribute("class", "hl-ring");
  r.setAttribute("rx", "4");
  t.append(r);
  fit(t);
  return r;
}

// Size a thing's rectangle to the thing's drawing: the box of its other children (the
// rectangle is not taken out to measure: it may have the focus).
function fit(t) {
  const r = t.querySelector(":scope > .hl-ring");
  if (!r) return;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of t.children) {
    if (c === r || typeof c.getBBox !== "function") continue;
    let bb;
    try { bb = c.getBBox(); } catch (e) { continue; } // not drawn (display: none)
    if (!bb || (!bb.width && !bb.height)) continue;
    const tl = c.transform && c.transform.baseVal && c.transform.baseVal.numberOfItems
      ? c.transform.baseVal.consolidate().matrix : null;
    for (const [px, py] of [[bb.x, bb.y], [bb.x + bb.width, bb.y], [bb.x, bb.y + bb.height], [bb.x + bb.width, bb.y + bb.height]]) {
      const qx = tl ? tl.a * px + tl.c * py + tl.e : px;
      const qy = tl ? tl.b * px + tl.d * py + tl.f : py;
      x0 = Math.min(x0, qx); y0 = Math.min(y0, qy); x1 = Math.max(x1, qx); y1 = Math.max(y1, qy);
    }
  }
  if (!(x1 > x0 || y1 > y0)) return; // not drawn yet: measured again when it shows
  r.setAttribute("x", String(x0 - 3));
  r.setAttribute("y", String(y0 - 3));
  r.setAttribute("width", String(x1 - x0 + 6));
  r.setAttribute("height", String(y1 - y0 + 6));
}
