// Key maps (pure: tested by tests/js/keys.test.mjs).

// Keys that move through a list of n items from index i (the board's targets in reading
// order, a menu's items): the new index, or null when the key is not one of them.
export function moveIndex(key, i, n) {
  if (!n) return null;
  if (key === "ArrowRight" || key === "ArrowDown") return Math.min(n - 1, i + 1);
  if (key === "ArrowLeft" || key === "ArrowUp") return Math.max(0, i - 1);
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  return null;
}

// Keys that act on the focused thing.
export function isActivate(key) {
  return key === "Enter" || key === " " || key === "Spacebar";
}

// The step controls' keys (anywhere in a GameView but the board, a menu or a text field):
// the command, or null.
export const CONTROL_KEYS = {
  ArrowLeft: "back",
  ArrowRight: "next",
  Home: "first",
  End: "last",
  " ": "play",
};
export function controlCommand(key) {
  return Object.prototype.hasOwnProperty.call(CONTROL_KEYS, key) ? CONTROL_KEYS[key] : null;
}

// The tooltip words of a control with a key: "Next step (→)".
export const KEY_WORDS = { back: "\u2190", next: "\u2192", first: "Home", last: "End", play: "Space" };
export function withKey(words, command) {
  return KEY_WORDS[command] ? `${words} (${KEY_WORDS[command]})` : words;
}

// A key that a notebook would take as a command (JupyterLab's command mode: "d d" deletes the
// cell, "m" makes it Markdown, "b" adds one below, arrows move between cells) and that a
// widget must keep to itself: a printable key or an arrow without Ctrl, Meta or Alt. Tab,
// Escape, Enter with a modifier (run the cell) and shortcuts with Ctrl/Meta/Alt go on.
export function keepFromNotebook(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return false;
  return (typeof ev.key === "string" && ev.key.length === 1) || /^Arrow|^(Home|End|PageUp|PageDown|Backspace|Delete)$/.test(ev.key || "");
}
