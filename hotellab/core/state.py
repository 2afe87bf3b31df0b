"""The state contract shared by every game: every hook a game implements is declared here.

A :class:`State` is immutable from the outside: :meth:`State.apply` returns a new state and
leaves the old one as it was. A game's state class implements the underscore hooks below;
this class adds legality checks, error codes, events, history, JSON, positions and the chance
helpers. ``docs/dev/new_game.md`` is the guide; ``tests/test_contract.py`` checks every
registered game against this contract.

A game declares its moves, positions and pictures as data (contract v2, issue 22), and the
core runs them; a game writes the :data:`REQUIRED_HOOKS` (10) and may write the
:data:`OPTIONAL_HOOKS`. Everything else (``_current_player``, ``_node_kind``,
``_legal_actions``, ``_apply``, ``_copy``, ``_explain``, ``action_to_string``,
``_action_target``, ``_view``, ``adjacency_graph``, positions) is the core's, run on the
declarations. A missing hook raises ``NotImplementedError`` naming the game and the hook.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import CHANCE, TERMINAL, Action, parse_action
from .errors import IllegalActionError, InvalidActionError, LogFormatError, PositionError
from .position import position_header
from .storage import Stored
from .rules import Event, RuleRef, ScoreItem

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from .rules import Phase

# ``Game`` in annotations is hotellab.core.game.Game (not imported here: game imports state)

REQUIRED_HOOKS = (
    "State.initial", "State._scores", "State._score_breakdown", "State._winners", "State.node",
    "Game.actions", "Game.position", "Game.build_view", "Game.adjacency_graph_of", "Game.render_svg",
)
"""What a game must write or declare: the initial state; scores, their breakdown and the
winners; its pending decision (``node``, a :class:`~hotellab.core.node.Node`); its action
table (:class:`~hotellab.core.kinds.ActionTable`), position schema
(:class:`~hotellab.core.position.PositionSchema`), view, adjacency graph and picture."""

OPTIONAL_HOOKS = (
    "State.resample_hidden", "State._chance_outcomes", "State._sample_unlisted_chance",
    "State.current_rule", "State._status_text", "State.round_label", "State.heuristic_value",
    "State.events_for", "State._end_rule", "State._turn_note",
)
"""Hooks with a default (``resample_hidden`` is required when the game hides information,
``_sample_unlisted_chance`` when a chance outcome cannot be listed)."""

STATE_FORMAT = "hotellab-state"
STATE_VERSION = 1


class Refusal(str):
    """The sentence that explains why an action is refused, carrying the :class:`RuleRef`
    it names (``rule``) and the :attr:`IllegalActionError.code` (``code``). A ``str``, so a
    game's ``_explain`` may return either; make one with :meth:`State.refuse`."""

    __slots__ = ("rule", "code")

    def __new__(cls, text: str, rule: RuleRef | None = None, code: str = "not_legal"):
        self = str.__new__(cls, text)
        self.rule = rule
        self.code = code
        return self


class State(Stored):
    """Base class of every game state (see DESIGN.md, "Public API").

    ``game`` is the :class:`~hotellab.core.game.Game`; ``events`` the tuple of
    :class:`~hotellab.core.rules.Event` caused by the action that led here.
    """

    __slots__ = ("game", "_ev", "_hist", "_len", "_legal", "_outs", "_pending_events", "_start", "_sampled")
    # what a copy (the compiled ``_copy``, hotellab.core.storage) shares and what it resets
    COPY_KEPT = ("game", "_hist", "_len", "_start")
    COPY_RESET = {"_ev": (), "_legal": None, "_outs": None, "_pending_events": None, "_sampled": None}

    def __init__(self, game: "Game"):
        self.game = game
        self._ev = ()  # the events: a tuple, or the list apply() collected (see :attr:`events`)
        self._hist = None  # persistent list: (parent_hist, action)
        self._len = 0
        self._legal = None
        self._outs = None  # the chance outcomes, once asked for (False: unlisted, a shuffle)
        self._pending_events = None
        self._start = None  # the declared position the history starts from (None: setup)
        self._sampled = None  # the unlisted chance action sample_chance drew here (legal by making)
        if hasattr(type(self), "_OWN_BIT"):  # declared fields (hotellab.core.storage): none owned yet
            self._own = 0

    def _missing(self, hook: str) -> NotImplementedError:
        return NotImplementedError(
            f"game {self.game.id!r} ({type(self).__name__}) does not implement the required hook "
            f"{hook if hook.startswith('Game.') else 'State.' + hook}; see docs/dev/new_game.md"
        )

    # == required hooks ==========================================================
    # A game declares its moves (``Game.actions``), its position (``Game.position``), its
    # view, graph and picture (``Game.build_view``, ``Game.adjacency_graph_of``,
    # ``Game.render_svg``) and its fields (``SHARED``/``OWNED``, :mod:`hotellab.core.storage`)
    # and keeps its pending decision in ``self.node`` (a :class:`~hotellab.core.node.Node`).
    # The core's hooks below then run on those; a game writes only :data:`REQUIRED_HOOKS`.
    @classmethod
    def initial(cls, game: "Game") -> "State":
        """Required. The state before setup (setup randomness comes as chance actions)."""
        raise NotImplementedError(
            f"game {game.id!r} ({cls.__name__}) does not implement the required hook "
            "State.initial; see docs/dev/new_game.md"
        )

    def _scores(self) -> list:
        """Required. The current score of every seat: list of int | float, length
        ``game.num_seats``. A game without points returns the measures its end rule compares."""
        raise self._missing("_scores")

    def _score_breakdown(self) -> list[ScoreItem]:
        """Required. Where each seat's points come from, each line with its RuleRef; in a game
        that scores points a seat's items sum to its score."""
        raise self._missing("_score_breakdown")

    def _winners(self) -> list[int]:
        """Required. The winning seats at a terminal state (ties share; [] when all lose)."""
        raise self._missing("_winners")

    # == hooks the core runs on the game's declarations ===========================
    def _node(self):
        try:
            return self.node
        except AttributeError:
            raise self._missing("node (the pending decision, a hotellab.core.node.Node)") from None

    def _kinds(self):
        kinds = self.game.actions
        if kinds is None:
            raise self._missing("Game.actions (the game's ActionTable)")
        return kinds

    def _current_player(self) -> int:
        """Seat to decide (0..num_seats-1), ``CHANCE`` (-1) or ``TERMINAL`` (-4):
        ``self.node.seat``."""
        try:
            return self.node[1]
        except AttributeError:  # (hot: no extra call on the common path)
            raise self._missing("node (the pending decision, a hotellab.core.node.Node)") from None

    def _node_kind(self) -> str:
        """The kind of the current node (``self.node.kind``): a node kind of the game's
        ``rules`` module (e.g. ``"turn"``, ``"shuffle"``, ``"end"``); :attr:`phase` maps it to
        a row of the game's phase table."""
        try:
            return self.node[0]
        except AttributeError:
            raise self._missing("node (the pending decision, a hotellab.core.node.Node)") from None

    def _legal_actions(self) -> list[Action]:
        """The deciding seat's legal actions (called only at a decision node), in a fixed
        order: those of each action kind the node allows (``node.actions``), each kind's
        ``legal(state, node)``. Never empty at a decision node."""
        try:
            return self.game.actions.legal(self, self.node)
        except AttributeError:
            self._kinds()
            self._node()
            raise

    def _copy(self) -> "State":
        """A new state of the same class sharing every declared field (copy-on-write): made
        by :class:`~hotellab.core.storage.Stored` from ``SHARED`` and ``OWNED``."""
        raise self._missing("_copy (declare SHARED and OWNED fields, hotellab.core.storage)")

    def _view(self, perspective: int | None) -> dict:
        """The JSON-able view model seen by ``perspective`` (None: omniscient), from the
        game's declared ``build_view``. It holds nothing that seat may not know; see
        ``docs/dev/view_model.md``."""
        return self.game.build_view(self, perspective)

    def adjacency_graph(self) -> "nx.Graph":
        """networkx.Graph of the game's spaces; nodes and edges carry a ``kind`` (the game's
        declared ``adjacency_graph_of``)."""
        return self.game.adjacency_graph_of(self)

    def _to_position(self) -> dict:
        """Where everything is, in the rulebook's words, and whose decision is next (with any
        pending decision or resolution queue): a JSON- and TOML-able dict (str keys; no None
        values; no mixed-type lists), written by the game's declared position schema
        (``Game.position.write``). The core adds the header fields."""
        pos = self.game.position
        if pos is None:
            raise self._missing("Game.position (a hotellab.core.position.PositionSchema)")
        return pos.write(self)

    @classmethod
    def _from_position(cls, game: "Game", table: dict) -> "State":
        """The state a position table declares (header fields already checked and removed),
        read by the game's position schema: every field checked, and one
        :class:`~hotellab.core.errors.PositionError` listing every problem (each naming its
        field and rule)."""
        if game.position is None:
            raise NotImplementedError(
                f"game {game.id!r} ({cls.__name__}) does not declare Game.position; see docs/dev/new_game.md")
        return game.position.read(game, table)

    def resample_hidden(self, seat: int, rng: random.Random) -> "State":
        """A state that agrees with everything ``seat`` may see, with what it may not see
        (other hands, deck orders, face-down cards, secret choices) dealt again at random
        with ``rng`` — as OpenSpiel's ``resample_from_infostate``. The contract test checks
        that ``observation(seat)`` and ``view(seat)`` do not change. Required when
        ``game.hidden_information`` is True; the default returns ``self`` otherwise."""
        if self.game.hidden_information:
            raise self._missing("resample_hidden")
        return self

    # == optional hooks, with defaults =============================================
    def _chance_outcomes(self):
        """Optional. At a chance node: list of ``(Action, probability)`` when the outcomes can
        be listed (dice), else None (a shuffle: see :meth:`_sample_unlisted_chance`)."""
        return None

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        """Required where :meth:`_chance_outcomes` returns None: one outcome drawn with ``rng``."""
        raise self._missing("_sample_unlisted_chance")

    def explain_chance(self, action: Action) -> str | None:
        """For chance outcomes: None if ``action`` is a valid outcome here, else the reason. A
        listed outcome is checked against the list; an unlisted one (a shuffle) by its kind's
        grammar and ``check``."""
        kinds = self.game.actions
        if kinds is not None:
            why = kinds.malformed(action)
            if why is not None:
                return Refusal(why, self.current_rule(), "malformed")
            allowed = self.node[2]
            if action.kind not in allowed and kinds.by_name[action.kind].listed_with not in allowed:
                return self.refuse(f"{action} is not a chance outcome of this node ({self.status_text()}); "
                                   f"the outcome due is: {', '.join(allowed) or 'none'}")
        outs = self._outcomes()
        if outs is None:
            k = kinds.by_name.get(action.kind) if kinds is not None else None
            if k is not None and k.check is not None:
                return k.check(self, action)
            return None
        return None if action in {a for a, _ in outs} else (
            f"{action} is not a valid chance outcome here ({self.status_text()}){self._rule_suffix()}"
        )

    def canonical_chance(self, action: Action) -> Action:
        """An unlisted chance outcome (a shuffle) in its canonical form: its kind's
        ``canonical`` (default: as given)."""
        kinds = self.game.actions
        k = kinds.by_name.get(action.kind) if kinds is not None else None
        if k is not None and k.canonical is not None:
            return k.canonical(self, action)
        return action

    def _explain(self, action: Action) -> "str | Refusal | None":
        """Why ``action`` (not legal here, at a seat's decision) is refused, through the action
        table: a kind the game does not have or arguments that do not fit its grammar (code
        ``malformed``), an action that is not the deciding seat's (:meth:`_not_theirs`), a
        kind the node does not allow now (naming the kinds it does), then the kind's
        ``check``, which says why the rules refuse the deciding seat's action (a
        :class:`Refusal` made with :meth:`refuse`, a sentence, or None for the generic one)."""
        kinds = self.game.actions
        if kinds is None:
            return None
        why = kinds.malformed(action)
        if why is not None:
            k = kinds.by_name.get(action.kind)
            if k is None:  # a kind the game does not have: the rule of the decision at hand
                return self.refuse(why, code="malformed")
            return Refusal(why, k.rule, "malformed")
        node = self._node()
        if action.player != node[1]:
            return self._not_theirs(action, node[1])
        k = kinds.by_name[action.kind]
        if action.kind not in node[2] and k.listed_with not in node[2]:
            allowed = ", ".join(node[2]) or "nothing"
            return self.refuse(f"{action} cannot be played now: {self.status_text()}; allowed now: {allowed}")
        if k.check is not None:
            return k.check(self, action)
        return None

    def _not_theirs(self, action: Action, seat: int) -> Refusal:
        """The refusal of ``action`` at a decision of ``seat`` when it is not that seat's: a
        chance outcome (code ``not_your_turn``), a player that is no seat of the game (code
        ``malformed``) or another seat (code ``not_your_turn``, with :meth:`_turn_note`); each
        cites :meth:`current_rule` unless the note names another rule."""
        names = self.game.seat_labels
        if action.player == CHANCE:
            return self.refuse(f"{action}: a chance outcome cannot be applied now: {names[seat]} decides now "
                               f"({self.status_text()})", code="not_your_turn")
        n = self.game.num_seats
        if not 0 <= action.player < n:
            return self.refuse(f"{action}: there is no seat {action.player} (seats 0 to {n - 1})", code="malformed")
        note = self._turn_note(action)
        return self.refuse(f"{action} is not {names[action.player]}'s to play: {names[seat]} decides now "
                           f"({self.status_text()}){note}", getattr(note, "rule", None), "not_your_turn")

    def current_rule(self) -> RuleRef | None:
        """Optional. The RuleRef of the rule that governs the current decision or chance
        outcome (default None)."""
        return None

    def _turn_note(self, action: Action) -> str:
        """Optional. What the refusal of ``action``, a seat's action while another seat decides,
        adds after "<action> is not <seat>'s to play: <seat> decides now (<status>)": a text
        that begins with its own separator (``" — ..."``, ``" (...)"``); default ``""``. A
        :class:`Refusal` (``Refusal(note, rule)``, the note may be empty) makes the refusal
        cite its rule instead of :meth:`current_rule`: the rule that says whose decision it is
        (e.g. secret choices taken one seat at a time)."""
        return ""

    def _status_text(self) -> str:
        """Optional. One line for people, e.g. 'Night 1, round 2 — Blue to act'."""
        return "in play"

    def round_label(self) -> str | None:
        """Optional. The round the state is in, for grouping a log (e.g. ``"Night 2"``,
        ``"Turn 5"``); None when the game has no rounds or none has begun."""
        return None

    def heuristic_value(self, seat: int) -> float:
        """Optional. How good this state is for ``seat`` (higher is better); the greedy agent
        maximises it one ply ahead. Default: the seat's current score."""
        return self._scores()[seat]

    def events_for(self, perspective: int) -> tuple[Event, ...]:
        """Optional. The events of the last action as ``perspective`` may read them (hidden
        parts left out). Default: every event is public."""
        return self.events

    def action_to_string(self, action: "Action | str", perspective: int | None = None) -> str:
        """A sentence for people (``str(action)`` is the canonical text): the kind's
        ``words(state, action, perspective)``. With a ``perspective``, parts hidden from that
        seat (a face-down card, a shuffle's order) are left out."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        elif not isinstance(action, Action):
            raise InvalidActionError(f"action_to_string() takes an Action or its text, got {type(action).__name__}",
                                     action=action)
        if perspective is not None:
            self._check_seat(perspective)
        kinds = self.game.actions
        k = kinds.by_name.get(action.kind) if kinds is not None else None
        if k is not None and k.words is not None:
            return k.words(self, action, perspective)
        return str(action)

    def _action_target(self, action: Action) -> str | None:
        """The id of the thing drawn on the board that ``action`` concerns (a bed, a room, a
        card in a hand, a die...), as the game's renderer marks it with ``data-target="id"``:
        the kind's ``target(state, action)``; None for an action that concerns nothing drawn
        (pass, finish, yes/no), which stays a labelled button."""
        kinds = self.game.actions
        k = kinds.by_name.get(action.kind) if kinds is not None else None
        if k is not None and k.target is not None:
            return k.target(self, action)
        return None

    def _end_rule(self) -> str:
        return "end of the game"

    # == construction helpers for games ===========================================
    def _outcomes(self):
        """:meth:`_chance_outcomes`, computed once per state (None: unlisted, a shuffle)."""
        outs = self._outs
        if outs is None:
            outs = self._chance_outcomes()
            self._outs = False if outs is None else outs
            return outs
        return None if outs is False else outs

    def refuse(self, text: str, rule: RuleRef | None = None, code: str = "not_legal") -> Refusal:
        """A :class:`Refusal`: ``text`` plus " — <section>" of ``rule`` (default
        :meth:`current_rule`) unless the text names it already."""
        rule = rule if rule is not None else self.current_rule()
        if rule is not None and rule.section not in text:
            text = f"{text} — {rule.section}"
        return Refusal(text, rule, code)

    def _emit(self, text: str, rule, deltas=()) -> None:
        """Emit the :class:`Event` ``(text, rule, deltas)`` of the step being applied (made when
        :attr:`events` is first read: a playout that never reads them makes none)."""
        pe = self._pending_events
        if pe is not None:
            pe.append((Event, (text, rule, tuple(deltas))))

    def _emit_later(self, make, *args) -> None:
        """Emit the :class:`Event` ``make(*args)`` (or the Events of the list it returns), made
        only when :attr:`events` is first read: the narrative of a hot step costs nothing in
        a playout that never reads it. ``make`` must be a pure function of ``args`` (values,
        not the state, which changes after)."""
        if self._pending_events is not None:
            self._pending_events.append((make, args))

    @property
    def events(self) -> tuple[Event, ...]:
        """The :class:`~hotellab.core.rules.Event` s caused by the action that led here, in
        order (``()`` for an initial state)."""
        ev = self._ev
        if type(ev) is not tuple:
            out = []
            for e in ev:
                if type(e) is Event:
                    out.append(e)
                else:
                    made = e[0](*e[1])
                    if type(made) is Event:
                        out.append(made)
                    else:
                        out += made
            ev = self._ev = tuple(out)
        return ev

    # == the standard API, in a fixed order =======================================
    @property
    def current_player(self) -> int:
        """Seat to decide (>= 0), ``CHANCE`` (-1) or ``TERMINAL`` (-4)."""
        return self._current_player()

    @property
    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        try:
            return self.node[1] == CHANCE  # _current_player, inlined (hot)
        except AttributeError:
            return self._current_player() == CHANCE

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        try:
            return self.node[1] == TERMINAL  # _current_player, inlined (hot)
        except AttributeError:
            return self._current_player() == TERMINAL

    @property
    def phase(self) -> "Phase":
        """The current phase: a :class:`~hotellab.core.rules.Phase` (``name``, ``rule``,
        ``nodes``) from the game's phase table. Raises KeyError (naming the node kind) when
        the table has no row for the current node kind."""
        return self.game.phase_of(self._node_kind())

    def legal_actions(self) -> list[Action]:
        """The deciding player's legal actions; at a chance node the listable outcomes
        (dice), else []. Empty at a terminal state."""
        legal = self._legal
        if legal is None:
            try:
                node = self.node
            except AttributeError:
                node = self._node()
            cp = node[1]
            if cp >= 0:
                try:  # the table's lister for the allowed kinds, called directly (hot)
                    lister = self.game.actions.listers[node[2]]
                except (AttributeError, KeyError, TypeError):
                    lister = None
                legal = self._legal = lister(self, node) if lister is not None else self._legal_actions()
            elif cp == CHANCE:
                outs = self._outcomes()
                legal = self._legal = [a for a, _ in outs] if outs is not None else []
            else:
                legal = self._legal = []
        return legal[:]  # a copy: the cache stays as listed

    def action_targets(self, perspective: int | None = None) -> dict[str, list[Action]]:
        """What on the board each legal action concerns: ``{target id: [Action, ...]}``, in
        the order of :meth:`legal_actions`, for the actions of the deciding seat. Every id is
        drawn by the game's renderer as an element with ``data-target="id"`` (the board is
        then the interface: a click or a key on the thing makes the move, see
        ``docs/dev/board.md``). Actions that concern nothing drawn are left out (they stay
        labelled buttons).

        With a ``perspective`` (a seat), only that seat's own decisions are listed: {} when
        another seat or chance decides. At a chance node and at a terminal state: {}.
        Raises ValueError for a perspective that is not a seat."""
        if perspective is not None:
            self._check_seat(perspective)
        cp = self._current_player()
        if cp < 0 or (perspective is not None and cp != perspective):
            return {}
        out: dict[str, list[Action]] = {}
        for a in self.legal_actions():
            t = self._action_target(a)
            if t is not None:
                out.setdefault(t, []).append(a)
        return out

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(action, probability)`` pairs at a chance node when they can be listed;
        [] for a shuffle (use :meth:`sample_chance`) and at a decision node."""
        if not self.is_chance_node:
            return []
        return list(self._outcomes() or [])

    def sample_chance(self, rng: random.Random | int | None = None) -> Action:
        """One chance action drawn with ``rng`` (a random.Random or a seed).

        Raises ValueError when this is not a chance node.
        """
        if not self.is_chance_node:
            raise ValueError(f"sample_chance: {self.status_text()} is not a chance node")
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        outs = self._outcomes()
        if outs is not None:
            r = rng.random()
            acc = 0.0
            for a, p in outs:
                acc += p
                if r < acc:
                    return a
            return outs[-1][0]
        # a shuffle: legal by making, so apply() need not check it again (see _find_legal)
        action = self._sampled = self._sample_unlisted_chance(rng)
        return action

    def apply(self, action: Action | str) -> "State":
        """Return the NEW state after ``action``; ``self`` is unchanged.

        ``action`` may be an :class:`Action` or its canonical text. Raises
        :class:`~hotellab.core.errors.IllegalActionError` (``.rule``: the RuleRef the message
        names; ``.code``: game_over | not_your_turn | chance_node | not_legal | malformed)
        when the action is not legal, and its subclass
        :class:`~hotellab.core.errors.InvalidActionError` for text that cannot be read.
        """
        pool = self._legal
        if pool and type(action) is Action:  # the common case: an action legal_actions() listed (that very object)
            try:
                legal = pool[pool.index(action)]
            except Exception:  # noqa: BLE001 - not listed, or an argument that cannot be compared
                legal = None
            if legal is not action:
                legal = self._legal_form(action)
        else:
            legal = self._legal_form(action)
        action = legal
        new = self._copy()
        new._pending_events = ev = []
        # the kind's apply (ActionKind.apply) on the fresh copy, which records what happened
        # with _emit and must not change an object shared with self (Stored.own); the table
        # exists, or no action would have been legal
        self.game.actions.appliers[action[0]](new, action)
        new._ev = ev  # made into Events when first read (see :attr:`events`)
        new._pending_events = None
        new._hist = (self._hist, action)
        new._len = self._len + 1
        return new

    def _legal_form(self, action) -> Action:
        """The legal action ``action`` stands for (an :class:`Action` or its text), in its
        canonical form; raises the :class:`IllegalActionError` or :class:`InvalidActionError`
        that :meth:`apply` documents."""
        if type(action) is not Action:
            if isinstance(action, str):
                action = parse_action(action)
            elif not isinstance(action, Action):
                raise InvalidActionError(
                    f"apply() takes an Action or its text, got {type(action).__name__}", action=action
                )
        # a float or bool seat (0.0 == 0) or a kind that is not text is never legal
        legal = (self._find_legal(action)
                 if type(action[2]) is int and type(action[0]) is str else None)
        if legal is None:
            reason = self._illegal_reason(action)
            if reason is None:  # never expected: the two checks disagree; still a clear refusal
                reason = Refusal(f"{action!r} cannot be read as a legal action here ({self.status_text()})",
                                 self.current_rule(), "malformed")
            raise IllegalActionError(str.__str__(reason), action=action, rule=reason.rule, code=reason.code)
        return legal

    def _find_legal(self, action: Action):
        """The legal action equal to ``action``, in its canonical form (``3.0`` equals ``3``;
        the log keeps ``3``), or None when ``action`` is not legal here."""
        pool = self._legal
        if pool:  # the listed actions are known: legal means listed (the common case)
            try:
                return pool[pool.index(action)]
            except Exception:  # noqa: BLE001 - not listed, or an argument that cannot be compared
                return None
        if action is self._sampled:  # drawn here by sample_chance (None is never an action)
            return action
        cp = self._current_player()
        if cp >= 0:
            pool = self._legal
            if pool is None:
                pool = self._legal = self._legal_actions()
        elif cp == CHANCE:
            if action[2] != CHANCE:
                return None
            pool = self._legal
            if pool is None:
                outs = self._outcomes()
                if outs is None:  # a shuffle: checked, then written canonically
                    return self.canonical_chance(action) if self.explain_chance(action) is None else None
                pool = self._legal = [a for a, _ in outs]
            elif not pool and self._outcomes() is None:
                return self.canonical_chance(action) if self.explain_chance(action) is None else None
        else:  # terminal
            return None
        try:
            return pool[pool.index(action)]
        except Exception:  # noqa: BLE001 - not listed, or an argument that cannot be compared (the
            return None    # grammar check names it: _illegal_reason)

    def _illegal_reason(self, action: Action) -> Refusal | None:
        """None when ``action`` is legal, else the :class:`Refusal` (sentence, rule, code)."""
        player = action.player
        rule = self.current_rule()
        if type(player) is not int:  # not a bool, a float, an IntEnum or a numpy integer either
            return Refusal(f"{action!r}: its player is {player!r}, a {type(player).__name__}; an action's player "
                           f"must be a seat number or CHANCE (-1), a plain int", None, "malformed")
        if type(action.kind) is not str:
            return Refusal(f"{action!r}: its kind is a {type(action.kind).__name__}; an action's kind must be a "
                           f"word (str), a plain str", None, "malformed")
        if self.is_terminal:
            return Refusal(f"{action} cannot be played: the game is over ({self._end_rule()})",
                           rule, "game_over")
        if self.is_chance_node:
            if action.player != CHANCE:
                return Refusal(
                    f"{action} cannot be played: this is a chance node "
                    f"({self.status_text()}); the next action is a chance outcome{self._rule_suffix()}",
                    rule, "chance_node")
            outs = self._outcomes()
            if outs is not None:
                if self._find_legal(action) is not None:
                    return None
                why = self.explain_chance(action) or (
                    f"{action} is not a possible chance outcome here ({self.status_text()}); "
                    f"possible: {', '.join(str(a) for a, _ in outs[:12])}{self._rule_suffix()}"
                )
            else:
                why = self.explain_chance(action)
                if why is None:
                    return None
            return why if isinstance(why, Refusal) else Refusal(why, rule, "not_legal")
        if self._find_legal(action) is not None:
            return None
        code = "not_your_turn" if action.player != self._current_player() else "not_legal"
        why = self._explain(action)
        if isinstance(why, Refusal):
            if why.code == "not_legal" and code != "not_legal":
                return Refusal(why, why.rule, code)
            return why
        if why is None:
            why = f"{action} is not a legal action now ({self.status_text()}){self._rule_suffix()}"
        return Refusal(why, rule, code)

    def explain_illegal(self, action: Action | str) -> str | None:
        """None if ``action`` is legal here, else a sentence naming the rule that forbids it."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError as exc:
                return str(exc)
        elif not isinstance(action, Action):
            return f"explain_illegal() takes an Action or its text, got {type(action).__name__}"
        reason = self._illegal_reason(action)
        return None if reason is None else str.__str__(reason)

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
        """JSON-able dict of what ``player`` may see, nothing more. Raises ValueError for a
        seat that does not exist."""
        self._check_seat(player)
        return self._view(player)

    def view(self, perspective: int | None = None) -> dict:
        """JSON-able view model for renderers; ``None`` is the omniscient view. Raises
        ValueError for a seat that does not exist."""
        if perspective is not None:
            self._check_seat(perspective)
        return self._view(perspective)

    # -- positions --------------------------------------------------------------------
    def to_position(self) -> dict:
        """A declared position: a JSON- and TOML-able dict saying where everything is and whose
        decision is next, in the rulebook's words, with a header (``format``, ``version``,
        ``game``, ``num_players``, ``options``). ``game.state_from_position(table)`` gives back
        a state with the same views, legal actions and scores. A position holds hidden things
        too (hands, deck orders): it is the omniscient record, like the log."""
        return {**position_header(self.game), **self._to_position()}

    # -- copies and pickling ------------------------------------------------------
    def __getstate__(self) -> dict:
        """The state's fields for ``pickle`` and ``copy``: every slot of every class, with the
        history flattened to a tuple of actions (the nested ``(parent, action)`` chain would
        make ``deepcopy`` and ``pickle`` recurse once per action and fail on a long game) and
        the caches of legal actions and chance outcomes left out (they are recomputed)."""
        out = {}
        for cls in type(self).__mro__:
            for name in cls.__dict__.get("__slots__", ()):
                if name not in out and hasattr(self, name):
                    out[name] = getattr(self, name)
        out["_hist"] = tuple(self.history())
        out["_legal"] = out["_outs"] = out["_sampled"] = None
        return out

    def __setstate__(self, fields: dict) -> None:
        hist = None
        for action in fields.pop("_hist", ()):
            hist = (hist, action)
        self._hist = hist
        for name, value in fields.items():
            setattr(self, name, value)

    # -- history and JSON ---------------------------------------------------------
    def history(self) -> list[Action]:
        """Every action applied since the initial state (or the declared start position),
        oldest first."""
        out = []
        h = self._hist
        while h is not None:
            h, a = h
            out.append(a)
        out.reverse()
        return out

    @property
    def start_position(self) -> dict | None:
        """The declared position this state's history starts from, or None when it starts
        from the game's setup."""
        return self._start

    @property
    def move_number(self) -> int:
        """How many actions (chance included) led to this state."""
        return self._len

    def to_json(self) -> dict:
        """JSON-able dict: game, players, options and the actions that lead here (and the
        ``start`` position when the history starts from a declared position).

        ``view`` holds the omniscient view for people to read; it is not needed to load.
        """
        d = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            **self.game.to_json(),
            "actions": [str(a) for a in self.history()],
            "view": self.view(None),
        }
        if self._start is not None:
            d["start"] = self._start
        return d

    def status_text(self) -> str:
        """One line, e.g. 'Night 1, round 2 — Blue to act'."""
        return self._status_text()

    # -- helpers ------------------------------------------------------------------
    def _rule_suffix(self) -> str:
        rule = self.current_rule()
        return f" — {rule.section}" if rule is not None else ""

    def _check_seat(self, seat) -> None:
        n = self.game.num_seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be an int from 0 to {n - 1}, got {seat!r}")

    def _repr_html_(self) -> str:
        return self.game.render_html(self.view(None))

    def __repr__(self) -> str:
        return f"<{self.game.id} state after {self._len} actions: {self.status_text()}>"


def state_from_actions(game: "Game", actions, start: dict | None = None) -> State:
    """Apply the action texts (or Actions) from the initial state, or from the declared
    position ``start`` when given.

    Raises LogFormatError naming the entry (or the ``start`` field) that cannot be read or
    is not legal.
    """
    if not isinstance(actions, (list, tuple)):
        raise LogFormatError("must be a list of action texts", field="actions")
    if start is None:
        state = game.new_initial_state()
    else:
        try:
            state = game.state_from_position(start)
        except PositionError as exc:
            raise LogFormatError(str(exc), field="start") from None
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
