// hotellab Lesson: the front end of hotellab.widgets.Lesson.
//
// A pure player of data built in Python (hotellab/widgets/lesson.py): every step's caption,
// the board before it, and for the learner's steps every offered move's feedback (and outcome
// board) or the predict step's answer — so a lesson is checked in the browser, with a kernel
// or without one (an exported page, nbconvert, the live site).
//
//   model "_data"     base64(gzip(JSON lesson)) — the lesson, compressed (boards are SVG text);
//                     the lesson is {"title", "description", "steps": [step...]}; a step:
//                     {"kind": "watch"|"do"|"exercise"|"predict", "title", "text", "area",
//                      "question", "hints": [str], "before": {"svg", "status"},
//                      "after": {"svg", "status", "events": [str]} (watch),
//                      "moves": [{"label", "value", "correct", "feedback", "rule", "events",
//                                 "svg"|null}] (do, exercise),
//                      "answer": {"type": "number"|"list"|"bool", "value"}, "right", "wrong"
//                      (predict)}
//   model "progress"  {"index", "hints": {step: n}, "wrong": {step: n}} (saved with the page)
//
// Every text from data goes in with textContent; a board SVG is parsed with DOMParser,
// scrubbed of scripts and event handlers, then imported.

const SVG_KEEP = new Set(["svg", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path",
  "text", "tspan", "title", "desc", "defs", "lineargradient", "radialgradient", "stop", "clippath", "mask",
  "pattern", "marker", "symbol", "use"]);

function svgNode(text) {
  if (!text) return document.createTextNode("");
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName !== "svg") {
    const p = document.createElement("p");
    p.textContent = "This board could not be drawn.";
    return p;
  }
  // an allowlist, as gameview.js's scrub: the board of an untrusted notebook is shown too
  for (const node of [...root.querySelectorAll("*")]) {
    if (!SVG_KEEP.has((node.localName || "").toLowerCase())) node.remove();
  }
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const n = attr.name.toLowerCase();
      const v = attr.value;
      if (n.startsWith("on") || ((n === "href" || n.endsWith(":href")) && !/^\s*#/.test(v))
          || /url\(\s*['"]?\s*(?!#)/i.test(v) || /javascript:/i.test(v)) node.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true);
}

function h(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined && text !== null) el.textContent = String(text);
  return el;
}

const YES = ["yes", "y", "true", "legal", "1"];
const NO = ["no", "n", "false", "illegal", "0"];

// true / false for a yes- or no-word (case and trailing punctuation ignored), null otherwise
function yesNo(given) {
  const g = String(given ?? "").trim().toLowerCase().replace(/[.!?;, ]+$/, "");
  return YES.includes(g) ? true : NO.includes(g) ? false : null;
}

function sameAnswer(given, answer) {
  const g = String(given ?? "").trim().toLowerCase();
  if (answer.type === "bool") return yesNo(given) === answer.value;
  if (answer.type === "list") {
    const parts = g.split(/[\s,;]+/).filter((x) => x !== "").map(Number);
    const want = answer.value.map(Number);
    if (parts.length !== want.length || parts.some(Number.isNaN)) return false;
    if (answer.ordered === false) {
      parts.sort((a, b) => a - b);
      want.sort((a, b) => a - b);
    }
    return parts.every((x, i) => x === want[i]);
  }
  return g !== "" && Number(g) === Number(answer.value);
}

async function gunzipBase64(b64) {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const ds = new DecompressionStream("gzip");
  const writer = ds.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return await new Response(ds.readable).text();
}

async function render({ model, el }) {
  el.classList.add("hl-lesson");
  let lessonData = { steps: [] };
  async function load() {
    const raw = model.get("_data");
    // a host may give a synchronous inflate (hotellab's JupyterLab extension does): the
    // lesson is then drawn at once, not after the page's other work
    const inflate = model.get("_inflate");
    lessonData = raw ? JSON.parse(typeof inflate === "function" ? inflate(raw) : await gunzipBase64(raw)) : { steps: [] };
  }
  await load();
  let shownHints = 0;
  let solved = false; // the current learner step was answered right (Next is open)

  function progress() {
    const p = model.get("progress") || {};
    return { index: p.index || 0, hints: { ...(p.hints || {}) }, wrong: { ...(p.wrong || {}) } };
  }
  function save(p) {
    model.set("progress", p);
    model.save_changes();
  }

  function draw() {
    const lesson = lessonData;
    const steps = lesson.steps || [];
    el.replaceChildren();
    const p = progress();
    const head = h("div", "hl-lesson-head");
    head.append(h("span", "hl-lesson-title", lesson.title || "Lesson"));
    const count = h("span", "hl-lesson-count",
      p.index < steps.length ? `Step ${p.index + 1} of ${steps.length}` : `${steps.length} steps`);
    head.append(count);
    const restart = h("button", "hl-lesson-restart", "Start over");
    restart.type = "button";
    restart.addEventListener("click", () => {
      shownHints = 0;
      solved = false;
      save({ index: 0, hints: {}, wrong: {} });
      draw();
    });
    head.append(restart);
    el.append(head);
    if (p.index >= steps.length) {
      const hints = Object.values(p.hints).reduce((a, b) => a + b, 0);
      const wrong = Object.values(p.wrong).reduce((a, b) => a + b, 0);
      el.append(h("p", "hl-lesson-done",
        `Lesson complete: ${steps.length} steps, ${hints} hint(s) used, ${wrong} wrong answer(s).`));
      return;
    }
    const step = steps[p.index];
    const card = h("div", "hl-lesson-card hl-kind-" + step.kind);
    const badge = { watch: "Watch", do: "Your move", exercise: "Exercise", predict: "Predict" }[step.kind];
    card.append(h("span", "hl-lesson-badge", badge));
    if (step.title) card.append(h("h4", "hl-lesson-step-title", step.title));
    if (step.text) card.append(h("p", "hl-lesson-text", step.text));
    if (step.area) card.append(h("p", "hl-lesson-area", "Look at: " + step.area));
    if (step.question) card.append(h("p", "hl-lesson-question", step.question));
    el.append(card);

    const board = h("div", "hl-lesson-board");
    const status = h("p", "hl-lesson-status", step.before ? step.before.status : "");
    board.append(status, svgNode(step.before ? step.before.svg : ""));
    const feedback = h("div", "hl-lesson-feedback");
    feedback.setAttribute("role", "status");
    const controls = h("div", "hl-lesson-controls");
    const next = h("button", "hl-lesson-next", step.kind === "watch" ? "Play this step" : "Next step");
    next.type = "button";

    function showBoard(view) {
      if (!view) return;
      status.textContent = view.status || "";
      board.replaceChildren(status, svgNode(view.svg));
    }
    function showFeedback(ok, text, extra) {
      feedback.replaceChildren();
      feedback.className = "hl-lesson-feedback " + (ok ? "hl-right" : "hl-wrong");
      feedback.append(h("p", "hl-lesson-verdict", text));
      for (const line of extra || []) feedback.append(h("p", "hl-lesson-event", line));
    }
    function goNext() {
      const q = progress();
      q.index += 1;
      shownHints = 0;
      solved = false;
      save(q);
      draw();
    }

    if (step.kind === "watch") {
      let played = false;
      next.addEventListener("click", () => {
        if (!played) {
          played = true;
          showBoard(step.after);
          showFeedback(true, "What happened:", (step.after && step.after.events) || []);
          next.textContent = "Next step";
          return;
        }
        goNext();
      });
      controls.append(next);
    } else if (step.kind === "predict") {
      const input = h("input", "hl-lesson-input");
      input.type = "text";
      input.setAttribute("aria-label", step.question || "your answer");
      const check = h("button", "hl-lesson-check", "Check");
      check.type = "button";
      const answer = () => {
        if (step.answer.type === "bool" && yesNo(input.value) === null) {
          showFeedback(false, "Answer yes or no.");
          return;
        }
        const ok = sameAnswer(input.value, step.answer);
        if (ok) {
          solved = true;
          next.disabled = false;
        } else {
          const q = progress();
          q.wrong[p.index] = (q.wrong[p.index] || 0) + 1;
          save(q);
        }
        showFeedback(ok, ok ? step.right : step.wrong);
      };
      check.addEventListener("click", answer);
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") answer(); });
      next.disabled = true;
      next.addEventListener("click", () => { if (solved) goNext(); });
      controls.append(input, check, next);
    } else {
      const moves = h("div", "hl-lesson-moves");
      for (const mv of step.moves || []) {
        const b = h("button", "hl-lesson-move", mv.label);
        b.type = "button";
        b.title = mv.value;
        b.dataset.value = mv.value;
        b.addEventListener("click", () => {
          if (solved) return;
          if (mv.svg) showBoard({ svg: mv.svg, status: mv.status || "" });
          const extra = [...(mv.events || [])];
          if (mv.rule) extra.push("Rule: " + mv.rule);
          showFeedback(mv.correct, mv.feedback, extra);
          if (mv.correct) {
            solved = true;
            next.disabled = false;
            b.classList.add("hl-chosen");
          } else {
            const q = progress();
            q.wrong[p.index] = (q.wrong[p.index] || 0) + 1;
            save(q);
            if (!mv.svg) showBoard(step.before);
          }
        });
        moves.append(b);
      }
      next.disabled = true;
      next.addEventListener("click", () => { if (solved) goNext(); });
      controls.append(moves, next);
    }
    const hintBox = h("div", "hl-lesson-hints");
    if ((step.hints || []).length) {
      const hint = h("button", "hl-lesson-hint", "Hint");
      hint.type = "button";
      hint.addEventListener("click", () => {
        if (shownHints >= step.hints.length) return;
        hintBox.append(h("p", "hl-lesson-hint-text", step.hints[shownHints]));
        shownHints += 1;
        const q = progress();
        q.hints[p.index] = Math.max(q.hints[p.index] || 0, shownHints);
        save(q);
        if (shownHints >= step.hints.length) hint.disabled = true;
      });
      controls.append(hint);
    }
    el.append(controls, hintBox, feedback, board);
  }

  draw();
  const redraw = async () => { await load(); draw(); };
  model.on("change:_data", redraw);
  return () => model.off("change:_data", redraw);
}

export default { render };
