"""What a GameView may do to its live Match, decided in the kernel (docs/dev/authority.md).

A view built with a perspective (a seat's view) has that seat's authority only:

- it decides only for its own seat (an action of another seat is refused before the rules
  look at it: their message could describe that seat's hand);
- it undoes only back to its own last decision (that decision and whatever chance and
  agents did after it, never another person's decision);
- it never chooses a chance outcome (its "step" lets the match's seed decide);
- forcing an outcome ("what if") belongs to the omniscient view, or to a seat's view made
  with ``teacher=True`` (explicit teacher mode: chance outcomes and undo without limits,
  still deciding only for its own seat).

Every text such a view shows comes from its seat's observation: refusals here are written
from public facts (names, whose turn, the action text the page sent), and a rules
message about the seat's own action is shown only when it reads the same in states that
differ in what the seat cannot see (:meth:`State.resample_hidden`), else a generic one.

The omniscient view (perspective None) may do anything the Match allows.
"""

from __future__ import annotations

import random

from ..core.actions import CHANCE
from ..core.errors import HotellabError, IllegalActionError

RESAMPLES = 3
"""Hidden-information redeals a rules message must survive to be shown in a seat's view."""


class AuthorityError(HotellabError, ValueError):
    """A request that the view's authority does not allow (see the module docstring).

    ``code``: ``"other_seat"`` (another seat's decision), ``"chance"`` (choosing a chance
    outcome), ``"not_your_turn"``, ``"undo"`` (undo past the limit), ``"no_agent"`` (step where
    a person must decide).
    """

    def __init__(self, message: str, *, code: str):
        super().__init__(message)
        self.code = code


class Authority:
    """The rules of one view: ``seat`` (None: omniscient) and ``teacher`` mode.

    :raises ValueError: ``teacher=True`` without a seat (the omniscient view needs no
        teacher mode).
    """

    def __init__(self, seat: int | None, teacher: bool = False):
        if teacher and seat is None:
            raise ValueError("teacher=True is for a seat's view; the omniscient view may already force outcomes")
        self.seat = seat
        self.teacher = bool(teacher)

    # -- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _name(match, seat: int) -> str:
        try:
            return str(match.players[seat])
        except (IndexError, TypeError):
            return f"seat {seat}"

    @staticmethod
    def _has_agent(match, seat: int) -> bool:
        agents = match.agents
        return 0 <= seat < len(agents) and agents[seat] is not None

    def describe(self, match) -> str:
        if self.seat is None:
            return "the omniscient view"
        return f"{self._name(match, self.seat)}'s view" + (" (teacher mode)" if self.teacher else "")

    # -- requests -----------------------------------------------------------------------------
    def check_apply(self, match, action) -> None:
        """Raise AuthorityError unless this view may play ``action`` (a parsed Action) now."""
        s = self.seat
        if s is None:
            return
        me = self._name(match, s)
        state = match.state
        if action.player == CHANCE:
            if self.teacher:
                return
            raise AuthorityError(
                f"this view is {me}'s: a seat's view never chooses a chance outcome ({str(action)!r}); "
                "press step to let the match's seed decide. Forcing an outcome is for the omniscient "
                "view or a teacher-mode view (GameView(match, perspective=..., teacher=True)).",
                code="chance")
        if action.player != s:
            raise AuthorityError(
                f"this view is {me}'s: it cannot play {str(action)!r}, another seat's action",
                code="other_seat")
        if state.is_terminal:
            return  # the rules say "the game is over", which is public
        if state.is_chance_node or state.current_player != s:
            raise AuthorityError(self._waiting(match, state), code="not_your_turn")

    def _waiting(self, match, state) -> str:
        me = self._name(match, self.seat)
        if state.is_chance_node:
            return f"it is not {me}'s decision now: chance decides next (press step)"
        c = state.current_player
        return f"it is not {me}'s decision now: {self._name(match, c)} decides next"

    def check_step(self, match) -> None:
        """Raise AuthorityError (with a text that names no legal action) when ``step`` cannot
        let chance or an agent act: a person must decide."""
        state = match.state
        if state.is_terminal:
            if self.seat is None:
                return  # Match.step's own message
            raise AuthorityError("the game is over: nothing to step", code="not_your_turn")
        if state.is_chance_node:
            return  # the seed decides
        c = state.current_player
        if self._has_agent(match, c):
            return
        who = self._name(match, c)
        if self.seat is None:
            return  # the omniscient view may see Match.step's message, which lists choices
        if c == self.seat:
            raise AuthorityError(
                f"{who} (this view's seat) has no agent: choose one of the legal actions below",
                code="no_agent")
        raise AuthorityError(
            f"waiting for {who}, who has no agent: {who} decides in {who}'s own view "
            "(or in the omniscient view)", code="no_agent")

    def undo_count(self, match) -> int:
        """How many actions one "undo" from this view takes back (>= 1); AuthorityError when
        it may take back none. Omniscient and teacher-mode views: the last action."""
        if len(match._states) <= 1:
            raise AuthorityError("nothing to undo: the match is at its first state", code="undo")
        if self.seat is None or self.teacher:
            return 1
        s = self.seat
        me = self._name(match, s)
        states = match._states
        # the actions of this match (after its start), newest first, from the states' history links
        for back in range(1, len(states)):
            action = states[-back]._hist[1]
            if action.player == s:
                return back
            if action.player != CHANCE and not self._has_agent(match, action.player):
                other = self._name(match, action.player)
                raise AuthorityError(
                    f"{other} has decided since {me}'s last decision: a seat's view takes back only "
                    f"its own last decision and what chance and agents did after it (the omniscient "
                    "view can undo further)", code="undo")
        raise AuthorityError(
            f"nothing of {me}'s to take back: {me} has made no decision in this match, and a "
            "seat's view undoes only back to its own last decision (the omniscient view can undo "
            "further)", code="undo")

    # -- texts ---------------------------------------------------------------------------------
    def safe_rules_message(self, match, action, exc: IllegalActionError) -> str:
        """The rules' refusal of this seat's own ``action``, if it reads the same whatever
        the seat cannot see; else a generic sentence naming the rule section only."""
        text = str(exc)
        if self.seat is None or self.teacher:
            return text
        state = match.state
        rng = random.Random(f"authority:{len(match._states)}:{text}")
        try:
            for _ in range(RESAMPLES):
                other = state.resample_hidden(self.seat, rng)
                if other.explain_illegal(action) != text:
                    break
            else:
                return text
        except Exception:  # no resample_hidden, or it failed: do not risk the text
            pass
        rule = getattr(exc, "rule", None)
        where = f" ({rule.section})" if rule is not None and getattr(rule, "section", "") else ""
        return f"{action} is not a legal action now{where}"

    def safe_failure(self, exc: Exception) -> str:
        """Text for an unexpected failure (a bug in a game or agent): in a seat's view the
        exception's message could name hidden things, so only its type is shown."""
        if self.seat is None or self.teacher:
            return f"{type(exc).__name__}: {exc}"
        return (f"{type(exc).__name__} in the game or an agent (details are not shown in a seat's "
                "view, they may name another seat's cards; step the match in the notebook to see them)")


__all__ = ["Authority", "AuthorityError"]

