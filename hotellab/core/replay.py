"""Replay: random access to every state of a logged game.

``len(replay)`` is the number of actions + 1; ``replay.state_at(0)`` is the initial state
and ``replay.state_at(len(replay) - 1)`` the last. States are rebuilt from checkpoints kept
every ``checkpoint_every`` actions, so memory stays small and ``state_at`` costs at most
``checkpoint_every - 1`` applies.
"""

from __future__ import annotations

from .actions import Action, parse_action
from .errors import LogFormatError


class Replay:
    """Step through a :class:`~hotellab.core.log.GameLog` (or a Match, or a final State)."""

    def __init__(self, log, *, checkpoint_every: int = 8):
        from .log import GameLog
        from .state import State

        if isinstance(log, State):
            log = GameLog.from_state(log)
        elif hasattr(log, "log") and not isinstance(log, GameLog):  # a Match
            log = log.log
        if not isinstance(log, GameLog):
            raise TypeError(f"Replay takes a GameLog, Match or State, got {type(log).__name__}")
        self.log = log
        self.game = log.game_object()
        self.actions: list[Action] = []
        for i, text in enumerate(log.actions):
            try:
                self.actions.append(parse_action(text))
            except ValueError as exc:
                raise LogFormatError(str(exc), entry=i, field="actions") from None
        self.checkpoint_every = max(1, int(checkpoint_every))
        self._checkpoints = []
        state = log.initial_state()
        self._checkpoints.append(state)
        for i, a in enumerate(self.actions):
            try:
                state = state.apply(a)
            except Exception as exc:
                raise LogFormatError(f"illegal action {str(a)!r}: {exc}", entry=i, field="actions") from None
            if (i + 1) % self.checkpoint_every == 0:
                self._checkpoints.append(state)
        self._last = state
        self._cache = (-1, None)

    def __len__(self) -> int:
        return len(self.actions) + 1

    def state_at(self, k: int):
        """The state after the first ``k`` actions (0 <= k < len(self)); negative k counts
        from the end. Raises IndexError outside that range."""
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"state_at takes an int index, got {k!r}")
        n = len(self)
        asked = k
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"replay has states 0 to {n - 1} (or -{n} to -1), asked for {asked}")
        if k == n - 1:
            return self._last
        start = (k // self.checkpoint_every) * self.checkpoint_every
        state = self._checkpoints[start // self.checkpoint_every]
        ck, cs = self._cache
        if cs is not None and start <= ck <= k:  # stepping forward: continue from the last one
            state, start = cs, ck
        for a in self.actions[start:k]:
            state = state.apply(a)
        self._cache = (k, state)
        return state

    __getitem__ = state_at

    def __iter__(self):
        state = self._checkpoints[0]
        yield state
        for a in self.actions:
            state = state.apply(a)
            yield state

    @property
    def final_state(self):
        return self._last

    def action_at(self, k: int) -> Action | None:
        """The action that led to state k (None for k = 0)."""
        return self.actions[k - 1] if k > 0 else None

    def __repr__(self) -> str:
        return f"<Replay {self.game.id}: {len(self)} states>"
