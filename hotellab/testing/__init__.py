"""The contract checks every game gets by registering (used by ``tests/test_contract.py``,
``bench/soak.py`` and the golden playthroughs).

:func:`check_state` checks one state against the declared contract and raises
:class:`ContractViolation` naming the game, the state and what broke; :func:`check_game`
plays a whole random game and checks every state on the way; :func:`playthrough` writes the
golden record of one game (every state's legal actions, chance outcomes, events, scores and a
hash of each seat's observation), as OpenSpiel's playthrough files do.

The test kit (:mod:`hotellab.testing.kit`, its names re-exported here) holds the helpers the
games' tests share: :func:`game_loader`, :func:`apply_all`, :func:`legal_texts`,
:func:`event_texts`, :func:`forced_order` and :func:`playout`.

>>> import hotellab as hl
>>> from hotellab.testing import check_game
>>> steps = check_game(hl.load_game("perfect_hotel", num_players=2), seed=3, deep_every=0)
>>> steps > 20
True
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import xml.etree.ElementTree as ET
from typing import Iterator

from ..core.actions import CHANCE, Action
from ..core.board import board_targets
from ..core.errors import IllegalActionError
from ..core.game import Game
from ..core.log import GameLog
from ..core.replay import Replay
from ..core.rules import Phase
from .kit import apply_all, event_texts, forced_order, game_loader, legal_texts, playout, uniform_choice

__all__ = [
    "ContractViolation", "check_copy", "check_state", "check_game", "sampled_states", "option_variants", "mutations",
    "playthrough", "playthrough_text", "interrupt_simulate", "check_action_targets", "board_targets",
    # the test kit (hotellab/testing/kit.py): the helpers every game's conftest used to build
    "game_loader", "apply_all", "legal_texts", "event_texts", "forced_order", "uniform_choice", "playout",
]


class ContractViolation(AssertionError):
    """A game broke the declared contract; the message names game, state and the check."""


def _where(state) -> str:
    g = state.game
    return f"{g.id} ({g.num_players} players, {g.options}) after {state.move_number} actions [{state.status_text()}]"


def _fail(state, what: str) -> ContractViolation:
    return ContractViolation(f"{_where(state)}: {what}")


def _dumps(obj) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, allow_nan=False)


def _snapshot(state) -> tuple:
    """Everything a caller can read of a state, to check that apply() changed nothing."""
    return (
        _dumps(state.view(None)),
        state.current_player,
        [str(a) for a in state.legal_actions()],
        [(str(a), p) for a, p in state.chance_outcomes()],
        list(state.scores),
        state.move_number,
    )


def option_variants(game_cls: type[Game]) -> list[dict]:
    """The option sets the contract test covers: the defaults, then each non-default value of
    each option with the others at their defaults."""
    out = [{}]
    for spec in game_cls.OPTIONS:
        for value in spec.allowed:
            if value != spec.default or type(value) is not type(spec.default):
                out.append({spec.name: value})
    return out


def mutations(action: Action, state, rng: random.Random, n: int = 4) -> list[Action]:
    """Actions near ``action`` that are probably illegal: another seat, an argument off by
    one, an argument dropped or added, another kind of the state's legal actions."""
    kinds = sorted({a.kind for a in state.legal_actions()}) or [action.kind]
    out = []
    args = list(action.args)
    seats = list(range(-1, state.game.num_seats + 1))
    for _ in range(n):
        r = rng.randrange(6)
        if r == 0:
            out.append(Action(action.kind, action.args, rng.choice(seats)))
        elif r == 1 and args:
            i = rng.randrange(len(args))
            new = list(args)
            if isinstance(new[i], int) and not isinstance(new[i], bool):
                new[i] += rng.choice((-1, 1, 7))
            elif isinstance(new[i], tuple):
                new[i] = tuple(reversed(new[i])) + ((0,) if rng.random() < 0.5 else ())
            else:
                new[i] = str(new[i]) + "x"
            out.append(Action(action.kind, tuple(new), action.player))
        elif r == 2 and args:
            out.append(Action(action.kind, tuple(args[:-1]), action.player))
        elif r == 3:
            out.append(Action(action.kind, tuple(args) + (rng.randrange(-1, 10),), action.player))
        elif r == 4:
            out.append(Action(rng.choice(kinds), action.args, action.player))
        else:
            out.append(Action(action.kind, action.args, action.player))  # the action itself
    return out


def _check_legality(state, candidates, legal_set) -> None:
    for m in candidates:
        why = state.explain_illegal(m)
        try:
            state.apply(m)
            ok = True
        except IllegalActionError as exc:
            ok = False
            if exc.code not in ("game_over", "not_your_turn", "chance_node", "not_legal", "malformed"):
                raise _fail(state, f"{m}: unknown error code {exc.code!r}")
            if (why or "") != str(exc):
                raise _fail(state, f"{m}: explain_illegal says {why!r} but apply raised {str(exc)!r}")
        if legal_set is not None and (m in legal_set) != ok:
            raise _fail(state, f"{m}: in legal_actions() is {m in legal_set} but apply {'succeeded' if ok else 'refused'}")
        if (why is None) != ok:
            raise _fail(state, f"{m}: explain_illegal is {why!r} but apply {'succeeded' if ok else 'refused'}")


def _toml_friendly(obj, path="position") -> None:
    if obj is None:
        raise ValueError(f"{path} is None (TOML has no null)")
    if isinstance(obj, float) and not math.isfinite(obj):
        raise ValueError(f"{path} is {obj}")
    if isinstance(obj, dict):
        for k, v in obj.items():
            if not isinstance(k, str):
                raise ValueError(f"{path} has a non-text key {k!r}")
            _toml_friendly(v, f"{path}.{k}")
    elif isinstance(obj, (list, tuple)):
        kinds = {("table" if isinstance(v, dict) else "list" if isinstance(v, (list, tuple)) else type(v).__name__)
                 for v in obj}
        if len(kinds) > 1 and not kinds <= {"int", "float"}:
            raise ValueError(f"{path} mixes {sorted(kinds)} (TOML arrays of tables cannot)")
        for i, v in enumerate(obj):
            _toml_friendly(v, f"{path}[{i}]")
    elif not isinstance(obj, (str, int, float, bool)):
        raise ValueError(f"{path} is a {type(obj).__name__}")


def _same_as(state, other, what: str, perspectives) -> None:
    for p in perspectives:
        a, b = _dumps(state.view(p)), _dumps(other.view(p))
        if a != b:
            raise _fail(state, f"{what}: view({p}) differs:\n  {a[:400]}\n  {b[:400]}")
    if [str(x) for x in state.legal_actions()] != [str(x) for x in other.legal_actions()]:
        raise _fail(state, f"{what}: legal actions differ")
    if list(state.scores) != list(other.scores) or state.current_player != other.current_player:
        raise _fail(state, f"{what}: scores or current player differ")


def check_copy(state, copy_fn, what: str) -> None:
    """Check that ``copy_fn(state)`` (``copy.copy``, ``copy.deepcopy``, or a pickle round
    trip) is the same position: the same status line, views of every perspective,
    observations, legal actions, chance outcomes, scores, events and JSON, and that the copy
    plays on (its first legal action or chance outcome applies). Raises
    :class:`ContractViolation` naming ``what``."""
    try:
        other = copy_fn(state)
        status = other.status_text()
    except Exception as exc:  # noqa: BLE001 - any failure of a copy is the finding
        raise _fail(state, f"{what}: {type(exc).__name__}: {exc}") from None
    if status != state.status_text():
        raise _fail(state, f"{what}: the status reads {status!r}")
    _same_as(state, other, what, [None, *range(state.game.num_seats)])
    for p in range(state.game.num_seats):
        if _dumps(state.observation(p)) != _dumps(other.observation(p)):
            raise _fail(state, f"{what}: observation({p}) differs")
    if [(str(a), p) for a, p in state.chance_outcomes()] != [(str(a), p) for a, p in other.chance_outcomes()]:
        raise _fail(state, f"{what}: chance outcomes differ")
    if [e.text for e in state.events] != [e.text for e in other.events]:
        raise _fail(state, f"{what}: events differ")
    if _dumps(state.to_json()) != _dumps(other.to_json()):
        raise _fail(state, f"{what}: to_json() differs")
    if not state.is_terminal:
        nxt = (state.chance_outcomes() or [(None, 0)])[0][0] if state.is_chance_node else state.legal_actions()[0]
        if nxt is not None and _snapshot(state.apply(nxt)) != _snapshot(other.apply(nxt)):
            raise _fail(state, f"{what}: the copy plays {nxt} differently")


def check_state(state, rng: random.Random, *, deep: bool = True, mutate: int = 2) -> None:
    """Check one state against the contract; raise :class:`ContractViolation`.

    Always: phase and round label resolve; scores have one value per seat; a points game's
    breakdown sums to the scores; views and observations are JSON; legality
    (``explain_illegal(a) is None`` <=> ``a in legal_actions()`` <=> ``apply(a)`` succeeds) on
    every legal action (or listed chance outcome) and ``mutate`` mutations of each, and
    ``apply`` leaves the state unchanged. With ``deep``: the board renders (well-formed SVG),
    the position round trip gives the same views, legal actions and scores and is
    TOML-friendly, and the hidden-information swap (``resample_hidden``) changes no seat's
    observation or view.
    """
    game = state.game
    seats = list(range(game.num_seats))
    try:
        phase = state.phase
    except KeyError as exc:
        raise _fail(state, f"State.phase: {exc}") from None
    if not isinstance(phase, Phase):
        raise _fail(state, f"State.phase returned {phase!r}, not a Phase")
    label = state.round_label()
    if label is not None and not isinstance(label, str):
        raise _fail(state, f"round_label() returned {label!r}")
    scores = state.scores
    if len(scores) != game.num_seats:
        raise _fail(state, f"{len(scores)} scores for {game.num_seats} seats")
    if game.scores_are_points:
        totals = [0] * game.num_seats
        for item in state.score_breakdown():
            totals[item.player] += item.points
        if any(abs(a - b) > 1e-9 for a, b in zip(totals, scores)):
            raise _fail(state, f"score_breakdown sums to {totals}, scores are {scores}")
    before = _snapshot(state)
    for p in [None, *seats]:
        try:
            _dumps(state.view(p))
            if p is not None:
                _dumps(state.observation(p))
        except (TypeError, ValueError) as exc:
            raise _fail(state, f"view/observation({p}) is not JSON: {exc}") from None

    # legality and purity
    if not state.is_terminal:
        if state.is_chance_node:
            outs = state.chance_outcomes()
            if outs:
                total = sum(p for _, p in outs)
                if abs(total - 1.0) > 1e-6:
                    raise _fail(state, f"chance probabilities sum to {total}")
                pool = [a for a, _ in outs]
                legal_set = set(pool)
            else:
                sampled = state.sample_chance(rng)
                # apply() trusts the action sample_chance drew here: it must be a valid outcome
                # in its canonical form (the log keeps it as drawn)
                why = state.explain_chance(sampled)
                if why is not None:
                    raise _fail(state, f"sample_chance drew {sampled}, which explain_chance refuses: {why}")
                if state.canonical_chance(sampled) != sampled or type(sampled) is not Action:
                    raise _fail(state, f"sample_chance drew {sampled!r}, not in its canonical form "
                                       f"{state.canonical_chance(sampled)!r}")
                pool = [sampled]
                legal_set = None
        else:
            pool = state.legal_actions()
            if not pool:
                raise _fail(state, "a decision node with no legal action")
            if any(a.player != state.current_player for a in pool):
                raise _fail(state, "a legal action of another seat")
            legal_set = set(pool)
        candidates = list(pool)
        for a in pool[: max(1, 12)] if mutate else ():
            candidates.extend(mutations(a, state, rng, mutate))
        _check_legality(state, candidates, legal_set)
    else:
        if state.legal_actions():
            raise _fail(state, "a terminal state with legal actions")
        w = state.winners()
        if any(not 0 <= s < game.num_seats for s in w):
            raise _fail(state, f"winners {w} are not seats")
    if _snapshot(state) != before:
        raise _fail(state, "apply() changed the state it was called on")

    if not deep:
        return
    _check_board(state, game)
    _check_positions_and_hidden(state, game, seats, rng)


def _check_board(state, game) -> None:
    """The omniscient board is well-formed SVG whose targets are drawn once, with labels, and
    hold every target the legal actions concern (docs/dev/board.md)."""
    svg = game.render_svg(state.view(None))
    try:
        ET.fromstring(svg)
    except ET.ParseError as exc:
        raise _fail(state, f"render_svg gives malformed SVG: {exc}") from None
    try:  # every target drawn once, with a label (docs/dev/board.md)
        drawn = board_targets(svg)
    except ValueError as exc:
        raise _fail(state, f"render_svg's board targets: {exc} (docs/dev/board.md)") from None
    missing = sorted(set(state.action_targets()) - set(drawn))
    if missing:
        raise _fail(state, f"actions concern targets the board does not draw: {missing[:5]}")


def _check_positions_and_hidden(state, game, seats, rng: random.Random) -> None:
    """The position round trip gives the same state; resampling what a seat cannot see
    changes nothing it sees (its observation, view and legal actions)."""
    pos = state.to_position()
    try:
        _dumps(pos)
        _toml_friendly(pos)
    except (TypeError, ValueError) as exc:
        raise _fail(state, f"to_position() is not JSON/TOML-friendly: {exc}") from None
    again = game.state_from_position(json.loads(_dumps(pos)))
    _same_as(state, again, "position round trip", [None, *seats])
    if game.hidden_information:
        for p in seats:
            other = state.resample_hidden(p, random.Random(rng.random()))
            if _dumps(other.observation(p)) != _dumps(state.observation(p)):
                raise _fail(state, f"resample_hidden({p}) changed seat {p}'s observation")
            if _dumps(other.view(p)) != _dumps(state.view(p)):
                raise _fail(state, f"resample_hidden({p}) changed seat {p}'s view")
            if state.current_player == p and [str(a) for a in other.legal_actions()] != [str(a) for a in state.legal_actions()]:
                raise _fail(state, f"resample_hidden({p}) changed seat {p}'s legal actions")


def sampled_states(game_id: str, num_players: int | None = None, *, games: int = 200,
                   options=({},), greedy=None, seed_base: int = 0) -> Iterator:
    """Every state, in order, of ``games`` seeded games of ``game_id``: game ``k`` is played
    with ``options[k % len(options)]``, chance and agents drawing from
    ``random.Random(seed_base + k)``, and seat ``p`` playing greedy where ``greedy(k, p)`` is
    true (default: never), random otherwise. The sample the counted-component tests walk."""
    from ..agents import GreedyAgent, RandomAgent
    from ..core.game import load_game

    for k in range(games):
        g = load_game(game_id, num_players=num_players, options=options[k % len(options)])
        rng = random.Random(seed_base + k)
        agents = [GreedyAgent() if greedy is not None and greedy(k, p) else RandomAgent()
                  for p in range(g.num_players)]
        s = g.new_initial_state()
        while True:
            yield s
            if s.is_terminal:
                break
            s = s.apply(s.sample_chance(rng) if s.is_chance_node else agents[s.current_player].act(s, rng))


def _random_action(state, rng: random.Random) -> Action:
    if state.is_chance_node:
        return state.sample_chance(rng)
    acts = state.legal_actions()
    kinds = sorted({a.kind for a in acts})
    kind = rng.choice(kinds)
    return rng.choice([a for a in acts if a.kind == kind])


def check_game(game: Game, seed: int = 0, *, deep_every: int = 7, mutate: int = 2,
               max_steps: int = 20_000, replay_check: bool = True) -> int:
    """Play one random game of ``game`` with ``seed``, checking every state with
    :func:`check_state` (the deep checks on every ``deep_every``-th state and the last; 0: on
    the last only), then the JSON round trip and the replay identity of the final state.
    Returns the number of actions. Raises :class:`ContractViolation`."""
    rng = random.Random(f"contract:{seed}")
    state = game.new_initial_state()
    states = [state]
    for k in range(max_steps):
        deep = bool(deep_every) and k % deep_every == 0
        check_state(state, rng, deep=deep, mutate=mutate)
        if state.is_terminal:
            break
        state = state.apply(_random_action(state, rng))
        states.append(state)
    else:
        raise _fail(state, f"no end after {max_steps} random actions")
    check_state(state, rng, deep=True, mutate=mutate)
    if replay_check:
        again = game.state_from_json(json.loads(_dumps(state.to_json())))
        _same_as(state, again, "JSON round trip", [None])
        replay = Replay(GameLog.from_state(state))
        if len(replay) != len(states):
            raise _fail(state, f"replay has {len(replay)} states, the game {len(states)}")
        for k in sorted({0, len(states) // 3, len(states) // 2, len(states) - 1}):
            _same_as(states[k], replay.state_at(k), f"replay state {k}", [None])
    return state.move_number


# -- golden playthroughs -----------------------------------------------------------------

def _h(obj) -> str:
    return hashlib.sha256(_dumps(obj).encode()).hexdigest()[:16]


def playthrough(game: Game, seed: int = 1, agents=None) -> Iterator[str]:
    """The golden record of one whole game, as lines of text: for every state its status,
    phase, deciding seat, legal actions, chance outcomes, scores and a hash of each seat's
    observation; then the action taken and the events it caused (with their rules)."""
    from ..core.match import Match

    agents = agents if agents is not None else ["random"] * game.num_players
    m = Match(game, seed=seed, agents=agents)
    yield (f"# hotellab playthrough: game={game.id} num_players={game.num_players} "
           f"options={_dumps(game.options)} seed={seed} agents={','.join(map(str, agents))}")
    k = 0
    while True:
        s = m.state
        ph = s.phase
        yield f"[{k}] {s.status_text()}"
        yield f"  phase: {ph.name} ({ph.rule.section}); round: {s.round_label()}; player: {s.current_player}"
        if s.is_chance_node:
            outs = s.chance_outcomes()
            yield "  chance: " + ("; ".join(f"{a} p={p:.4f}" for a, p in outs) if outs else "(unlisted)")
        elif not s.is_terminal:
            yield "  legal: " + "; ".join(str(a) for a in s.legal_actions())
        yield "  scores: " + " ".join(str(x) for x in s.scores)
        yield "  observations: " + " ".join(_h(s.observation(p)) for p in range(game.num_seats))
        if s.is_terminal:
            yield f"  winners: {s.winners()}"
            yield "  breakdown: " + "; ".join(f"{i.player}:{i.category}={i.points}" for i in s.score_breakdown())
            break
        new = m.step()
        yield f"  action: {new.history()[-1]}"
        for ev in new.events:
            yield f"  event: {ev.text} [{ev.rule.section}]"
        k += 1


def playthrough_text(game: Game, seed: int = 1, agents=None) -> str:
    """:func:`playthrough` joined into one text (ends with a newline)."""
    return "\n".join(playthrough(game, seed, agents)) + "\n"


# -- rule maps (hotellab/games/<game>/rule_map.toml) -------------------------------------------
def rule_map_path(game_id: str):
    """The path of a game's rule map: ``hotellab/games/<game>/rule_map.toml`` (rule statement
    -> code -> tests -> mutations, one format for every game)."""
    from pathlib import Path

    return Path(__file__).resolve().parent.parent / "games" / game_id / "rule_map.toml"


def rule_map(game_id: str) -> list[dict]:
    """A game's rule map: its ``[[statement]]`` tables in rulebook order (see
    :func:`rule_map_path`). Raises FileNotFoundError naming the path when the game has none."""
    import tomllib

    return tomllib.loads(rule_map_path(game_id).read_text("utf-8"))["statement"]


def rule_map_games() -> list[str]:
    """The games whose package holds a rule map, sorted."""
    from pathlib import Path

    return sorted(p.parent.name for p in (Path(__file__).resolve().parent.parent / "games").glob("*/rule_map.toml"))


def normalise_space(text: str) -> str:
    """``text`` with every run of white space one space, trimmed: a rulebook's line breaks do
    not count when a quote is looked up."""
    import re

    return re.sub(r"\s+", " ", text).strip()


def is_heading_path(section: str, lines) -> bool:
    """True when ``section`` is rulebook lines (each possibly cut short) joined by " / " (a
    heading may itself contain " / "); ``lines`` are the rulebook's lines, space-normalised."""
    parts = section.split(" / ")
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            name = " / ".join(parts[i:j])
            if any(line.startswith(name) for line in lines):
                i = j
                break
        else:
            return False
    return True


def missing_tests(table: list[dict], tests_dir) -> list[str]:
    """The ``file::test`` references of a rule-statement table (each statement's ``tests``)
    that name no test function of ``tests_dir``, and the statements that name none."""
    import ast
    from pathlib import Path

    names: dict[str, set] = {}
    out = []
    for s in table:
        if not s.get("tests"):
            out.append(f"{s['id']}: no test")
        for ref in s.get("tests", []):
            file, _, name = ref.partition("::")
            if file not in names:
                path = Path(tests_dir) / file
                tree = ast.parse(path.read_text("utf-8")) if path.is_file() else ast.Module(body=[])
                names[file] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
            if name not in names[file]:
                out.append(f"{s['id']}: {ref} does not exist")
    return out


def mutation_problems(table: list[dict], package_dir) -> list[str]:
    """What keeps a rule-statement table's mutations from running (``scripts/mutation_check.py``
    applies each mutation's edits one after another): a rule of play without a mutation, an
    edit whose old text is not in its file exactly once, an edit that changes nothing, and a
    mutation on a statement that says another again (``same_as``) or is presentation only."""
    from pathlib import Path

    ids = {s["id"] for s in table}
    out = []
    for s in table:
        again = "same_as" in s
        if again and (s["same_as"] not in ids or s["same_as"] == s["id"]):
            out.append(f"{s['id']}: same_as {s['same_as']!r} is no other statement")
        if again or s.get("kind") == "presentation":
            if "mutation" in s:
                out.append(f"{s['id']}: a statement said again or presentation only has no mutation")
            continue
        if not s.get("mutation"):
            out.append(f"{s['id']}: no mutation")
        for m in s.get("mutation", []):
            texts: dict[str, str] = {}
            for file, old, new in m["edits"]:
                source = texts.setdefault(file, (Path(package_dir) / file).read_text("utf-8"))
                if source.count(old) != 1:
                    out.append(f"{s['id']}: {file} has {source.count(old)} copies of {old!r}")
                if old == new:
                    out.append(f"{s['id']}: an edit of {file} changes nothing")
                texts[file] = source.replace(old, new)
    return out


def resolve_code_pointer(package: str, pointer: str) -> list:
    """The objects a rule-statement table's ``code`` names, in the game package ``package``
    (e.g. ``"hotellab.games.boutique_hotel"``): parts joined by ";", each ``file.py:names`` or
    ``data/<file>`` (which must exist), a remark in parentheses or after the data file's name
    left aside. ``names`` are joined by "," or "/": ``Class.attr`` sets the class a later bare
    name is looked up in first; a bare name is then looked up in the module, then in the
    classes the module defines. A function must be defined in the file named, not only
    imported into it. Raises ValueError naming the part that does not resolve."""
    import importlib
    import inspect
    import re
    from pathlib import Path

    found = []
    folder = Path(importlib.import_module(package).__file__).parent
    for part in pointer.split(";"):
        part = re.sub(r"\s*\([^)]*\)", "", part).strip()  # "(six Tag Rows)": a remark
        if part.startswith("data/"):
            path = part.split()[0]
            if not (folder / path).is_file():
                raise ValueError(f"{path}: no such data file")
            found.append(folder / path)
            continue
        m = re.fullmatch(r"(\w+)\.py:(.+)", part)
        if not m:
            raise ValueError(f"not a code pointer: {part!r} (file.py:Name or data/<file>)")
        module = importlib.import_module(f"{package}.{m.group(1)}")
        classes = [c for c in vars(module).values() if inspect.isclass(c) and c.__module__ == module.__name__]
        owner = None
        for name in (n.strip() for n in re.split(r"[,/]", m.group(2)) if n.strip()):
            if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)?", name):
                raise ValueError(f"bad name {name!r} in {part!r}")
            if "." in name:
                cls_name, name = name.split(".")
                owner = getattr(module, cls_name, None)
                if not inspect.isclass(owner):
                    raise ValueError(f"{cls_name!r} is no class of {m.group(1)}.py ({part})")
            places = ([owner] if owner is not None else []) + [module] + classes
            obj = next((getattr(p, name) for p in places if hasattr(p, name)), None)
            if obj is None:
                raise ValueError(f"{name!r} is not in {m.group(1)}.py ({part})")
            fn = inspect.getattr_static(owner, name, obj) if owner is not None else obj
            fn = fn.fget if isinstance(fn, property) else fn
            fn = fn.__func__ if isinstance(fn, (classmethod, staticmethod)) else fn
            if inspect.isfunction(fn) and fn.__module__ != module.__name__:
                raise ValueError(f"{name} is defined in {fn.__module__}, not {m.group(1)}.py")
            found.append(obj)
    return found


def assert_position_refused(state, change, field: str, rule_section: str | None, words: str = ""):
    """Assert that ``state.to_position()`` is read back, and that after ``change(table)`` (an
    edit in place) ``state_from_position`` refuses it with a PositionError naming ``field``,
    the rule of section ``rule_section`` (None: a shape error, no rule) and containing
    ``words``. Returns the error. Used by the counted-component tests of every game."""
    import copy

    from ..core.errors import PositionError

    pos = copy.deepcopy(state.to_position())
    state.game.state_from_position(copy.deepcopy(pos))  # the unchanged position is read
    change(pos)
    try:
        state.game.state_from_position(pos)
    except PositionError as exc:
        err = exc
    else:
        raise AssertionError(f"the changed position was accepted; expected a refusal of {field!r}")
    assert err.field == field, str(err)
    if rule_section is None:
        assert err.rule is None, str(err)
    else:
        assert err.rule is not None and err.rule.section == rule_section, str(err)
    assert words in str(err), str(err)
    return err


def interrupt_simulate(monkeypatch, at: int, keep=None, how: str = "attrs", record=None) -> list:
    """Make :func:`hotellab.sim.simulate` (as ``hl.sim.simulate``, which the sweep, the skill
    matrix and ``luck`` call) stop at its ``at``-th call (1-based) as Ctrl-C would: that call
    keeps only the games whose index is in ``keep`` and marks ``attrs["interrupted"]``
    (``how="attrs"``, what simulate returns on Ctrl-C), or raises KeyboardInterrupt
    (``how="raise"``). Returns the list of calls, each recorded as ``record(args, kwargs)``
    (default: the positional arguments)."""
    from .. import sim

    real = sim.simulate
    calls = []

    def fake(*args, **kwargs):
        calls.append(args if record is None else record(args, kwargs))
        if len(calls) == at and how == "raise":
            raise KeyboardInterrupt
        table = real(*args, **kwargs)
        if len(calls) == at:
            table = table[table["game"].isin(keep)].reset_index(drop=True)
            table.attrs["interrupted"] = True
        return table

    monkeypatch.setattr(sim, "simulate", fake)
    return calls



def check_action_targets(game: Game, games: int = 8, seed: int = 0, max_steps: int = 400) -> dict:
    """Play ``games`` random games of ``game`` and check ``state.action_targets`` at every
    decision: every listed action is legal, every target id is drawn (``data-target``) in the
    board of the omniscient view and of the deciding seat's view, a seat's view lists the same
    targets as the omniscient one, and another seat's view lists none. Returns the counts
    ``{"decisions", "legal", "on_board"}`` (``on_board / legal`` is the share of legal actions
    reachable from the board). Raises :class:`ContractViolation` naming the state."""
    rng = random.Random(seed)
    counts = {"decisions": 0, "legal": 0, "on_board": 0}
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(max_steps):
            if state.is_terminal:
                break
            if state.is_chance_node:
                if state.action_targets():
                    raise _fail(state, "a chance node lists action targets")
                state = state.apply(state.sample_chance(rng))
                continue
            cp = state.current_player
            legal = state.legal_actions()
            targets = state.action_targets()
            listed = [a for acts in targets.values() for a in acts]
            if len(listed) != len(set(listed)) or not set(listed) <= set(legal):
                raise _fail(state, f"action_targets lists an action twice or one that is not legal: {targets}")
            try:
                drawn = board_targets(game.render_svg(state.view(None)))
                seat_drawn = board_targets(game.render_svg(state.view(cp)))
            except (ValueError, ET.ParseError) as exc:
                raise _fail(state, f"board targets: {exc}") from None
            for tid in targets:
                if tid not in drawn or tid not in seat_drawn:
                    raise _fail(state, f"target {tid!r} of {[str(a) for a in targets[tid]]} is not drawn on the board"
                                f" ({'omniscient' if tid not in drawn else f'seat {cp}'} view)")
            if state.action_targets(cp) != targets:
                raise _fail(state, f"seat {cp}'s action_targets differ from the omniscient ones")
            for other in range(game.num_seats):
                if other != cp and state.action_targets(other):
                    raise _fail(state, f"seat {other}'s view lists targets while seat {cp} decides")
            counts["decisions"] += 1
            counts["legal"] += len(legal)
            counts["on_board"] += len(listed)
            state = state.apply(rng.choice(legal))
    return counts


BOARD_TEXT_JS = r"""
() => {
  const out = {min: 1e9, minText: "", overlaps: [], count: 0, wide: []};
  const texts = [...(document.querySelector(".hl-board, .hl-lesson-svg") ? document.querySelectorAll(".hl-board svg text, .hl-lesson-svg svg text") : document.querySelectorAll("svg text"))];
  const boxes = [];
  for (const t of texts) {
    if (!t.textContent.trim()) continue;
    const ctm = t.getScreenCTM();
    const fs = parseFloat(getComputedStyle(t).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
    out.count++;
    if (fs < out.min) { out.min = fs; out.minText = t.textContent.trim(); }
    const r = t.getBoundingClientRect();
    const panel = t.closest("svg.hl-panel") || t.ownerSVGElement;
    boxes.push([r, t.textContent.trim(), panel]);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, ta, pa] = boxes[i], [b, tb, pb] = boxes[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1.5 && h > 1.5) out.overlaps.push(ta + " | " + tb);
  }
  for (const s of document.querySelectorAll(".hotellab-board > svg, .hl-panels > svg")) {
    const r = s.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 1) out.wide.push(Math.round(r.width));
  }
  return out;
}
"""
"""JavaScript for a page (playwright's ``page.evaluate``): the board texts' smallest rendered
size in CSS px (``min``, ``minText``), how many (``count``), each pair of texts whose boxes
overlap by more than 1.5 px both ways (``overlaps``) and the widths of board SVGs that run past
the page's right edge (``wide``). Boards of a GameView or Lesson when the page has one, else
every SVG. Used by ``scripts/board_check.py`` and ``tests/test_board_browser.py``."""
