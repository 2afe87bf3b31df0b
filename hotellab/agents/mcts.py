"""Information-set Monte Carlo tree search (IS-MCTS): players of graded strength.

``"mcts:N"`` is an agent that spends ``N`` iterations on each decision. Each iteration

1. **determinises**: deals again what the deciding seat cannot see
   (:meth:`~hotellab.State.resample_hidden`), so the search never reads another seat's hand,
   a deck's order or a secret choice;
2. **selects** down the tree by UCB1 with availability counts (Cowling, Powley and
   Whitehouse 2012, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2),
   single-observer IS-MCTS): a child's exploration term uses the number of iterations in
   which its action was legal, not the parent's visits, since an action legal in one
   determinisation may not be in another. Each seat chooses for itself: the value backed up
   is a vector with one entry per seat;
3. **samples chance** from the state (:meth:`~hotellab.State.sample_chance`): chance
   outcomes get no tree nodes (open-loop search), so a shuffle does not split the tree into
   one branch per deck order;
4. **expands** one untried action, then **plays out** with the rollout policy for at most
   ``rollout_depth`` decisions, and
5. **backs up** the value of the end: at a terminal state ``0.75 * win share + 0.25 *
   score rank`` (0 for every player when no player wins); where the rollout stops earlier, the rank of each seat's
   :meth:`~hotellab.State.heuristic_value` among the player seats.

The move chosen is the root's most visited action (ties: the higher value, then the first
listed). The search is deterministic for a given ``rng`` (``act(state, rng)``), which
:class:`~hotellab.Match` and :func:`~hotellab.simulate` derive from their seed.

Names (everything that takes an agent name takes these)::

    "mcts:200"                          # 200 iterations, defaults otherwise
    "mcts:200:rollout=greedy"           # options after the budget, key=value, ':'-separated
    "mcts:1000:c=1.0:depth=40"

Options: ``c`` (exploration constant, > 0, default 0.7), ``rollout`` ("random": the random
agent's policy, uniform over action kinds then within the kind; "greedy": the greedy agent's
one-ply policy, about (branching factor) times slower per step), ``depth`` (decisions played
out after the tree before the heuristic is read; default "auto": the game's ``mcts_depth``, 40
decisions, 10 in Hostil Hostal, whose heuristic already counts the rest due at dawn; 0 reads
it at once, "none" plays to the end of the game).

Source: the rulebooks decide only what is legal; everything here is search. Deciding a seat
with one legal action costs nothing (no search).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..core.errors import OptionError
from ._base import Agent, GreedyAgent, RandomAgent, legal_or_raise

DEFAULTS = {"c": 0.7, "rollout": "random", "depth": "auto"}
WIN_WEIGHT = 0.75
"""The share of a terminal value that is the win (the rest is the score rank)."""


@dataclass(frozen=True)
class ActionStats:
    """One root action after a search: ``action``, ``visits`` (iterations through it),
    ``value`` (mean value for the deciding seat, 0 to 1; NaN when never visited) and
    ``available`` (iterations in which it was legal)."""

    action: object
    visits: int
    value: float
    available: int


@dataclass(frozen=True)
class SearchResult:
    """What :meth:`MCTSAgent.search` found: ``seat`` (who decides), ``iterations``, ``stats``
    (one :class:`ActionStats` per legal action, in the state's order) and ``best`` (the
    action :meth:`MCTSAgent.act` plays)."""

    seat: int
    iterations: int
    stats: tuple
    best: object

    def value_of(self, action) -> float:
        """The estimated value (0 to 1) of ``action`` for the deciding seat; KeyError if it
        is not a root action."""
        for s in self.stats:
            if s.action == action:
                return s.value
        raise KeyError(action)


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "mover")

    def __init__(self, mover: int, seats: int):
        self.children: dict = {}
        self.visits = 0
        self.total = [0.0] * seats
        self.avail = 0
        self.mover = mover


def parse_name(name: str) -> dict:
    """The settings of an ``"mcts:N[:key=value...]"`` name: ``{"iterations": N, "c": ...,
    "rollout": ..., "depth": ...}``. Raises OptionError naming the part that is wrong."""
    parts = name.split(":")
    if parts[0] != "mcts" or len(parts) < 2:
        raise OptionError(f"{name!r} is not an MCTS agent name: write 'mcts:N', N the iterations "
                          "per decision, e.g. 'mcts:200'", field="agents")
    try:
        n = int(parts[1])
    except ValueError:
        n = 0
    if n < 1 or str(n) != parts[1].strip():
        raise OptionError(f"{name!r}: the budget must be a whole number of iterations >= 1, e.g. "
                          f"'mcts:200' (got {parts[1]!r})", field="agents")
    out = {"iterations": n, **DEFAULTS}
    given: set = set()
    for p in parts[2:]:
        key, eq, value = p.partition("=")
        key = key.strip()
        if not eq or key not in DEFAULTS:
            raise OptionError(f"{name!r}: unknown option {p!r}; options are c=<exploration>, "
                              "rollout=random|greedy, depth=<decisions>|auto|none", field="agents")
        if key in given:
            raise OptionError(f"{name!r}: the option {key} is given twice", field="agents")
        given.add(key)
        out[key] = value.strip()
    return _checked(out, name)


def _checked(s: dict, name: str) -> dict:
    """The settings checked: ``c`` a finite number > 0 (text from a name, or an int/float, not a
    bool), ``rollout`` "random" or "greedy", ``depth`` a whole number >= 0 (an int, not a bool
    or float; text of digits from a name), "auto" or "none"/None. OptionError otherwise."""
    c = s["c"]
    try:
        c = -1.0 if isinstance(c, bool) or not isinstance(c, (int, float, str)) else float(c)
    except (ValueError, OverflowError):
        c = -1.0
    if not c > 0 or math.isinf(c):
        raise OptionError(f"{name}: c (exploration) must be a positive number, got {s['c']!r}", field="agents")
    if s["rollout"] not in ("random", "greedy"):
        raise OptionError(f"{name}: rollout must be 'random' or 'greedy', got {s['rollout']!r}", field="agents")
    depth = s["depth"]
    if depth in (None, "none", "auto"):
        depth = None if depth in (None, "none") else "auto"
    else:
        if isinstance(depth, str) and depth.isdigit():
            depth = int(depth)
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise OptionError(f"{name}: depth must be a whole number >= 0, 'auto' or 'none', got "
                              f"{s['depth']!r}", field="agents")
    return {"iterations": int(s["iterations"]), "c": c, "rollout": s["rollout"], "depth": depth}


class MCTSAgent(Agent):
    """Information-set MCTS with ``iterations`` per decision (see the module notes).

    ``c``: exploration constant (> 0); ``rollout``: "random" or "greedy"; ``depth``: decisions
    played out before the heuristic is read ("auto": the game's ``mcts_depth``; None: to the
    end). Raises OptionError for a bad
    setting. ``name`` is the agent's name in tables (``"mcts:200"``, with the options that
    differ from the defaults)."""

    def __init__(self, iterations: int = 100, c: float = DEFAULTS["c"], rollout: str = DEFAULTS["rollout"],
                 depth: int | None = DEFAULTS["depth"]):
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise OptionError(f"MCTSAgent: iterations must be a whole number >= 1, got {iterations!r}",
                              field="iterations")
        s = _checked({"iterations": iterations, "c": c, "rollout": rollout,
                      "depth": "none" if depth is None else depth}, "MCTSAgent")
        self.iterations, self.c, self.rollout, self.depth = s["iterations"], s["c"], s["rollout"], s["depth"]
        extra = [f"{k}={'none' if v is None else v}" for k, v in
                 (("c", self.c), ("rollout", self.rollout), ("depth", self.depth)) if v != DEFAULTS[k]]
        self.name = ":".join([f"mcts:{self.iterations}", *extra])
        self._policy = (GreedyAgent() if self.rollout == "greedy" else RandomAgent()).act

    @classmethod
    def from_name(cls, name: str) -> "MCTSAgent":
        """The agent an ``"mcts:N[:key=value...]"`` name stands for (see :func:`parse_name`)."""
        return cls(**parse_name(name))

    def __reduce__(self):
        return (MCTSAgent, (self.iterations, self.c, self.rollout, self.depth))

    def act(self, state, rng: random.Random):
        actions = legal_or_raise(state)
        if len(actions) == 1:
            return actions[0]
        return self.search(state, rng).best

    # ------------------------------------------------------------------ the search
    def search(self, state, rng: random.Random | int | None = None, *, iterations: int | None = None,
               root_visits: int = 0) -> SearchResult:
        """Search from ``state`` (a decision, not a chance node or the end) for its deciding
        seat and return a :class:`SearchResult` with every root action's statistics.

        ``iterations``: override the agent's budget; ``root_visits``: play each root action at
        least this many times first (the tutor uses it so that every move gets a value).
        Raises ValueError at a chance node or a terminal state."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        for what, v, least in (("iterations", iterations, 1), ("root_visits", root_visits, 0)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < least):
                raise OptionError(f"search: {what} must be a whole number >= {least}, got {v!r}", field=what)
        seat = state.current_player
        if seat < 0:
            raise ValueError(f"MCTS searches a decision; {state.status_text()} is "
                             f"{'a chance node' if state.is_chance_node else 'the end of the game'}")
        roots = state.legal_actions()
        seats = state.game.num_seats
        players = state.game.num_players
        root = _Node(seat, seats)
        n = self.iterations if iterations is None else iterations
        forced = [a for a in roots for _ in range(root_visits)]
        hidden = state.game.hidden_information
        for i in range(n + len(forced)):
            det = state.resample_hidden(seat, rng) if hidden else state
            first = forced[i] if i < len(forced) else None
            self._iterate(det, root, rng, seats, players, first)
        stats = []
        for a in roots:
            ch = root.children.get(a)
            if ch is None or not ch.visits:
                stats.append(ActionStats(a, 0, float("nan"), ch.avail if ch else 0))
            else:
                stats.append(ActionStats(a, ch.visits, ch.total[seat] / ch.visits, ch.avail))
        best = max(range(len(stats)), key=lambda k: (stats[k].visits,
                                                     -1.0 if stats[k].visits == 0 else stats[k].value, -k))
        return SearchResult(seat, n, tuple(stats), roots[best])

    def _iterate(self, state, root: _Node, rng, seats: int, players: int, first=None) -> None:
        path = [root]
        node = root
        c = self.c
        expanded = False
        while True:
            while state._current_player() == -1:  # chance: sampled, no tree node (open loop)
                state = state.apply(state.sample_chance(rng))
            if state._current_player() < 0:
                break
            legal = state.legal_actions()
            mover = state._current_player()
            children = node.children
            if first is not None:  # a forced root action (root_visits)
                action, first = first, None
                child = children.get(action)
                if child is None:
                    child = children[action] = _Node(mover, seats)
                for a in legal:
                    ch = children.get(a)
                    if ch is not None:
                        ch.avail += 1
            else:
                untried = [a for a in legal if a not in children]
                for a in legal:
                    ch = children.get(a)
                    if ch is not None:
                        ch.avail += 1
                if untried:
                    action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = children[action] = _Node(mover, seats)
                    child.avail = 1
                    expanded = True
                else:
                    best_u, action = -1.0, legal[0]
                    for a in legal:
                        ch = children[a]
                        u = ch.total[mover] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits) \
                            if ch.visits else math.inf
                        if u > best_u:
                            best_u, action = u, a
                    child = children[action]
            state = state.apply(action)
            path.append(child)
            node = child
            if expanded:
                break
        value = self._rollout(state, rng, seats, players)
        for nd in path:
            nd.visits += 1
            tot = nd.total
            for s in range(seats):
                tot[s] += value[s]

    def _rollout(self, state, rng, seats: int, players: int) -> list:
        policy = self._policy
        left = self.depth
        if left == "auto":
            left = state.game.mcts_depth
        while True:
            cp = state._current_player()
            if cp == -1:
                state = state.apply(state.sample_chance(rng))
            elif cp >= 0:
                if left is not None:
                    if left <= 0:
                        return _ranks([state.heuristic_value(s) for s in range(players)], seats)
                    left -= 1
                state = state.apply(policy(state, rng))
            else:
                return terminal_value(state, seats, players)


def _ranks(values: list, seats: int) -> list:
    """Each player seat's rank among ``values`` as a number in [0, 1] (1: alone at the top,
    ties share); seats past the players get 0."""
    n = len(values)
    out = [0.0] * seats
    if n <= 1:
        if n:
            out[0] = 1.0
        return out
    for s, v in enumerate(values):
        below = sum(1 for w in values if w < v)
        tied = sum(1 for w in values if w == v) - 1
        out[s] = (below + 0.5 * tied) / (n - 1)
    return out


def terminal_value(state, seats: int, players: int) -> list:
    """The value of a finished game to each seat. When a player seat wins: ``WIN_WEIGHT``
    times the seat's share of the win (1 / the number of winners for a winner, 0 otherwise)
    plus the rest times its score rank among the player seats (:func:`_ranks`). When no player
    wins (a Hotel Zombie party falls, Hostil Hostal's automata wins) every player has lost
    alike: 0 for each, whatever the scores (a non-player winner gets 1)."""
    winners = state.winners()
    out = [0.0] * seats
    if not any(w < players for w in winners):
        for w in winners:
            out[w] = 1.0
        return out
    scores = state.scores
    ranks = _ranks([_num(scores[s]) for s in range(players)], seats)
    share = 1.0 / len(winners)
    out = [(1 - WIN_WEIGHT) * r for r in ranks]
    for w in winners:
        out[w] += WIN_WEIGHT * share
    return out


def _num(score) -> float:
    """A score as a number (a game may keep a tuple of tie-breakers: its first entry)."""
    if isinstance(score, (tuple, list)):
        return float(score[0]) if score else 0.0
    return float(score)
