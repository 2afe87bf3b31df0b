// The front end's pure parts: key maps (js/keys.js), the board's moves and names (js/board.js),
// the move list (js/actionlist.js) and accessible names (js/dom.js). Expected values are the
// behaviour the issue "The board is the interface" asks for, worked out by hand.
//
//   node --test tests/js/        (tests/test_lesson_reading.py runs it in the suite)
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

const js = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "hotellab", "widgets", "js");
const load = (name) => import(pathToFileURL(join(js, name)).href);
const keys = await load("keys.js");
const board = await load("board.js");
const list = await load("actionlist.js");
const dom = await load("dom.js");

test("arrow keys move through the things in reading order and stop at the ends", () => {
  assert.equal(keys.moveIndex("ArrowRight", 0, 3), 1);
  assert.equal(keys.moveIndex("ArrowDown", 1, 3), 2);
  assert.equal(keys.moveIndex("ArrowRight", 2, 3), 2); // the last thing stays
  assert.equal(keys.moveIndex("ArrowLeft", 0, 3), 0);
  assert.equal(keys.moveIndex("ArrowUp", 2, 3), 1);
  assert.equal(keys.moveIndex("Home", 2, 3), 0);
  assert.equal(keys.moveIndex("End", 0, 3), 2);
  assert.equal(keys.moveIndex("a", 0, 3), null);
  assert.equal(keys.moveIndex("ArrowRight", 0, 0), null); // nothing to move to
  // from no focused item (-1) the first key goes to the first item
  assert.equal(keys.moveIndex("ArrowDown", -1, 4), 0);
});

test("Enter and Space act; the step controls' keys and their tooltips", () => {
  assert.ok(keys.isActivate("Enter") && keys.isActivate(" "));
  assert.ok(!keys.isActivate("Escape"));
  assert.deepEqual(["ArrowLeft", "ArrowRight", "Home", "End", " ", "x"].map(keys.controlCommand),
    ["back", "next", "first", "last", "play", null]);
  assert.equal(keys.controlCommand("constructor"), null); // not a key of Object.prototype
  assert.equal(keys.withKey("Next step", "next"), "Next step (\u2192)");
  assert.equal(keys.withKey("Play", "play"), "Play (Space)");
});

const moves = [
  { label: "Blue: place a guest on 1A bed 0 (top left, +3)", value: "p0 place 1 0", target: "bed:1A:0" },
  { label: "Blue: place a guest on 1A bed 1 (top right, +2)", value: "p0 place 1 1", target: "bed:1A:1" },
  { label: "Blue: move the groom to 1A", value: "p0 groom 1", target: "bed:1A:1" },
  { label: "Blue: pass", value: "p0 pass", target: null },
];

test("moves are grouped by the thing they concern; a move on nothing stays off the board", () => {
  const m = board.targetsOf(moves);
  assert.deepEqual([...m.keys()], ["bed:1A:0", "bed:1A:1"]);
  assert.deepEqual(m.get("bed:1A:1").map((x) => x.value), ["p0 place 1 1", "p0 groom 1"]);
  assert.deepEqual(board.boardShare(moves), { all: 4, on: 3 });
  const { onBoard, offBoard } = list.splitMoves(moves);
  assert.deepEqual(offBoard.map((x) => x.value), ["p0 pass"]);
  assert.equal(onBoard.length, 3);
});

test("a thing's accessible name: its state, then its moves in their button words", () => {
  const m = board.targetsOf(moves);
  assert.equal(board.targetName("1A, bed 0, +3, free", m.get("bed:1A:0")),
    "1A, bed 0, +3, free. Blue: place a guest on 1A bed 0 (top left, +3)");
  assert.equal(board.targetName("1A, bed 1, +2, free", m.get("bed:1A:1")),
    "1A, bed 1, +2, free. 2 moves: Blue: place a guest on 1A bed 1 (top right, +2); Blue: move the groom to 1A");
  assert.equal(board.targetName("2A, bed 0, Red's guest", []), "2A, bed 0, Red's guest");
});

test("the arrow keys visit the things with moves, or every thing when none has one", () => {
  const ids = ["bed:1A:0", "bed:1A:1", "bed:2A:0"];
  assert.deepEqual(board.navOrder(ids, new Set(["bed:2A:0", "bed:1A:0"])), ["bed:1A:0", "bed:2A:0"]);
  assert.deepEqual(board.navOrder(ids, new Set()), ids);
});

test("a control's accessible name starts with the words it shows (WCAG 2.5.3)", () => {
  assert.equal(dom.controlName("step", "Step: let chance or the seat's agent take the next action"),
    "Step: let chance or the seat's agent take the next action");
  assert.equal(dom.controlName("1 (side b)", "Red: welcome Molo into room 1 (side b)"),
    "1 (side b): Red: welcome Molo into room 1 (side b)");
  assert.equal(dom.controlName("", "Next step (\u2192)"), "Next step (\u2192)"); // an icon: the tooltip
  assert.equal(dom.controlName("Hint", "Hint"), "Hint");
});

test("button rows: shared words and label stems", () => {
  assert.equal(list.commonWords(["Red: welcome Molo into room 1", "Red: welcome Molo into room 2"]),
    "Red: welcome Molo into room");
  assert.equal(list.commonWords(["a b", "c d"]), "");
  assert.equal(list.labelStem("Red: welcome The Creature into room 1 (side b)"), "Red: welcome The Creature into room");
  assert.equal(list.labelStem("3 coins"), "");
});

test("keys a notebook would take as commands stay in the widget; shortcuts with modifiers go on", () => {
  const k = (key, mods = {}) => keys.keepFromNotebook({ key, ...mods });
  assert.ok(k("d") && k("m") && k("b") && k(" ") && k("ArrowDown") && k("Home") && k("Delete"));
  assert.ok(!k("Tab") && !k("Escape") && !k("Enter") && !k("Shift"));
  assert.ok(!k("s", { ctrlKey: true }) && !k("d", { metaKey: true }) && !k("x", { altKey: true }));
});

test("a label that ends with a full stop is not doubled in a thing's name", () => {
  assert.equal(board.targetName("Knife: needs no ammo.", [{ label: "Chris: declare Knife" }]),
    "Knife: needs no ammo. Chris: declare Knife");
  assert.equal(board.targetName("Room 2A.", []), "Room 2A");
});
