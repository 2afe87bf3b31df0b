// Small DOM helpers shared by the GameView and the Lesson: every text goes in with textContent.

export function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

// Icons drawn as SVG paths on a 16x16 grid (no icon font, no markup strings).
export const ICONS = {
  // first |<< and last >>| have two triangles; back < and next >| one (next with a bar, so
  // it does not look like play, a larger triangle alone)
  first: "M1 3h2v10H1zM9 3v10L3.5 8zM15 3v10L9.5 8z",
  back: "M12 3v10L5 8z",
  play: "M4 2v12l10-6z",
  pause: "M4 3h3v10H4zM9 3h3v10H9z",
  next: "M3 3v10l7-5zM11 3h2v10h-2z",
  last: "M1 3v10l5.5-5zM7 3v10l5.5-5zM13 3h2v10h-2z",
  mark: "M8 2l6.5 11h-13z", // a timeline marker: a triangle pointing up at its step
};

export function icon(name) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "14");
  svg.setAttribute("height", "14");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "hl-icon");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

// The accessible name of a control: the words it shows first (WCAG 2.5.3, label in name),
// then what the tooltip adds. An icon shows no words: its name is the tooltip.
export function controlName(shown, title) {
  if (!shown) return title || "";
  if (!title || title === shown) return shown;
  return title.toLowerCase().startsWith(shown.toLowerCase()) ? title : shown + ": " + title;
}

// A button showing an icon (label is a key of ICONS) or words, with a tooltip (title).
export function button(label, title, onClick, cls) {
  const b = h("button", "hl-btn" + (cls ? " " + cls : ""));
  if (ICONS[label]) b.append(icon(label));
  else b.textContent = label;
  b.type = "button";
  b.title = title;
  b.setAttribute("aria-label", controlName(ICONS[label] ? "" : label, title));
  b.addEventListener("click", onClick);
  return b;
}

export function fmt(v) {
  if (typeof v !== "number") return String(v);
  const r = Math.round(v * 10) / 10;
  return r < 0 ? "\u2212" + String(-r) : String(r);
}

let uid = 0;
// A document-unique id for aria-describedby / aria-labelledby.
export function newId(prefix) {
  uid += 1;
  return (prefix || "hl") + "-" + Date.now().toString(36) + "-" + uid;
}
