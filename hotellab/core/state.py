"""The state contract shared by every game.

A :class:`State` is immutable from the outside: :meth:`State.apply` returns a new state
and leaves the old one as it was. A game subclass implements the underscore hooks
(``_current_player``, ``_legal_actions``, ``_chance_outcomes``, ``_apply``, ``_copy`` ...);
this class adds legality checks, events, history, JSON and the chance helpers.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import CHANCE, TERMINAL, Action, parse_action
from .errors import IllegalActionError, LogFormatError
from .rules import Event, ScoreItem

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from .game import Game

STATE_FORMAT = "hotellab-state"
STATE_VERSION = 1


class State:
    """Base class of every game state (see DESIGN.md, "Public API")."""

    __slots__ = ("game", "events", "_hist", "_len", "_legal", "_pending_events")

    def __init__(self, game: "Game"):
        self.game = game
        self.events: tuple[Event, ...] = ()
        self._hist = None  # persistent list: (parent_hist, action)
        self._len = 0
        self._legal = None
        self._pending_events = None

    # -- construction hooks (subclasses) ----------------------------------------
    @classmethod
    def initial(cls, game: "Game") -> "State":
        raise NotImplementedError  # abstractmethod: every game defines its setup

    def _copy(self) -> "State":
        raise NotImplementedError  # abstractmethod

    def _copy_base(self, new: "State") -> "State":
        new.game = self.game
        new.events = ()
        new._hist = self._hist
        new._len = self._len
        new._legal = None
        new._pending_events = None
        return new

    # -- the standard API, in a fixed order --------------------------------------
    @property
    def current_player(self) -> int:
        """Seat to decide (>= 0), ``CHANCE`` (-1) or ``TERMINAL`` (-4)."""
        return self._current_player()

    @property
    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self._current_player() == CHANCE

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._current_player() == TERMINAL

    def legal_actions(self) -> list[Action]:
        """The deciding player's legal actions; at a chance node the listable outcomes
        (dice), else []. Empty at a terminal state."""
        if self._legal is None:
            if self.is_terminal:
                self._legal = []
            elif self.is_chance_node:
                outs = self._chance_outcomes()
                self._legal = [a for a, _ in outs] if outs is not None else []
            else:
                self._legal = self._legal_actions()
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(action, probability)`` pairs at a chance node when they can be listed;
        [] for a shuffle (use :meth:`sample_chance`) and at a decision node."""
        if not self.is_chance_node:
            return []
        return list(self._chance_outcomes() or [])

    def sample_chance(self, rng: random.Random | int | None = None) -> Action:
        """One chance action drawn with ``rng`` (a random.Random or a seed).

        Raises ValueError when this is not a chance node.
        """
        if not self.is_chance_node:
            raise ValueError(f"sample_chance: {self.status_text()} is not a chance node")
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        outs = self._chance_outcomes()
        if outs is not None:
            r = rng.random()
            acc = 0.0
            for a, p in outs:
                acc += p
                if r < acc:
                    return a
            return outs[-1][0]
        return self._sample_unlisted_chance(rng)

    def apply(self, action: Action | str) -> "State":
        """Return the NEW state after ``action``; ``self`` is unchanged.

        ``action`` may be an :class:`Action` or its canonical text. Raises
        :class:`IllegalActionError` (naming the rule) when the action is not legal.
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, Action):
            raise IllegalActionError(
                f"apply() takes an Action or its text, got {type(action).__name__}", action=action
            )
        # a float or bool seat (0.0 == 0) or a kind that is not text is never legal
        legal = (self._find_legal(action)
                 if type(action[2]) is int and type(action[0]) is str else None)
        if legal is None:
            raise IllegalActionError(self._illegal_reason(action), action=action)
        action = legal
        new = self._copy()
        new._pending_events = []
        new._apply(action)
        new.events = tuple(new._pending_events)
        new._pending_events = None
        new._hist = (self._hist, action)
        new._len = self._len + 1
        return new

    def _find_legal(self, action: Action):
        """The legal action equal to ``action``, in its canonical form (``3.0`` equals ``3``;
        the log keeps ``3``), or None when ``action`` is not legal here."""
        if self.is_terminal:
            return None
        if self.is_chance_node:
            if action.player != CHANCE:
                return None
            outs = self._chance_outcomes()
            if outs is None:  # a shuffle: checked, then written canonically
                return self.canonical_chance(action) if self.explain_chance(action) is None else None
            pool = [a for a, _ in outs]
        else:
            if self._legal is None:
                self._legal = self._legal_actions()
            pool = self._legal
        try:
            return pool[pool.index(action)]
        except ValueError:
            return None

    def canonical_chance(self, action: Action) -> Action:
        """An unlisted chance outcome (a shuffle) in its canonical form; games override."""
        return action

    def _illegal_reason(self, action: Action) -> str | None:
        player = action.player
        if isinstance(player, bool) or not isinstance(player, int):
            return f"{action!r}: an action's player must be a seat number or CHANCE (-1), got {player!r}"
        if not isinstance(action.kind, str):
            return f"{action!r}: an action's kind must be a word (str), got {type(action.kind).__name__}"
        if self.is_terminal:
            return f"{action} cannot be played: the game is over ({self._end_rule()})"
        if self.is_chance_node:
            if action.player != CHANCE:
                return (
                    f"{action} cannot be played: this is a chance node "
                    f"({self.status_text()}); the next action is a chance outcome{self._rule_suffix()}"
                )
            outs = self._chance_outcomes()
            if outs is not None:
                if self._find_legal(action) is not None:
                    return None
                return self.explain_chance(action) or (
                    f"{action} is not a possible chance outcome here ({self.status_text()}); "
                    f"possible: {', '.join(str(a) for a, _ in outs[:12])}{self._rule_suffix()}"
                )
            return self.explain_chance(action)
        if self._find_legal(action) is not None:
            return None
        return self._explain(action) or (
            f"{action} is not a legal action now ({self.status_text()}){self._rule_suffix()}"
        )

    def explain_illegal(self, action: Action | str) -> str | None:
        """None if ``action`` is legal here, else a sentence naming the rule that forbids it."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError as exc:
                return str(exc)
        elif not isinstance(action, Action):
            return f"explain_illegal() takes an Action or its text, got {type(action).__name__}"
        return self._illegal_reason(action)

    def action_to_string(self, action: Action, perspective: int | None = None) -> str:
        """A sentence for people (``str(action)`` is the canonical text). With a
        ``perspective``, parts hidden from that seat (a face-down card, a shuffle's order)
        are left out."""
        return str(action)

    @property
    def scores(self) -> list:
        """Current score of every seat (list, one per seat)."""
        return self._scores()

    def score_breakdown(self) -> list[ScoreItem]:
        """Where each seat's points come from; a seat's items sum to its score."""
        return self._score_breakdown()

    def winners(self) -> list[int]:
        """Seats that won (ties share) at a terminal state; [] before the end or when all lose."""
        if not self.is_terminal:
            return []
        return self._winners()

    def observation(self, player: int) -> dict:
        """JSON-able dict of what ``player`` may see, nothing more."""
        self._check_seat(player)
        return self._view(player)

    def view(self, perspective: int | None = None) -> dict:
        """JSON-able view model for renderers; ``None`` is the omniscient view."""
        if perspective is not None:
            self._check_seat(perspective)
        return self._view(perspective)

    def adjacency_graph(self) -> "nx.Graph":
        """networkx.Graph of the game's spaces; nodes and edges carry a ``kind``."""
        raise NotImplementedError  # abstractmethod

    # -- history and JSON ---------------------------------------------------------
    def history(self) -> list[Action]:
        """Every action applied since the initial state, oldest first."""
        out = []
        h = self._hist
        while h is not None:
            h, a = h
            out.append(a)
        out.reverse()
        return out

    @property
    def move_number(self) -> int:
        """How many actions (chance included) led to this state."""
        return self._len

    def to_json(self) -> dict:
        """JSON-able dict: game, players, options and the actions that lead here.

        ``view`` holds the omniscient view for people to read; it is not needed to load.
        """
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            **self.game.to_json(),
            "actions": [str(a) for a in self.history()],
            "view": self.view(None),
        }

    def status_text(self) -> str:
        """One line, e.g. 'Night 1, round 2 — Blue to act'."""
        return self._status_text()

    # -- hooks with defaults -------------------------------------------------------
    def _chance_outcomes(self):
        return None

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        raise NotImplementedError  # abstractmethod: games with shuffles define it

    def explain_chance(self, action: Action) -> str | None:
        """For chance outcomes: None if ``action`` is valid (games with shuffles override)."""
        return None if action in {a for a, _ in (self._chance_outcomes() or [])} else (
            f"{action} is not a valid chance outcome here ({self.status_text()}){self._rule_suffix()}"
        )

    def _explain(self, action: Action) -> str | None:
        return None

    def current_rule(self):
        """The :class:`RuleRef` of the rule that governs the current decision or chance
        outcome (None when the game does not say)."""
        return None

    def _rule_suffix(self) -> str:
        rule = self.current_rule()
        return f" — {rule.section}" if rule is not None else ""

    def _end_rule(self) -> str:
        return "end of the game"

    def _status_text(self) -> str:
        return "in play"

    def _emit(self, text: str, rule, deltas=()) -> None:
        if self._pending_events is not None:
            self._pending_events.append(Event(text, rule, tuple(deltas)))

    def _check_seat(self, seat) -> None:
        n = self.game.num_seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be an int from 0 to {n - 1}, got {seat!r}")

    def _repr_html_(self) -> str:
        return self.game.render_html(self.view(None))

    def __repr__(self) -> str:
        return f"<{self.game.id} state after {self._len} actions: {self.status_text()}>"


def state_from_actions(game: "Game", actions) -> State:
    """Apply the action texts (or Actions) from the initial state.

    Raises LogFormatError naming the entry that cannot be read or is not legal.
    """
    if not isinstance(actions, (list, tuple)):
        raise LogFormatError("must be a list of action texts", field="actions")
    state = game.new_initial_state()
    for i, a in enumerate(actions):
        if isinstance(a, str):
            try:
                a = parse_action(a)
            except ValueError as exc:
                raise LogFormatError(str(exc), entry=i, field="actions") from None
        elif not isinstance(a, Action):
            raise LogFormatError(
                f"an action must be a string, got {type(a).__name__}", entry=i, field="actions"
            )
        try:
            state = state.apply(a)
        except IllegalActionError as exc:
            raise LogFormatError(f"illegal action {str(a)!r}: {exc}", entry=i, field="actions") from None
    return state
