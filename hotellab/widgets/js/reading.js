// Reading a typed answer and scoring a step (pure: tests/js/lesson_answers.test.mjs checks it
// against hotellab/lesson/answer_cases.json, the table pytest reads for
// hotellab/lesson/reading.py, so a lesson accepts the same answers in the kernel and on a page).

export const YES = ["yes", "y", "true", "legal", "1"];
export const NO = ["no", "n", "false", "illegal", "0"];
export const NOBODY = ["nobody", "no one", "none", "no-one"];
export const CLOSE = 2;

export function clean(given) {
  const text = String(given ?? "").replace(/\u2212|\u2013/g, "-");
  return text.trim().replace(/^[!?;:,]+/, "").replace(/[.!?;:,]+$/, "").trim().toLowerCase();
}

function number(text) {
  const t = text.replace(/\s*(points?|pts?|pt)$/, "").trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  return Number(t);
}

// a seat typed by a person: its name, or its place at the table counted from 1
function seat(text, seats) {
  const names = (seats || []).map((s) => String(s).toLowerCase());
  const i = names.indexOf(text);
  if (i >= 0) return i;
  const n = number(text.replace(/^(player|seat)\s*/, ""));
  return n !== null && Number.isInteger(n) && n >= 1 && n <= names.length ? n - 1 : null;
}

// [value, null] for an answer that can be read against spec, else [null, what to type]
export function readAnswer(given, spec) {
  const text = clean(given);
  if (spec.type === "bool") {
    if (YES.includes(text)) return [true, null];
    if (NO.includes(text)) return [false, null];
    return [null, "Answer yes or no."];
  }
  if (spec.type === "number") {
    const n = number(text);
    return n !== null ? [n, null] : [null, "Type a number, for example 12."];
  }
  const seats = spec.seats || [];
  if (spec.type === "seat") {
    const s = seat(text, seats);
    return s !== null ? [s, null] : [null, `Type a seat: its name (${seats.join(", ")}) or its place at the table (1 to ${seats.length}).`];
  }
  if (seats.length && NOBODY.includes(text)) return [[], null];
  if (!text) return [null, "Type your answer" + (seats.length ? " (seat names, or nobody)." : " (numbers separated by commas).")];
  const bare = seats.length ? text.replace(/\b(player|seat)\s+(?=[0-9])/g, "") : text; // "player 2, seat 3"
  const parts = bare.split(/(?:\s*[,;]\s*|\s+and\s+|\s+)/).filter((x) => x !== "");
  const out = [];
  for (const p of parts) {
    const c = clean(p);
    const v = seats.length ? seat(c, seats) : number(c);
    if (v === null) return [null, `Type ${seats.length ? "seat names or places (1, 2 ...)" : "numbers"} separated by commas.`];
    out.push(v);
  }
  return [out, null];
}

// {ok, off}: a number's off is given - right; a list's, how many entries differ
export function judge(value, spec) {
  const right = spec.value;
  if (spec.type === "number") {
    const off = value - right;
    return { ok: off === 0, off };
  }
  if (spec.type === "list") {
    let got = [...value];
    let want = [...right];
    let off;
    if (spec.ordered === false) {
      const count = (xs, x) => xs.filter((y) => y === x).length;
      const missing = [...new Set(want)].reduce((a, x) => a + Math.max(0, count(want, x) - count(got, x)), 0);
      const extra = [...new Set(got)].reduce((a, x) => a + Math.max(0, count(got, x) - count(want, x)), 0);
      off = Math.max(missing, extra);
    } else {
      off = got.slice(0, want.length).filter((x, i) => x !== want[i]).length + Math.abs(got.length - want.length);
    }
    return { ok: off === 0, off, count: got.length };
  }
  return { ok: value === right, off: value === right ? 0 : 1 };
}

export function offWords(verdict, spec) {
  if (verdict.ok) return "";
  const off = verdict.off;
  if (spec.type === "number") {
    const side = off > 0 ? "Too high" : "Too low";
    return Math.abs(off) <= CLOSE ? `${side}, but close.` : `${side}, by more than ${CLOSE}.`;
  }
  if (spec.type === "list") {
    const n = spec.value.length;
    if (spec.seats && spec.seats.length && spec.ordered === false) {
      // a set of seats (the winners): how many it holds would give it away, and "not that one"
      // would be false of one seat of a shared win
      const got = verdict.count === undefined ? n : verdict.count;
      return got ? "That is not the answer." : "Not nobody: at least one seat does.";
    }
    if (verdict.count !== undefined && verdict.count !== n) return `The answer has ${n} ${n === 1 ? "entry" : "entries"}, not ${verdict.count}.`;
    return n > 1 ? `${off} of the ${n} ${off === 1 ? "is" : "are"} wrong.` : "Not that one.";
  }
  return spec.type === "seat" ? "Not that seat." : "";
}

// == scoring (hotellab/lesson/__init__.py's step_score): the k-th hint costs k
export function stepScore(scoring, misses, hints, shown) {
  if (shown) return 0;
  let cost = (scoring.miss ?? 1) * misses;
  for (let k = 1; k <= hints; k++) cost += k;
  return Math.max(0, (scoring.step ?? 3) - cost);
}

