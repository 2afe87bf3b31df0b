// The legal moves as buttons (pure helpers: tests/js/board.test.mjs).

// The words that all labels start with ("Red: welcome Molo into room 1", "... room 2" ->
// "Red: welcome Molo into room"); "" when they share none.
export function commonWords(labels) {
  const words = labels.map((l) => String(l).split(" "));
  const out = [];
  for (let i = 0; i < words[0].length; i++) {
    const w = words[0][i];
    if (!words.every((ws) => ws.length > i + 1 && ws[i] === w)) break;
    out.push(w);
  }
  return out.join(" ");
}

// The words of an action label before the first word with a digit ("Red: welcome The
// Creature into room 1 (side b)" -> "Red: welcome The Creature into room"); "" when it starts
// with one.
export function labelStem(label) {
  const out = [];
  for (const w of String(label).split(" ")) {
    if (/\d/.test(w)) break;
    out.push(w);
  }
  return out.join(" ");
}

// The moves split for the page: those that concern something on the board (made there; their
// buttons are folded away as an alternative) and those that concern nothing drawn (pass,
// finish, yes/no: always shown as buttons).
export function splitMoves(moves) {
  const onBoard = [];
  const offBoard = [];
  for (const m of moves || []) (m && typeof m.target === "string" && m.target ? onBoard : offBoard).push(m);
  return { onBoard, offBoard };
}
