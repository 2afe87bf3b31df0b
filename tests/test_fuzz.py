"""Fuzzing the public API with malformed and mutated inputs (issue 11, "Proof at scale").

Targets, each over every registered game (hypothesis, strategies below):

- log files: a real log's JSON (one from the initial state, one from a declared ``start``
  position) with one to three mutations (a field deleted or replaced by any JSON value, an
  action's text mutated, an entry inserted), through ``GameLog.from_json``;
  raw bytes (truncated, BOM, garbage) through ``GameLog.load``;
- scenario files: TOML text with mutated fields through ``Scenario.from_toml``;
- lesson steps: every game's lesson files with their steps duplicated (also a copy at the
  end), swapped, reversed, dropped, emptied, or a field replaced, played through by a learner
  (``LessonRun``), the static page's data (``lesson_data``) and ``hl.coverage``;
- declared positions: ``state.to_position()`` tables with one to three mutations through
  ``game.state_from_position``;
- action text: any text, and a legal action's text mutated, through ``parse_action``,
  ``explain_illegal`` and ``apply``;
- widget messages: any JSON value, and request-shaped objects with any fields, through a
  live GameView's message handler and ``set_state``.

The only exceptions allowed are the documented error types, each naming the field or rule:
LogFormatError (with ``field`` or ``entry`` when the file was a JSON object), ScenarioError
(naming the file, and the step),
PositionError (with ``field``, or ``rule`` for a whole-table rule such as conservation),
IllegalActionError/InvalidActionError (``code``); a widget
never raises and answers every request. A state that was accepted must still work
(``legal_actions``, ``view``).

Case counts: ``HOTELLAB_FUZZ_EXAMPLES`` (default 40 per test and game) sets hypothesis's
``max_examples``; the bench run is ``HOTELLAB_FUZZ_EXAMPLES=200 pytest tests/test_fuzz.py``
(11,120 cases over the 6 registered games, a few minutes on one core: 1,366 log JSON, 1,200
log file bytes, 1,350 scenarios, 1,348 positions, 1,273 action texts, 4,583 widget messages
and trait updates). Each test adds its case count to ``bench/results/fuzz.json``.
"""

from __future__ import annotations

import copy
import json
import os
import random
import string
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import hotellab as hl  # noqa: E402
from hotellab.widgets import GameView  # noqa: E402

EXAMPLES = int(os.environ.get("HOTELLAB_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
GAMES = hl.list_games()
RESULTS = Path(__file__).resolve().parent.parent / "bench" / "results"
CASES: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    try:
        RESULTS.mkdir(exist_ok=True)
        path = RESULTS / "fuzz.json"
        old = json.loads(path.read_text("utf-8")) if path.exists() else {}
        if old.get("examples_per_test") != EXAMPLES:
            old = {}
        counts = Counter(old.get("cases", {}))
        counts.update(CASES)
        path.write_text(json.dumps({"examples_per_test": EXAMPLES, "cases": dict(counts),
                                    "total": sum(counts.values())}, indent=1) + "\n", "utf-8")
    except OSError:
        pass


# -- strategies ------------------------------------------------------------------------------------
JSON_SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
                | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
JSON_VALUES = st.recursive(JSON_SCALARS, lambda c: st.lists(c, max_size=3)
                           | st.dictionaries(st.text(max_size=6), c, max_size=3), max_leaves=6)
WORDS = st.sampled_from(["p0", "p1", "p9", "chance", "place", "roll", "shuffle", "-1", "0", "3",
                         "99999999999999999999", "1,2", ",", "3,", "x", "", " ", "\x0c", "\udc80",
                         "é", "\u202e", "p-1", "P0", "p00"])
ACTION_TEXT = st.one_of(st.text(max_size=30), st.lists(WORDS, max_size=6).map(" ".join),
                        st.text(alphabet=string.printable, max_size=30))


@lru_cache(maxsize=None)
def base_log(game_id: str) -> dict:
    cls = type(hl.load_game(game_id))
    g = hl.load_game(game_id, num_players=cls.min_players)
    return hl.play(g, seed=1).to_json()


@lru_cache(maxsize=None)
def base_log_from_position(game_id: str) -> dict | None:
    """A log that starts from a declared position (its ``start`` field), or None for a game
    without positions."""
    state = base_states(game_id)[2]
    try:
        start = state.game.state_from_position(state.to_position())
    except NotImplementedError:
        return None
    g = state.game
    m = hl.Match(g, seed=3, agents=["random"] * g.num_players, state=start)
    m.run(max_steps=30)
    data = m.log.to_json()
    assert "start" in data
    return data


@lru_cache(maxsize=None)
def base_states(game_id: str) -> tuple:
    """A few states along a random game (the start, some middles, the end)."""
    cls = type(hl.load_game(game_id))
    g = hl.load_game(game_id, num_players=cls.max_players)
    replay = hl.Replay(hl.play(g, seed=2))
    n = len(replay)
    return tuple(replay.state_at(k) for k in sorted({0, 1, n // 4, n // 2, 3 * n // 4, n - 1}))


def _paths(obj, prefix=()):
    """Every (path) to a value inside nested dicts/lists."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


def _mutate_text(text: str, rnd: random.Random) -> str:
    ops = [
        lambda t: t.replace(" ", "  ", 1),
        lambda t: t + " " + rnd.choice(["1", "x", "-1", "99"]),
        lambda t: " ".join(t.split()[:-1]),
        lambda t: t.replace("p0", "p1", 1).replace("p1", "p0", 1) if rnd.random() < .5 else t.replace("p", "p1", 1),
        lambda t: "".join(str((int(c) + 1) % 10) if c in "0123456789" and rnd.random() < .3 else c for c in t),
        lambda t: t[: rnd.randrange(len(t) + 1)],
        lambda t: t.replace(",", ",,", 1),
        lambda t: rnd.choice(["", " ", "\x0c", "\udc80", "p0 \x1b", t.upper()]),
    ]
    return rnd.choice(ops)(text)


def mutate(data, draw, *, count=st.integers(1, 3)):
    """``data`` (deep-copied) with 1-3 mutations drawn with hypothesis."""
    data = copy.deepcopy(data)
    for _ in range(draw(count)):
        paths = [p for p in _paths(data) if p]
        if not paths:
            return draw(JSON_VALUES)
        path = draw(st.sampled_from(paths))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        value = parent[key]
        op = draw(st.sampled_from(["delete", "replace", "text", "number", "insert"]))
        if op == "delete":
            del parent[key]
        elif op == "text" and isinstance(value, str):
            parent[key] = _mutate_text(value, random.Random(draw(st.integers(0, 2**32))))
        elif op == "number" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + draw(st.sampled_from([-1, 1, -100, 10**6, -value - 1]))
        elif op == "insert" and isinstance(parent, list):
            parent.insert(key, draw(JSON_VALUES))
        else:
            parent[key] = draw(JSON_VALUES)
    return data


# -- log files -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_log_json(game_id, data):
    CASES["log_json"] += 1
    bases = [b for b in (base_log(game_id), base_log_from_position(game_id)) if b is not None]
    log = mutate(data.draw(st.sampled_from(bases)), data.draw)
    try:
        loaded = hl.GameLog.from_json(log)
    except hl.LogFormatError as exc:
        if isinstance(log, dict):
            assert exc.field is not None or exc.entry is not None, f"no field or entry: {exc}"
        return
    loaded.final_state().legal_actions()  # accepted: it must work


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_log_file_bytes(game_id, data, tmp_path_factory):
    CASES["log_bytes"] += 1
    raw = json.dumps(base_log(game_id), ensure_ascii=False).encode("utf-8")
    op = data.draw(st.sampled_from(["cut", "bom", "garbage", "flip", "utf16"]))
    if op == "cut":
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    elif op == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif op == "garbage":
        raw = data.draw(st.binary(max_size=64))
    elif op == "flip":
        i = data.draw(st.integers(0, len(raw) - 1))
        raw = raw[:i] + bytes([raw[i] ^ data.draw(st.integers(1, 255))]) + raw[i + 1:]
    else:
        raw = raw.decode("utf-8").encode("utf-16")
    path = tmp_path_factory.mktemp("log") / "game.json"
    path.write_bytes(raw)
    try:
        log = hl.GameLog.load(path)
    except hl.LogFormatError:
        return
    assert op in ("bom", "cut", "flip")
    log.final_state()


# -- scenario files --------------------------------------------------------------------------------
SCENARIO = '''game = "{game}"
num_players = {n}
seed = 3
title = "A scenario"
description = "What happens next?"

[[steps]]
kind = "watch"
action = "auto 3"
text = "Three steps by the seed."

[[steps]]
kind = "predict"
question = "Who leads?"
answer = "Blue"
text = "Guess."
'''


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_scenario_toml(game_id, data):
    CASES["scenario"] += 1
    import tomllib

    cls = type(hl.load_game(game_id))
    base = tomllib.loads(SCENARIO.format(game=game_id, n=cls.min_players))
    sc = mutate(base, data.draw)
    try:
        import tomli_w

        text = tomli_w.dumps(sc) if isinstance(sc, dict) else str(sc)
    except Exception:  # a value TOML cannot hold (None, NaN in an array...): write JSON-ish text
        text = json.dumps(sc)
    if data.draw(st.booleans()):
        text = _mutate_text(text, random.Random(data.draw(st.integers(0, 2**32))))
    try:
        scenario = hl.Scenario.from_toml(text)
    except hl.ScenarioError:
        return
    scenario.match().state.legal_actions()


# -- lesson steps ----------------------------------------------------------------------------------
LESSONS = Path(__file__).resolve().parent.parent / "notebooks" / "scenarios"
STEP_OPS = ("duplicate_last", "duplicate", "swap", "drop", "empty_step", "empty_steps", "kind",
            "reverse", "field")


def _mutate_steps(steps: list, draw) -> list:
    """One structural change of a lesson's ``[[steps]]`` (issue 24: a second copy of an
    exercise step at the end raised a bare ValueError)."""
    op = draw(st.sampled_from(STEP_OPS))
    if op == "empty_steps" or not steps:
        return []
    i = draw(st.integers(0, len(steps) - 1))
    if op == "duplicate_last":
        steps.append(copy.deepcopy(steps[i]))
    elif op == "duplicate":
        steps.insert(draw(st.integers(0, len(steps))), copy.deepcopy(steps[i]))
    elif op == "swap":
        j = draw(st.integers(0, len(steps) - 1))
        steps[i], steps[j] = steps[j], steps[i]
    elif op == "drop":
        del steps[i]
    elif op == "empty_step":
        steps[i] = {}
    elif op == "kind":
        steps[i]["kind"] = draw(st.sampled_from(["watch", "do", "exercise", "predict"]))
    elif op == "reverse":
        steps.reverse()
    else:  # one field of the step replaced by any value
        key = draw(st.sampled_from(sorted(steps[i]) + ["goal", "answer", "expect", "action"]))
        steps[i][key] = draw(JSON_VALUES | st.sampled_from(["winners", "score[0]", "legal:p0 pass", "auto 3"]))
    return steps


def _learn(path_name: str, scenario) -> None:
    """A learner goes through the whole lesson (every step answered with its first right
    answer, a hint asked at each), then the static page's data and the coverage are made."""
    from hotellab.lesson import LessonRun, answers, expected_answer
    from hotellab.widgets.lesson import lesson_data

    run = LessonRun(scenario)
    while not run.done:
        step = run.step
        run.hint()
        if step.kind == "watch":
            run.watch()
            continue
        right = expected_answer(step, run.state) if step.kind == "predict" else answers(step, run.state)[0]
        assert run.answer(right).correct, (path_name, run.index)
    hl.coverage(scenario)
    lesson_data(scenario, max_moves=2)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=max(EXAMPLES // 2, 5), deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_lesson_steps(game_id, data):
    """A lesson file with its steps duplicated, reordered, emptied or one field replaced:
    the lesson plays through, or ScenarioError names the file (and the step when there is
    one); nothing else is raised (no bare ValueError from a computation, no step that no
    answer passes)."""
    import tomllib

    import tomli_w

    files = sorted(LESSONS.glob(f"{game_id}_lesson_*.toml"))
    if not files:
        pytest.skip(f"{game_id} has no lesson files in notebooks/scenarios")
    CASES["lesson steps"] += 1
    path = data.draw(st.sampled_from(files))
    table = tomllib.loads(path.read_text("utf-8"))
    for _ in range(data.draw(st.integers(1, 2))):
        table["steps"] = _mutate_steps(table.get("steps", []), data.draw)
    try:
        text = tomli_w.dumps(table)
    except (TypeError, ValueError):
        return  # a value TOML cannot hold
    try:
        scenario = hl.Scenario.from_toml(text, source=path.name)
        _learn(path.name, scenario)
    except hl.ScenarioError as exc:
        assert path.name in str(exc), exc
        if table["steps"] and "steps[" not in str(exc):
            assert "position" in str(exc) or "script" in str(exc) or "field" in str(exc), exc


# -- declared positions ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_positions(game_id, data):
    CASES["position"] += 1
    states = base_states(game_id)
    state = data.draw(st.sampled_from(states))
    try:
        position = state.to_position()
    except NotImplementedError as exc:  # a game still without declared positions
        pytest.skip(str(exc))
    table = mutate(position, data.draw)
    g = state.game
    try:
        new = g.state_from_position(table)
    except hl.PositionError as exc:  # names the field, or the rule a whole table breaks
        assert exc.field is not None or exc.rule is not None or not isinstance(table, dict), \
            f"PositionError naming neither field nor rule: {exc}"
        return
    new.legal_actions()
    new.view(None)
    for p in range(g.num_seats):
        new.view(p)


# -- action text -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_action_text(game_id, data):
    CASES["action_text"] += 1
    state = data.draw(st.sampled_from(base_states(game_id)))
    legal = state.legal_actions()
    if legal and data.draw(st.booleans()):
        text = _mutate_text(str(data.draw(st.sampled_from(legal))), random.Random(data.draw(st.integers(0, 2**32))))
    else:
        text = data.draw(ACTION_TEXT)
    why = state.explain_illegal(text)
    assert why is None or isinstance(why, str)
    try:
        new = state.apply(text)
    except hl.IllegalActionError as exc:
        assert why is not None, f"explain_illegal said legal, apply refused: {exc}"
        assert exc.code in ("game_over", "not_your_turn", "chance_node", "not_legal", "malformed")
        return
    assert why is None, f"explain_illegal refused ({why}) but apply accepted {text!r}"
    new.legal_actions()


# -- widget messages -------------------------------------------------------------------------------
class _Sent(list):
    def __call__(self, content, buffers=None):
        self.append(content)


@lru_cache(maxsize=None)
def _match_start(game_id: str):
    cls = type(hl.load_game(game_id))
    g = hl.load_game(game_id, num_players=cls.min_players)
    m = hl.Match(g, seed=5, agents=[None] + ["random"] * (g.num_players - 1))
    m.run(max_steps=60)
    return g, m.state


REQUEST = st.fixed_dictionaries(
    {"type": st.sampled_from(["apply", "step", "undo", "hello", "Apply", "", "chunks"]) | st.text(max_size=8)},
    optional={"action": ACTION_TEXT | JSON_VALUES, "extra": JSON_VALUES})


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(messages=st.lists(REQUEST | JSON_VALUES, min_size=1, max_size=6),
       perspective=st.sampled_from([None, 0, 1]), state_updates=st.lists(
           st.dictionaries(st.sampled_from(["index", "perspective", "speed", "_chunks", "_meta", "x"]),
                           JSON_VALUES, max_size=3), max_size=2))
def test_fuzz_widget_messages(game_id, messages, perspective, state_updates):
    CASES["widget_message"] += len(messages) + len(state_updates)
    g, start = _match_start(game_id)
    m = hl.Match(g, seed=5, agents=[None] + ["random"] * (g.num_players - 1), state=start)
    v = GameView(m, perspective=perspective)
    v.send = _Sent()
    for msg in messages:
        v.send.clear()
        v._on_msg(v, msg, [])  # never raises
        if isinstance(msg, dict) and msg.get("type") in ("hello", "resync"):
            assert v.send == [{"type": "hello" if msg["type"] == "hello" else "resynced"}]
        else:
            assert v.send and v.send[-1]["type"] == "done", msg
    for upd in state_updates:
        v.set_state(upd)  # never raises
    assert 0 <= v.index < len(v)
    assert v.perspective in v._store.perspectives
    assert len(v.frames(v._store.perspectives[0])) == len(m.states)
