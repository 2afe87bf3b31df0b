"""``hl.widgets.GuidedGame``: a guided first game, the end of every tutorial (issue 19).

The learner plays one seat in the game view (its legal moves are its buttons; an illegal move
is refused with the rule that forbids it); the other seats are agents, and chance is drawn
from the seed, so after each of the learner's moves the game runs on by itself to the
learner's next decision. A coach (an information-set MCTS search,
:func:`hotellab.analysis.move_cost`) judges each of the learner's moves and says when one
gives away much more than the best move, in the button words, with the numbers of the search.

It needs a running kernel (JupyterLab, or the live site): on a static page it shows the
position it was saved at, as any live view does.

>>> import hotellab as hl
>>> g = hl.widgets.GuidedGame("hostil_hostal", seat=0, until="Night 2")   # doctest: +SKIP
"""

from __future__ import annotations

import pathlib

from ..core.errors import HotellabError, OptionError
from .gameview import GameView

COACH = "mcts:300"
"""The search the coach judges moves with (0.1-0.6 s a move on a 2-core machine, bench/lessons.py)."""
THRESHOLD = 0.15
"""A move whose estimated value is this much below the best one's (0-1 scale) gets a comment."""


def _match(game, seat: int, agents, seed: int, num_players):
    """A Match of ``game`` (id, Game, Scenario or scenario path) where ``seat`` is the learner
    (None) and every other seat is ``agents`` (one name or a list)."""
    from ..core.game import Game, load_game
    from ..core.match import Match
    from ..core.scenario import Scenario

    start = None
    if isinstance(game, (str, pathlib.Path)) and str(game).endswith(".toml"):
        game = Scenario.load(game)
    if isinstance(game, Scenario):
        m0 = game.match()
        start, game = m0.state, m0.game
    elif isinstance(game, str):
        game = load_game(game, num_players=num_players)
    elif not isinstance(game, Game):
        raise OptionError(f"GuidedGame takes a game id, a Game, a Scenario or a scenario path, "
                          f"got {type(game).__name__}", field="game")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
        raise OptionError(f"seat must be a player seat from 0 to {game.num_players - 1}, got {seat!r}", field="seat")
    names = agents if isinstance(agents, (list, tuple)) else [agents] * game.num_players
    if len(names) != game.num_players:
        raise OptionError(f"agents: one per player seat ({game.num_players}), got {len(names)}", field="agents")
    names = [None if s == seat else a for s, a in enumerate(names)]
    return Match(game, seed=seed, agents=names, state=start)


class GuidedGame(GameView):
    """A guided game: the learner plays ``seat`` against agents, with a coach.

    :param game: a game id (``"hostil_hostal"``), a :class:`~hotellab.Game`, a
        :class:`~hotellab.Scenario` or the path of a scenario TOML (the game starts from its
        position).
    :param seat: the learner's seat (0 .. players - 1); the view shows that seat's view only.
    :param agents: the other seats' agent (one name for all, or one per seat; the learner's
        entry is ignored): ``"greedy"`` (default), ``"random"``, ``"mcts:N"``.
    :param coach: the search that judges the learner's moves (``"mcts:N"``); None: no comments.
    :param threshold: how much worse than the best move (0-1 value scale) a move must be to be
        commented on (default 0.15).
    :param until: stop the game running on by itself when the status line or the round
        (``State.round_label``) shows this text (e.g. ``"Night 2"``: one night), else at the
        end of the game.
    :param seed: the seed of the chance outcomes and agents; ``num_players`` for a game id.
    :raises OptionError: a bad game, seat, agents or threshold (``field`` names it).

    ``comments``: the coach's comments so far, ``[(step, text)]``; the ``_note`` trait holds the
    last one (and the result at the end), shown above the board and read out by screen readers.
    """

    def __init__(self, game, seat: int = 0, agents="greedy", *, coach: str | None = COACH,
                 threshold: float = THRESHOLD, until: str | None = None, seed: int = 0,
                 num_players: int | None = None, **kwargs):
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold <= 1:
            raise OptionError(f"threshold is a value from 0 to 1, got {threshold!r}", field="threshold")
        if until is not None and (not isinstance(until, str) or not until.strip()):
            raise OptionError(f"until is the text of a round or status line to stop at (e.g. 'Night 2'), "
                              f"or None for the whole game; got {until!r}", field="until")
        if coach is not None:
            from ..analysis.tutor import _agent

            _agent(coach)  # OptionError now, not at the first move
        m = _match(game, seat, agents, seed, num_players)
        self.seat, self.coach, self.threshold, self.until = seat, coach, float(threshold), until
        self.comments: list[tuple[int, str]] = []
        self._run_on(m)
        super().__init__(m, perspective=seat, **kwargs)
        self._note = self._status_note()

    def _stop(self, m) -> bool:
        s = m.state
        return s.is_terminal or (self.until is not None and (self.until in s.status_text()
                                                              or self.until in (s.round_label() or "")))

    def _run_on(self, m) -> None:
        """Chance and the agents play until the learner decides (or the game stops)."""
        for _ in range(10_000):
            if self._stop(m) or m.state.current_player == self.seat:
                return
            m.step()

    def _status_note(self) -> str:
        s = self.match.state
        g = self.match.game
        if s.is_terminal:
            won = ", ".join(g.seat_label(w) for w in s.winners()) or "nobody"
            return f"The game is over. Winner: {won}. Scores: " + ", ".join(
                f"{g.seat_label(k)} {v:g}" for k, v in enumerate(s.scores)) + "."
        if self.until is not None and self._stop(self.match):
            return f"{s.status_text()}: this guided game stops here. Scores: " + ", ".join(
                f"{g.seat_label(k)} {v:g}" for k, v in enumerate(s.scores)) + "."
        return ""

    def _on_msg(self, _widget, content, _buffers) -> None:
        """The game view's requests; after the learner's move, the coach's comment and the
        game runs on to the learner's next decision."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind in ("apply", "step") and self.match is not None and self._stop(self.match):
            where = "the game is over" if self.match.state.is_terminal else f"it stopped at {self.until!r}"
            self._error = (f"This guided game stopped: {where}. Make a new GuidedGame to play again, or a "
                           "GameView of its match (first_game.match) to explore it.")
            self.send({"type": "done", "error": self._error})
            return
        if not (kind == "apply" and self.match is not None):
            super()._on_msg(_widget, content, _buffers)
            return
        m = self.match
        before, n = m.state, len(m)
        comment = ""
        try:
            action = m.game.parse_action(str(content.get("action")))
            legal = before.explain_illegal(action) is None and before.current_player == self.seat
        except ValueError:
            legal = False
        if legal and self.coach is not None and len(before.legal_actions()) > 1:
            from ..analysis.tutor import move_cost

            try:
                mc = move_cost(before, action, self.coach, seed=n)
            except (HotellabError, ValueError) as exc:  # the coach is quiet; the move is still made
                mc = None
                comment = f"(The coach could not judge this move: {exc})"
            if mc is not None and mc.cost >= self.threshold:
                comment = "Coach: " + mc.text
        super()._on_msg(_widget, content, _buffers)
        if len(m) == n or self._error:  # refused: the view says why (the rule)
            return
        if comment:
            self.comments.append((n, comment))
        self._run_on(m)
        self._show_head()
        self._publish(self._store.sync())
        self._note = " ".join(x for x in (comment, self._status_note()) if x)

    def __repr__(self) -> str:
        return f"<GuidedGame {self.match.game.id}: seat {self.seat}, {len(self)} states>"
