"""What a worker runs: one batch of whole games -> one row (a dict) per game.

Imports only hotellab's core (no pandas), so that a process or Dask worker spends its time
playing. A row depends on (game, agents, seating, the game's seed) and nothing else, which is
what makes a table the same for any number of workers and any backend.
"""

from __future__ import annotations

import hashlib
import json
import random
import re

from ._names import agent_label, agent_name

_GAMES: dict = {}  # (game_id, num_players, options json, data token) -> Game, per process

# "Bedroom majority (8 cards)" and "Bedroom majority (3 cards)" are one category: the detail in
# a trailing parenthesis changes from game to game, the category does not.
_DETAIL = re.compile(r"\s*\([^()]*\)\s*$")


def category_key(category: str) -> str:
    """The stable name of a score-breakdown category: its text without a trailing
    parenthesised detail.

    >>> category_key("Bedroom majority (8 cards)")
    'Bedroom majority'
    >>> category_key("#5 Party")
    '#5 Party'
    """
    key = _DETAIL.sub("", str(category)).strip()
    return key or str(category)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed``: a 63-bit int that depends on these
    two numbers only (BLAKE2b of their text), so a game's seed does not depend on how the run
    was split into batches or workers.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8, person=b"hotellab-sim").digest()
    return int.from_bytes(digest, "big") >> 1


def _game(spec):
    from ..core.data import DATA_OPTION, current_class, use_data

    options = spec["options"]
    data = options.get(DATA_OPTION, "")
    if data:  # a sweep cell's component-data overrides travel in the options: not an option
        options = {k: v for k, v in options.items() if k != DATA_OPTION}
    cls = spec.get("game_class")
    # this process plays with the component data the spec says (none: the files'), whatever a
    # run before left in place; the token changes whenever the game's modules in place change
    token = use_data(spec["game"], data, cls)
    key = (spec["game"], spec["num_players"], json.dumps(options, sort_keys=True), token)
    game = _GAMES.get(key)
    if game is None:
        if cls is None:
            from ..core import load_game

            game = load_game(spec["game"], num_players=spec["num_players"], options=options)
        else:
            # the class itself travels with the work: a game registered with hl.register in the
            # calling process is unknown to a worker that did not run that registration; the
            # class of that name in the modules in place (another generation's under overrides)
            game = current_class(cls)(num_players=spec["num_players"], options=options)
        for old in [k for k in _GAMES if k[0] == key[0] and k[3] != token]:
            del _GAMES[old]  # games of modules no longer in place
        _GAMES[key] = game
    return game


def lineup(agents: list, index: int, seating: str) -> list:
    """The agents in seat order for game ``index``: as given (``seating="fixed"``) or turned
    by ``index`` places (``"rotate"``: the agent listed first sits at seat ``index % n``)."""
    if seating == "rotate" and len(agents) > 1:
        k = index % len(agents)
        return agents[-k:] + agents[:-k] if k else list(agents)
    return list(agents)


def play_one(spec: dict, index: int, seed: int, keep_log: bool, beat=None) -> dict:
    """Play game ``index`` with ``seed`` to its end and return its row.

    ``beat``: None, or ``(shared array, k)``: the game's index is written at ``k`` and the
    number of actions played so far at ``k + 1`` after each action, so that the parent sees
    which game a worker plays and that it makes progress (see ``_pool``)."""
    from ..core import Match

    if beat is not None:
        shared, k = beat
        shared[k] = index
        shared[k + 1] = 0

    from ..core.errors import IllegalActionError
    from ..core.match import _chance_rng

    game = _game(spec)
    agents = lineup(spec["agents"], index, spec["seating"])
    where = f"game {index} (seed {seed})"
    agent_seed = spec.get("agent_seed")
    players = game.num_players
    legal_counts: list[int] = []  # legal actions at each decision
    samples: list = []  # the player seats' scores at each decision, then at the end
    try:
        match = Match(game, seed=seed, agents=agents)
        max_steps = spec["max_steps"]
        state = match.state
        steps = decisions = 0
        while not state.is_terminal:
            if steps >= max_steps:
                raise GameFailed(
                    f"{where} of {game.id} did not end after {max_steps} actions "
                    f"({state.status_text()}); raise max_steps if the game is that long", index)
            p = None if state.is_chance_node else state.current_player
            agent = match.agents[p] if p is not None and p < len(match.agents) else None
            if agent is None:  # a chance outcome, or a seat that plays itself
                state = match.step()
            else:
                decisions += 1
                legal_counts.append(len(state.legal_actions()))  # cached: the agent's own call reads it
                sc = state.scores
                samples.append(sc if len(sc) == players else sc[:players])
                who = (f"seat {p}: {_agent_text(spec, agents, index, p)}")
                at = len(match._actions)
                rng = _chance_rng(match.seed, at) if agent_seed is None else agent_rng(seed, agent_seed, at)
                try:
                    action = agent.act(state, rng)  # as Match.step (agent_seed None)
                except Exception as exc:
                    raise GameFailed(f"{where}, {who} raised {type(exc).__name__}: {exc}", index, exc) from exc
                try:
                    state = match.step(action)
                except IllegalActionError as exc:
                    raise GameFailed(f"{where}, {who} returned {action!r:.80}, which is not a legal "
                                     f"move: {exc}", index, exc) from exc
                except Exception as exc:  # not an Action at all (an int, None...)
                    raise GameFailed(f"{where}, {who} returned {action!r:.80}, which is not a legal "
                                     f"move ({type(exc).__name__}: {exc})", index, exc) from exc
            steps += 1
            if beat is not None:
                shared[k + 1] = steps
    except GameFailed:
        raise
    except Exception as exc:  # the engine (a chance outcome, the end of the game)
        raise GameFailed(f"{where} of {game.id} raised {type(exc).__name__}: {exc}", index, exc) from exc
    scores = list(state.scores)
    winners = state.winners()
    samples.append(scores[:players])
    names = [agent_name(a) for a in agents]
    seat_names = game.seat_names()
    row = {
        "game": index,
        "seed": seed,
        "game_id": game.id,
        "num_players": game.num_players,
        "options": json.dumps(game.options, sort_keys=True),
        "lineup": ",".join(names),
        "length": steps,
        "decisions": decisions,
        "winners": ",".join(str(w) for w in winners),
        "n_winners": len(winners),
        **trajectory_measures(legal_counts, samples, [w for w in winners if w < players]),
    }
    if agent_seed is not None:
        row["agent_seed"] = agent_seed
    for s in range(game.num_seats):
        row[f"agent_{s}"] = names[s] if s < len(names) else seat_names[s]
    for s in range(game.num_seats):
        row[f"score_{s}"] = scores[s]
    for s in range(game.num_seats):
        row[f"win_{s}"] = s in winners
    points: dict = {}
    for item in state.score_breakdown():
        col = f"points_{item.player}|{category_key(item.category)}"
        points[col] = points.get(col, 0) + item.points
    row.update(sorted(points.items()))
    if keep_log:
        row["log"] = json.dumps(match.log.to_json(), separators=(",", ":"))
    return row


def agent_rng(seed: int, agent_seed: int, k: int) -> random.Random:
    """The generator an agent receives at action ``k`` of the game with ``seed`` when the run
    has an ``agent_seed`` (:func:`hotellab.simulate`): ``random.Random(f"{seed}:{agent_seed}:{k}")``.
    Chance outcomes keep the game's own generator (``random.Random(f"{seed}:{k}")``), so that
    two agent seeds play the same deal with different choices of the agents."""
    return random.Random(f"{seed}:{agent_seed}:{k}")


def replay_with_agent_seed(game, agents: list, seed: int, agent_seed: int):
    """The :class:`~hotellab.GameLog` of the game :func:`play_one` plays with ``seed`` and
    ``agent_seed`` (``agents``: one name per player seat, in seat order), as ``hl.play`` gives
    that of a game played without an agent seed."""
    from ..core import Match

    match = Match(game, seed=seed, agents=agents)
    state = match.state
    while not state.is_terminal:
        p = None if state.is_chance_node else state.current_player
        agent = match.agents[p] if p is not None and p < len(match.agents) else None
        if agent is None:
            state = match.step()
        else:
            state = match.step(agent.act(state, agent_rng(seed, agent_seed, len(match._actions))))
    return match.log


def trajectory_measures(legal_counts, samples, winners) -> dict:
    """The designer's measures of one game (the columns ``branching``, ``forced_share``,
    ``lead_changes``, ``decisive_at`` and ``drama`` of :func:`hotellab.simulate`).

    - ``legal_counts``: the number of legal actions at each of the game's ``D`` decisions, in
      order (chance outcomes and seats that play themselves are not decisions);
    - ``samples``: ``D + 1`` score lists of the player seats (seats 0 to ``num_players - 1``):
      sample ``k`` is taken after ``k`` decisions and the chance outcomes that followed them,
      i.e. when decision ``k + 1`` is to be made; the last one is the final scores;
    - ``winners``: the winning player seats (empty when no player seat wins).

    The *leaders* of a sample are the player seats with its highest score (several when they
    tie). Returns a dict:

    - ``branching``: the mean of ``legal_counts`` (>= 1; NaN when ``D == 0``);
    - ``forced_share``: the share of decisions with exactly one legal action (0..1; NaN when
      ``D == 0``);
    - ``lead_changes``: how many times a seat other than the last sole leader becomes sole
      leader. A tie leaves the lead where it was: A leads, A and B tie, A leads again counts
      0; A leads, they tie, B leads counts 1; the first sole leader is no change (int >= 0);
    - ``decisive_at``: ``k / D`` for the smallest ``k`` such that a winner is among the leaders
      of every sample from ``k`` on (0: never behind; 1 when a winner does not lead the last
      sample either, which happens where the win is not the highest score: Boutique Hotel's
      hotel out of the game, Hellton Palace's tie-break); NaN with no winner or ``D == 0``;
    - ``drama``: the largest deficit of the winners (their best score) to the leaders' score
      over the samples, in score units (>= 0; 0 when a winner always led or tied); NaN with
      no winner or when the scores are not numbers.

    >>> m = trajectory_measures([2, 1, 3], [(0, 0), (2, 0), (2, 3), (5, 3)], [0])
    >>> m["branching"], m["forced_share"], m["lead_changes"], m["decisive_at"], m["drama"]
    (2.0, 0.3333333333333333, 2, 1.0, 1)
    """
    nan = float("nan")
    d = len(legal_counts)
    out = {"branching": sum(legal_counts) / d if d else nan,
           "forced_share": legal_counts.count(1) / d if d else nan}
    tops = [max(sc) for sc in samples]
    changes, leader = 0, -1
    for sc, top in zip(samples, tops):
        if sc.count(top) == 1:  # a sole leader (a tie leaves the lead where it was)
            seat = sc.index(top)
            if seat != leader:
                changes += leader >= 0
                leader = seat
    out["lead_changes"] = changes
    if not winners or not samples:
        out["decisive_at"] = out["drama"] = nan
        return out
    if len(winners) == 1:
        w = winners[0]
        bests = [sc[w] for sc in samples]
    else:
        bests = [max(sc[w] for w in winners) for sc in samples]
    behind = len(samples) - 1  # the last sample at which no winner leads (-1: none)
    while behind >= 0 and bests[behind] == tops[behind]:
        behind -= 1
    out["decisive_at"] = min(behind + 1, d) / d if d else nan
    try:
        out["drama"] = max(t - b for t, b in zip(tops, bests))
    except TypeError:  # scores that are not numbers: no deficit to measure
        out["drama"] = nan
    return out


def _agent_text(spec, agents, index: int, seat: int) -> str:
    """"agent 0 (bad, a mymod.Bad)": the agent at ``seat`` by its index in the run's agent
    list (``seating="rotate"`` moves it), its name and type."""

    listed = spec["agents"]
    k = (seat - index) % len(listed) if spec["seating"] == "rotate" and len(listed) > 1 else seat
    return agent_label(k, agents[seat]) if seat < len(agents) else f"the agent of seat {seat}"


class GameFailed(Exception):
    """A game that raised (an agent's exception or illegal move, the engine, max_steps):
    ``message`` names the game, its seed and the agent; ``index`` the game; ``rows`` the rows
    of its batch finished before it (set by :func:`run_batch` and :func:`serve`); the original
    exception is its ``__cause__`` here and travels as ``cause`` (:func:`portable`)."""

    def __init__(self, message: str, index: int, original: BaseException | None = None):
        super().__init__(message)
        self.message, self.index = message, index
        self.original = original
        self.cause = None  # (exception, traceback text), once it has travelled
        self.rows: list = []

    def __reduce__(self):
        cause = self.cause
        if cause is None and self.original is not None:
            import traceback

            cause = portable(self.original, "".join(traceback.format_exception(self.original)))
        return _rebuild_failed, (self.message, self.index, cause, self.rows)

    def origin(self) -> BaseException | None:
        """The original exception: here, or rebuilt with the worker's traceback as its cause."""
        if self.original is not None:
            return self.original
        return arrived(self.cause) if self.cause is not None else None


def _rebuild_failed(message, index, cause, rows):
    exc = GameFailed(message, index)
    exc.cause, exc.rows = cause, rows
    return exc


def run_batch(spec: dict, jobs: list) -> list[dict]:
    """Rows of the games ``jobs`` = [(index, seed, keep_log), ...], in that order; GameFailed
    (its ``rows`` those finished before it) for a game that raised."""
    rows = []
    try:
        for i, s, k in jobs:
            rows.append(play_one(spec, i, s, k))
    except GameFailed as exc:
        exc.rows = rows
        raise
    return rows


class WorkerTraceback(Exception):
    """The traceback text of an exception raised in a worker process (set as the cause of
    the exception re-raised in the caller)."""

    def __str__(self) -> str:
        return "\n" + str(self.args[0]) if self.args else ""


def portable(exc: BaseException, tb: str) -> tuple:
    """``(exc, traceback text)`` to send to the parent: ``exc`` when it survives pickling,
    else a RuntimeError with its type and text. The parent raises it with the worker's
    traceback as its ``__cause__`` (:func:`arrived`)."""
    from multiprocessing.reduction import ForkingPickler

    try:
        ForkingPickler.loads(ForkingPickler.dumps(exc))
    except Exception:  # noqa: BLE001 - any exception that cannot travel is described instead
        exc = RuntimeError(f"{type(exc).__module__}.{type(exc).__qualname__}: {exc}")
    return exc, tb


def arrived(sent: tuple) -> BaseException:
    """The exception of :func:`portable`, its cause the worker's traceback."""
    exc, tb = sent
    exc.__cause__ = WorkerTraceback(tb)
    return exc


def serve(conn, payload: bytes, shared, slot: int) -> None:
    """The loop of one worker process of the process backend (``_pool``).

    ``payload`` is the pickled spec, unpickled again for every batch so that each batch starts
    with fresh copies of the agents (as when each batch travelled with its own spec). The
    worker says ``("ready", pid)`` once it has loaded the spec and the game, then for each
    ``(batch_id, jobs)`` received answers ``("done", batch_id, rows)``, ``("skipped",
    batch_id)`` (the run is stopping: ``shared[-1]`` set) or ``("error", batch_id, exc)``;
    ``None`` ends it. ``shared[3 * slot]``, ``shared[3 * slot + 1]``, ``shared[3 * slot + 2]``:
    the game it plays (-1 between batches), the actions played in it (:func:`play_one`'s
    ``beat``) and the games it has finished."""
    ignore_sigint()
    try:
        _serve(conn, payload, shared, slot)
    except (BrokenPipeError, ConnectionResetError):
        # the parent stopped listening (it ended, or took this worker for lost when
        # forkserver's server died): nothing is left to send to, and nothing to report
        return


def _serve(conn, payload: bytes, shared, slot: int) -> None:
    import os
    import traceback
    from multiprocessing.reduction import ForkingPickler  # how multiprocessing sends work

    k = 3 * slot
    try:
        spec = ForkingPickler.loads(payload)
        _game(spec)
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which explains it
        conn.send(("setup-error", portable(exc, traceback.format_exc())))
        return
    conn.send(("ready", os.getpid()))
    fresh = False
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        bid, jobs = msg
        if shared[len(shared) - 1]:
            conn.send(("skipped", bid))
            continue
        if fresh:
            spec = ForkingPickler.loads(payload)
        fresh = True
        rows = []
        try:
            for i, s, keep in jobs:
                rows.append(play_one(spec, i, s, keep, (shared, k)))
                shared[k + 2] += 1
        except GameFailed as exc:  # the parent keeps the rows and reports the game
            shared[k] = -1
            exc.rows = rows
            conn.send(("failed", bid, exc))
            continue
        except BaseException as exc:  # noqa: BLE001 - the parent re-raises it
            shared[k] = -1
            conn.send(("error", bid, portable(exc, traceback.format_exc())))
            continue
        shared[k] = -1
        conn.send(("done", bid, rows))


def ignore_sigint() -> None:
    """Process-pool initializer: Ctrl-C is the parent's to handle (it stops the run and keeps
    what is finished); a worker that died of it would break the pool instead."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
