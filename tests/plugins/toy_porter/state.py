"""Night Porter's state: the rules in rulebook order (setup, turn, end), positions and views."""

from __future__ import annotations

import random

import networkx as nx

from hotellab import CHANCE, TERMINAL, Action, PositionError, ScoreItem, State
from hotellab.core.position import check_range, check_unknown, field

from . import rules as R


class ToyPorterState(State):
    __slots__ = ("keys", "tips", "deck", "turn", "last", "stage")

    @classmethod
    def initial(cls, game) -> "ToyPorterState":
        s = cls(game)
        s.keys, s.tips, s.deck, s.turn, s.last, s.stage = 0, (0,) * game.num_players, (), 0, -1, R.N_ROLL
        return s

    def _copy(self) -> "ToyPorterState":
        new = self._copy_base(ToyPorterState.__new__(ToyPorterState))
        new.keys, new.tips, new.deck, new.turn, new.last, new.stage = (
            self.keys, self.tips, self.deck, self.turn, self.last, self.stage)
        return new

    # -- whose move, and what may be done ----------------------------------------
    def _node_kind(self) -> str:
        return self.stage

    def _current_player(self) -> int:
        if self.stage in (R.N_ROLL, R.N_SHUFFLE):
            return CHANCE
        if self.stage == R.N_END:
            return TERMINAL
        return self.turn % self.game.num_players

    def _chance_outcomes(self):
        if self.stage == R.N_ROLL:
            return [(Action("roll", (d,)), 1 / 6) for d in range(1, 7)]
        return None  # the shuffle: 720 orders, sampled

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        order = list(R.TIPS)
        rng.shuffle(order)
        return Action("shuffle", (tuple(order),))

    def explain_chance(self, action: Action):
        if self.stage == R.N_SHUFFLE:
            ok = (action.kind == "shuffle" and len(action.args) == 1 and isinstance(action.args[0], tuple)
                  and sorted(action.args[0]) == list(R.TIPS))
            return None if ok else self.refuse(f"{action}: the shuffle must order the tips 1-6", R.R_TIPS)
        return super().explain_chance(action)

    def _legal_actions(self) -> list[Action]:
        p = self._current_player()
        return [Action("take", (n,), p) for n in (1, 2) if n <= self.keys]

    def _explain(self, action: Action):
        if action.player != self._current_player():
            return self.refuse(f"{action}: it is {self.game.seat_label(self._current_player())}'s turn", R.R_TURN)
        return self.refuse(f"{action}: take 1 or 2 keys, no more than the {self.keys} left", R.R_TURN)

    def current_rule(self):
        return {R.N_ROLL: R.R_SETUP, R.N_SHUFFLE: R.R_TIPS, R.N_TURN: R.R_TURN}.get(self.stage, R.R_END)

    # -- the rules, in rulebook order ------------------------------------------------
    def _apply(self, a: Action) -> None:
        {"roll": self._setup_roll, "shuffle": self._setup_tips, "take": self._turn_take}[a.kind](a)

    def _setup_roll(self, a: Action) -> None:
        """Setup: the key board holds 6 keys plus the roll."""
        self.keys = 6 + a.args[0]
        self.stage = R.N_SHUFFLE
        self._emit(f"The die shows {a.args[0]}: {self.keys} keys on the board.", R.R_SETUP)

    def _setup_tips(self, a: Action) -> None:
        """Setup / Tips: each porter gets one tip card face down."""
        order = a.args[0]
        n = self.game.num_players
        self.tips, self.deck = tuple(order[:n]), tuple(order[n:])
        self.stage = R.N_TURN
        self._emit("Each porter is dealt a tip card face down.", R.R_TIPS)

    def _turn_take(self, a: Action) -> None:
        """Turn: take 1 or 2 keys; End: the last key ends the game."""
        self.keys -= a.args[0]
        self.last = a.player
        self.turn += 1
        self._emit(f"{self.game.seat_label(a.player)} takes {a.args[0]}.", R.R_TURN)
        if self.keys == 0:
            self.stage = R.N_END
            self._emit(f"{self.game.seat_label(a.player)} takes the last key and scores the tip "
                       f"{self.tips[a.player]}.", R.R_END, [(a.player, self.tips[a.player])])

    def round_label(self):
        return f"Round {self.turn // self.game.num_players + 1}" if self.stage == R.N_TURN else None

    # -- scores --------------------------------------------------------------------
    def _scores(self) -> list[int]:
        return [self.tips[s] if self.stage == R.N_END and s == self.last else 0
                for s in range(self.game.num_players)]

    def _score_breakdown(self) -> list[ScoreItem]:
        return [ScoreItem(s, "tip", v, R.R_END) for s, v in enumerate(self._scores()) if v]

    def _winners(self) -> list[int]:
        sc = self._scores()
        return [s for s, v in enumerate(sc) if v == max(sc)]

    # -- what a seat sees ------------------------------------------------------------
    def _status_text(self) -> str:
        if self.stage == R.N_END:
            return f"End — {self.game.seat_label(self.last)} took the last key"
        if self.stage != R.N_TURN:
            return "Setup"
        return f"{self.round_label()} — {self.game.seat_label(self._current_player())} to act"

    def _view(self, perspective):
        return {
            "game": self.game.id, "perspective": perspective, "status": self._status_text(),
            "keys": self.keys, "deck_size": len(self.deck),
            "seats": [{"seat": s, "name": self.game.seat_label(s), "score": v,
                       "tip": (self.tips[s] or None) if self._tip_visible(s, perspective) else None}
                      for s, v in enumerate(self._scores())],
        }

    def _tip_visible(self, seat: int, perspective) -> bool:
        """A tip is face down: its porter sees it; the scored tip is shown at the end."""
        return perspective in (None, seat) or (self.stage == R.N_END and seat == self.last)

    def adjacency_graph(self):
        """The porters in seat order: a cycle of 'next' edges (the toy has no rooms)."""
        g = nx.Graph()
        n = self.game.num_players
        for s in range(n):
            g.add_node(s, kind="seat", name=self.game.seat_label(s))
        for s in range(n):
            g.add_edge(s, (s + 1) % n, kind="next")
        return g

    def resample_hidden(self, seat: int, rng: random.Random) -> "ToyPorterState":
        """Other porters' tips and the deck, dealt again (the seat's own tip stays)."""
        if self.stage in (R.N_ROLL, R.N_SHUFFLE):
            return self
        others = [s for s in range(len(self.tips)) if not self._tip_visible(s, seat)]
        pool = [self.tips[s] for s in others] + list(self.deck)
        rng.shuffle(pool)
        new = self._copy()
        tips = list(self.tips)
        for s in others:
            tips[s] = pool.pop()
        new.tips, new.deck = tuple(tips), tuple(pool)
        return new

    # -- declared positions ------------------------------------------------------------
    def _to_position(self) -> dict:
        return {"stage": self.stage, "keys": self.keys, "tips": list(self.tips), "deck": list(self.deck),
                "turn": self.turn, "last_taker": self.last}

    @classmethod
    def _from_position(cls, game, table: dict) -> "ToyPorterState":
        check_unknown(table, ("stage", "keys", "tips", "deck", "turn", "last_taker"))
        s = cls.initial(game)
        s.stage = field(table, "stage", str)
        if s.stage not in (R.N_ROLL, R.N_SHUFFLE, R.N_TURN, R.N_END):
            raise PositionError(f"must be one of roll, shuffle, turn, end; got {s.stage!r}", field="stage")
        s.keys = check_range(field(table, "keys", int), 0, 12, "keys", rule=R.R_SETUP)
        tips = field(table, "tips", list)
        deck = field(table, "deck", list)
        if len(tips) != game.num_players:
            raise PositionError(f"needs one tip per porter ({game.num_players})", field="tips")
        for i, t in enumerate(tips + deck):
            check_range(t, 0, 6, f"tips[{i}]" if i < len(tips) else f"deck[{i - len(tips)}]", rule=R.R_TIPS)
        dealt = s.stage in (R.N_TURN, R.N_END)
        if dealt and sorted(tips + deck) != list(R.TIPS):
            raise PositionError("the tips and the deck must hold the tip cards 1-6, each once",
                                field="deck", rule=R.R_TIPS)
        if not dealt and (any(tips) or deck):
            raise PositionError("no tip is dealt before the shuffle", field="tips", rule=R.R_TIPS)
        s.tips, s.deck = tuple(tips), tuple(deck)
        s.turn = check_range(field(table, "turn", int), 0, 12, "turn")
        s.last = check_range(field(table, "last_taker", int), -1, game.num_players - 1, "last_taker")
        if (s.stage == R.N_END) != (s.keys == 0 and dealt):
            raise PositionError("the game ends exactly when the last key is taken", field="keys", rule=R.R_END)
        if s.stage == R.N_END and s.last < 0:
            raise PositionError("a finished game needs the porter who took the last key", field="last_taker",
                                rule=R.R_END)
        return s
