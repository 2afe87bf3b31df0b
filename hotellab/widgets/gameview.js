// hotellab GameView: the front end of hotellab.widgets.GameView.
//
// One ES module for both hosts: anywidget in JupyterLab, and the standalone page written by
// hotellab.widgets.export_html (which passes a small fake model with the same
// get/set/on/off/save_changes/send methods). It is a pure renderer of frames built in Python:
//
//   model "_chunks"  list of base64(gzip(JSON {"n": states, "f": [[frame...] per perspective],
//                    "p": [part...]})): a frame's svg is null (the one before), the numbers of
//                    its parts in "p" (each distinct panel of the chunk once), or older: text
//   model "_tail"    "" (older saved notebooks: their last chunk)
//   message {"type": "chunks", "start": i, "chunks": [...], "seq": n}: a live step's new
//                    frames, append-only: _chunks[i:] becomes "chunks" (a new state's chunk is
//                    appended; an undo may replace the last one). The list held by the model is
//                    changed in place (by initialize's handler, once per model and message), so
//                    nothing is re-sent whole and a saved notebook keeps every frame. A message
//                    that would leave a gap makes the page send {"type": "resync"}: the kernel
//                    then sends _chunks whole, once.
//   model "_head"    {}, or {"k": state, "p": perspective, "frame": frame} (plain JSON): after a
//                    live step the kernel sends the new state's frame for the shown perspective
//                    (with "index") before it re-encodes the tail, so the board is drawn at once,
//                    with no decompression; the next update empties it and brings the tail
//   model "_meta"    {"perspectives": [null, 0, 1, ...], "names": [...], "colors": [...],
//                     "title": str, "live": bool, "terminal": bool, "person": bool (a person
//                     decides at the last state: its moves are the buttons, Next waits for them),
//                     "marks": [{"step", "text", "seat", "cost"}] (optional: markers under the
//                     timeline, e.g. the tutor's costly moves; see drawMarks)}
//   model "index", "perspective", "speed" (steps per second), "_actions" [{label, value, kind}],
//   model "_error"   text of the last error
//   model "_note"    a coach's comment on the last move (hl.widgets.GuidedGame), "" for none
//
// A live view (meta.live) plays on only once a kernel has answered: it sends {"type": "hello"}
// and waits for {"type": "hello"} back. A saved notebook exported to HTML has widget state but
// no kernel (the HTML widget manager drops sent messages), so there its live views behave as
// records: Next stops at the last saved state instead of waiting for an answer that never comes.
//
// Every text from data goes in with textContent; the board SVG is parsed with DOMParser
// (image/svg+xml), scrubbed of scripts and event handlers, and imported.

import { button, controlName, fmt, h, icon } from "./js/dom.js";
import { applyChunks, readPacked } from "./js/frames.js";
import { commonWords, labelStem, splitMoves } from "./js/actionlist.js";
import { controlCommand, keepFromNotebook, moveIndex, withKey } from "./js/keys.js";
import { mountBoard } from "./js/board.js";

const SPEEDS = [0.5, 1, 2, 4, 8, 16];
const NO_MOVES = Object.freeze([]); // one empty list: an unchanged board is not drawn again
const THUMB = 16; // px: the range thumb's width (a marker's centre is the thumb's at its step)
const MARK_W = 24; // px: a marker's width (WCAG 2.2 target size, 2.5.8); closer markers go on the next lane
const MARK_LANE = 25; // px: height of a lane of markers (24 px targets, 1 px apart)
const LONG_GROUP = 12; // more legal actions of one kind than this: one row per first argument
const WIDE_BOARD = 1000; // SVG viewBox width above which the score/event panel goes under the board
const WIDE_PANELS = 700; // a board of panels laid out wider than this: the panel goes under it too
const HELLO_WAIT_MS = 2000; // no answer by then: no kernel (a saved page); a late answer still counts
const GROUP_STEPS_MAX = 60; // earlier steps of the shown round and phase listed in the event list
const ANSWER_WAIT_MS = 2000; // a request unanswered by then: tell the user what to do
const NO_KERNEL = "The kernel did not take the request: it was restarted, stopped or disconnected. " +
  "Run the cell that made this view again (or Run All) to play on; the saved states still replay here.";
const SLOW_KERNEL = "No answer from the kernel after 2 s: it may be busy, or it was restarted or stopped. " +
  "If it was restarted, run the cell that made this view again.";

// Once per model, before any view: keep its _chunks up to date even while no view shows it.
function initialize({ model }) {
  const onMsg = (msg) => { if (msg && msg.type === "chunks") applyChunks(model, msg); };
  model.on("msg:custom", onMsg);
  return () => { if (model.off) model.off("msg:custom", onMsg); };
}

function render({ model, el }) {
  const S = {
    frames: [], // per perspective: array of frames (svg filled in)
    loaded: [], // [{text, n}] the chunks merged into frames, in order (kept across loads)
    notice: "", // a message about the kernel connection, shown with the errors
    slowTimer: null,
    head: null, // {k, pi, frame, gen}: a live step's new frame, shown until the chunks hold it
    queued: false, // an update() is scheduled for the end of this task
    sideKey: null,
    gen: 0,
    ready: false,
    timer: null,
    waiting: false,
    waitTimer: null,
    actionsKey: null,
    foldOpen: false, // the folded list of the board's moves as buttons is open
    acts: null, // [_actions, perspective, the moves shown]: shownActs' last answer
    kernel: null, // live views: null = not asked yet or no answer yet, true = answered, false = none
    helloTimer: null,
    marks: [], // the marks drawn under the slider (drawMarks)
    marksKey: null,
    board: null, // the mounted board (js/board.js): its targets, focus()
    boardKey: null,
    focusAfter: null, // {id}: after a move, focus goes back to the board (that thing, or the first with moves)
    refocus: null, // a control disabled under the focus: it gets the focus back once enabled (update)
    announced: null, // the step last announced to a screen reader
  };

  // ---------------------------------------------------------------- DOM
  const root = h("div", "hl-gameview");
  root.tabIndex = 0;
  const head = h("div", "hl-head");
  const title = h("span", "hl-title");
  const status = h("div", "hl-status");
  head.append(title, status);
  // what a screen reader hears when the shown step changes: its status and events
  const announce = h("div", "hl-sr");
  announce.setAttribute("aria-live", "polite");

  const controls = h("div", "hl-controls");
  const bFirst = button("first", withKey("First state", "first"), () => go(0));
  const bBack = button("back", withKey("Back one step", "back"), () => go(idx() - 1));
  const bPlay = button("play", withKey("Play", "play"), () => togglePlay(), "hl-play");
  const bNext = button("next", withKey("Next step", "next"), () => next());
  const bLast = button("last", withKey("Last state", "last"), () => go(count() - 1));
  const slider = h("input", "hl-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.setAttribute("aria-label", "Timeline");
  slider.addEventListener("input", () => go(Number(slider.value)));
  // the slider and, under it, one marker per mark (meta.marks), at its step's position
  const track = h("div", "hl-track");
  const markRow = h("div", "hl-marks");
  markRow.setAttribute("role", "group");
  markRow.setAttribute("aria-label", "Marked moves");
  markRow.hidden = true;
  track.append(slider, markRow);
  // under the controls (in view after a click, whatever the layout): the text of the marks
  // at the shown step, or a hint; its place is kept while there are marks (no jumping board)
  const markBar = h("div", "hl-mark-bar");
  const markHint = h("span", "hl-note", "\u25B2 under the timeline: marked moves. Click one (or Tab to it and " +
    "press Enter) to see the state where the move was made, and its note.");
  const markNote = h("div", "hl-mark-note");
  markNote.setAttribute("aria-live", "polite");
  markBar.append(markNote, markHint);
  markBar.hidden = true;
  const pos = h("span", "hl-pos");
  const speedLabel = h("label", "hl-field");
  const speedSel = h("select", "hl-speed");
  for (const s of SPEEDS) {
    const o = h("option", null, s + "/s");
    o.value = String(s);
    speedSel.append(o);
  }
  speedSel.title = "Steps per second when playing";
  speedSel.addEventListener("change", () => {
    model.set("speed", Number(speedSel.value));
    saveChanges();
    if (S.timer) { stopPlay(); startPlay(); }
  });
  speedLabel.append(h("span", null, "speed"), speedSel);
  const perspLabel = h("label", "hl-field");
  const perspSel = h("select", "hl-perspective");
  perspSel.title = "Whose view of the game to show";
  perspSel.addEventListener("change", () => {
    const ps = meta().perspectives || [null];
    const p = ps[Number(perspSel.value)];
    model.set("perspective", p === undefined ? null : p);
    saveChanges();
  });
  perspLabel.append(h("span", null, "view"), perspSel);
  const bUndo = button("\u21B6 undo", "Take back the last action", () => send({ type: "undo" }), "hl-undo");
  const bSave = button("save position", "The scenario TOML of a lesson that starts at the shown step (needs a kernel)",
    () => send({ type: "scenario" }), "hl-save-position");
  controls.append(bFirst, bBack, bPlay, bNext, bLast, track, pos, speedLabel, perspLabel, bUndo, bSave);

  const main = h("div", "hl-main");
  const board = h("div", "hl-board");
  const side = h("div", "hl-side");
  const scoreBox = h("div", "hl-scores");
  const stepBox = h("div", "hl-step");
  // the shown step's round and phase: above the list, not over its items (a sticky heading
  // inside the list covered the first line of the item under it)
  const groupHead = h("div", "hl-group");
  groupHead.hidden = true;
  const eventsBox = h("ol", "hl-events");
  // it scrolls when a step has many events: reachable and named for a keyboard and a screen
  // reader (axe-core: scrollable-region-focusable)
  eventsBox.tabIndex = 0;
  eventsBox.setAttribute("aria-label", "Events of this step");
  side.append(h("div", "hl-h", "Scores"), scoreBox, h("div", "hl-h", "This step"), stepBox, groupHead, eventsBox);
  main.append(board, side);

  const actionsBox = h("div", "hl-actions");
  const error = h("div", "hl-error");
  error.setAttribute("role", "alert");
  const note = h("div", "hl-coach");
  note.setAttribute("role", "status"); // a screen reader hears the coach's comment
  note.hidden = true;
  board.setAttribute("role", "region");
  board.setAttribute("aria-label", "Board");
  // the board first (Tab reaches its things at once), then the step controls under it
  root.append(head, announce, error, note, main, controls, markBar, actionsBox);
  el.replaceChildren(root);

  root.addEventListener("keydown", (ev) => {
    const t = ev.target;
    const tag = t.tagName || "";
    // the slider, selects and the filter box handle their own keys; the board and its menus too
    if (t !== root && /^(INPUT|SELECT|TEXTAREA)$/.test(tag)) {
      if (keepFromNotebook(ev)) ev.stopPropagation(); // typing is not the notebook's commands
      return;
    }
    if (ev.key === "ArrowUp" || ev.key === "ArrowDown") {
      // among the move buttons, up and down go to the one before / after
      const list = t.closest && t.closest(".hl-actions") ? [...actionsBox.querySelectorAll("button:not([hidden]):not(:disabled)")] : [];
      const j = moveIndex(ev.key, list.indexOf(t), list.length);
      if (list.includes(t) && j !== null) list[j].focus();
      ev.preventDefault();
      ev.stopPropagation(); // never the notebook's "next cell"
      return;
    }
    const cmd = controlCommand(ev.key);
    if (!cmd || (cmd === "play" && t !== root)) { // Space on a button presses it
      if (keepFromNotebook(ev)) ev.stopPropagation(); // "d d" must not delete the cell
      return;
    }
    if (cmd === "back") go(idx() - 1);
    else if (cmd === "next") next();
    else if (cmd === "first") go(0);
    else if (cmd === "last") go(count() - 1);
    else togglePlay();
    ev.preventDefault();
    ev.stopPropagation(); // not also a notebook shortcut
  });

  // ---------------------------------------------------------------- model access
  function meta() { return model.get("_meta") || {}; }
  function pIndex() {
    const ps = meta().perspectives || [null];
    const p = model.get("perspective");
    const i = ps.findIndex((q) => q === (p === undefined ? null : p));
    return i < 0 ? 0 : i;
  }
  function decodedCount() { return S.frames.length ? S.frames[0].length : 0; }
  function count() {
    const n = decodedCount();
    return S.head && S.head.k === n ? n + 1 : n;
  }
  function frameAt(pi, k) {
    const fs = S.frames[pi];
    if (fs && k >= 0 && k < fs.length) return fs[k];
    if (S.head && S.head.k === k && S.head.pi === pi) return S.head.frame;
    return null;
  }
  function idx() {
    const n = count();
    const k = Number(model.get("index")) || 0;
    return Math.max(0, Math.min(n - 1, k));
  }
  function go(k) {
    const n = count();
    if (!n) return;
    k = Math.max(0, Math.min(n - 1, k));
    const changed = k !== model.get("index");
    if (changed) model.set("index", k);
    update(); // draw first, then tell the kernel
    if (changed) saveChanges();
  }
  function live() { return !!meta().live && S.kernel === true; }
  function hello() {
    if (!meta().live || S.kernel !== null || S.helloTimer) return;
    S.helloTimer = setTimeout(() => { if (S.kernel === null) { S.kernel = false; update(); } }, HELLO_WAIT_MS);
    try {
      model.send({ type: "hello" });
    } catch (e) { // a host without a kernel connection may refuse to send at all
      clearTimeout(S.helloTimer);
      S.kernel = false;
    }
  }
  // Tell the kernel about a trait changed here (index, speed, perspective). Without a kernel
  // (restarted, a saved page) the page goes on scrubbing its own frames, so a failure to send
  // is not an error for the user (a request that needs the kernel says so: see send()).
  function saveChanges() {
    try {
      model.save_changes();
    } catch (e) { /* no kernel connection */ }
  }
  function send(msg) {
    if (S.waiting) return;
    S.waiting = true;
    S.notice = "";
    clearTimeout(S.waitTimer);
    clearTimeout(S.slowTimer);
    S.waitTimer = setTimeout(() => { S.waiting = false; update(); }, 15000);
    S.slowTimer = setTimeout(() => { if (S.waiting) { S.notice = SLOW_KERNEL; stopPlay(); update(); } }, ANSWER_WAIT_MS);
    update();
    try {
      model.send(msg);
    } catch (e) { // e.g. "Cannot send" after a kernel restart: say so at once
      S.waiting = false;
      clearTimeout(S.waitTimer);
      clearTimeout(S.slowTimer);
      S.notice = NO_KERNEL;
      stopPlay();
      update();
    }
  }
  function done() {
    S.waiting = false;
    S.notice = "";
    clearTimeout(S.waitTimer);
    clearTimeout(S.slowTimer);
    update();
  }
  function next() {
    const k = idx();
    if (k < count() - 1) go(k + 1);
    else if (live() && !meta().terminal && !meta().person) send({ type: "step" });
  }

  // ---------------------------------------------------------------- play
  function startPlay() {
    const sp = Number(model.get("speed")) || 1;
    bPlay.replaceChildren(icon("pause"));
    bPlay.title = withKey("Pause", "play");
    bPlay.setAttribute("aria-label", bPlay.title);
    S.timer = setInterval(() => {
      if (S.waiting) return;
      if (idx() < count() - 1) go(idx() + 1);
      else if (live() && !meta().terminal && !meta().person && !model.get("_error")) send({ type: "step" });
      else stopPlay();
    }, Math.max(30, 1000 / sp));
  }
  function stopPlay() {
    clearInterval(S.timer);
    S.timer = null;
    bPlay.replaceChildren(icon("play"));
    bPlay.title = withKey("Play", "play");
    bPlay.setAttribute("aria-label", bPlay.title);
  }
  function togglePlay() {
    if (S.timer) stopPlay();
    else {
      if (idx() >= count() - 1 && !live()) go(0);
      startPlay();
    }
  }

  // ---------------------------------------------------------------- frames
  function hasHead(hd) { return !!hd && typeof hd.k === "number"; }
  function takeHead() {
    const hd = model.get("_head");
    if (!hasHead(hd) || !hd.frame || typeof hd.frame.svg !== "string") return;
    const ps = meta().perspectives || [null];
    const pi = ps.findIndex((q) => q === (hd.p === undefined ? null : hd.p));
    if (pi < 0 || hd.k < decodedCount()) return;
    S.head = { k: hd.k, pi, frame: hd.frame, gen: S.gen };
  }

  async function loadChunks() {
    const gen = ++S.gen;
    const headDone = !hasHead(model.get("_head")); // these chunks hold the state of any earlier head
    const chunks = [...(model.get("_chunks") || [])];
    const tail = model.get("_tail");
    if (tail) chunks.push(tail);
    // chunks decoded before and still in place are kept: a live step decodes its own only
    let same = 0;
    while (same < S.loaded.length && same < chunks.length && S.loaded[same].text === chunks[same]) same++;
    const decoded = [];
    try {
      for (let j = same; j < chunks.length; j++) {
        decoded.push(await readPacked(model, chunks[j]));
        if (gen !== S.gen) return;
      }
    } catch (e) {
      if (gen !== S.gen) return;
      error.textContent = "Cannot read the frames: " + (e && e.message ? e.message : e);
      error.hidden = false;
      return;
    }
    if (gen !== S.gen) return;
    let keepStates = 0;
    for (let j = 0; j < same; j++) keepStates += S.loaded[j].n;
    const nper = decoded.length ? decoded[0].f.length : S.frames.length;
    const per = same && S.frames.length === nper ? S.frames : [];
    for (let i = 0; i < nper; i++) {
      if (!per[i]) per[i] = [];
      const out = per[i];
      out.length = Math.min(out.length, keepStates);
      for (const d of decoded) {
        let prev = null;
        for (const fr of d.f[i] || []) {
          // null: the board before; numbers: its parts in the chunk's table (each panel once)
          const svg = fr.svg === null ? prev : Array.isArray(fr.svg) ? fr.svg.map((j) => d.p[j]).join("") : fr.svg;
          prev = svg;
          out.push(fr.svg !== svg ? Object.assign({}, fr, { svg }) : fr);
        }
      }
    }
    S.loaded = S.loaded.slice(0, same).concat(decoded.map((d, j) => ({ text: chunks[same + j], n: d.n })));
    S.frames = per;
    S.ready = true;
    if (S.head && (S.head.k < decodedCount() || (headDone && S.head.gen < gen))) S.head = null;
    update();
  }

  // ---------------------------------------------------------------- drawing
  function drawScores(fr, prev) {
    const m = meta();
    const names = fr.names || m.names || [];
    const colors = m.colors || [];
    const table = h("table", "hl-score-table");
    table.append(h("caption", "hl-sr", "Scores at this step"));
    const thead = h("thead", "hl-sr");
    const hr = h("tr");
    for (const w of ["Player", "Score", "Change this step"]) {
      const th = h("th", null, w);
      th.scope = "col";
      hr.append(th);
    }
    thead.append(hr);
    table.append(thead);
    const tb = h("tbody");
    const scores = fr.scores || [];
    const best = scores.length ? Math.max(...scores.filter((s) => typeof s === "number")) : null;
    scores.forEach((s, i) => {
      const tr = h("tr", "hl-score-row" + (s === best ? " hl-lead" : ""));
      const sw = h("span", "hl-swatch");
      sw.style.background = /^#[0-9a-fA-F]{3,8}$|^[a-zA-Z]{3,20}$/.test(colors[i] || "") ? colors[i] : "#888";
      const tdName = h("th", "hl-score-name");
      tdName.scope = "row";
      tdName.append(sw, document.createTextNode(names[i] !== undefined ? names[i] : "Seat " + (i + 1)));
      const tdScore = h("td", "hl-score-val", fmt(s));
      const d = prev && prev.scores && typeof prev.scores[i] === "number" && typeof s === "number" ? s - prev.scores[i] : 0;
      const tdDelta = h("td", "hl-score-delta" + (d > 0 ? " hl-up" : d < 0 ? " hl-down" : ""), d ? (d > 0 ? "+" : "") + fmt(d) : "");
      tr.append(tdName, tdScore, tdDelta);
      tb.append(tr);
    });
    table.append(tb);
    scoreBox.replaceChildren(table);
  }

  // One step's events as list items (text, score changes, rule with its quote as a tooltip).
  function eventItems(f, names) {
    const items = [];
    for (const ev of f.events || []) {
      const li = h("li", "hl-event");
      li.append(h("span", "hl-event-text", ev.text));
      for (const [seat, pts] of ev.deltas || []) {
        li.append(h("span", "hl-delta " + (pts > 0 ? "hl-up" : "hl-down"), (pts > 0 ? "+" : "") + fmt(pts) + " " + (names[seat] !== undefined ? names[seat] : "seat " + seat)));
      }
      if (ev.rule) {
        const r = h("span", "hl-rule" + (ev.reconstructed ? " hl-reconstructed" : ""),
          ev.reconstructed ? ev.rule + " (reconstructed value)" : ev.rule);
        if (ev.quote) r.title = "\u201C" + ev.quote + "\u201D" +
          (ev.reconstructed ? " \u2014 the value is hotellab's, the rulebook gives none" : "");
        li.append(r);
      }
      items.push(li);
    }
    return items;
  }

  function groupKey(f) { return f ? (f.round || "") + "\u0001" + (f.phase || "") : null; }

  // The event list, grouped by round and phase (frames carry state.round_label() and
  // state.phase.name): a heading for the shown step's round and phase, the earlier steps of
  // that group (each with a link to its step), then the shown step's own events.
  function drawEvents(fr, k, pi) {
    const names = fr.names || meta().names || [];
    const head = h("div", "hl-step-head");
    head.append(h("span", "hl-step-k", k === 0 ? "Start" : "Step " + k));
    if (fr.action) head.append(h("code", "hl-action", fr.action));
    stepBox.replaceChildren(head);
    const items = [];
    groupHead.hidden = !(fr.phase || fr.round);
    if (fr.phase || fr.round) {
      const key = groupKey(fr);
      let start = k;
      while (start > 0 && k - start < GROUP_STEPS_MAX && groupKey(frameAt(pi, start - 1)) === key) start--;
      groupHead.textContent = [fr.round, fr.phase].filter(Boolean).join(" \u00B7 ");
      groupHead.title = start < k ? "Steps " + start + " to " + k + " of this round and phase" : "This round and phase";
      eventsBox.setAttribute("aria-label", "Events of " + groupHead.textContent + (start < k ? ", steps " + start + " to " + k : ""));
      for (let j = start; j < k; j++) {
        const f = frameAt(pi, j);
        if (!f) continue;
        for (const li of eventItems(f, names)) {
          li.classList.add("hl-earlier");
          const link = h("button", "hl-step-link", String(j));
          link.type = "button";
          link.title = "Go to step " + j;
          link.setAttribute("aria-label", controlName(String(j), "go to step " + j));
          link.addEventListener("click", () => go(j));
          li.prepend(link);
          items.push(li);
        }
      }
    }
    const own = eventItems(fr, names);
    for (const li of own) li.classList.add("hl-current");
    items.push(...own);
    if (!own.length) items.push(h("li", "hl-event hl-none", k === 0 ? "Initial state." : "No events."));
    if (!(fr.phase || fr.round)) eventsBox.setAttribute("aria-label", "Events of this step");
    eventsBox.replaceChildren(...items);
    eventsBox.scrollTop = eventsBox.scrollHeight; // the shown step's events in view
  }

  // ---------------------------------------------------------------- marks
  // meta.marks under the slider: a button per mark (the shown perspective's own moves only),
  // coloured by cost; it goes to the state where the move was made, and the note area shows
  // the text of the marks at the shown step. Rebuilt only when the marks, the number of
  // states or the perspective change (so a focused marker keeps its focus).
  function markName(m) {
    return (typeof m.cost === "number" ? "Costly move" : "Note") + " at step " + m.step + ": " + m.text;
  }
  function shownMarks() {
    const p = model.get("perspective");
    const n = count();
    return (meta().marks || []).filter((m) => m && typeof m.step === "number" && m.step >= 0 && m.step < n - 1 &&
      typeof m.text === "string" && (p === null || p === undefined || m.seat === p));
  }
  function drawMarks() {
    const key = [meta().marks, count(), model.get("perspective")];
    if (!S.marksKey || key.some((v, i) => v !== S.marksKey[i])) {
      S.marksKey = key;
      S.marks = shownMarks();
      const n = count();
      markRow.replaceChildren(...S.marks.map((m) => {
        const c = m.cost;
        const b = button("mark", markName(m), () => go(m.step), "hl-mark " + (typeof c !== "number" ? "hl-mark-plain"
          : c >= 0.4 ? "hl-mark-high" : c >= 0.2 ? "hl-mark-mid" : "hl-mark-low"));
        b.style.left = "calc(" + THUMB / 2 + "px + " + (n > 1 ? m.step / (n - 1) : 0) + " * (100% - " + THUMB + "px) - " + MARK_W / 2 + "px)";
        b.dataset.step = String(m.step);
        return b;
      }));
      markRow.hidden = markBar.hidden = !S.marks.length;
      controls.classList.toggle("hl-marked", S.marks.length > 0);
      layoutMarks();
    }
    const k = idx();
    for (const b of markRow.children) {
      if (Number(b.dataset.step) === k) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    const here = S.marks.filter((m) => m.step === k);
    const noteKey = here.map(markName).join("\n");
    if (markNote.dataset.key !== noteKey) { // the live region speaks only when its text changes
      markNote.dataset.key = noteKey;
      markNote.replaceChildren(...here.map((m) => {
        const p = h("p", "hl-mark-text" + (typeof m.cost === "number" ? " hl-mark-costly" : ""));
        p.append(h("strong", null, (typeof m.cost === "number" ? "Costly move" : "Note") + " at step " + m.step +
          " (made from this state): "), document.createTextNode(m.text));
        return p;
      }));
      markHint.hidden = here.length > 0;
    }
  }
  // lanes: a marker too close to the one before it in a lane goes to the next lane; as many
  // lanes as it takes, so no two 24 px targets ever overlap (WCAG 2.2 target size, 2.5.8)
  function layoutMarks() {
    const w = slider.getBoundingClientRect().width;
    const n = count();
    const ends = [];
    for (const b of markRow.children) {
      const x = THUMB / 2 + (n > 1 ? Number(b.dataset.step) / (n - 1) : 0) * (w - THUMB);
      let lane = ends.findIndex((e) => e <= x - MARK_W);
      if (lane < 0) lane = ends.length;
      ends[lane] = x;
      b.style.top = lane * MARK_LANE + "px";
    }
    markRow.style.height = Math.max(1, ends.length) * MARK_LANE + "px";
  }
  const resizeObs = typeof ResizeObserver === "function" ? new ResizeObserver(() => layoutMarks()) : null;
  if (resizeObs) resizeObs.observe(slider);

  // The moves the shown perspective may make now (a seat's view: only that seat's, and dice).
  // (the same list while the moves and the perspective stay: the board is drawn again only
  // when they change)
  function shownActs() {
    const persp = model.get("perspective");
    const all = model.get("_actions") || [];
    if (S.acts && S.acts[0] === all && S.acts[1] === persp) return S.acts[2];
    const acts = persp === null || persp === undefined
      ? all : all.filter((a) => typeof a.player !== "number" || a.player < 0 || a.player === persp);
    S.acts = [all, persp, acts];
    return acts;
  }
  // The moves the board takes now: at the last state of a live view, a kernel answering.
  function boardActs() {
    return live() && idx() === count() - 1 && !meta().terminal ? shownActs() : NO_MOVES;
  }
  function act(a) {
    if (S.waiting) return;
    send({ type: "apply", action: a.value });
  }

  function drawActions() {
    // With a seat's view selected, only that seat's choices (and dice) show: another seat's
    // buttons would name the cards in its hand.
    const all = model.get("_actions") || [];
    const acts = shownActs();
    const persp = model.get("perspective");
    const hiddenActs = all.length - acts.length;
    if (!live()) {
      S.actionsKey = null;
      if (meta().live && S.kernel === false && !meta().terminal) {
        actionsBox.hidden = false;
        actionsBox.replaceChildren(h("span", "hl-note", "No kernel answered this view: it replays the saved states; run the notebook to play on from the last one."));
      } else {
        actionsBox.replaceChildren();
        actionsBox.hidden = true;
      }
      return;
    }
    actionsBox.hidden = false;
    const atEnd = idx() === count() - 1;
    const key = [all, persp, atEnd, S.waiting, !!meta().terminal];
    if (S.actionsKey && key.every((v, i) => v === S.actionsKey[i])) return; // nothing new
    S.actionsKey = key;
    // focus inside the list survives its redraw: the same move, else the step button
    const focused = actionsBox.contains(document.activeElement) ? document.activeElement : null;
    const focusedValue = focused && focused.dataset ? focused.dataset.value : undefined;
    const parts = [];
    const headRow = h("div", "hl-actions-head");
    const { onBoard, offBoard } = splitMoves(acts);
    headRow.append(h("span", "hl-h", meta().terminal ? "Game over" : "Legal actions"));
    if (!atEnd) headRow.append(h("span", "hl-note", " (go to the last state to act)"));
    else if (hiddenActs && !acts.length) headRow.append(h("span", "hl-note", " (another seat decides: switch the view to that seat or to Omniscient to see its choices)"));
    else if (onBoard.length) headRow.append(h("span", "hl-note", " Click a highlighted thing on the board (or Tab to the board, arrow keys, Enter)."));
    const bStep = button("step", "Step: let chance or the seat's agent take the next action", () => send({ type: "step" }), "hl-stepbtn");
    bStep.disabled = !atEnd || S.waiting || !!meta().terminal || !!meta().person;
    headRow.append(bStep);
    parts.push(headRow);
    const buttons = [];
    const rows = (list) => {
      const out = [];
      const groups = new Map();
      for (const a of list) {
        const kind = a.kind || "";
        if (!groups.has(kind)) groups.set(kind, []);
        groups.get(kind).push(a);
      }
      for (const [kind, items0] of groups) {
        // a long group (e.g. every guest x every free room) gets one row per label stem (its
        // words before the first one with a digit: "Red: welcome The Creature into room"), headed
        // by what its labels share, each button saying the rest ("1 (side b)")
        const sub = new Map();
        for (const a of items0) {
          const k = items0.length > LONG_GROUP ? labelStem(a.label) || String(a.value).split(" ")[2] || "" : "";
          if (!sub.has(k)) sub.set(k, []);
          sub.get(k).push(a);
        }
        let first = true;
        for (const items of sub.values()) {
          const row = h("div", "hl-action-row");
          const prefix = sub.size > 1 && items.length > 1 ? commonWords(items.map((a) => a.label)) : "";
          const rowHead = h("div", "hl-act-head");
          rowHead.append(h("span", "hl-kind", first ? kind : ""));
          if (prefix) rowHead.append(h("span", "hl-act-prefix", prefix));
          // the buttons wrap inside their own box, under each other, not under the row's head
          const btnBox = h("div", "hl-act-list");
          row.append(rowHead, btnBox);
          first = false;
          for (const a of items) {
            const text = prefix ? a.label.slice(prefix.length).trim() || a.label : a.label;
            const b = button(text, a.label, () => act(a), "hl-act");
            b.dataset.value = a.value;
            b.disabled = !atEnd || S.waiting;
            btnBox.append(b);
            buttons.push([b, (a.label + " " + a.value).toLowerCase(), row]);
          }
          out.push(row);
        }
      }
      return out;
    };
    parts.push(...rows(offBoard));
    if (onBoard.length) {
      // the moves made on the board, also as buttons: folded, an alternative
      const fold = h("details", "hl-all-moves");
      const sum = h("summary", null, `${onBoard.length === acts.length ? "All" : "The other"} ${onBoard.length} move${onBoard.length === 1 ? "" : "s"} as buttons`);
      fold.append(sum);
      let filter = null;
      const none = h("div", "hl-note hl-act-none");
      none.hidden = true;
      if (onBoard.length > 24) {
        filter = h("input", "hl-filter");
        filter.type = "text";
        filter.placeholder = "filter " + onBoard.length + " actions";
        filter.setAttribute("aria-label", "Filter actions");
        fold.append(filter);
      }
      fold.append(...rows(onBoard));
      if (filter) {
        filter.addEventListener("input", () => {
          const q = filter.value.toLowerCase().trim();
          const shownRows = new Map();
          for (const [b, text, row] of buttons) {
            if (!fold.contains(row)) continue;
            const show = !q || text.includes(q);
            b.hidden = !show;
            shownRows.set(row, (shownRows.get(row) || false) || show);
          }
          let shown = 0;
          for (const [row, any] of shownRows) {
            row.hidden = !any;
            shown += any ? 1 : 0;
          }
          none.hidden = shown > 0;
          none.textContent = shown ? "" : "No legal action matches \u201C" + filter.value.trim() + "\u201D.";
        });
        fold.append(none);
      }
      if (S.foldOpen) fold.open = true;
      fold.addEventListener("toggle", () => { S.foldOpen = fold.open; });
      parts.push(fold);
    }
    actionsBox.replaceChildren(...parts);
    if (focused && !actionsBox.contains(focused)) {
      const same = buttons.find(([b]) => b.dataset.value === focusedValue && !b.disabled);
      if (same) same[0].focus();
      else if (!bStep.disabled) bStep.focus();
      else root.focus({ preventScroll: true });
    }
  }

  // The board of frame fr (state k, perspective pi), mounted again only when it or the moves
  // change; focus that was on the board (or a move just made there) stays in the widget.
  function drawBoard(fr, pi, k) {
    const acts = boardActs();
    const key = [pi, k, fr.svg, acts];
    if (S.boardKey && key.every((v, i) => v === S.boardKey[i])) return;
    const active = document.activeElement;
    const hadFocus = board.contains(active);
    const thing = hadFocus && active.closest ? active.closest("[data-target]") : null;
    const focusedId = thing ? thing.getAttribute("data-target") : null;
    const onStepper = !S.refocus && (active === bNext || active === root || (active && active.classList && active.classList.contains("hl-stepbtn")));
    const hadMoves = !!(S.board && S.board.active);
    S.board = mountBoard(board, fr.svg, { name: fr.status || "Board", moves: acts, onMove: (a, id) => { S.focusAfter = { id }; act(a); } });
    S.boardKey = key;
    const svg = board.querySelector("svg");
    const vb = svg && svg.viewBox && svg.viewBox.baseVal;
    const rootSvgW = S.board.panels ? svgWidth(fr.svg) : vb ? vb.width : 0;
    root.classList.toggle("hl-wide", rootSvgW > (S.board.panels ? WIDE_PANELS : WIDE_BOARD));
    const want = S.focusAfter || (hadFocus ? { id: focusedId } : null);
    if (S.board.active && (want || (onStepper && !hadMoves))) {
      if (!(want && S.board.focus(want.id))) S.board.focusFirst();
      S.focusAfter = null;
    } else if (want || hadFocus) {
      // no move on the board now: placeFocus() picks a control once the buttons are drawn
      root.focus({ preventScroll: true });
      S.placeFocus = true;
      if (!S.waiting) S.focusAfter = null;
    }
  }
  // After a move with no next move on the board: the first move button (pass, finish, yes/no),
  // else step or Next, else the widget itself (focus never falls back to the page).
  function placeFocus() {
    if (!S.placeFocus || S.waiting || document.activeElement !== root) return;
    S.placeFocus = false;
    // a control that was disabled under the focus (Undo while the kernel answers) gets it back
    const back = S.refocus;
    S.refocus = null;
    if (back && back.isConnected && !back.disabled && !back.hidden) {
      back.focus({ preventScroll: true });
      return;
    }
    const first = [...actionsBox.querySelectorAll(".hl-act")].find((b) => !b.disabled && !b.hidden && !b.closest("details"));
    const stepBtn = actionsBox.querySelector(".hl-stepbtn");
    const to = first || (stepBtn && !stepBtn.disabled ? stepBtn : null) || (!bNext.disabled ? bNext : null);
    if (to) to.focus({ preventScroll: true });
  }
  // the width a board of panels is laid out in (its root viewBox), read from the text
  function svgWidth(text) {
    const m = /viewBox="0 0 ([\d.]+) /.exec(text.slice(0, 400));
    return m ? Number(m[1]) : 0;
  }

  // Tell a screen reader what the shown step did (not while playing: too fast to hear).
  function announceStep(fr, k) {
    if (S.announced === null || S.timer) {
      S.announced = k;
      return;
    }
    if (S.announced === k) return;
    S.announced = k;
    const bare = (x) => String(x || "").replace(/[.\s]+$/, "");
    const evs = (fr.events || []).map((e) => bare(e.text)).filter(Boolean);
    announce.textContent = [k === 0 ? "Start" : "Step " + k, bare(fr.status), ...evs].filter(Boolean).join(". ") + ".";
  }

  // Draw, and keep the focus in the widget: a focused control that the drawing disabled or
  // removed (Undo, Save position, Next while the kernel answers) would drop a keyboard user to
  // the page's start. The widget holds the focus meanwhile; placeFocus() gives it back to that
  // control once it is enabled again, else to the first move or step.
  function update() {
    const had = document.activeElement;
    render();
    const now = document.activeElement;
    if (had && had !== root && root.contains(had) && (had.disabled || !had.isConnected)
        && (!now || now === had || now === document.body)) {
      S.refocus = had.isConnected ? had : null;
      root.focus({ preventScroll: true });
      S.placeFocus = true;
      placeFocus();
    }
  }

  function render() {
    hello();
    const m = meta();
    title.textContent = m.title || "";
    // perspective selector
    const ps = m.perspectives || [null];
    const names = m.names || [];
    const key = JSON.stringify([ps, names]);
    if (perspSel.dataset.key !== key) {
      perspSel.replaceChildren(...ps.map((p, i) => {
        const o = h("option", null, p === null ? "Omniscient" : (names[p] !== undefined ? names[p] : "Seat " + (p + 1)));
        o.value = String(i);
        return o;
      }));
      perspSel.dataset.key = key;
    }
    perspSel.value = String(pIndex());
    perspSel.disabled = ps.length < 2;
    const sp = String(Number(model.get("speed")) || 1);
    if (![...speedSel.options].some((o) => o.value === sp)) {
      const o = h("option", null, sp + "/s");
      o.value = sp;
      speedSel.append(o);
    }
    speedSel.value = sp;
    bUndo.hidden = !live();
    bUndo.disabled = S.waiting || count() < 2;
    bSave.hidden = !live(); // the kernel writes the TOML; a saved page has none to ask
    bSave.disabled = S.waiting;
    error.textContent = S.notice || model.get("_error") || "";
    error.hidden = !error.textContent;
    note.textContent = model.get("_note") || "";
    note.hidden = !note.textContent;
    root.classList.toggle("hl-waiting", S.waiting);

    const n = count();
    if (!S.ready || !n) {
      status.textContent = S.ready ? "No states." : "Loading frames\u2026";
      for (const b of [bFirst, bBack, bPlay, bNext, bLast]) b.disabled = true;
      drawActions();
      return;
    }
    const k = idx();
    const pi = Math.min(pIndex(), S.frames.length - 1);
    const fr = frameAt(pi, k);
    slider.max = String(n - 1);
    slider.value = String(k);
    pos.textContent = k + " / " + (n - 1);
    bFirst.disabled = bBack.disabled = k === 0;
    bLast.disabled = k >= n - 1;
    bNext.disabled = S.waiting || (k >= n - 1 && !(live() && !m.terminal && !m.person));
    bPlay.disabled = n < 2 && !live();
    if (!fr) { // the head of another perspective: its frame comes with the tail
      status.textContent = "Loading frames\u2026";
      drawActions();
      return;
    }
    status.textContent = fr.status || "";
    drawBoard(fr, pi, k); // the same board from the head and then from the chunks: drawn once
    announceStep(fr, k);
    if (!S.sideKey || S.sideKey[0] !== fr || S.sideKey[1] !== k || S.sideKey[2] !== meta()) {
      drawScores(fr, k > 0 ? frameAt(pi, k - 1) : null);
      drawEvents(fr, k, pi);
      S.sideKey = [fr, k, meta()];
    }
    drawMarks();
    drawActions();
    placeFocus();
  }

  // one update() per task: a kernel update sets several traits at once
  function schedule() {
    if (S.queued) return;
    S.queued = true;
    queueMicrotask(() => {
      S.queued = false;
      update();
    });
  }

  // ---------------------------------------------------------------- wiring
  const onChunks = () => loadChunks();
  const onUpdate = () => schedule();
  const onError = () => schedule();
  const onHead = () => { takeHead(); schedule(); };
  const onMsg = (msg) => {
    if (msg && (msg.type === "hello" || msg.type === "done") && S.kernel !== true) {
      S.kernel = true;
      clearTimeout(S.helloTimer);
      update();
    }
    if (msg && msg.type === "chunks") {
      applyChunks(model, msg); // done already when initialize ran for this model
      loadChunks();
    }
    if (msg && msg.type === "done") {
      if (msg.error) stopPlay();
      if (typeof msg.scenario === "string") showScenario(msg.scenario);
      done();
    }
  };
  function showScenario(text) {
    let box = root.querySelector(".hl-scenario");
    if (!box) {
      box = h("div", "hl-scenario");
      error.after(box);
    }
    const area = document.createElement("textarea");
    area.className = "hl-scenario-text";
    area.readOnly = true;
    area.rows = 10;
    area.value = text; // text, never markup
    const close = button("close", "Hide the scenario text", () => box.remove(), "hl-scenario-close");
    box.replaceChildren(h("div", "hl-h", "Scenario starting at this step: copy it into a .toml file"), area, close);
    area.select();
  }
  model.on("change:_chunks", onChunks);
  model.on("change:_tail", onChunks);
  model.on("change:_head", onHead);
  model.on("change:_meta", onUpdate);
  model.on("change:index", onUpdate);
  const onPersp = () => schedule();
  model.on("change:perspective", onPersp);
  model.on("change:speed", onUpdate);
  model.on("change:_actions", onUpdate);
  model.on("change:_error", onError);
  model.on("change:_note", onUpdate);
  model.on("msg:custom", onMsg);
  update();
  loadChunks();

  return () => {
    stopPlay();
    if (resizeObs) resizeObs.disconnect();
    if (board.hlResize) board.hlResize.disconnect();
    clearTimeout(S.waitTimer);
    clearTimeout(S.slowTimer);
    clearTimeout(S.helloTimer);
    if (model.off) {
      model.off("change:_chunks", onChunks);
      model.off("change:_tail", onChunks);
      model.off("change:_head", onHead);
      model.off("change:_meta", onUpdate);
      model.off("change:index", onUpdate);
      model.off("change:perspective", onPersp);
      model.off("change:speed", onUpdate);
      model.off("change:_actions", onUpdate);
      model.off("change:_error", onError);
      model.off("change:_note", onUpdate);
      model.off("msg:custom", onMsg);
    }
  };
}

export default { initialize, render };
