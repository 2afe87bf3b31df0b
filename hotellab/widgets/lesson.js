// hotellab Lesson: the front end of hotellab.widgets.Lesson (and of hl.widgets.Review).
//
// A pure player of data built in Python (hotellab/widgets/lesson.py): every step's caption,
// the board before it, and for the learner's steps every offered move's feedback (and outcome
// board) or the predict step's answer — so a lesson is checked in the browser, with a kernel
// or without one (an exported page, nbconvert, the live site).
//
//   model "_data"     base64(gzip(JSON lesson)). Version 2 (lesson.py's lesson_data):
//                     {"version": 2, "title", "description", "count" (steps of the scenario),
//                      "learner_steps", "scoring": {"step", "miss", "show_after"}, "key",
//                      "mode"?: "review", "steps": [node...], "parts"?: [part...]} (a board's
//                     "svg" may be the numbers of its parts in "parts": unpack joins them). A node is one step at one
//                     position (a step with several right moves has one branch per move, so
//                     the lesson goes on from the learner's own move):
//                     {"n" (step number), "kind": "watch"|"do"|"exercise"|"predict", "title",
//                      "text", "area", "targets": [target id] (outlined), "question", "hints":
//                      [str], "before": {"svg", "status"},
//                      "next" (node, -1 at the end; watch, predict), "narrow", "reveal",
//                      "after": {"svg", "status", "events"} (watch),
//                      "moves": [{"label", "value", "target" (the board thing it concerns, or
//                                 null), "correct", "feedback", "rule", "events",
//                                 "svg"|null, "status", "next" (right moves)}] (do, exercise),
//                      "answer": {"type": "number"|"bool"|"seat"|"list", "value", "seats"?,
//                                 "ordered"?}, "right", "why", "mistakes": [{"value", "say"}]
//                      (predict)}. Version 1 (a linear list, no "next") still plays.
//   model "progress"  {"index" (node), "done": [nodes answered], "hints": {node: n},
//                      "wrong": {node: n}, "shown": {node: 1}, "queue"?: [nodes] (review)};
//                     saved with the page and, in the browser, under the lesson's "key".
//
// Feedback by miss: the first wrong answer says what it did and the rule (never the answer),
// the second adds "narrow", the third (or "Show me") the answer ("reveal"), and the step then
// scores 0. Every text from data goes in with textContent; a board SVG is parsed with
// DOMParser, scrubbed to an allowlist of drawing elements, then imported.

import { h } from "./js/dom.js";
import { readPacked } from "./js/frames.js";
import { mountBoard } from "./js/board.js";
import { splitMoves } from "./js/actionlist.js";
import { keepFromNotebook } from "./js/keys.js";
import { judge, offWords, readAnswer, stepScore } from "./js/reading.js";

// boards carried as part numbers (lesson.py packed_boards: each distinct panel once) as text
function unpack(lesson) {
  const parts = lesson.parts;
  if (!Array.isArray(parts)) return lesson;
  const text = (v) => (v && Array.isArray(v.svg) ? { ...v, svg: v.svg.map((i) => parts[i]).join("") } : v);
  const steps = (lesson.steps || []).map((s) => {
    const out = { ...s, before: text(s.before) };
    if (s.after) out.after = text(s.after);
    if (s.moves) out.moves = s.moves.map((m) => (Array.isArray(m.svg) ? { ...m, svg: m.svg.map((i) => parts[i]).join("") } : m));
    return out;
  });
  return { ...lesson, steps, parts: undefined };
}

// A button disabled under the focus (the last hint, "Show me") would drop a keyboard user to
// the page's start: the focus goes first to what it showed (the hint, the answer).
function disableKeepingFocus(btn, to) {
  if (document.activeElement === btn && to) {
    to.tabIndex = -1;
    to.focus({ preventScroll: true });
  }
  btn.disabled = true;
}

// a version-1 lesson (a linear list of steps) as version 2
function upgrade(lesson) {
  lesson = unpack(lesson);
  if (lesson.version === 2) return lesson;
  const steps = (lesson.steps || []).map((s, i, all) => {
    const next = i + 1 < all.length ? i + 1 : -1;
    const moves = (s.moves || []).map((m) => (m.correct ? { ...m, next } : m));
    return { ...s, n: i, next, moves, why: s.wrong || "", narrow: "", reveal: "" };
  });
  return { ...lesson, version: 2, count: steps.length, scoring: { step: 3, miss: 1, show_after: 3 },
    learner_steps: steps.filter((s) => s.kind !== "watch").length, steps };
}

function storage() {
  try {
    const s = globalThis.localStorage;
    s.getItem("hotellab-probe");
    return s;
  } catch (e) {
    return null; // a sandboxed page: the progress lives in the page only
  }
}

async function render({ model, el }) {
  el.classList.add("hl-lesson");
  // keys typed in the lesson stay in it: JupyterLab's command keys ("d d", "m", arrows) must not
  // act on the notebook while the learner is on the board, a menu or a button
  const keep = (ev) => { if (keepFromNotebook(ev)) ev.stopPropagation(); };
  el.addEventListener("keydown", keep);
  let lesson = { steps: [] };
  async function load() {
    const raw = model.get("_data");
    lesson = upgrade(raw ? await readPacked(model, raw) : { steps: [] });
  }
  await load();
  const store = storage();
  const storeKey = () => "hotellab-lesson:" + (lesson.key || lesson.title || "");
  const review = lesson.mode === "review";
  let shownHints = 0;
  let solved = false; // the current learner step was answered right (Next is open)
  let chosenNext = null; // the node the learner's right move leads to

  function fresh() {
    const p = { index: 0, done: [], hints: {}, wrong: {}, shown: {} };
    if (review) p.queue = lesson.steps.map((_, i) => i);
    return p;
  }
  function progress() {
    let p = model.get("progress") || {};
    const empty = !p.index && !(p.done || []).length && !Object.keys(p.wrong || {}).length;
    if (empty && store) { // a learner's progress kept by this browser
      try {
        const kept = JSON.parse(store.getItem(storeKey()) || "null");
        if (kept && typeof kept === "object") p = kept;
      } catch (e) { /* unreadable: start afresh */ }
    }
    const base = fresh();
    const q = { index: Number.isInteger(p.index) ? p.index : 0, done: [...(p.done || [])], hints: { ...(p.hints || {}) },
      wrong: { ...(p.wrong || {}) }, shown: { ...(p.shown || {}) } };
    if (review) q.queue = Array.isArray(p.queue) ? [...p.queue] : base.queue;
    if (q.index >= lesson.steps.length && q.index !== -1) q.index = 0;
    return q;
  }
  function save(p) {
    model.set("progress", p);
    model.save_changes();
    if (store) {
      try { store.setItem(storeKey(), JSON.stringify(p)); } catch (e) { /* full or blocked */ }
    }
  }
  function current(p) {
    if (review) return p.queue.length ? p.queue[0] : -1;
    return p.index;
  }
  function score(p) {
    const sc = lesson.scoring || {};
    let got = 0;
    for (const id of p.done) {
      const s = lesson.steps[id];
      if (!s || s.kind === "watch") continue;
      got += stepScore(sc, p.wrong[id] || 0, p.hints[id] || 0, !!p.shown[id]);
    }
    const most = (sc.step ?? 3) * (review ? lesson.steps.length : lesson.learner_steps || 0);
    return [got, most];
  }

  function draw() {
    const steps = lesson.steps || [];
    el.replaceChildren();
    const p = progress();
    const id = current(p);
    const head = h("div", "hl-lesson-head");
    head.append(h("span", "hl-lesson-title", lesson.title || "Lesson"));
    const step = id >= 0 ? steps[id] : null;
    const total = review ? steps.length : lesson.count || steps.length;
    const count = h("span", "hl-lesson-count", step
      ? (review ? (p.done.includes(id) ? "Once more: you missed this one earlier" : `${Math.min(total, p.done.length + 1)} of ${total}`)
        : `Step ${step.n + 1} of ${total}`)
      : `${total} steps`);
    head.append(count);
    const [got, most] = score(p);
    const sc = h("span", "hl-lesson-score", `Score ${got} of ${most}`);
    sc.title = "Each learner step is worth " + ((lesson.scoring || {}).step ?? 3)
      + " points: a wrong answer costs 1, the first hint 1, the second 2 more; 'Show me' scores the step 0.";
    head.append(sc);
    const restart = h("button", "hl-lesson-restart", "Start over");
    restart.type = "button";
    restart.addEventListener("click", () => {
      shownHints = 0;
      solved = false;
      save(fresh());
      draw();
    });
    head.append(restart);
    el.append(head);
    if (!step) {
      const hints = Object.values(p.hints).reduce((a, b) => a + b, 0);
      const wrong = Object.values(p.wrong).reduce((a, b) => a + b, 0);
      const shown = Object.keys(p.shown).length;
      const pct = most ? Math.round((100 * got) / most) : 100;
      el.append(h("p", "hl-lesson-done",
        `${review ? "Review" : "Lesson"} complete: score ${got} of ${most} (${pct}%); ${hints} hint(s), `
        + `${wrong} wrong answer(s), ${shown} answer(s) shown.`));
      return;
    }
    const card = h("div", "hl-lesson-card hl-kind-" + step.kind);
    const badge = { watch: "Watch", do: "Your move", exercise: "Your move", predict: "Predict" }[step.kind];
    card.append(h("span", "hl-lesson-badge", badge));
    if (step.title) card.append(h("h4", "hl-lesson-step-title", step.title));
    // a predict step's text explains its answer: it shows with the right answer, not before
    if (step.text && step.kind !== "predict") card.append(h("p", "hl-lesson-text", step.text));
    if (step.area) card.append(h("p", "hl-lesson-area", "Look at: " + step.area + (step.targets && step.targets.length ? " (outlined on the board)" : "")));
    if (step.question) card.append(h("p", "hl-lesson-question", step.question));
    el.append(card);

    const board = h("div", "hl-lesson-board");
    board.setAttribute("role", "region");
    board.setAttribute("aria-label", "Board");
    const status = h("p", "hl-lesson-status", step.before ? step.before.status : "");
    const boardHost = h("div", "hl-lesson-svg");
    board.append(status, boardHost);
    const outline = step.targets || [];
    const tried = [];
    // the board of a view, taking this step's moves when live (a do or exercise step not yet
    // answered: the learner answers on the board), with the step's "look at" outlined
    function mount(view, live) {
      return mountBoard(boardHost, view ? view.svg : "", {
        name: (view && view.status) || "Board", moves: live ? step.moves || [] : [],
        outline: live || step.kind === "predict" || step.kind === "watch" ? outline : [], tried: live ? tried : [],
        onMove: (mv) => choose(mv, true),
      });
    }
    let choose = () => {};
    const feedback = h("div", "hl-lesson-feedback");
    feedback.setAttribute("role", "status");
    feedback.setAttribute("aria-live", "polite");
    const controls = h("div", "hl-lesson-controls");
    const next = h("button", "hl-lesson-next", step.kind === "watch" ? "Play this step" : "Next step");
    next.type = "button";

    function showBoard(view, live) {
      if (!view) return null;
      status.textContent = view.status || "";
      return mount(view, !!live);
    }
    function showFeedback(ok, text, extra) {
      feedback.replaceChildren();
      feedback.className = "hl-lesson-feedback " + (ok ? "hl-right" : "hl-wrong");
      feedback.append(h("p", "hl-lesson-verdict", text));
      for (const line of extra || []) feedback.append(h("p", "hl-lesson-event", line));
    }
    function goNext(target) {
      const q = progress();
      if (!q.done.includes(id)) q.done.push(id);
      if (review) q.queue.shift();
      else q.index = target;
      shownHints = 0;
      solved = false;
      chosenNext = null;
      save(q);
      draw();
    }
    // a miss: count it; in a review the step comes back three steps later (once)
    function miss() {
      const q = progress();
      q.wrong[id] = (q.wrong[id] || 0) + 1;
      if (review && q.wrong[id] === 1) q.queue.splice(Math.min(q.queue.length, 4), 0, id);
      save(q);
      return q.wrong[id];
    }
    function level(misses) {
      const after = (lesson.scoring || {}).show_after ?? 3;
      return misses >= after ? 3 : misses;
    }
    function markShown() {
      const q = progress();
      q.shown[id] = 1;
      save(q);
      disableKeepingFocus(showMe, feedback);
    }
    function missWords(base, misses) {
      const lv = level(misses);
      if (lv >= 3) markShown();
      return [base, lv === 2 ? step.narrow : "", lv >= 3 ? step.reveal : ""].filter((x) => x).join(" ");
    }
    const afterMove = (target) => (review || target === undefined ? -1 : target);

    const showMe = h("button", "hl-lesson-show", "Show me");
    showMe.type = "button";
    showMe.title = "Show the answer (the step then scores 0)";
    if (p.shown[id]) showMe.disabled = true;

    if (step.kind === "watch") {
      let played = false;
      next.addEventListener("click", () => {
        if (!played) {
          played = true;
          showBoard(step.after, false);
          showFeedback(true, "What happened:", (step.after && step.after.events) || []);
          next.textContent = "Next step";
          return;
        }
        goNext(afterMove(step.next));
      });
      controls.append(next);
    } else if (step.kind === "predict") {
      const input = h("input", "hl-lesson-input");
      input.type = "text";
      input.setAttribute("aria-label", step.question || "your answer");
      const check = h("button", "hl-lesson-check", "Check");
      check.type = "button";
      const answer = () => {
        if (solved) return;
        const [value, problem] = readAnswer(input.value, step.answer);
        if (problem !== null) {
          showFeedback(false, problem);
          return;
        }
        const verdict = judge(value, step.answer);
        if (verdict.ok) {
          solved = true;
          next.disabled = false;
          showFeedback(true, step.right);
          return;
        }
        // compared as the answer is (a set of winners in any order)
        const said = (step.mistakes || []).find((mk) => judge(value, { ...step.answer, value: mk.value }).ok);
        const base = [said ? said.say : "", offWords(verdict, step.answer), step.why].filter((x) => x).join(" ");
        showFeedback(false, missWords(base, miss()));
      };
      check.addEventListener("click", answer);
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") answer();
        e.stopPropagation(); // typing is not JupyterLab's command keys
      });
      showMe.addEventListener("click", () => {
        markShown();
        showFeedback(false, step.reveal);
      });
      next.disabled = true;
      next.addEventListener("click", () => { if (solved) goNext(afterMove(step.next)); });
      controls.append(input, check, next);
    } else {
      const moves = h("div", "hl-lesson-moves");
      const buttons = [];
      const all = step.moves || [];
      choose = (mv, onBoard) => {
        if (solved) return;
        const k = all.indexOf(mv);
        const b = buttons[k];
        const extra = [...(mv.events || [])];
        if (mv.correct) {
          solved = true;
          chosenNext = mv.next;
          next.disabled = false;
          b.classList.add("hl-chosen");
          const target = mv.next !== undefined && mv.next >= 0 ? steps[mv.next] : null;
          showBoard(mv.svg ? { svg: mv.svg, status: mv.status || "" } : target ? target.before : null, false);
          showFeedback(true, mv.feedback);
          next.focus({ preventScroll: true });
          return;
        }
        // a wrong move: what it did is told; the board stays as it was, to try again on it
        if (mv.target && !tried.includes(mv.target)) tried.push(mv.target);
        const misses = miss();
        if (level(misses) >= 3) for (const [j, m] of all.entries()) if (m.correct) buttons[j].classList.add("hl-shown");
        // the board is back as it was: the events are what the move would have done
        const would = extra.length ? ["That move would have done this (the board is back as it was, to try again):", ...extra] : [];
        showFeedback(false, missWords(mv.feedback, misses), would);
        const api = showBoard(step.before, true);
        if (onBoard && api && !(mv.target && api.focus(mv.target))) api.focusFirst();
      };
      const { onBoard } = splitMoves(all);
      const fold = h("details", "hl-lesson-fold");
      fold.append(h("summary", null, `${onBoard.length === all.length ? "All" : "The other"} ${onBoard.length} move${onBoard.length === 1 ? "" : "s"} as buttons`));
      const foldList = h("div", "hl-lesson-moves");
      fold.append(foldList);
      for (const mv of all) {
        const b = h("button", "hl-lesson-move", mv.label);
        b.type = "button";
        b.dataset.value = mv.value;
        b.addEventListener("click", () => choose(mv, false));
        buttons.push(b);
        (mv.target ? foldList : moves).append(b);
      }
      if (onBoard.length) {
        card.append(h("p", "hl-lesson-howto", "Make your move on the board: click a highlighted thing, or Tab to the board, "
          + "move with the arrow keys and press Enter." + (onBoard.length < all.length ? " Moves that concern nothing on the board are buttons below." : "")));
      }
      showMe.addEventListener("click", () => {
        markShown();
        for (const [k, m] of (step.moves || []).entries()) if (m.correct) buttons[k].classList.add("hl-shown");
        showFeedback(false, step.reveal);
      });
      next.disabled = true;
      next.addEventListener("click", () => { if (solved) goNext(afterMove(chosenNext)); });
      controls.append(moves, next);
      if (onBoard.length) controls.append(fold);
    }
    const hintBox = h("div", "hl-lesson-hints");
    // the hints already paid for (a reload, a redraw) stay shown
    shownHints = Math.max(shownHints, Math.min((step.hints || []).length, p.hints[id] || 0));
    for (const t of (step.hints || []).slice(0, shownHints)) hintBox.append(h("p", "hl-lesson-hint-text", t));
    if ((step.hints || []).length) {
      const hint = h("button", "hl-lesson-hint", "Hint");
      hint.type = "button";
      hint.title = "A hint costs points: the first 1, the second 2";
      hint.addEventListener("click", () => {
        if (shownHints >= step.hints.length) return;
        hintBox.append(h("p", "hl-lesson-hint-text", step.hints[shownHints]));
        shownHints += 1;
        const q = progress();
        q.hints[id] = Math.max(q.hints[id] || 0, shownHints);
        save(q);
        if (shownHints >= step.hints.length) disableKeepingFocus(hint, hintBox.lastChild);
      });
      if (shownHints >= step.hints.length) hint.disabled = true;
      controls.append(hint);
    }
    if (step.kind !== "watch" && step.reveal) controls.append(showMe);
    el.append(controls, hintBox, feedback, board);
    mount(step.before, (step.kind === "do" || step.kind === "exercise") && !solved);
  }

  draw();
  const redraw = async () => { await load(); draw(); };
  model.on("change:_data", redraw);
  return () => {
    model.off("change:_data", redraw);
    el.removeEventListener("keydown", keep);
  };
}

export default { render };
