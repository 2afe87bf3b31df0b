"""``hl.widgets.Lesson(scenario)``: a guided view in which the learner makes the moves.

The lesson is worked out in Python when the widget is made: every step's caption and the
board before it; for a ``do`` or ``exercise`` step every offered move with the engine's
feedback (right or not, why, the rule, what it did) and its outcome board; for a ``predict``
step the answer read from the state (see :mod:`hotellab.lesson`). The front end
(``lesson.js``) only plays that data, so a lesson checks answers the same way in JupyterLab,
in an exported page, in ``jupyter nbconvert --to html`` output and on the live site, with or
without a kernel. The learner's progress (step, hints used, wrong answers) is the ``progress``
trait, saved with the notebook; "Start over" resets it.

>>> import hotellab as hl
>>> lesson = hl.widgets.Lesson("notebooks/scenarios/toy.toml")   # doctest: +SKIP
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import pathlib
import uuid

import anywidget
import traitlets

from ..core.board import PartTable
from ..core.errors import ScenarioError
from ..core.scenario import Scenario
from ..lesson import (SCORING, LessonRun, answer_spec, answers, check_step, check_step_fields, hints_for, lesson_tree,
                      narrow_text, parse_answer_spec, predict_miss_text, reading, reveal_text, step_targets)
from ._bundle import front_end
from ._mime import PLAYER_MIME, player_marker

_HERE = pathlib.Path(__file__).parent
MAX_MOVES = 40
"""At most this many moves are offered on a step (the right ones first); a step with more
legal moves offers the right ones and the first others."""
MAX_BOARDS = 6
"""Outcome boards are kept for at most this many wrong moves of a step (always for the right
ones); the others' feedback says what they did in words."""


def _frame(state, perspective, hide=None) -> dict:
    """The board and status line of ``state``; ``hide`` (a predict step's parsed answer spec):
    what would show the answer before it is asked is left out (:func:`_hidden_view`)."""
    view = state.view(perspective)
    if hide is None:
        return {"svg": state.game.render_svg(view), "status": state.status_text()}
    view, status = _hidden_view(state, view, hide)
    try:
        svg = state.game.render_svg(view)
    except (TypeError, ValueError, KeyError, AttributeError):  # a renderer that needs every score
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="40"><text x="10" y="25" '
               'font-size="14">The board is shown once you have answered.</text></svg>')
    return {"svg": svg, "status": status}


_SCORE_KEYS = ("score", "scores", "winners", "result", "breakdown", "point_track")
_TURN_KEYS = ("current_player", "pending")


def _hidden_view(state, view: dict, spec: tuple) -> tuple[dict, str]:
    """``view`` without what answers a predict step (the renderers draw a missing score as
    "?"): the scores, score lines and winners for a score, category, scores or winners
    question; whose turn it is for current_player; the value asked for a view answer. The
    status line then says only the phase (it names the seat to act, the winner, counts).
    ``answer_hidden`` (the question's kind, e.g. "winners") tells a renderer that an emptied
    list is hidden, not empty (Perfect Hotel's score breakdown would read "no points yet": a
    tie at 0; Boutique Hotel's table "nobody wins")."""
    import copy

    kind = spec[0]
    # a game's own score keys (Boutique Hotel's money) stay before a winners question: the
    # end's scores are not on the board otherwise, and the question asks for the end rule
    keys = _SCORE_KEYS + (tuple(state.game.score_view_keys) if kind != "winners" else ()) \
        if kind in ("score", "scores", "category", "winners") else _TURN_KEYS if kind == "current_player" else ()
    if kind == "view" and spec[2].split(".")[-1].endswith("player"):  # a seat: the seats' own marks too
        keys = _TURN_KEYS + (spec[2].split(".")[-1],)
    v = copy.deepcopy(view)

    def walk(x):
        if isinstance(x, dict):
            for k in list(x):
                if k in keys:
                    x[k] = [] if isinstance(x[k], list) else None
                else:
                    walk(x[k])
        elif isinstance(x, list):
            for y in x:
                walk(y)

    walk(v)
    if keys:  # the question's kind: a renderer that would read an emptied list as "none yet"
        v["answer_hidden"] = kind  # says it is hidden instead
    if kind == "view":  # the value at the path asked
        parts = spec[2].split(".")
        node = v
        for part in parts[:-1]:
            node = node[int(part)] if isinstance(node, list) else node.get(part, {})
        if isinstance(node, dict) and parts[-1] in node:
            node[parts[-1]] = None
        elif isinstance(node, list) and parts[-1].isdigit():
            node[int(parts[-1])] = None
    if kind == "legal":
        return v, state.status_text()
    status = "The game is over" if state.is_terminal else state.phase.name
    if isinstance(v.get("status"), str):
        v["status"] = status
    return v, status


def _step_data(node, scenario, perspective, max_moves: int, ids) -> dict:
    """One node of the lesson tree as the page plays it (see ``lesson.js``). ``ids`` maps a
    node id of the tree to its number on the page (-1: the end)."""
    step, m, i = node.step, node.match, node.index
    state = m.state
    hide = parse_answer_spec(step.answer) if step.kind == "predict" else None
    d = {"n": i, "kind": step.kind, "title": step.title, "text": step.text, "area": step.area,
         "targets": step_targets(step, state, perspective, f"{scenario.source}: steps[{i}]"),
         "question": step.question, "before": _frame(state, perspective, hide)}
    if step.kind == "watch":
        d["hints"] = list(step.hints)
        m2 = m.fork()
        n = len(m2.states)
        scenario._run(m2, step.action, f"steps[{i}].action")
        events = [e.text for s in m2.states[n:] for e in (s.events if perspective is None else s.events_for(perspective))]
        d["after"] = {**_frame(m2.state, perspective), "events": events}
        d["next"] = ids(node.next[""])
        return d
    d["hints"] = hints_for(step, state)
    d["narrow"] = narrow_text(step, state)
    d["reveal"] = reveal_text(step, state)
    if step.kind == "predict":
        spec = answer_spec(step, state)
        d["answer"] = spec
        fb = check_step(step, state, spec["value"] if spec["type"] != "seat" else spec["seats"][spec["value"]])
        d["right"] = fb.text
        d["why"] = predict_miss_text(step, state)
        d["mistakes"] = [{"value": reading.read(mk["answer"], spec)[0], "say": mk["say"]} for mk in step.mistakes]
        d["next"] = ids(node.next[""])
        return d
    right = answers(step, state)
    legal = state.legal_actions()
    shown = right + [a for a in legal if a not in right]
    shown = shown[:max(max_moves, len(right))]
    shown.sort(key=legal.index)
    on_board = {a: t for t, acts in state.action_targets().items() for a in acts}
    moves = []
    wrong_boards = 0
    for mv in shown:
        fb = check_step(step, state, mv)
        after = state.apply(mv)
        keep_board = not fb.correct and wrong_boards < MAX_BOARDS
        wrong_boards += keep_board
        entry = {
            "label": state.action_to_string(mv, perspective), "value": str(mv),
            "correct": fb.correct, "feedback": fb.text,
            "rule": fb.rule.section if fb.rule is not None else "",
            "events": fb.did if perspective is None else [e.text for e in after.events_for(perspective)],
            "svg": _frame(after, perspective)["svg"] if keep_board else None,
            "status": after.status_text(),
            "target": on_board.get(mv),
        }
        if fb.correct:  # its board is the next step's "before"
            entry["next"] = ids(node.next[str(mv)])
        moves.append(entry)
    d["moves"] = moves
    if not any(mv["correct"] for mv in moves):
        raise ScenarioError(f"{scenario.source}: steps[{i}]: none of the moves offered is right")
    return d


def lesson_key(data: dict) -> str:
    """A short digest of a lesson's content: the browser keeps a learner's progress under it
    (a changed lesson starts afresh)."""
    raw = json.dumps(data.get("steps", []), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


def lesson_data(scenario: Scenario, perspective: int | None = None, *, max_moves: int = MAX_MOVES,
                nodes: list | None = None) -> dict:
    """The JSON the Lesson front end plays (see ``lesson.js`` for its shape): every node of
    the lesson's tree (:func:`hotellab.lesson.lesson_tree`: one branch per right move, so the
    page goes on from the learner's own move), the first right answers' line first. ``nodes``:
    the tree when it was built already (``LessonRun.tree``). Raises ScenarioError when a step
    cannot be played on some branch."""
    game = scenario.game_object()
    for i, step in enumerate(scenario.steps):
        check_step_fields(step, f"{scenario.source}: steps[{i}]", game)
    if nodes is None:  # a LessonRun's ``tree`` when one was made already
        nodes = lesson_tree(scenario)  # every branch: ScenarioError where a step cannot be played

    def ids(k: int) -> int:
        return k

    steps = [_step_data(node, scenario, perspective, max_moves, ids) for node in nodes]
    learner = sum(1 for s in scenario.steps if s.kind != "watch")
    data = {"version": 2, "title": scenario.title, "description": scenario.description,
            "count": len(scenario.steps), "learner_steps": learner, "scoring": dict(SCORING), "steps": steps}
    data["key"] = lesson_key(data)
    return data


def encode(data: dict) -> str:
    """The lesson as the front end reads it: base64 of gzip of its JSON (SVG boards shrink
    about tenfold)."""
    raw = json.dumps(packed_boards(data), separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def packed_boards(data: dict) -> dict:
    """``data`` with every board SVG (a node's ``before`` / ``after``, a move's ``svg``) as the
    numbers of its parts in a table ``"parts"`` that holds each distinct panel once (the
    page joins them: lesson.js ``unpack``). A copy; ``data`` is unchanged."""
    table = PartTable()

    def pack(view):
        if isinstance(view, dict) and isinstance(view.get("svg"), str):
            return {**view, "svg": table.encode(view["svg"])}
        return view

    steps = []
    for st in data.get("steps", []):
        st = {**st, "before": pack(st.get("before"))}
        if "after" in st:
            st["after"] = pack(st["after"])
        if "moves" in st:
            st["moves"] = [{**m, "svg": table.encode(m["svg"])} if isinstance(m.get("svg"), str) else m
                           for m in st["moves"]]
        steps.append(st)
    return {**data, "steps": steps, "parts": table.parts}


def _script_json(obj) -> str:
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


_LOADER = """
(async () => {
  const id = "__ID__";
  const root = document.querySelector('div[data-hl-lesson="' + id + '"]');
  const dataEl = document.getElementById(id + "-data");
  if (!root || !dataEl || root.dataset.hlDone) return;
  root.dataset.hlDone = "1";
  const G = (globalThis.__hotellabLesson = globalThis.__hotellabLesson || {});
  if (!G.module) {
    const el = document.querySelector("script.hotellab-lesson-module");
    const mod = JSON.parse(el.textContent);
    const style = document.createElement("style");
    style.textContent = mod.css;
    document.head.append(style);
    G.module = import(URL.createObjectURL(new Blob([mod.esm], { type: "text/javascript" })));
  }
  const widget = (await G.module).default;
  const state = JSON.parse(dataEl.textContent);
  const handlers = new Map();
  const model = {
    get: (k) => state[k],
    set: (k, v) => { state[k] = v; for (const f of [...(handlers.get("change:" + k) || [])]) f(); },
    on: (e, f) => { if (!handlers.has(e)) handlers.set(e, new Set()); handlers.get(e).add(f); },
    off: (e, f) => { if (handlers.has(e)) handlers.get(e).delete(f); },
    save_changes: () => {},
    send: () => {},
  };
  const el = document.createElement("div");
  await widget.render({ model, el });
  root.replaceChildren(el);
})();
"""


def lesson_html(data: dict, progress: dict | None = None) -> str:
    """An HTML fragment that plays the lesson with no widget manager and no kernel (the
    ``text/html`` of a Lesson output). Before its script runs it shows the lesson's title
    and first caption as text."""
    pid = "hl-lesson-" + uuid.uuid4().hex[:12]
    module = front_end("lesson")
    plain = (f"<strong>{html.escape(data.get('title') or 'Lesson')}</strong> — "
             f"{data.get('count', len(data.get('steps', [])))} steps. {html.escape(data.get('description') or '')}")
    return (f'<script type="application/json" class="hotellab-lesson-module">{_script_json(module)}</script>'
            f'<div data-hl-lesson="{pid}" class="hotellab-lesson-player"><p>{plain}</p></div>'
            f'<script type="application/json" id="{pid}-data">'
            f'{_script_json({"_data": encode(data), "progress": progress or {}})}</script>'
            f'<script type="module">{_LOADER.replace("__ID__", pid)}</script>')


def _check_args(game, perspective, max_moves) -> None:
    """OptionError naming ``perspective`` or ``max_moves`` when it is out of range."""
    from ..core.errors import OptionError

    if perspective is not None and (isinstance(perspective, bool) or not isinstance(perspective, int)
                                    or not 0 <= perspective < game.num_seats):
        raise OptionError(f"perspective is a seat from 0 to {game.num_seats - 1}, or None for everything; "
                          f"got {perspective!r}", field="perspective")
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
        raise OptionError(f"max_moves is a whole number >= 1 (the moves a step offers), got {max_moves!r}",
                          field="max_moves")


class Lesson(anywidget.AnyWidget):
    """A guided view of a scenario's lesson steps (watch / do / exercise / predict).

    ``scenario``: a :class:`~hotellab.Scenario` or the path of a scenario TOML file;
    ``perspective``: the seat whose view the learner sees (None: everything);
    ``max_moves``: how many moves a step offers at most (default 40).

    Attributes: ``data`` (the lesson as the front end plays it, see :func:`lesson_data`), ``run`` (a
    :class:`hotellab.lesson.LessonRun` for checking answers from Python:
    ``lesson.run.answer("p0 place 2 1")``), ``progress`` (``{"index", "hints", "wrong"}``, kept
    in step with the page). Raises ScenarioError for a malformed scenario or a step that cannot
    be played.
    """

    _esm = front_end("lesson")["esm"]
    _css = front_end("lesson")["css"]
    _data = traitlets.Unicode("").tag(sync=True)
    progress = traitlets.Dict().tag(sync=True)

    def __init__(self, scenario, perspective: int | None = None, *, max_moves: int = MAX_MOVES, **kwargs):
        if not isinstance(scenario, Scenario):
            if not isinstance(scenario, (str, pathlib.Path)):
                raise ScenarioError(
                    f"Lesson takes a Scenario or the path of a scenario TOML file, got {type(scenario).__name__}")
            scenario = Scenario.load(scenario)
        _check_args(scenario.game_object(), perspective, max_moves)
        self.scenario = scenario
        self.run = LessonRun(scenario)  # checks the scenario and builds its tree once
        self.data = lesson_data(scenario, perspective, max_moves=max_moves, nodes=self.run.tree)
        super().__init__(_data=encode(self.data), progress={"index": 0, "hints": {}, "wrong": {}}, **kwargs)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.data['title']!r}: {self.data['count']} steps>"

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, meta = bundle
        else:
            data, meta = bundle, {}
        data = dict(data or {})
        data["text/html"] = lesson_html(self.data, self.progress)
        data[PLAYER_MIME] = player_marker("lesson")  # JupyterLab/JupyterLite: the player, untrusted too
        data.setdefault("text/plain", f"<{type(self).__name__} {self.data['title']!r}: {self.data['count']} steps>")
        return data, meta


REVIEW_PER_LESSON = 2
"""How many learner steps a review draws from each lesson by default."""


def review_data(scenarios, *, per_lesson: int = REVIEW_PER_LESSON, perspective: int | None = None,
                title: str = "Review", max_moves: int = MAX_MOVES) -> dict:
    """The data of a mixed review (``lesson.js`` plays it with ``"mode": "review"``): up to
    ``per_lesson`` learner steps of each lesson (spread over it, along its first right
    answers), taken in turn from each lesson so that topics mix; each step carries its own
    board. On the page a step answered wrong comes back three steps later (spaced), and the
    review ends when every step has been answered right. Raises ScenarioError for a scenario
    that cannot be played, OptionError for ``per_lesson`` below 1."""
    from ..core.errors import OptionError

    if isinstance(per_lesson, bool) or not isinstance(per_lesson, int) or per_lesson < 1:
        raise OptionError(f"per_lesson is a whole number of steps >= 1, got {per_lesson!r}", field="per_lesson")
    picked = []
    for sc in scenarios:
        nodes = [n for n in lesson_tree(sc)[:len(sc.steps)] if n.step.kind != "watch"]
        if not nodes:
            continue
        k = min(per_lesson, len(nodes))
        chosen = [nodes[round(i * (len(nodes) - 1) / max(1, k - 1))] for i in range(k)] if k > 1 else [nodes[-1]]
        picked.append([(sc, n) for n in {n.id: n for n in chosen}.values()])
    order = [p[i] for i in range(max((len(p) for p in picked), default=0)) for p in picked if i < len(p)]
    steps = []
    for sc, node in order:
        d = _step_data(node, sc, perspective, max_moves, lambda k: -1)
        d["title"] = f"{sc.title}: {node.step.title}" if node.step.title else sc.title
        steps.append(d)
    if not steps:
        raise ScenarioError("a review needs lessons with learner steps (do, exercise or predict); these have none")
    data = {"version": 2, "mode": "review", "title": title, "description": f"{len(steps)} steps from "
            f"{len(picked)} lessons", "count": len(steps), "learner_steps": len(steps), "scoring": dict(SCORING),
            "steps": steps}
    data["key"] = lesson_key(data)
    return data


class Review(Lesson):
    """A mixed review of a tutorial, kernel-free: learner steps drawn from every lesson
    (:func:`review_data`), in an order that mixes the topics; a step the learner misses comes
    back three steps later, until each is answered right. Scored like a lesson.

    ``scenarios``: Scenarios or scenario TOML paths, in the tutorial's order; ``per_lesson``:
    steps drawn from each (default 2); ``title``. Raises ScenarioError for a scenario that
    cannot be played, OptionError for a bad ``per_lesson``.
    """

    def __init__(self, scenarios, *, per_lesson: int = REVIEW_PER_LESSON, perspective: int | None = None,
                 title: str = "Review", max_moves: int = MAX_MOVES, **kwargs):
        if isinstance(scenarios, (str, pathlib.Path, Scenario)) or not hasattr(scenarios, "__iter__"):
            raise ScenarioError(f"Review takes a list of Scenarios or scenario TOML paths, got {type(scenarios).__name__}")
        loaded = []
        for i, s in enumerate(scenarios):
            if not isinstance(s, (Scenario, str, pathlib.Path)):
                raise ScenarioError(f"Review: scenarios[{i}] is a {type(s).__name__}, not a Scenario or a path")
            loaded.append(s if isinstance(s, Scenario) else Scenario.load(s))
        if not loaded:
            raise ScenarioError("Review needs at least one lesson (a Scenario or a scenario TOML path); the list is "
                                "empty (a glob that matched no file?)")
        _check_args(loaded[0].game_object(), perspective, max_moves)
        self.scenarios = loaded
        self.data = review_data(loaded, per_lesson=per_lesson, perspective=perspective, title=title,
                                max_moves=max_moves)
        anywidget.AnyWidget.__init__(self, _data=encode(self.data), progress={"index": 0, "hints": {}, "wrong": {}},
                                     **kwargs)
