"""Night Porter's state: its fields, its moves as data (``ACTIONS``), its rules in rulebook
order (setup, turn, end) and its scores. Positions are in ``position.py``, the view and graph
in ``view.py``; the game (``game.py``) declares them."""

from __future__ import annotations

import random

from hotellab import CHANCE, TERMINAL, Action, ScoreItem, State
from hotellab.core.kinds import INT, INTS, ActionKind, ActionTable, Arg
from hotellab.core.node import Node

from . import rules as R

ROLL = Node(R.N_ROLL, CHANCE, ("roll",))
SHUFFLE = Node(R.N_SHUFFLE, CHANCE, ("shuffle",))
END = Node(R.N_END, TERMINAL)
TURN = tuple(Node(R.N_TURN, p, ("take",)) for p in range(4))


class ToyPorterState(State):
    """``keys`` on the board, each porter's ``tips`` (face down), the tip ``deck``, the
    ``turn`` count, the ``last`` porter to take keys (-1: none) and the pending ``node``."""

    SHARED = ("keys", "tips", "deck", "turn", "last", "node")
    __slots__ = SHARED + ("_own",)

    @classmethod
    def initial(cls, game) -> "ToyPorterState":
        s = cls(game)
        s.keys, s.tips, s.deck, s.turn, s.last, s.node = 0, (0,) * game.num_players, (), 0, -1, ROLL
        s._own = 0
        return s

    def _chance_outcomes(self):
        if self.node.kind == R.N_ROLL:
            return [(Action("roll", (d,)), 1 / 6) for d in range(1, 7)]
        return None  # the shuffle: 720 orders, sampled

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        order = list(R.TIPS)
        rng.shuffle(order)
        return Action("shuffle", (tuple(order),))

    def current_rule(self):
        return {R.N_ROLL: R.R_SETUP, R.N_SHUFFLE: R.R_TIPS, R.N_TURN: R.R_TURN}.get(self.node.kind, R.R_END)

    def round_label(self):
        return f"Round {self.turn // self.game.num_players + 1}" if self.node.kind == R.N_TURN else None

    def _status_text(self) -> str:
        if self.node.kind == R.N_END:
            return f"End — {self.game.seat_label(self.last)} took the last key"
        if self.node.kind != R.N_TURN:
            return "Setup"
        return f"{self.round_label()} — {self.game.seat_label(self.node.seat)} to act"

    # -- scores --------------------------------------------------------------------
    def _scores(self) -> list[int]:
        return [self.tips[s] if self.node.kind == R.N_END and s == self.last else 0
                for s in range(self.game.num_players)]

    def _score_breakdown(self) -> list[ScoreItem]:
        return [ScoreItem(s, "tip", v, R.R_END) for s, v in enumerate(self._scores()) if v]

    def _winners(self) -> list[int]:
        sc = self._scores()
        return [s for s, v in enumerate(sc) if v == max(sc)]

    def tip_visible(self, seat: int, perspective) -> bool:
        """A tip is face down: its porter sees it; the scored tip is shown at the end."""
        return perspective in (None, seat) or (self.node.kind == R.N_END and seat == self.last)

    def resample_hidden(self, seat: int, rng: random.Random) -> "ToyPorterState":
        """Other porters' tips and the deck, dealt again (the seat's own tip stays)."""
        if self.node.seat == CHANCE:
            return self
        others = [s for s in range(len(self.tips)) if not self.tip_visible(s, seat)]
        pool = [self.tips[s] for s in others] + list(self.deck)
        rng.shuffle(pool)
        new = self._copy()
        tips = list(self.tips)
        for s in others:
            tips[s] = pool.pop()
        new.tips, new.deck = tuple(tips), tuple(pool)
        return new


# -- the moves, in rulebook order -------------------------------------------------------------
def _roll(s: ToyPorterState, a: Action) -> None:
    """Setup: the key board holds 6 keys plus the roll."""
    s.keys = 6 + a.args[0]
    s.node = SHUFFLE
    s._emit(f"The die shows {a.args[0]}: {s.keys} keys on the board.", R.R_SETUP)


def _shuffle(s: ToyPorterState, a: Action) -> None:
    """Setup / Tips: each porter gets one tip card face down."""
    order = a.args[0]
    n = s.game.num_players
    s.tips, s.deck = tuple(order[:n]), tuple(order[n:])
    s.node = TURN[0]
    s._emit("Each porter is dealt a tip card face down.", R.R_TIPS)


def _shuffle_check(s: ToyPorterState, a: Action):
    if sorted(a.args[0]) != list(R.TIPS):
        return s.refuse(f"{a}: the shuffle must order the tips 1-6", R.R_TIPS)
    return None


def _take(s: ToyPorterState, a: Action) -> None:
    """Turn: take 1 or 2 keys; End: the last key ends the game."""
    s.keys -= a.args[0]
    s.last = a.player
    s.turn += 1
    s._emit(f"{s.game.seat_label(a.player)} takes {a.args[0]}.", R.R_TURN)
    if s.keys == 0:
        s.node = END
        s._emit(f"{s.game.seat_label(a.player)} takes the last key and scores the tip "
                f"{s.tips[a.player]}.", R.R_END, [(a.player, s.tips[a.player])])
    else:
        s.node = TURN[s.turn % s.game.num_players]


def _take_legal(s: ToyPorterState, node: Node) -> list[Action]:
    return [Action("take", (n,), node.seat) for n in (1, 2) if n <= s.keys]


def _take_check(s: ToyPorterState, a: Action):
    return s.refuse(f"{a}: take 1 or 2 keys, no more than the {s.keys} left", R.R_TURN)


ACTIONS = ActionTable([
    ActionKind("roll", (Arg("die", INT, "the die's face", choices=(1, 2, 3, 4, 5, 6)),), R.R_SETUP,
               "Roll the die at setup: 6 keys plus the roll go on the key board.", _roll, who="chance"),
    ActionKind("shuffle", (Arg("order", INTS, "the tip cards 1-6 in deck order"),), R.R_TIPS,
               "Shuffle the tips and deal one to each porter, face down.", _shuffle, who="chance",
               check=_shuffle_check),
    ActionKind("take", (Arg("keys", INT, "how many keys (1 or 2)"),), R.R_TURN,
               "Take 1 or 2 keys from the key board.", _take, legal=_take_legal, check=_take_check),
])
"""Night Porter's moves (``hotellab.core.kinds``): the core parses, checks, lists, applies,
words and targets every action through this table."""
