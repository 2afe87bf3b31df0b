"""The tutor: which decisions of a game cost the most, judged by a search agent.

At a decision, an information-set MCTS agent (:mod:`hotellab.agents.mcts`) searches from what
the deciding seat could see, giving each legal move an estimated value for that seat (0 to 1:
three quarters the chance to win, a quarter the expected score rank). A move's *cost* is the
best move's value minus the value of the move played. Every legal move is tried at least a few
times (``root_visits``), so the move played always has an estimate.

>>> import hotellab as hl
>>> log = hl.play(hl.load_game("perfect_hotel"), agents=["random", "greedy"], seed=3)
>>> moves = hl.analysis.costly_moves(log, agent="mcts:60", threshold=0.1, progress=False)
>>> list(moves.columns)[:5]
['step', 'seat', 'player', 'played', 'best']

This is the Tabletop Games framework's "Tutor" (flag awful moves), with the search's numbers
kept. Estimates are noisy: a second run with another seed flags most, not all, of the same
moves (``bench/mcts.py --only tutor`` measures how many: 58% at mcts:300).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["MoveCost", "move_cost", "costly_moves"]


@dataclass(frozen=True)
class MoveCost:
    """One decision judged: ``seat``; ``played`` and ``best`` (Actions) with ``played_text``
    and ``best_text`` in the button words (``action_to_string`` for the seat);
    ``played_value`` and ``best_value`` (0 to 1); ``cost`` (``best_value - played_value``,
    0 when the move played is the best); ``legal`` (how many moves there were); ``agent``."""

    seat: int
    played: object
    best: object
    played_text: str
    best_text: str
    played_value: float
    best_value: float
    cost: float
    legal: int
    agent: str

    @property
    def text(self) -> str:
        """A sentence for a learner: what the move gave away, and what was better."""
        if self.cost <= 0:
            return f"{self.played_text}: as good as any move here (estimated by {self.agent})."
        return (f"{self.played_text}: about {self.cost:.2f} less than the best move, {self.best_text} "
                f"(estimated value {self.played_value:.2f} against {self.best_value:.2f} on a 0-1 scale, "
                f"by {self.agent}).")


def _agent(agent):
    from ..agents import MCTSAgent, get_agent
    from ..core.errors import OptionError

    a = get_agent(agent)
    if not isinstance(a, MCTSAgent):
        raise OptionError(f"the tutor needs an MCTS agent ('mcts:N'), got {agent!r}", field="agent")
    return a


def move_cost(state, action, agent="mcts:500", *, seed=0, root_visits: int | None = None) -> MoveCost:
    """How much ``action`` (an Action or its text), taken at ``state`` by its deciding seat,
    gives away against the best move found by ``agent`` (``"mcts:N"`` or an
    :class:`~hotellab.agents.MCTSAgent`). ``root_visits``: iterations given to each legal move
    first (default: the budget over twice the number of moves, 1 to 20). Deterministic for a
    ``seed``. Raises ValueError at a chance node or the end, IllegalActionError when
    ``action`` is not legal, OptionError for an agent that is not MCTS."""
    from ..core.actions import parse_action
    from ..core.errors import OptionError

    a = _agent(agent)
    if isinstance(action, str):
        action = parse_action(action)
    if state.is_chance_node or state.is_terminal:
        raise ValueError(f"move_cost judges a decision; {state.status_text()} is not one")
    state.apply(action)  # IllegalActionError, state unchanged, when it is not legal
    legal = state.legal_actions()
    played = legal[legal.index(action)]
    seat = state.current_player
    if len(legal) == 1:
        v = float("nan")
        text = state.action_to_string(played, perspective=seat)
        return MoveCost(seat, played, played, text, text, v, v, 0.0, 1, a.name)
    if root_visits is None:
        root_visits = max(1, min(20, a.iterations // (2 * len(legal))))
    elif isinstance(root_visits, bool) or not isinstance(root_visits, int) or root_visits < 1:
        raise OptionError(f"move_cost: root_visits must be a whole number >= 1 (each move needs an estimate), "
                          f"got {root_visits!r}", field="root_visits")
    rng = seed if isinstance(seed, random.Random) else random.Random(f"tutor:{seed}")
    result = a.search(state, rng, root_visits=root_visits)
    best = result.best
    bv = result.value_of(best)
    pv = result.value_of(played)
    cost = 0.0 if played == best else max(0.0, bv - pv)
    return MoveCost(seat, played, best, state.action_to_string(played, perspective=seat),
                    state.action_to_string(best, perspective=seat), pv, bv, cost, len(legal), a.name)


def costly_moves(log, agent="mcts:1000", threshold: float = 0.1, *, seats=None, seed: int = 0,
                 top: int | None = None, progress=True):
    """The decisions of a game where the move played falls furthest below the best move.

    - ``log``: a :class:`~hotellab.GameLog`, :class:`~hotellab.Replay`, Match or final State;
    - ``agent``: the judge, ``"mcts:N"`` (more iterations: steadier estimates, slower; N / 1,300
      to N / 5,000 seconds per decision on one core, depending on the game: bench/mcts.py);
    - ``threshold``: the least cost (0 to 1) reported; ``seats``: the seats judged (default
      every player seat); ``top``: keep only the costliest ``top``; ``seed``: decision ``k``
      is searched with its own generator (``"{seed}:{k}"``), so a run is repeatable;
    - ``progress``: a tqdm bar over the decisions.

    Returns a pandas DataFrame sorted by ``cost`` (largest first), one row per costly
    decision: ``step`` (the replay index of the state where the move was made: its action is
    the log's action ``step``, and ``Replay(log)[step]`` the state), ``seat``, ``player``
    (its name), ``played``/``best`` (button words), ``played_action``/``best_action``
    (canonical text), ``played_value``/``best_value``/``cost`` (0 to 1) and ``legal``.
    Decisions with one legal move are skipped. ``attrs``: ``agent``, ``game_id``, ``decisions`` (judged),
    ``interrupted`` (Ctrl-C stops the pass and keeps the decisions judged so far, with a
    warning). Raises OptionError for a bad argument.
    """
    from ..core import Replay
    from ..core.errors import OptionError
    from ..sim import require

    pd = require("pandas", "sim", "hotellab.analysis.costly_moves")
    judge = _agent(agent)
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold <= 1:
        raise OptionError(f"costly_moves: threshold must be a number from 0 to 1, got {threshold!r}",
                          field="threshold")
    if top is not None and (isinstance(top, bool) or not isinstance(top, int) or top < 1):
        raise OptionError(f"costly_moves: top must be a whole number >= 1 or None, got {top!r}", field="top")
    replay = log if isinstance(log, Replay) else Replay(log)
    game = replay.game
    if seats is None:
        seats = range(game.num_players)
    if isinstance(seats, (str, bytes)) or not hasattr(seats, "__iter__"):
        raise OptionError(f"costly_moves: seats must be a list of player seats, e.g. [0], got {seats!r}",
                          field="seats")
    seats = list(seats)
    if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < game.num_players for s in seats):
        raise OptionError(f"costly_moves: seats must be player seats 0..{game.num_players - 1}, got "
                          f"{seats!r}", field="seats")
    seats = set(seats)
    names = list(replay.log.players) if getattr(replay.log, "players", None) else game.seat_names()
    todo = []
    for k, state in enumerate(replay):
        if k >= len(replay.actions):
            break
        if state.is_chance_node or state.current_player not in seats:
            continue
        if len(state.legal_actions()) > 1:
            todo.append((k, state))
    bar = None
    if progress is True:
        try:
            from tqdm.auto import tqdm

            bar = tqdm(total=len(todo), desc=f"tutor ({judge.name})", unit="decision")
        except ImportError:
            bar = None
    rows = []
    interrupted = False
    judged = 0
    try:
        for k, state in todo:
            mc = move_cost(state, replay.actions[k], judge, seed=random.Random(f"{seed}:{k}"))
            judged += 1
            if bar is not None:
                bar.update(1)
            if mc.cost >= threshold and mc.cost > 0:
                rows.append({"step": k, "seat": mc.seat, "player": names[mc.seat] if mc.seat < len(names) else "",
                             "played": mc.played_text, "best": mc.best_text, "played_action": str(mc.played),
                             "best_action": str(mc.best), "played_value": mc.played_value,
                             "best_value": mc.best_value, "cost": mc.cost, "legal": mc.legal})
    except KeyboardInterrupt:  # keep the decisions judged so far
        interrupted = True
        import warnings

        warnings.warn(f"costly_moves interrupted: {judged} of {len(todo)} "
                      "decisions judged; the table holds those", RuntimeWarning, stacklevel=2)
    finally:
        if bar is not None:
            bar.close()
    cols = ["step", "seat", "player", "played", "best", "played_action", "best_action", "played_value",
            "best_value", "cost", "legal"]
    out = pd.DataFrame(rows, columns=cols).sort_values(["cost", "step"], ascending=[False, True],
                                                       ignore_index=True)
    if top is not None:
        out = out.head(top)
    out.attrs["agent"] = judge.name
    out.attrs["game_id"] = game.id
    out.attrs["decisions"] = len(todo)
    out.attrs["interrupted"] = interrupted
    return out
