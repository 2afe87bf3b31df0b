// The page's answer reader (hotellab/widgets/js/reading.js, used by lesson.js) against the table that pytest also
// reads for hotellab/lesson/reading.py (hotellab/lesson/answer_cases.json): a lesson must
// accept the same typed answers in the kernel and on a static page.
//
//   node --test tests/js/        (tests/test_lesson_reading.py runs it in the suite)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// the reader is its own module (hotellab/widgets/js/reading.js; js/package.json marks it ESM)
const mod = await import(pathToFileURL(join(root, "hotellab", "widgets", "js", "reading.js")).href);
const { cases } = JSON.parse(readFileSync(join(root, "hotellab", "lesson", "answer_cases.json"), "utf8"));

test("the table has cases of every answer type", () => {
  assert.deepEqual([...new Set(cases.map((c) => c.spec.type))].sort(), ["bool", "list", "number", "seat"]);
});

for (const [i, c] of cases.entries()) {
  test(`case ${i}: ${JSON.stringify(c.input)} as ${c.spec.type}`, () => {
    const [value, problem] = mod.readAnswer(c.input, c.spec);
    if (c.problem) {
      assert.notEqual(problem, null, `read as ${JSON.stringify(value)}`);
      return;
    }
    assert.equal(problem, null);
    const verdict = mod.judge(value, c.spec);
    assert.equal(verdict.ok, c.ok);
    assert.equal(verdict.off, c.off);
    if ("words" in c) assert.equal(mod.offWords(verdict, c.spec), c.words);
  });
}

test("a step's score: 3, a miss costs 1, hint k costs k, Show me scores 0 (lesson/__init__.py step_score)", () => {
  const sc = { step: 3, miss: 1, show_after: 3 };
  assert.equal(mod.stepScore(sc, 0, 0, false), 3);
  assert.equal(mod.stepScore(sc, 1, 0, false), 2);
  assert.equal(mod.stepScore(sc, 0, 1, false), 2);
  assert.equal(mod.stepScore(sc, 0, 2, false), 0); // 1 + 2
  assert.equal(mod.stepScore(sc, 2, 1, false), 0);
  assert.equal(mod.stepScore(sc, 0, 0, true), 0);
});
