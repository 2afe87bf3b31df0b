"""Hostil Hostal: guests rest in a hostel's rooms while secret event cards disturb them.

Rules: Hostil Hostal Rulebook (2-5 players; 2 players adds an automata). A round is four
phases: Dusk (draw), Night (place guests, play cards face down, move guests, pass, spy),
Dawn (reveal, resolve cards in number order, rest, misfortune die) and Day (wear, guests
return, reforms, first player). The game ends at the dawn of the last night (3 or 5).
Component values the rulebook does not print are reconstructed data in ``data/``; every
reading of an unclear rule is in ``docs/rulings/hostil_hostal.md``.

The state follows the rulebook's order: setup and dusk here, then ``night.py`` (Phase 2),
``dawn.py`` (Phase 3; each card's effect in ``cards.py``, one handler per card) and
``day.py`` (Phase 4), mixed into :class:`HostilHostalState`; the end of the game here. One
function per step, each docstring naming its section. The automata's rules are in
``automata.py``, declared positions in ``position.py``, the texts for people in
``describe.py``, the moves as data (``ACTIONS``) in ``moves.py`` and the packed values in
``encoding.py``.

Storage (``hotellab.core.storage``): the state's fields are declared in ``SHARED`` (values a
step replaces) and ``OWNED`` (lists and the score ledger a step changes in place, after taking
its own copy with :meth:`own`); the core compiles the copy.
"""

from __future__ import annotations

import random

from ...core.actions import CHANCE, Action
from ...core.rules import RuleRef, ScoreItem
from ...core.state import State
from ...core.storage import replaced
import hotellab.games.hostil_hostal.automata as automata
import hotellab.games.hostil_hostal.describe as describe
import hotellab.games.hostil_hostal.components as C
from .dawn import DawnRules
from .day import DayRules
from .encoding import card_number, card_seat, guest, guest_seat, is_sedated
from .night import NightRules
from .rules import (
    N_AUTOBED, N_AUTOROOM, N_CARD, N_END, N_FORCED_GRRR, N_MISFORTUNE, N_MOVETO, N_PICK,
    N_REFORM, N_RELOCATE, N_RESHUFFLE, N_ROLL, N_ROLLOFF, N_SETUP_SHUFFLE, N_SIDE, N_SIDE_CHOICE, N_TURN,
    N_WEAR, R_DUSK, R_END, R_MISFORTUNE, R_MISFORTUNE_FIXED, R_MISFORTUNE_ROOM, R_REFORM_DECK, R_RESHUFFLE,
    R_2P_ROOMS, R_2P_SETUP, R_FIRST_SETUP, R_NIGHTS, R_REST, R_SETUP, R_SETUP_DECKS, R_SETUP_ROOMS,
    R_SETUP_SIDES, R_SETUP_WEAR, R_SPY, R_START, SIDE_CHOICE, SIDE_COIN, TURN, WEAR_ROLL, card_rule,
    shuffle_node,
)

GAME_ID = "hostil_hostal"


_OUTCOMES: dict = {}  # (node kind, room board) -> the side coin's or the wear dice's outcomes (never changed)


class HostilHostalState(NightRules, DawnRules, DayRules, State):
    """A Hostil Hostal position. Use :meth:`Game.new_initial_state` or
    ``game.state_from_position(table)``; never mutate."""

    SHARED = (
        # fixed once setup has chosen them
        "boards", "pos_of", "sides", "layouts", "positions",
        # values a step replaces
        "node", "stage", "night", "round", "turn", "first", "all_passed", "passed", "queue", "item", "ctx",
        "misfortune", "reform_deck", "cursor", "auto_cards", "revealed",
    )
    OWNED = ("wear", "reform", "beds", "cards", "hands", "decks", "discards", "score", "supply", "lobby", "known",
             "ledger")
    """Per room: ``wear``, ``reform``, ``beds`` (a tuple of guests per bed), ``cards``; per
    seat: ``hands``, ``decks``, ``discards``, ``score``, ``supply``, ``lobby``, ``known`` (the
    cards it spied); ``ledger``: (seat, category) -> points (the score breakdown)."""
    __slots__ = SHARED + OWNED + ("_own",)

    # ================================================================== construction
    @classmethod
    def initial(cls, game) -> "HostilHostalState":
        """The state before setup: every seat's Mr. Tools in hand (Let's Begin (Setup) / 3),
        15 rest points, 4 guests in supply (the automata's in the Lobby); the rooms are chosen
        by the first chance action."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        n = game.num_seats
        s.positions = C.POSITIONS[game.num_players]
        s.boards = None
        s.pos_of = None
        s.sides = None
        s.layouts = None
        R = len(s.positions)
        s.wear = [None] * R
        s.reform = [None] * R
        s.beds = [()] * R
        s.cards = [()] * R
        s.revealed = False
        s.hands = [(C.TOOLS,) if not game.is_automata(p) else () for p in range(n)]
        s.decks = [()] * n
        s.discards = [()] * n
        s.score = [C.START_REST] * n
        s.supply = [0 if game.is_automata(p) else C.GUESTS_PER_PLAYER for p in range(n)]
        s.lobby = [C.GUESTS_PER_PLAYER if game.is_automata(p) else 0 for p in range(n)]
        s.known = [frozenset()] * n
        s.ledger = {(p, "Start"): C.START_REST for p in range(n)}
        s._own = cls._OWN_ALL
        s.stage = "setup"
        s.night = 1
        s.round = 0
        s.turn = 0
        s.first = 0
        s.all_passed = True
        s.passed = frozenset()
        s.queue = ()
        s.item = None
        s.ctx = None
        s.misfortune = None
        s.reform_deck = ()
        s.cursor = 0  # the current stage's position in its loop over rooms or seats
        s.auto_cards = ()
        s.node = shuffle_node("rooms")
        return s

    # ================================================================== small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_labels[seat]

    def _order(self) -> tuple[int, ...]:
        """Player seats in turn order from the first player (the automata is not in it)."""
        return self.game.turn_orders[self.first]

    def _rank(self, seat: int) -> int:
        n = self.game.num_players
        return (seat - self.first) % n if seat < n else n

    def _label(self, pos: int) -> str:
        return f"{self.boards[pos]}{self.sides[pos]}"

    def _rug(self, pos: int) -> int:
        ref = self.reform[pos]
        return C.reforms()[ref[0]][ref[1]] if ref else self.layouts[pos].rug

    def _total(self, pos: int) -> int:
        """Room total: visible numbers of unoccupied beds plus the rug (Phase 3 - Dawn / Rest)."""
        lay = self.layouts[pos].beds
        return sum(lay[b][2] for b, g in enumerate(self.beds[pos]) if not g) + self._rug(pos)

    def _guests(self, pos: int):
        """(bed, guest) for every guest in the room, bed order."""
        return [(b, g) for b, gs in enumerate(self.beds[pos]) for g in gs]

    def _awake(self, pos: int):
        return [(b, g) for b, gs in enumerate(self.beds[pos]) for g in gs if not is_sedated(g)]

    def _has_guest(self, seat: int, pos: int) -> bool:
        a, b = guest(seat), guest(seat, True)
        for gs in self.beds[pos]:
            for g in gs:
                if g == a or g == b:
                    return True
        return False

    def _room_full(self, pos: int) -> bool:
        return all(self.beds[pos])

    def _free_beds(self):
        return [(p, b) for p, room in enumerate(self.beds) for b, gs in enumerate(room) if not gs]

    def _gain(self, seat: int, points: int, category: str) -> None:
        if not points:
            return
        ledger = self.own("ledger")
        key = (seat, category)
        ledger[key] = ledger.get(key, 0) + points
        self.own("score")[seat] += points

    def _hit_guests(self, guests, points: int, category: str, text: str, rule: RuleRef) -> None:
        """Give ``points`` to the owner of each (unsedated) guest; one event."""
        deltas: dict[int, int] = {}
        for g in guests:
            seat = guest_seat(g)
            deltas[seat] = deltas.get(seat, 0) + points
        for seat, pts in deltas.items():
            self._gain(seat, pts, category)
        self._emit(text, rule, sorted(deltas.items()))

    def _set_bed(self, pos: int, bed: int, guests: tuple) -> None:
        self.own("beds")[pos] = replaced(self.beds[pos], bed, guests)

    def _remove_guest(self, pos: int, bed: int, seat: int, sedated: bool = False) -> None:
        gs = list(self.beds[pos][bed])
        gs.remove(guest(seat, sedated))
        self._set_bed(pos, bed, tuple(gs))

    def _add_guest(self, pos: int, bed: int, g: int) -> None:
        self._set_bed(pos, bed, self.beds[pos][bed] + (g,))

    def _take_from_hand(self, seat: int, number: int) -> None:
        hand = list(self.hands[seat])
        hand.remove(number)
        self.own("hands")[seat] = tuple(hand)

    def _to_discard(self, seat: int, numbers: tuple) -> None:
        if numbers:
            self.own("discards")[seat] = self.discards[seat] + numbers

    def _discard_card(self, pos: int, cid: int) -> None:
        room = list(self.cards[pos])
        room.remove(cid)
        self.own("cards")[pos] = tuple(room)
        self._to_discard(card_seat(cid), (card_number(cid),))

    def _card_name(self, number: int) -> str:
        return f"#{number} {C.cards()[number].name}"

    def _board(self, arg) -> int | None:
        return self.pos_of.get(arg) if self.pos_of and isinstance(arg, int) else None

    # ================================================================== chance
    def _chance_outcomes(self):
        """The side coin, wear dice, misfortune die, a guest's die (#10, #11), the roll-off and the automata's pick; None for shuffles."""
        kind = self.node.kind
        if kind == N_SIDE or kind == N_WEAR:  # a room's coin or its wear dice: the same lists each time
            key = (kind, self.boards[self.cursor])
            outs = _OUTCOMES.get(key)
            if outs is None:
                b = key[1]
                if kind == N_SIDE:
                    outs = [(Action("side", (b, "A")), 0.5), (Action("side", (b, "B")), 0.5)]
                else:
                    faces = C.dice()["wear"]
                    outs = [(Action("wear", (b, f)), 1 / len(faces)) for f in faces]
                outs = _OUTCOMES[key] = outs
            return outs
        if kind == N_MISFORTUNE:
            extra = (self.boards[self.node.context[0]],) if self.node.context else ()
            faces = C.dice()["misfortune"]
            return [(Action("misfortune", (f,) + extra), 1 / len(faces)) for f in faces]
        if kind == N_ROLL:
            what = self.ctx[1]
            faces = C.dice()["misfortune"]  # fleas and panic roll the misfortune die
            return [(Action(what, (f,)), 1 / len(faces)) for f in faces]
        if kind == N_ROLLOFF:
            faces = C.dice()["misfortune"]
            p = 1 / len(faces) ** 2
            return [(Action("rolloff", (a, b)), p) for a in faces for b in faces]
        if kind == N_PICK:
            n = len(self.ctx[1])
            return [(Action("pick", (i,)), 1 / n) for i in range(n)]
        return None  # shuffles: unlisted (see _sample_unlisted_chance)

    def _shuffle_items(self):
        """What the pending shuffle permutes: (name, sorted items)."""
        what = self.node.context[0]
        if what == "rooms":
            return what, (1, 2, 3, 4, 5)
        if what == "reforms":
            return what, tuple(sorted(C.reforms()))
        seat = int(what[4:])
        if self.node.kind == N_SETUP_SHUFFLE:
            top = 12 if self.game.is_automata(seat) else 11
            return what, tuple(range(1, top + 1))
        return what, tuple(sorted(self.discards[seat]))

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        what, items = self._shuffle_items()
        perm = list(range(len(items)))
        rng.shuffle(perm)
        return Action("shuffle", (what, tuple(perm)))

    def _advance(self) -> None:
        """Do automatic work until a decision or a chance outcome is needed."""
        while self.node is None:
            _STAGES[self.stage](self)

    # ================================================================== Let's Begin (Setup)
    def _do_shuffle(self, a: Action) -> None:
        """A shuffle: the rooms (Setup 1: "Rooms are chosen randomly"), a deck (Setup 3, or a
        discard pile at Dusk) or the reform deck (Day / Reform: "drawn randomly")."""
        what, items = self._shuffle_items()
        order = tuple(items[i] for i in a.args[1])
        if what == "rooms":
            self._choose_rooms(order)
        elif what == "reforms":
            self.reform_deck = order
            self._emit("The reform boards are shuffled into the reform deck.", R_REFORM_DECK)
            self.node = None
        else:
            seat = int(what[4:])
            self.own("decks")[seat] = order
            if self.node.kind == N_SETUP_SHUFFLE:
                self._emit(f"{self._name(seat)} shuffles their deck.",
                           R_2P_SETUP if self.game.is_automata(seat) else R_SETUP_DECKS)
                self.cursor += 1
            else:
                self.own("discards")[seat] = ()
                self._emit(f"{self._name(seat)}'s discard pile is shuffled into a new deck.", R_RESHUFFLE)
            self.node = None

    def _choose_rooms(self, order: tuple) -> None:
        """Let's Begin (Setup) / 1: "Rooms are chosen randomly" — the first 3/3/4/5 boards of
        the shuffle go to the Inn's positions in order; then their sides: the option ``sides``
        ("A", "B", a coin per room with "random", the first player's choice per room with
        "choose"; ruling HH-07)."""
        R = len(self.positions)
        self.boards = order[:R]
        self.pos_of = {b: i for i, b in enumerate(self.boards)}
        side = self.game.options["sides"]
        self.cursor = 0
        if side in ("A", "B"):
            self._set_sides((side,) * R)
            self._emit(f"Rooms {', '.join(self._label(i) for i in range(R))} are chosen at random, side {side}.",
                       R_2P_ROOMS if self.game.automata_seat is not None else R_SETUP_ROOMS)
            self.node = WEAR_ROLL
            return
        self.sides = ()
        self._emit(f"Rooms {', '.join(map(str, self.boards))} are chosen at random.",
                   R_2P_ROOMS if self.game.automata_seat is not None else R_SETUP_ROOMS)
        self.node = SIDE_COIN if side == "random" else SIDE_CHOICE[self.first]

    def _set_sides(self, sides: tuple) -> None:
        self.sides = sides
        self.layouts = tuple(C.rooms()[(b, s)] for b, s in zip(self.boards, sides))
        self.beds = [tuple(() for _ in lay.beds) for lay in self.layouts]

    def _side_actions(self, node) -> list[Action]:
        """Setup / 1, option sides="choose": "players can choose which side to use" — the first
        player sets the side of each room in position order (ruling HH-07)."""
        p = node.seat
        b = self.boards[self.cursor]
        return [Action("side", (b, "A"), p), Action("side", (b, "B"), p)]

    def _do_side(self, a: Action) -> None:
        """One room's side: a coin (sides="random") or the players' choice (sides="choose")."""
        self.sides = self.sides + (a.args[1],)
        self.cursor += 1
        if self.cursor == len(self.positions):
            self._set_sides(self.sides)
            rule = R_SETUP_SIDES if a.player != CHANCE else R_SETUP_ROOMS
            self._emit(f"Room sides: {', '.join(self._label(i) for i in range(len(self.boards)))}.", rule)
            self.cursor = 0
            self.node = WEAR_ROLL

    def _do_wear(self, a: Action) -> None:
        """Let's Begin (Setup) / 2: "Roll a wear die for each room"."""
        pos = self.cursor
        self.own("wear")[pos] = a.args[1]
        self._emit(f"Room {self._label(pos)}'s wear die rolls {a.args[1]}.", R_SETUP_WEAR)
        self.cursor += 1
        if self.cursor == len(self.positions):
            self.cursor = 0
            self.node = shuffle_node("deck0")

    def _setup_next(self) -> None:
        """Let's Begin (Setup) / 3-5: each deck shuffled (seat order), the reform deck, then the
        first night begins with seat 0 as the first player (ruling HH-06)."""
        n = self.game.num_seats
        if self.cursor < n and not self.reform_deck:
            self.node = shuffle_node(f"deck{self.cursor}")
        elif not self.reform_deck:
            self.node = shuffle_node("reforms")
        else:
            self._emit(
                f"Each player starts with {C.START_REST} rest points, {C.GUESTS_PER_PLAYER} guests and Mr. Tools "
                "in hand.",
                R_SETUP,
            )
            self._emit(f"The Lobby's {self.game.options['nights']}-night side is used.", R_NIGHTS)
            self._emit(f"{self._name(self.first)} is the first player.", R_FIRST_SETUP)
            self.stage = "dusk"
            self.cursor = 0

    # ================================================================== Phase 1 - Dusk
    def _dusk(self) -> None:
        """Phase 1 - Dusk: "Each player takes three cards from their deck and Mr. Tools"; a
        depleted deck is refilled from the shuffled discard (a chance shuffle, HH-28). The
        automata's three cards go face down one per room (Variation for 2 Players / Dusk)."""
        g = self.game
        seats = list(range(g.num_seats))
        while self.cursor < len(seats):
            seat = seats[self.cursor]
            hand = self.hands[seat]
            if g.is_automata(seat):
                need = C.CARDS_DRAWN_AT_DUSK - len(hand)
            else:
                need = C.CARDS_DRAWN_AT_DUSK - (len(hand) - (1 if C.TOOLS in hand else 0))
            if need > 0:
                if not self.decks[seat] and self.discards[seat]:
                    self.node = shuffle_node(f"deck{seat}", reshuffle=True)
                    return
                if self.decks[seat]:
                    deck = self.decks[seat]
                    self.own("decks")[seat] = deck[1:]
                    self.own("hands")[seat] = hand + (deck[0],)
                    continue
            if g.is_automata(seat):
                automata.place_dusk_cards(self, seat)
            else:
                self.own("hands")[seat] = tuple(sorted(hand))
            self.cursor += 1
        self._emit(f"Dusk of night {self.night}: each player draws {C.CARDS_DRAWN_AT_DUSK} cards and holds Mr. Tools.",
                   R_DUSK)
        self.stage = "night"
        self.round = 1
        self.turn = 0
        self.all_passed = True
        self.passed = frozenset()
        self.node = TURN[self._order()[0]]

    def _automata_relocate(self, seat: int) -> None:
        """#3 Grrr threw out the automata's guest: it chooses where it goes (``automata.py``)."""
        automata.relocate(self, seat)

    # ================================================================== End of the Game and Winner
    def _scores(self) -> list[int]:
        """Rest points of every seat (the automata included: 2P / Scoring)."""
        return list(self.score)

    def _score_breakdown(self) -> list[ScoreItem]:
        """Where each seat's rest points come from (Start, Rest, Misfortune die, Spy, each card), each with its rule."""
        rules = {"Start": R_START, "Rest": R_REST, "Spy": R_SPY}
        for n in range(1, 13):
            rules[self._card_name(n)] = card_rule(n)
        rules["Misfortune die"] = {"fixed": R_MISFORTUNE_FIXED, "per_room": R_MISFORTUNE_ROOM}.get(
            self.game.options["misfortune"], R_MISFORTUNE)
        items = [
            ScoreItem(seat, cat, pts, rules.get(cat, R_REST))
            for (seat, cat), pts in self.ledger.items()
            if pts or cat == "Start"
        ]
        items.sort(key=lambda i: (i.player, i.category != "Start", i.category))
        return items

    def _winners(self) -> list[int]:
        """"The winner is the player with the most points on the rest track. In case of a tie,
        the player with the most cards in his hand wins"; a remaining tie shares (HH-27)."""
        best = max(self.score)
        tied = [s for s, v in enumerate(self.score) if v == best]
        if len(tied) > 1:
            most = max(len(self.hands[s]) for s in tied)
            tied = [s for s in tied if len(self.hands[s]) == most]
        return tied

    def heuristic_value(self, seat: int) -> int:
        """Rest points now plus what the seat's awake guests would rest at dawn as the rooms stand."""
        v = self.score[seat]
        if self.layouts is None:
            return v
        me = guest(seat)
        for pos, room in enumerate(self.beds):
            mine = sum(1 for gs in room for g in gs if g == me)
            if mine:
                v += mine * self._total(pos)
        return v

    def _end_rule(self) -> str:
        return R_END.section

    def current_rule(self) -> RuleRef:
        """The rule that governs the current node (cited by every rejection)."""
        return describe.current_rule(self)

    def round_label(self) -> str | None:
        """"Night N" from the first Dusk on; None during setup."""
        return None if self.stage == "setup" else f"Night {self.night}"

    # ================================================================== texts and hidden information
    def _status_text(self) -> str:
        return describe.status_text(self)

    def resample_hidden(self, seat: int, rng: random.Random) -> "HostilHostalState":
        """The other seats' hands, every deck's order and the face-down cards ``seat`` has not
        seen, dealt again at random (see :func:`.position.resample_hidden`)."""
        from . import position  # pydantic loads only when positions are used

        return position.resample_hidden(self, seat, rng)


# the automatic work of each stage, in rulebook order
_STAGES = {
    "setup": HostilHostalState._setup_next,
    "dusk": HostilHostalState._dusk,
    "dawn": HostilHostalState._reveal,
    "resolve": HostilHostalState._resolve_next,
    "day": HostilHostalState._day,
    "reform": HostilHostalState._reform_next,
}

# node kinds, re-exported for tests and tools (``state.N_TURN``)
__all__ = ["HostilHostalState", "N_AUTOBED", "N_AUTOROOM", "N_CARD", "N_END", "N_FORCED_GRRR", "N_MISFORTUNE",
           "N_MOVETO", "N_PICK", "N_REFORM", "N_RELOCATE", "N_RESHUFFLE", "N_ROLL", "N_ROLLOFF", "N_SETUP_SHUFFLE",
           "N_SIDE", "N_SIDE_CHOICE", "N_TURN", "N_WEAR"]
N_SHUFFLE = N_SETUP_SHUFFLE  # the old name of the setup shuffle node (tests)
