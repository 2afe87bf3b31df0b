"""Match (a game in progress with its history) and :func:`play` (a whole game by agents)."""

from __future__ import annotations

import random

from .actions import Action, parse_action
from .errors import IllegalActionError

_agent_resolver = None
"""``(game, agents) -> list``: one agent (or None, a seat decided through ``step(action)``) per
player seat from :class:`Match`'s ``agents`` argument (names such as ``"random"``, agent
objects, None). The core knows no agent by name: the layer above installs the function with
:func:`set_agent_resolver` (``hotellab/__init__.py`` installs
:func:`hotellab.agents.resolve_agents`)."""


def set_agent_resolver(resolve) -> None:
    """Install ``resolve(game, agents) -> list``, which :class:`Match` calls to turn its
    ``agents`` argument into agents (see :data:`_agent_resolver`)."""
    global _agent_resolver
    _agent_resolver = resolve


def _resolve_agents(game, agents) -> list:
    if _agent_resolver is None:  # hotellab/__init__.py installs it before any Match can be made
        raise RuntimeError("no agent resolver installed: hotellab.core.match.set_agent_resolver")
    return _agent_resolver(game, agents)


def _chance_rng(seed, k: int) -> random.Random:
    """The generator for the chance outcome at position k: the same seed and position give
    the same outcome, so undo + step repeats it and a seed replays a whole game."""
    return random.Random(f"{seed}:{k}")


def _seat_names(game, players) -> list[str]:
    """One name per seat. Names for the player seats only are completed with the game's
    names of its non-human seats (the automata). ValueError for any other count;
    OptionError (field ``players[i]``) for a name with a control character or a lone
    surrogate, which no board, page or file could show (see :mod:`hotellab.core.text`)."""
    from .errors import OptionError
    from .text import check_names, check_text

    if players is None:
        return game.seat_names()
    players = [check_text(p if isinstance(p, str) else str(p), f"players[{i}]", OptionError,
                          what="player name") for i, p in enumerate(players)]
    if len(players) == game.num_players < game.num_seats:
        players += game.seat_names()[game.num_players:]
    if len(players) != game.num_seats:
        raise ValueError(
            f"{game.id} with {game.num_players} players has {game.num_seats} seats; "
            f"got {len(players)} player names"
        )
    return check_names(players, OptionError)


class Match:
    """A game in progress: the current state, its history, agents per seat and a seed.

    ``agents``: None (every seat decides through ``step(action)``) or a list with one
    entry per player seat, each an agent name (``"random"``, ``"greedy"``), an agent
    object with ``act(state, rng)`` or None for a human seat; a list of one entry plays every
    seat. Another count or an unknown name raises :class:`~hotellab.core.errors.OptionError`.
    """

    def __init__(self, game, seed: int | None = 0, agents=None, players=None, *, state=None):
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an int or None, got {seed!r}")
        if state is not None and state.game != game:
            raise ValueError(
                f"the state belongs to {state.game!r}, not to {game!r}: "
                "a Match continues a state of its own game"
            )
        self.game = game
        self.seed = seed
        self.agents = _resolve_agents(game, agents)
        self.players = _seat_names(game, players)
        self._states = [state if state is not None else game.new_initial_state()]
        self._actions: list[Action] = list(self._states[0].history())
        self._base = len(self._actions)

    @property
    def state(self):
        """The current state."""
        return self._states[-1]

    @property
    def states(self) -> list:
        return list(self._states)

    def step(self, action: Action | str | None = None):
        """Advance one action and return the new state.

        ``action`` None: at a chance node an outcome is sampled with the seed; at a
        decision the seat's agent plays (ValueError if the seat has no agent).
        Raises IllegalActionError (state unchanged) for an illegal action.
        """
        state = self.state
        if state.is_terminal:
            raise IllegalActionError(f"the game is over ({state.status_text()}); nothing to step")
        if action is None:
            k = len(self._actions)
            if state.is_chance_node:
                action = state.sample_chance(_chance_rng(self.seed, k))
            else:
                p = state.current_player
                agent = self.agents[p] if p < len(self.agents) else None
                if agent is None:
                    raise ValueError(
                        f"seat {p} ({self.players[p]}) has no agent: pass an action, "
                        f"e.g. one of {[str(a) for a in state.legal_actions()[:5]]}"
                    )
                action = agent.act(state, _chance_rng(self.seed, k))
        elif isinstance(action, str):
            action = parse_action(action)
        new = state.apply(action)
        self._states.append(new)
        self._actions.append(action)
        return new

    def run(self, max_steps: int | None = None, until=None):
        """Step until terminal, ``max_steps`` or a seat without an agent must decide."""
        n = 0
        while not self.state.is_terminal and (max_steps is None or n < max_steps):
            s = self.state
            if until is not None and until(s):
                break
            if not s.is_chance_node and (s.current_player >= len(self.agents) or self.agents[s.current_player] is None):
                break
            self.step()
            n += 1
        return self.state

    def undo(self):
        """Take back the last action; returns the state before it. ValueError at the start."""
        if len(self._states) <= 1:
            raise ValueError("nothing to undo: the match is at its first state")
        self._states.pop()
        self._actions.pop()
        return self.state

    def fork(self, at: int | None = None) -> "Match":
        """A new Match with the first ``at`` actions of this one (default: all)."""
        n = len(self._actions)
        if at is None:
            at = n
        if isinstance(at, bool) or not isinstance(at, int):
            raise TypeError(f"fork(at=...) takes an int, got {at!r}")
        asked = at
        if at < 0:
            at += n
        if not self._base <= at <= n:
            raise IndexError(f"fork(at={asked}): this match has actions {self._base} to {n}")
        m = Match.__new__(Match)
        m.game, m.seed, m.agents, m.players = self.game, self.seed, list(self.agents), list(self.players)
        m._states = self._states[: at - self._base + 1]
        m._actions = self._actions[:at]
        m._base = self._base
        return m

    def __copy__(self) -> "Match":
        """A Match that plays on alone: its own history (the states, which never change, are
        shared), the same agents, seed and players. Stepping or undoing one leaves the other
        as it was."""
        return self.fork()

    def __deepcopy__(self, memo) -> "Match":
        """As :meth:`__copy__`, with the agents deep-copied too (an agent that keeps state
        between moves gets its own)."""
        import copy

        twin = self.fork()
        twin.agents = copy.deepcopy(self.agents, memo)
        return twin

    @property
    def log(self):
        """The history as a :class:`GameLog`."""
        from .log import GameLog

        names = [getattr(a, "name", None) if a is not None else None for a in self.agents]
        return GameLog.from_state(self.state, players=self.players, seed=self.seed, agents=names)

    def __len__(self) -> int:
        return len(self._actions)

    def __repr__(self) -> str:
        return f"<Match {self.game.id} after {len(self._actions)} actions: {self.state.status_text()}>"


def play(game, agents=None, seed: int | None = 0, *, max_steps: int = 1_000_000, players=None, progress=False):
    """Play a whole game with one agent per player seat; returns its :class:`GameLog`.
    ``game`` is a :class:`Game` or a game id (its default players and options). Raises
    TypeError for anything else and UnknownGameError for an id no game has.

    >>> import hotellab as hl
    >>> log = hl.play(hl.load_game("hostil_hostal", num_players=3), agents=["random"] * 3, seed=1)
    >>> hl.Replay(log).final_state.is_terminal
    True
    """
    if isinstance(game, str):  # a game id: the game with its default players and options
        from .game import load_game

        game = load_game(game)
    elif not isinstance(getattr(game, "num_players", None), int):
        raise TypeError(f"play() takes a Game (hl.load_game(...)) or a game id, got {type(game).__name__}")
    if agents is None:
        agents = ["random"] * game.num_players
    m = Match(game, seed=seed, agents=agents, players=players)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(desc=f"{game.id} seed {seed}", unit="step")
    n = 0
    try:
        while not m.state.is_terminal:
            if n >= max_steps:
                raise RuntimeError(f"play(): no end after {max_steps} steps ({m.state.status_text()})")
            m.step()
            n += 1
            if bar is not None:
                bar.update(1)
    finally:  # the bar ends its line before any error is printed
        if bar is not None:
            bar.close()
    return m.log
