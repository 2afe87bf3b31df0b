// Board SVG from text: parsed with DOMParser (image/svg+xml, which runs nothing) and scrubbed
// to an allowlist of drawing elements, without event handlers or references outside the SVG,
// since hotellab's JupyterLab extension shows boards of untrusted notebooks too.

export const SVG_KEEP = new Set(["svg", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path",
  "text", "tspan", "title", "desc", "defs", "lineargradient", "radialgradient", "stop", "clippath", "mask",
  "pattern", "marker", "symbol", "use"]);

export function scrub(root) {
  const all = [root, ...root.querySelectorAll("*")];
  for (const el of all) {
    const name = (el.localName || "").toLowerCase();
    if (el !== root && !SVG_KEEP.has(name)) {
      el.remove();
      continue;
    }
    for (const a of [...el.attributes]) {
      const n = a.name.toLowerCase();
      const v = a.value;
      if (n.startsWith("on") || ((n === "href" || n.endsWith(":href")) && !/^\s*#/.test(v))
          || /url\(\s*['"]?\s*(?!#)/i.test(v) || /javascript:/i.test(v)) {
        el.removeAttribute(a.name);
      }
    }
  }
}

// The SVG element of ``text``, scrubbed and imported into this document; null when it is not
// a well-formed SVG.
export function svgNode(text) {
  if (!text) return null;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.localName !== "svg" || doc.getElementsByTagName("parsererror").length) return null;
  scrub(root);
  return document.importNode(root, true);
}
