"""Hostil Hostal: guests rest in a hostel's rooms while secret event cards disturb them.

Rules: ``shared/rulebooks/hostil_hostal.txt`` (2-5 players; 2 players adds an automata).
A round is four phases: Dusk (draw), Night (place guests, play cards face down, move
guests, pass, spy), Dawn (reveal, resolve cards in number order, rest, misfortune die) and
Day (wear, guests return, reforms, first player). The game ends at the dawn of the last
night (3 or 5). Component values the rulebook does not print are reconstructed data in
``data/`` and every reading of an unclear rule is in ``docs/rulings/hostil_hostal.md``.

Encodings (internal, compact so that ``apply`` copies cheaply):

- a guest is ``seat * 2 + sedated``; a bed holds a tuple of guests (2x1 can stack two);
- a card in a room is ``seat * 16 + number`` (each colour has exactly one card per number);
- rooms are addressed by position (0..R-1) inside the state and by board number (1-5) in
  actions, e.g. ``p0 place 3 1`` puts a guest on bed 1 of room board 3.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.actions import CHANCE, TERMINAL, Action
from ...core.errors import IllegalActionError
from ...core.rules import RuleRef, ScoreItem
from ...core.state import State
from . import components as C

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

GAME_ID = "hostil_hostal"


def _r(section: str, quote: str = "") -> RuleRef:
    return RuleRef(GAME_ID, section, quote)


R_SETUP = _r("Let's Begin (Setup)")
R_SETUP_ROOMS = _r("Let's Begin (Setup) / 1", "Rooms are chosen randomly.")
R_SETUP_WEAR = _r("Let's Begin (Setup) / 2", "Roll a wear die for each room")
R_SETUP_DECKS = _r("Let's Begin (Setup) / 3", "shuffles the other cards and forms a deck")
R_DUSK = _r("Phase 1 - Dusk", "Each player takes three cards from their deck and Mr. Tools")
R_RESHUFFLE = _r("Phase 1 - Dusk", "If the deck becomes depleted, shuffle the discard")
R_NIGHT = _r("Phase 2 - Night")
R_PLACE = _r("Phase 2 - Night / Place a guest", "places it in any unoccupied bed")
R_PLAY = _r("Phase 2 - Night / Play a card", "If a player has at least two cards in their hand")
R_MOVE = _r("Phase 2 - Night / Move a guest", "discard one ... to move a bedded guest")
R_PASS = _r("Phase 2 - Night / Pass", "If a player has placed all of their own guests, they can pass.")
R_SPY = _r("Phase 2 - Night / Bonus action: Spy", "spend one rest point to see all the cards of the same color in one room")
R_NIGHT_END = _r("Phase 2 - Night", "If all the players pass on the same round, the night phase ends")
R_REVEAL = _r("Phase 3 - Dawn / Reveal", "every copy of a repeated card in a room is discarded")
R_RESOLUTION = _r("Phase 3 - Dawn / Resolution", "the owner of the cards decides whether to activate the effect")
R_GUEST_ICON = _r("Phase 3 - Dawn / Resolution", "If a card has the guest icon, the player must have a guest on the room")
R_REST = _r("Phase 3 - Dawn / Rest", "add all the visible numbers in the unoccupied beds and the rug")
R_MISFORTUNE = _r("Phase 3 - Dawn / Wear", "If the die result is bigger than the wear, each non-sedated guest loses")
R_MISFORTUNE_FIXED = _r("Phase 3 - Dawn / Wear / Variants", "every guest will lose 2 points always")
R_MISFORTUNE_ROOM = _r("Phase 3 - Dawn / Wear / Variants", "roll the die for each room separately")
R_DAY_WEAR = _r("Phase 4 - Day / Wear", "Check each room for wear depending on the number of guests")
R_WAKE = _r("Phase 4 - Day / ¡Wake up, brains!", "Each player returns their guests to their supply.")
R_REFORM = _r("Phase 4 - Day / Reform", "In each room where a Mr. Tools card is present, a reform tile is placed")
R_END_DAY = _r("Phase 4 - Day / End of day")
R_FIRST = _r("Phase 4 - Day / End of day", "The first player marker is passed to the player that currently has more slumber points.")
R_END = _r("End of the Game and Winner", "The winner is the player with the most points on the rest track.")
R_END_TIE = _r("End of the Game and Winner", "In case of a tie, the player with the most cards in his hand wins.")
R_2P_DUSK = _r("Variation for 2 Players / Dusk phase", "Draw three cards from the automata's deck and place them face down each in one room")
R_2P_PHASE = _r("Variation for 2 Players / Night phase", "a special Automata phase is played before beginning the next round")
R_2P_MOVE = _r("Variation for 2 Players / Special action", "she can choose to move an automata's guest instead")
R_2P_GRRR = _r("Variation for 2 Players / Dawn phase / Out! (card #3, Grrr)", "they both roll a die")
R_2P_2X1 = _r("Variation for 2 Players / Dawn phase / 2x1 (card #2)", "from the bed with lesser points ... on the bed with the highest points")
R_2P_DAMAGE = _r("Variation for 2 Players / Dawn phase / Other cards", "the most damage to the players ... roll a die to decide")
R_START = _r("Let's Begin (Setup) / 3", 'places the score marker in the "15" space')


def card_rule(number: int) -> RuleRef:
    c = C.cards()[number]
    return _r(f"Event Card Guide / #{number} {c.name}", c.effect)


OPTION_DEFAULTS = {"nights": 3, "sides": "A", "misfortune": "die"}

# -- node kinds (what the state waits for) -----------------------------------------------
N_SHUFFLE, N_SIDE, N_WEAR, N_TURN, N_MOVETO, N_AUTOROOM, N_AUTOBED = range(7)
N_CARD, N_RELOCATE, N_FORCED_GRRR, N_ROLL, N_ROLLOFF, N_PICK, N_MISFORTUNE, N_REFORM, N_END = range(7, 16)
_CHANCE_NODES = {N_SHUFFLE, N_SIDE, N_WEAR, N_ROLL, N_ROLLOFF, N_PICK, N_MISFORTUNE}


def _sx(seat: int, sedated: bool = False) -> int:
    return seat * 2 + (1 if sedated else 0)


class HostilHostalState(State):
    """A Hostil Hostal position. Use :meth:`Game.new_initial_state`; never mutate."""

    __slots__ = (
        # fixed once setup has chosen them (shared between copies)
        "boards", "pos_of", "sides", "layouts", "positions",
        # dynamic
        "wear", "reform", "beds", "cards", "revealed", "hands", "decks", "discards", "score",
        "supply", "lobby", "known", "ledger", "_ledger_own", "node", "stage", "night", "round",
        "turn", "first", "all_passed", "passed", "queue", "item", "ctx", "misfortune",
        "reform_deck", "cursor", "auto_cards",
    )

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, game) -> "HostilHostalState":
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
        s._ledger_own = True
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
        s.node = (N_SHUFFLE, "rooms")
        return s

    def _copy(self) -> "HostilHostalState":
        new = HostilHostalState.__new__(HostilHostalState)
        self._copy_base(new)
        new.boards = self.boards
        new.pos_of = self.pos_of
        new.sides = self.sides
        new.layouts = self.layouts
        new.positions = self.positions
        new.wear = self.wear[:]
        new.reform = self.reform[:]
        new.beds = self.beds[:]
        new.cards = self.cards[:]
        new.revealed = self.revealed
        new.hands = self.hands[:]
        new.decks = self.decks[:]
        new.discards = self.discards[:]
        new.score = self.score[:]
        new.supply = self.supply[:]
        new.lobby = self.lobby[:]
        new.known = self.known[:]
        new.ledger = self.ledger
        new._ledger_own = False
        new.node = self.node
        new.stage = self.stage
        new.night = self.night
        new.round = self.round
        new.turn = self.turn
        new.first = self.first
        new.all_passed = self.all_passed
        new.passed = self.passed
        new.queue = self.queue
        new.item = self.item
        new.ctx = self.ctx
        new.misfortune = self.misfortune
        new.reform_deck = self.reform_deck
        new.cursor = self.cursor
        new.auto_cards = self.auto_cards
        return new

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_label(seat)

    def _order(self) -> list[int]:
        """Player seats in turn order from the first player (the automata is not in it)."""
        n = self.game.num_players
        return [(self.first + i) % n for i in range(n)]

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
        return [(b, g) for b, gs in enumerate(self.beds[pos]) for g in gs if not g & 1]

    def _has_guest(self, seat: int, pos: int) -> bool:
        return any(g >> 1 == seat for gs in self.beds[pos] for g in gs)

    def _room_full(self, pos: int) -> bool:
        return all(self.beds[pos])

    def _free_beds(self):
        return [(p, b) for p in range(len(self.beds)) for b, gs in enumerate(self.beds[p]) if not gs]

    def _gain(self, seat: int, points: int, category: str) -> None:
        if not points:
            return
        if not self._ledger_own:
            self.ledger = dict(self.ledger)
            self._ledger_own = True
        key = (seat, category)
        self.ledger[key] = self.ledger.get(key, 0) + points
        self.score[seat] += points

    def _hit_guests(self, guests, points: int, category: str, text: str, rule: RuleRef) -> None:
        """Give ``points`` to the owner of each (unsedated) guest; one event."""
        deltas: dict[int, int] = {}
        for g in guests:
            deltas[g >> 1] = deltas.get(g >> 1, 0) + points
        for seat, pts in deltas.items():
            self._gain(seat, pts, category)
        self._emit(text, rule, sorted(deltas.items()))

    def _set_bed(self, pos: int, bed: int, guests: tuple) -> None:
        room = list(self.beds[pos])
        room[bed] = guests
        self.beds[pos] = tuple(room)

    def _remove_guest(self, pos: int, bed: int, seat: int, sedated: bool = False) -> None:
        gs = list(self.beds[pos][bed])
        gs.remove(_sx(seat, sedated))
        self._set_bed(pos, bed, tuple(gs))

    def _add_guest(self, pos: int, bed: int, guest: int) -> None:
        self._set_bed(pos, bed, self.beds[pos][bed] + (guest,))

    def _discard_card(self, pos: int, cid: int) -> None:
        room = list(self.cards[pos])
        room.remove(cid)
        self.cards[pos] = tuple(room)
        seat = cid >> 4
        self.discards[seat] = self.discards[seat] + (cid & 15,)

    def _card_name(self, number: int) -> str:
        return f"#{number} {C.cards()[number].name}"

    def _board(self, arg) -> int | None:
        return self.pos_of.get(arg) if self.pos_of and isinstance(arg, int) else None

    # ================================================================== the standard API
    def _current_player(self) -> int:
        kind = self.node[0]
        if kind in _CHANCE_NODES:
            return CHANCE
        if kind == N_END:
            return TERMINAL
        return self.node[1]

    def _legal_actions(self) -> list[Action]:
        kind, p = self.node[0], self.node[1]
        if kind == N_TURN:
            return self._night_actions(p)
        if kind == N_MOVETO:
            return self._move_destinations(p)
        if kind == N_RELOCATE:
            return self._relocate_destinations(p)
        if kind == N_AUTOROOM:
            return [Action("autoroom", (self.boards[q],), p) for q in range(len(self.beds)) if not self._room_full(q)]
        if kind == N_AUTOBED:
            pos = self.node[2]
            return [Action("autobed", (b,), p) for b, gs in enumerate(self.beds[pos]) if not gs]
        if kind == N_CARD:
            return self._card_options(p) + [Action("skip", (), p)]
        if kind == N_FORCED_GRRR:
            return self._grrr_targets(p, self.item[1], only_seat=p)
        if kind == N_REFORM:
            return [Action("reform", ("a",), p), Action("reform", ("b",), p)]
        return []

    def _chance_outcomes(self):
        kind = self.node[0]
        if kind == N_SHUFFLE:
            return None
        if kind == N_SIDE:
            b = self.boards[self.cursor]
            return [(Action("side", (b, "A")), 0.5), (Action("side", (b, "B")), 0.5)]
        if kind == N_WEAR:
            b = self.boards[self.cursor]
            faces = C.dice()["wear"]
            return [(Action("wear", (b, f)), 1 / len(faces)) for f in faces]
        if kind == N_MISFORTUNE:
            pos = self.node[1]
            extra = () if pos is None else (self.boards[pos],)
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
        return None

    def _shuffle_items(self):
        """What the pending shuffle permutes: (name, sorted items)."""
        what = self.node[1]
        if what == "rooms":
            return what, (1, 2, 3, 4, 5)
        if what == "reforms":
            return what, tuple(sorted(C.reforms()))
        seat = int(what[4:])
        if self.stage == "setup":
            top = 12 if self.game.is_automata(seat) else 11
            return what, tuple(range(1, top + 1))
        return what, tuple(sorted(self.discards[seat]))

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        what, items = self._shuffle_items()
        perm = list(range(len(items)))
        rng.shuffle(perm)
        return Action("shuffle", (what, tuple(perm)))

    # what each decision takes: "room" a board number in play, "bed" a bed index, "card" 1-12,
    # "seat" a seat, "side" a or b; "where" is either "lobby" or <room> <bed>
    _FORMS = {
        "place": ("room", "bed"), "play": ("card", "room"), "move": ("card", "room", "bed", "seat"),
        "moveto": "where", "relocate": "where", "pass": (), "spy": ("room", "seat"),
        "autoroom": ("room",), "autobed": ("bed",), "activate": (), "skip": (), "sedate": ("bed",),
        "bring": ("room", "bed", "bed"), "grrr": ("bed", "seat"), "blanket": ("bed",),
        "sniff": ("bed",), "reform": ("side",),
    }

    def _check_form(self, a: Action) -> str | None:
        """What is wrong with the shape of ``a`` (kind, argument count and types), or None."""
        form = self._FORMS.get(a.kind)
        if a.kind == "end":
            return ("there is no separate end of turn: the mandatory action (place, play, move or "
                    "pass) ends it; spy before it (ruling HH-11)")
        if form is None:
            kinds = sorted({x.kind for x in self.legal_actions()})
            return f"unknown action kind {a.kind!r}; here the kinds are: {', '.join(kinds)}"
        args = a.args
        if form == "where":
            if args == ("lobby",):
                return None
            form = ("room", "bed")
            usage = f"'{a.kind} lobby' or '{a.kind} <room> <bed>'"
        else:
            usage = " ".join([a.kind] + [f"<{x}>" for x in form])
        if len(args) != len(form):
            return f"'{a.kind}' takes {len(form)} argument(s): {usage}"
        rooms = sorted(self.pos_of) if self.pos_of else []
        for name, x in zip(form, args):
            if name == "side":
                if x not in ("a", "b"):
                    return f"a reform side is 'a' or 'b', got {x!r}"
                continue
            if isinstance(x, bool) or not isinstance(x, int):
                return f"<{name}> must be an integer, got {x!r} ({usage})"
            if name == "room" and x not in rooms:
                return f"room {x} is not in play; the rooms are {', '.join(map(str, rooms))} ({usage})"
            if name == "card" and not 1 <= x <= 12:
                return f"cards are numbered 1 to 12, got {x}"
            if name == "seat" and not 0 <= x < self.game.num_seats:
                return f"there is no seat {x}"
        if form and form[-1] == "bed" and len(form) >= 2 and form[-2] == "room":
            pos = self.pos_of[args[-2]]
            nbeds = len(self.layouts[pos].beds)
            if not 0 <= args[-1] < nbeds:
                return f"room {self._label(pos)} has beds 0 to {nbeds - 1}, got {args[-1]}"
        return None

    def canonical_chance(self, action: Action) -> Action:
        return Action(action.kind, (action.args[0], tuple(int(i) for i in action.args[1])), CHANCE)

    def explain_chance(self, action: Action) -> str | None:
        if self.node[0] != N_SHUFFLE:
            return None
        what, items = self._shuffle_items()
        if action.kind != "shuffle" or len(action.args) != 2 or action.args[0] != what:
            return f"{action}: expected 'chance shuffle {what} <permutation>' ({R_SETUP_DECKS.section})"
        perm = action.args[1]
        if (not isinstance(perm, tuple) or any(isinstance(i, bool) or not isinstance(i, int) for i in perm)
                or sorted(perm) != list(range(len(items)))):
            return (
                f"{action}: the shuffle of {what} must be a permutation of 0..{len(items) - 1} "
                f"({len(items)} items)"
            )
        return None

    # ---------------------------------------------------------------- night actions
    def _spy_actions(self, p: int) -> list[Action]:
        if self.score[p] < 1:
            return []
        out = []
        known = self.known[p]
        for pos, cs in enumerate(self.cards):
            seen = set()
            for c in cs:
                s = c >> 4
                if s != p and c not in known and s not in seen:
                    seen.add(s)
                    out.append(Action("spy", (self.boards[pos], s), p))
        return out

    def _night_actions(self, p: int) -> list[Action]:
        spies = self._spy_actions(p)
        out = []
        free = self._free_beds()
        if self.supply[p] > 0:
            out += [Action("place", (self.boards[q], b), p) for q, b in free]
        hand = self.hands[p]
        if len(hand) >= 2:
            rooms_with = [q for q in range(len(self.beds)) if self._has_guest(p, q)]
            out += [Action("play", (c, self.boards[q]), p) for c in hand for q in rooms_with]
            movable = []
            auto = self.game.automata_seat
            for q in range(len(self.beds)):
                for b, gs in enumerate(self.beds[q]):
                    for s in sorted({g >> 1 for g in gs if not g & 1}):
                        if s == p or s == auto:
                            movable.append((self.boards[q], b, s))
            out += [Action("move", (c,) + m, p) for c in hand for m in movable]
        if self.supply[p] == 0 or not free:
            out.append(Action("pass", (), p))
        return out + spies

    def _move_destinations(self, p: int) -> list[Action]:
        """Phase 2 - Night / Move a guest: "to another bed in any room or to the lobby" — any
        unoccupied bed (HH-08) but the one the guest left, the same room included, or the Lobby."""
        _, ex_pos, ex_bed, _ = self.ctx
        out = [Action("moveto", (self.boards[q], b), p) for q, b in self._free_beds() if (q, b) != (ex_pos, ex_bed)]
        out.append(Action("moveto", ("lobby",), p))
        return out

    def _relocate_destinations(self, p: int) -> list[Action]:
        """Event Card Guide / #3 Grrr: "Remove any one guest from the room … The guest owner then
        chooses another unoccupied bed or the lobby"; the 2-player rules: "move one of her guests
        from the room". The guest leaves the room: an unoccupied bed of ANOTHER room, or the
        Lobby (ruling HH-18). Used for players and for the automata alike."""
        _, _, ex_pos, _ = self.ctx
        out = [Action("relocate", (self.boards[q], b), p) for q, b in self._free_beds() if q != ex_pos]
        out.append(Action("relocate", ("lobby",), p))
        return out

    # ---------------------------------------------------------------- apply
    def _apply(self, a: Action) -> None:
        k = a.kind
        handler = getattr(self, "_do_" + k, None)
        if handler is None:  # legal_actions never offers an unknown kind
            raise IllegalActionError(f"unknown action kind {k!r}")
        handler(a)
        self._advance()

    # -- setup chance -------------------------------------------------------------------
    def _do_shuffle(self, a: Action) -> None:
        what, items = self._shuffle_items()
        order = tuple(items[i] for i in a.args[1])
        if what == "rooms":
            R = len(self.positions)
            self.boards = order[:R]
            self.pos_of = {b: i for i, b in enumerate(self.boards)}
            side = self.game.options["sides"]
            if side != "random":
                self.sides = (side,) * R
                self.layouts = tuple(C.rooms()[(b, side)] for b in self.boards)
                self.beds = [tuple(() for _ in lay.beds) for lay in self.layouts]
                self._emit(
                    f"Rooms {', '.join(self._label(i) for i in range(R))} are chosen at random, side {side}.",
                    R_SETUP_ROOMS,
                )
                self.node = (N_WEAR,)
            else:
                self.sides = ()
                self._emit(f"Rooms {', '.join(map(str, self.boards))} are chosen at random.", R_SETUP_ROOMS)
                self.node = (N_SIDE,)
            self.cursor = 0
        elif what == "reforms":
            self.reform_deck = order
            self._emit("The reform boards are shuffled into the reform deck.", R_REFORM)
            self.node = None
        else:
            seat = int(what[4:])
            self.decks[seat] = order
            if self.stage == "setup":
                self._emit(f"{self._name(seat)} shuffles their deck.", R_SETUP_DECKS)
                self.cursor += 1
            else:
                self.discards[seat] = ()
                self._emit(f"{self._name(seat)}'s discard pile is shuffled into a new deck.", R_RESHUFFLE)
            self.node = None

    def _do_side(self, a: Action) -> None:
        self.sides = self.sides + (a.args[1],)
        self.cursor += 1
        if self.cursor == len(self.positions):
            self.layouts = tuple(C.rooms()[(b, s)] for b, s in zip(self.boards, self.sides))
            self.beds = [tuple(() for _ in lay.beds) for lay in self.layouts]
            self._emit(f"Room sides: {', '.join(self._label(i) for i in range(len(self.boards)))}.", R_SETUP_ROOMS)
            self.cursor = 0
            self.node = (N_WEAR,)

    def _do_wear(self, a: Action) -> None:
        pos = self.cursor
        self.wear[pos] = a.args[1]
        self._emit(f"Room {self._label(pos)}'s wear die rolls {a.args[1]}.", R_SETUP_WEAR)
        self.cursor += 1
        if self.cursor == len(self.positions):
            self.cursor = 0
            self.node = (N_SHUFFLE, "deck0")

    # -- night ----------------------------------------------------------------------------
    def _do_place(self, a: Action) -> None:
        p = a.player
        board, bed = a.args
        pos = self.pos_of[board]
        self.supply[p] -= 1
        self._add_guest(pos, bed, _sx(p))
        self.all_passed = False
        self._emit(f"{self._name(p)} places a guest on bed {bed} ({self.layouts[pos].beds[bed][2]:+d}) of room {self._label(pos)}.", R_PLACE)
        self._after_mandatory()

    def _do_play(self, a: Action) -> None:
        p = a.player
        number, board = a.args
        pos = self.pos_of[board]
        hand = list(self.hands[p])
        hand.remove(number)
        self.hands[p] = tuple(hand)
        self.cards[pos] = self.cards[pos] + (p * 16 + number,)
        self.all_passed = False
        self._emit(f"{self._name(p)} plays a card face down in room {self._label(pos)}.", R_PLAY)
        self._after_mandatory()

    def _do_move(self, a: Action) -> None:
        p = a.player
        number, board, bed, seat = a.args
        pos = self.pos_of[board]
        hand = list(self.hands[p])
        hand.remove(number)
        self.hands[p] = tuple(hand)
        self.discards[p] = self.discards[p] + (number,)
        self._remove_guest(pos, bed, seat)
        self.all_passed = False
        whose = "their" if seat == p else f"the automata's ({self._name(seat)})"
        rule = R_MOVE if seat == p else R_2P_MOVE
        self._emit(f"{self._name(p)} discards a card to move {whose} guest from bed {bed} of room {self._label(pos)}.", rule)
        self.ctx = ("move", pos, bed, seat)
        self.node = (N_MOVETO, p)

    def _do_moveto(self, a: Action) -> None:
        p = a.player
        _, _, _, seat = self.ctx
        self._put(seat, a.args, R_MOVE)
        self.ctx = None
        self._after_mandatory()

    def _put(self, seat: int, where: tuple, rule: RuleRef) -> None:
        if where[0] == "lobby":
            self.lobby[seat] += 1
            self._emit(f"{self._name(seat)}'s guest goes to the Lobby.", rule)
        else:
            pos = self.pos_of[where[0]]
            self._add_guest(pos, where[1], _sx(seat))
            self._emit(f"{self._name(seat)}'s guest goes to bed {where[1]} of room {self._label(pos)}.", rule)

    def _do_pass(self, a: Action) -> None:
        self.passed = self.passed | {a.player}
        self._emit(f"{self._name(a.player)} passes.", R_PASS)
        self._after_mandatory()

    def _do_spy(self, a: Action) -> None:
        p = a.player
        board, seat = a.args
        pos = self.pos_of[board]
        seen = frozenset(c for c in self.cards[pos] if c >> 4 == seat)
        self.known[p] = self.known[p] | seen
        self._gain(p, -1, "Spy")
        self._emit(
            f"{self._name(p)} spends 1 rest point to spy on {self._name(seat)}'s cards in room {self._label(pos)}.",
            R_SPY,
            [(p, -1)],
        )

    def _after_mandatory(self) -> None:
        """The mandatory action ends the turn. Spying is offered before it only: spying after
        it would see exactly the same cards at the same price (ruling HH-11)."""
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        order = self._order()
        if self.turn < len(order):
            self.node = (N_TURN, order[self.turn])
            return
        # the round is over
        if self.all_passed:
            self._emit("Every player passed in the same round: the night ends.", R_NIGHT_END)
            self.stage = "dawn"
            self.node = None
            return
        if self.game.automata_seat is not None and self._automata_phase_possible():
            self._start_automata_phase()
            return
        self._new_round()

    def _new_round(self) -> None:
        self.round += 1
        self.turn = 0
        self.all_passed = True
        self.passed = frozenset()
        self.node = (N_TURN, self._order()[0])

    # -- 2-player automata phase --------------------------------------------------------------
    def _automata_phase_possible(self) -> bool:
        auto = self.game.automata_seat
        return (
            len(self.decks[auto]) >= 2
            and self.lobby[auto] > 0
            and any(not self._room_full(q) for q in range(len(self.beds)))
        )

    def _start_automata_phase(self) -> None:
        self.auto_cards = ()
        self._emit("Automata phase: each player draws a card from the automata's deck.", R_2P_PHASE)
        self._automata_draw_next()

    def _automata_draw_next(self) -> None:
        auto = self.game.automata_seat
        order = self._order()
        i = len(self.auto_cards)
        if i < len(order):
            seat = order[i]
            card = self.decks[auto][0]
            self.decks[auto] = self.decks[auto][1:]
            self.auto_cards = self.auto_cards + ((seat, card, None),)
            self.node = (N_AUTOROOM, seat)
            return
        # reveal: the highest number places the automata's guest
        win = max(self.auto_cards, key=lambda t: t[1])
        parts = ", ".join(f"{self._name(s)} #{c} in {self._label(q)}" for s, c, q in self.auto_cards)
        self._emit(f"Automata cards revealed: {parts}. {self._name(win[0])} places the automata's guest.", R_2P_PHASE)
        self.node = (N_AUTOBED, win[0], win[2])

    def _do_autoroom(self, a: Action) -> None:
        pos = self.pos_of[a.args[0]]
        seat, card, _ = self.auto_cards[-1]
        self.auto_cards = self.auto_cards[:-1] + ((seat, card, pos),)
        self._emit(f"{self._name(seat)} puts an automata card face down on room {self._label(pos)}.", R_2P_PHASE)
        self._automata_draw_next()

    def _do_autobed(self, a: Action) -> None:
        auto = self.game.automata_seat
        pos = self.node[2]
        self.lobby[auto] -= 1
        self._add_guest(pos, a.args[0], _sx(auto))
        self._emit(f"{self._name(a.player)} places an automata guest on bed {a.args[0]} of room {self._label(pos)}; both automata cards are discarded.", R_2P_PHASE)
        self.discards[auto] = self.discards[auto] + tuple(c for _, c, _ in self.auto_cards)
        self.auto_cards = ()
        self._new_round()

    # -- dawn: card decisions ----------------------------------------------------------------
    def _card_options(self, p: int) -> list[Action]:
        number, pos, _ = self.item
        if number == 1:
            return [Action("sedate", (b,), p) for b, gs in enumerate(self.beds[pos]) if _sx(p) in gs]
        if number == 2:
            return self._twoxone_options(p, pos)
        if number == 3:
            return self._grrr_targets(p, pos)
        if number == 7:
            return [Action("blanket", (b,), p) for b, gs in enumerate(self.beds[pos]) if _sx(p) in gs]
        if number == 9:
            return [Action("sniff", (b,), p) for b, gs in enumerate(self.beds[pos]) if any(g >> 1 == p for g in gs)]
        return [Action("activate", (), p)]

    def _twoxone_options(self, p: int, pos: int) -> list[Action]:
        dst = [b for b, gs in enumerate(self.beds[pos]) if any(g >> 1 == p for g in gs)]
        src = [(q, b) for q in range(len(self.beds)) for b, gs in enumerate(self.beds[q]) if _sx(p) in gs]
        return [
            Action("bring", (self.boards[q], b, d), p)
            for q, b in src
            for d in dst
            if (q, b) != (pos, d)
        ]

    def _grrr_targets(self, p: int, pos: int, only_seat: int | None = None) -> list[Action]:
        out = []
        for b, gs in enumerate(self.beds[pos]):
            for s in sorted({g >> 1 for g in gs if not g & 1}):
                if only_seat is None or s == only_seat:
                    out.append(Action("grrr", (b, s), p))
        return out

    def _do_skip(self, a: Action) -> None:
        number = self.item[0]
        self._emit(f"{self._name(a.player)} does not activate {self._card_name(number)}.", R_RESOLUTION)
        self._card_done()

    def _do_activate(self, a: Action) -> None:
        self._effect(a)

    _do_sedate = _do_bring = _do_grrr = _do_blanket = _do_sniff = _do_activate

    def _do_relocate(self, a: Action) -> None:
        seat = self.ctx[1]
        self._put(seat, a.args, card_rule(3))
        self.ctx = None
        self._card_done()

    def _do_reform(self, a: Action) -> None:
        pos, rid = self.ctx[1], self.ctx[2]
        self._place_reform(pos, rid, a.args[0], a.player)
        self.ctx = None
        self.node = None

    # -- dawn: chance ------------------------------------------------------------------------
    def _do_misfortune(self, a: Action) -> None:
        d = a.args[0]
        self.misfortune = d
        pos = self.node[1]
        rooms = range(len(self.beds)) if pos is None else (pos,)
        rule = R_MISFORTUNE if pos is None else R_MISFORTUNE_ROOM
        where = "" if pos is None else f" for room {self._label(pos)}"
        self._emit(f"The misfortune die rolls {d}{where}.", rule)
        for q in rooms:
            if d > self.wear[q]:
                guests = [g for _, g in self._awake(q)]
                if guests:
                    loss = d - self.wear[q]
                    self._hit_guests(
                        guests, -loss, "Misfortune die",
                        f"Room {self._label(q)} (wear {self.wear[q]}): each guest loses {loss}.", rule,
                    )
        if pos is None or pos + 1 == len(self.beds):
            self._after_misfortune()
        else:
            self.node = (N_MISFORTUNE, pos + 1)

    def _do_flea(self, a: Action) -> None:
        self._roll(a)

    _do_panic = _do_flea

    def _roll(self, a: Action) -> None:
        _, what, pos, guests = self.ctx
        g = guests[0]
        d = a.args[0]
        number = 10 if what == "flea" else 11
        if d <= 2:
            label = "has fleas" if what == "flea" else "panics"
            self._hit_guests([g], -2, self._card_name(number), f"{self._name(g >> 1)}'s guest rolls {d} and {label}: -2.", card_rule(number))
        else:
            self._emit(f"{self._name(g >> 1)}'s guest rolls {d}: no harm.", card_rule(number))
        rest = guests[1:]
        if rest:
            self.ctx = ("roll", what, pos, rest)
        else:
            self.ctx = None
            self._card_done()

    def _do_rolloff(self, a: Action) -> None:
        humans = self.ctx[1]
        x, y = a.args
        if x == y:
            self._emit(f"Grrr roll-off: both roll {x}; roll again.", R_2P_GRRR)
            return
        loser = humans[0] if x < y else humans[1]
        self._emit(
            f"Grrr roll-off: {self._name(humans[0])} {x}, {self._name(humans[1])} {y}; "
            f"{self._name(loser)} must move one of her guests.", R_2P_GRRR,
        )
        self.ctx = None
        opts = self._grrr_targets(loser, self.item[1], only_seat=loser)
        if len(opts) == 1:
            self._effect(opts[0])
        else:
            self.node = (N_FORCED_GRRR, loser)

    def _do_pick(self, a: Action) -> None:
        _, options, self.ctx = self.ctx
        choice = options[a.args[0]]
        self._emit(f"The automata's choice is settled by a die roll: option {a.args[0] + 1} of {len(options)}.", R_2P_DAMAGE)
        self.node = None
        self._automata_do(choice)

    # -- the flow ------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Do automatic work until a decision or a chance outcome is needed."""
        while self.node is None:
            st = self.stage
            if st == "setup":
                self._setup_next()
            elif st == "dusk":
                self._dusk()
            elif st == "dawn":
                self._reveal()
            elif st == "resolve":
                self._resolve_next()
            elif st == "day":
                self._day()
            elif st == "reform":
                self._reform_next()
            else:  # pragma: no cover - every stage above sets a node or moves on
                raise AssertionError(f"unknown stage {st}")

    def _setup_next(self) -> None:
        n = self.game.num_seats
        if self.cursor < n and not self.reform_deck:
            self.node = (N_SHUFFLE, f"deck{self.cursor}")
        elif not self.reform_deck:
            self.node = (N_SHUFFLE, "reforms")
        else:
            self._emit(
                f"Each player starts with {C.START_REST} rest points, {C.GUESTS_PER_PLAYER} guests and Mr. Tools in hand; "
                f"{self._name(self.first)} is the first player; {self.game.options['nights']} nights.",
                R_SETUP,
            )
            self.stage = "dusk"
            self.cursor = 0

    def _draw(self, seat: int, count: int) -> list[int] | None:
        """Draw up to ``count``; None when a reshuffle (chance) is needed first."""
        drawn = []
        for _ in range(count):
            if not self.decks[seat]:
                if self.discards[seat]:
                    return None
                break
            drawn.append(self.decks[seat][0])
            self.decks[seat] = self.decks[seat][1:]
        return drawn

    def _dusk(self) -> None:
        g = self.game
        seats = list(range(g.num_seats))
        while self.cursor < len(seats):
            seat = seats[self.cursor]
            need = C.CARDS_DRAWN_AT_DUSK - (len(self.hands[seat]) - (1 if C.TOOLS in self.hands[seat] else 0))
            if g.is_automata(seat):
                need = C.CARDS_DRAWN_AT_DUSK - len(self.hands[seat])
            if need > 0:
                if not self.decks[seat] and self.discards[seat]:
                    self.node = (N_SHUFFLE, f"deck{seat}")
                    return
                drawn = self._draw(seat, 1)
                if drawn:
                    self.hands[seat] = self.hands[seat] + tuple(drawn)
                    continue
            if g.is_automata(seat):
                # "place them face down each in one room without seeing them"
                cards = self.hands[seat]
                self.hands[seat] = ()
                for pos, c in zip(range(len(self.beds)), cards):
                    self.cards[pos] = self.cards[pos] + (seat * 16 + c,)
                self._emit(f"{self._name(seat)} places a face-down card in each room.", R_2P_DUSK)
            else:
                self.hands[seat] = tuple(sorted(self.hands[seat]))
            self.cursor += 1
        self._emit(f"Dusk of night {self.night}: each player draws {C.CARDS_DRAWN_AT_DUSK} cards and holds Mr. Tools.", R_DUSK)
        self.stage = "night"
        self.round = 1
        self.turn = 0
        self.all_passed = True
        self.passed = frozenset()
        self.node = (N_TURN, self._order()[0])

    # -- dawn -----------------------------------------------------------------------------------
    def _reveal(self) -> None:
        self.revealed = True
        self._emit(f"Dawn of night {self.night}: all cards in the rooms are revealed.", R_REVEAL)
        for pos in range(len(self.cards)):
            numbers = [c & 15 for c in self.cards[pos]]
            dup = sorted({n for n in numbers if numbers.count(n) > 1 and n != C.TOOLS})
            for n in dup:
                for c in [c for c in self.cards[pos] if c & 15 == n]:
                    self._discard_card(pos, c)
                self._emit(f"Room {self._label(pos)}: the copies of {self._card_name(n)} cancel out and are discarded.", R_REVEAL)
        items = []
        for pos, cs in enumerate(self.cards):
            for c in cs:
                if c & 15 != C.TOOLS:
                    items.append((c & 15, pos, c))
            if any(c & 15 == C.TOOLS for c in cs):
                items.append((C.TOOLS, pos, None))
        items.sort(key=lambda t: (t[0], self._rank(t[2] >> 4) if t[2] is not None else 0, t[1]))
        self.queue = tuple(items)
        self.stage = "resolve"

    def _resolve_next(self) -> None:
        if not self.queue:
            self._rest()
            return
        self.item, self.queue = self.queue[0], self.queue[1:]
        number, pos, cid = self.item
        if number == C.TOOLS:
            self._tools(pos)
            self.item = None
            return
        owner = cid >> 4
        card = C.cards()[number]
        if card.guest_icon and not self._has_guest(owner, pos):
            self._emit(
                f"{self._name(owner)}'s {self._card_name(number)} in {self._label(pos)} has no effect: "
                "the guest icon needs one of their guests in the room.", R_GUEST_ICON,
            )
            self._card_done()
            return
        if not self._can_take_effect(owner):
            self._emit(f"{self._name(owner)}'s {self._card_name(number)} in {self._label(pos)} has nothing to act on.", card_rule(number))
            self._card_done()
            return
        if self.game.is_automata(owner):
            self._automata_card(owner)
        elif card.lock:
            self._effect(Action("activate", (), owner))
        else:
            self.node = (N_CARD, owner)

    def _can_take_effect(self, owner: int) -> bool:
        number, pos, _ = self.item
        if number in (1, 6, 7, 11):
            return _sx(owner) in {g for _, g in self._guests(pos)}
        if number == 2:
            return bool(self._twoxone_options(owner, pos))
        if number == 3:
            return bool(self._awake(pos))
        if number == 9:
            return self._has_guest(owner, pos)
        return True

    def _card_done(self) -> None:
        number, pos, cid = self.item
        if cid in self.cards[pos]:
            self._discard_card(pos, cid)
        self.item = None
        self.node = None
        self.stage = "resolve"

    def _effect(self, a: Action) -> None:
        """Apply the current card's effect with the owner's choice ``a``."""
        number, pos, cid = self.item
        p = cid >> 4
        name = self._name(p)
        rule = card_rule(number)
        cat = self._card_name(number)
        self.node = None
        if number == 1:  # Sweet Dreams
            bed = a.args[0]
            self._remove_guest(pos, bed, p)
            self._add_guest(pos, bed, _sx(p, True))
            self._gain(p, 1, cat)
            self._emit(f"{name} sedates their guest on bed {bed} of {self._label(pos)} and wins 1 rest point.", rule, [(p, 1)])
        elif number == 2:  # 2x1
            board, src, dst = a.args
            q = self.pos_of[board]
            self._remove_guest(q, src, p)
            self._add_guest(pos, dst, _sx(p))
            self._emit(f"{name} brings a guest from bed {src} of {self._label(q)} to share bed {dst} of {self._label(pos)}.", rule)
        elif number == 3:  # Grrr
            bed, seat = a.args
            self._remove_guest(pos, bed, seat)
            self._emit(f"Grrr: {self._name(seat)}'s guest is thrown out of bed {bed} of {self._label(pos)}.", rule)
            self.ctx = ("relocate", seat, pos, bed)
            if self.game.is_automata(seat):
                self._automata_relocate(seat)
            else:
                self.node = (N_RELOCATE, seat)
            return  # _do_relocate finishes the card
        elif number == 4:  # Tap Tippity-Tap
            below = self.game.room_below(self, pos)
            guests = [g for q in [pos] + ([below] if below is not None else []) for _, g in self._awake(q)]
            where = self._label(pos) + (f" and {self._label(below)} below" if below is not None else "")
            self._hit_guests(guests, -1, cat, f"Tap Tippity-Tap: each guest in {where} loses 1.", rule)
        elif number == 5:  # Party
            rooms = [pos] + self.game.room_neighbours(self, pos)
            guests = [g for q in rooms for _, g in self._awake(q)]
            self._hit_guests(guests, -1, cat, f"Party: each guest in {', '.join(self._label(q) for q in rooms)} loses 1.", rule)
        elif number == 6:  # Chocolate
            guests = [g for _, g in self._awake(pos) if g >> 1 == p]
            self._hit_guests(guests, 1, cat, f"Chocolate: {name}'s {len(guests)} guest(s) in {self._label(pos)} win 1 each.", rule)
        elif number == 7:  # 17º
            bed = a.args[0]
            guests = [g for g in self.beds[pos][bed] if g == _sx(p)]
            self._hit_guests(guests, 2, cat, f"17º: {name}'s {len(guests)} guest(s) on bed {bed} of {self._label(pos)} win 2 each.", rule)
        elif number == 8:  # TV
            low = min(self.score)
            behind = {s for s, v in enumerate(self.score) if v == low}
            guests = [g for _, g in self._awake(pos) if g >> 1 not in behind]
            who = " and ".join(self._name(s) for s in sorted(behind))
            self._hit_guests(guests, -1, cat, f"TV: every guest in {self._label(pos)} loses 1, except {who}'s (behind on the track).", rule)
        elif number == 9:  # Sniff
            bed = a.args[0]
            adj = self.layouts[pos].adjacent[bed]
            guests = [g for b in adj for g in self.beds[pos][b] if not g & 1]
            self._hit_guests(guests, -1, cat, f"Sniff: guests next to bed {bed} of {self._label(pos)} lose 1.", rule)
        elif number == 10:  # Scratch Scratch
            guests = [g for _, g in self._awake(pos)]
            self._emit(f"Scratch Scratch: each of the {len(guests)} guest(s) in {self._label(pos)} rolls the misfortune die.", rule)
            if guests:
                self.ctx = ("roll", "flea", pos, tuple(guests))
                self.node = (N_ROLL,)
                return
        elif number == 11:  # Auuuuu
            guests = [g for _, g in self._awake(pos)]
            self._hit_guests(guests, -1, cat, f"Auuuuu: one of {name}'s guests turns into a wolf; every guest in {self._label(pos)} loses 1.", rule)
            others = list(guests)
            others.remove(_sx(p))  # the wolf does not roll
            if others:
                self.ctx = ("roll", "panic", pos, tuple(others))
                self.node = (N_ROLL,)
                return
        self._card_done()

    def _tools(self, pos: int) -> None:
        """#12 Mr. Tools: all in a room at once, +2 for the first and +1 per extra, max 6."""
        k = sum(1 for c in self.cards[pos] if c & 15 == C.TOOLS)
        before = self.wear[pos]
        self.wear[pos] = min(C.MAX_WEAR, before + 2 + (k - 1))
        self._emit(
            f"{k} Mr. Tools in {self._label(pos)} repair it: wear {before} -> {self.wear[pos]}.", card_rule(C.TOOLS)
        )

    def _rest(self) -> None:
        for pos in range(len(self.beds)):
            total = self._total(pos)
            guests = [g for _, g in self._awake(pos)]
            if guests:
                self._hit_guests(
                    guests, total, "Rest",
                    f"Rest in {self._label(pos)}: total {total:+d} for each of its {len(guests)} awake guest(s).", R_REST,
                )
        mode = self.game.options["misfortune"]
        if mode == "fixed":
            for q in range(len(self.beds)):
                guests = [g for _, g in self._awake(q)]
                if guests:
                    self._hit_guests(guests, -2, "Misfortune die", f"Room {self._label(q)}: each guest loses 2 (fixed-loss variant).", R_MISFORTUNE_FIXED)
            self._after_misfortune()
        else:
            self.node = (N_MISFORTUNE, None if mode == "die" else 0)

    def _after_misfortune(self) -> None:
        if self.night >= self.game.options["nights"]:
            self.stage = "end"
            w = self._winners()
            self._emit(f"The sun rises for the last time. Winner(s): {', '.join(self._name(s) for s in w)}.", R_END)
            self.node = (N_END,)
        else:
            self.stage = "day"
            self.node = None

    # -- day ----------------------------------------------------------------------------------
    def _day(self) -> None:
        for pos in range(len(self.beds)):
            n = len(self._guests(pos))
            loss = 3 if n >= 5 else 2 if n >= 2 else 1
            before = self.wear[pos]
            self.wear[pos] = max(1, before - loss)
            self._emit(f"Day: room {self._label(pos)} with {n} guest(s) wears {before} -> {self.wear[pos]}.", R_DAY_WEAR)
        g = self.game
        for s in range(g.num_seats):
            if g.is_automata(s):
                self.lobby[s] = C.GUESTS_PER_PLAYER
                self.supply[s] = 0
            else:
                self.supply[s] = C.GUESTS_PER_PLAYER
                self.lobby[s] = 0
        self.beds = [tuple(() for _ in room) for room in self.beds]
        self._emit("Wake up, brains! Every guest returns to its owner's supply.", R_WAKE)
        self.stage = "reform"
        self.cursor = 0

    def _reform_next(self) -> None:
        while self.cursor < len(self.cards):
            pos = self.cursor
            self.cursor += 1
            owners = {c >> 4 for c in self.cards[pos] if c & 15 == C.TOOLS}
            if not owners:
                continue
            if not self.reform_deck:
                self._emit(f"No reform board is left for room {self._label(pos)}.", R_REFORM)
                continue
            rid, self.reform_deck = self.reform_deck[0], self.reform_deck[1:]
            chooser = min(owners, key=self._rank)
            if self.game.is_automata(chooser):
                sides = C.reforms()[rid]
                side = "a" if sides["a"] <= sides["b"] else "b"  # the most damage: the lower rug
                self._place_reform(pos, rid, side, chooser)
                continue
            self.ctx = ("reform", pos, rid)
            self.node = (N_REFORM, chooser)
            return
        self._end_of_day()

    def _place_reform(self, pos: int, rid: int, side: str, chooser: int) -> None:
        old = self.reform[pos]
        self.reform[pos] = (rid, side)
        if old is not None:
            self.reform_deck = self.reform_deck + (old[0],)
        self._emit(
            f"{self._name(chooser)} lays reform {rid}, side {side} (rug {C.reforms()[rid][side]:+d}), in room {self._label(pos)}"
            + (f"; reform {old[0]} goes to the bottom of the reform deck." if old else "."),
            R_REFORM,
        )

    def _end_of_day(self) -> None:
        g = self.game
        for pos in range(len(self.cards)):
            for c in self.cards[pos]:
                seat = c >> 4
                if g.is_automata(seat):
                    self.discards[seat] = self.discards[seat] + (c & 15,)
            self.cards[pos] = ()
        for s in range(g.num_players):
            unused = tuple(c for c in self.hands[s] if c != C.TOOLS)
            # Mr. Tools comes back from the room (or the discard, if it paid for a move)
            self.discards[s] = tuple(c for c in self.discards[s] if c != C.TOOLS) + unused
            self.hands[s] = (C.TOOLS,)
        self.night += 1
        self._emit(f"End of day: the night marker moves to night {self.night}; unused cards are discarded and Mr. Tools returns to every hand.", R_END_DAY)
        order = self._order()
        best = max(self.score[s] for s in order)
        tied = [s for s in order if self.score[s] == best]
        new_first = tied[-1]  # "the player further in turn order from the current first player"
        self.first = new_first
        self._emit(f"{self._name(new_first)} has the most rest points and takes the first player marker.", R_FIRST)
        self.known = [frozenset()] * g.num_seats
        self.revealed = False
        self.misfortune = None
        self.stage = "dusk"
        self.cursor = 0

    # -- the automata's choices ("the most damage to the players") --------------------------------
    def _human_values(self) -> list[int]:
        return [self.heuristic_value(s) for s in range(self.game.num_players)]

    def _damage_rank(self, option: Action, base: list[int]) -> tuple:
        s = self._copy()
        s._pending_events = None
        s._automata_apply(option)
        after = s._human_values()
        losses = [b - a for b, a in zip(base, after)]
        return (sum(losses), sum(1 for x in losses if x > 0))

    def _automata_choose(self, options: list[Action]) -> None:
        if not options:
            self._card_done()
            return
        if len(options) > 1:
            base = self._human_values()
            ranks = [self._damage_rank(o, base) for o in options]
            top = max(ranks)
            options = [o for o, r in zip(options, ranks) if r == top]
        if len(options) == 1:
            self._automata_do(options[0])
        else:
            self.ctx = ("pick", tuple(options), self.ctx)
            self.node = (N_PICK,)

    def _automata_apply(self, a: Action) -> None:
        """The effect of an automata option on a scratch copy (for ranking)."""
        if a.kind == "relocate":
            self._put(self.ctx[1], a.args, card_rule(3))
        elif a.kind == "grrr":
            self._remove_guest(self.item[1], a.args[0], a.args[1])
        else:
            self._effect(a)

    def _automata_do(self, a: Action) -> None:
        auto = self.game.automata_seat
        if a.kind == "relocate":
            self._put(self.ctx[1], a.args, card_rule(3))
            self.ctx = None
            self._card_done()
        elif a.kind == "grrr":
            bed, seat = a.args
            pos = self.item[1]
            self._remove_guest(pos, bed, seat)
            self._emit(f"Grrr (automata): {self._name(seat)}'s guest is thrown out of bed {bed} of {self._label(pos)}.", R_2P_DAMAGE)
            self.ctx = ("relocate", seat, pos, bed)
            self.node = (N_RELOCATE, seat)
        else:
            self._effect(Action(a.kind, a.args, auto))

    def _automata_card(self, auto: int) -> None:
        """Dawn resolution of an automata card (2-player variant exceptions)."""
        number, pos, _ = self.item
        if C.cards()[number].lock or number in (6, 11):
            self._effect(Action("activate", (), auto))
            return
        if number == 3:
            humans = [s for s in range(self.game.num_players) if any(g >> 1 == s for _, g in self._awake(pos))]
            if len(humans) == 2:
                self.ctx = ("rolloff", tuple(humans))
                self.node = (N_ROLLOFF,)
                return
            if not humans:
                self._emit("Grrr (automata): no player's guest is in the room; nothing happens.", R_2P_GRRR)
                self._card_done()
                return
            self._automata_choose(self._grrr_targets(auto, pos, only_seat=humans[0]))
            return
        options = self._card_options(auto)
        if number == 2:  # from the bed with lesser points to the bed with the highest points
            val = lambda board, b: self.layouts[self.pos_of[board]].beds[b][2]
            low = min(val(o.args[0], o.args[1]) for o in options)
            options = [o for o in options if val(o.args[0], o.args[1]) == low]
            high = max(self.layouts[pos].beds[o.args[2]][2] for o in options)
            options = [o for o in options if self.layouts[pos].beds[o.args[2]][2] == high]
        self._automata_choose(options)

    def _automata_relocate(self, seat: int) -> None:
        self.node = None
        self._automata_choose(self._relocate_destinations(seat))

    # ================================================================== scores and end
    def _scores(self) -> list[int]:
        return list(self.score)

    def _score_breakdown(self) -> list[ScoreItem]:
        rules = {"Start": R_START, "Rest": R_REST, "Misfortune die": R_MISFORTUNE, "Spy": R_SPY}
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
        for pos in range(len(self.beds)):
            mine = sum(1 for _, g in self._awake(pos) if g >> 1 == seat)
            if mine:
                v += mine * self._total(pos)
        return v

    def _end_rule(self) -> str:
        return R_END.section

    def current_rule(self) -> RuleRef:
        """The rule that governs the current node (cited by every rejection)."""
        kind = self.node[0]
        if kind == N_SHUFFLE:
            what = self.node[1]
            return R_SETUP_ROOMS if what == "rooms" else R_REFORM if what == "reforms" else (
                R_SETUP_DECKS if self.stage == "setup" else R_RESHUFFLE)
        if kind in (N_CARD,):
            return card_rule(self.item[0])
        if kind == N_ROLL:
            return card_rule(10 if self.ctx[1] == "flea" else 11)
        if kind == N_MISFORTUNE:
            return R_MISFORTUNE if self.node[1] is None else R_MISFORTUNE_ROOM
        return {
            N_SIDE: R_SETUP_ROOMS, N_WEAR: R_SETUP_WEAR, N_TURN: R_NIGHT, N_MOVETO: R_MOVE,
            N_AUTOROOM: R_2P_PHASE, N_AUTOBED: R_2P_PHASE, N_RELOCATE: card_rule(3),
            N_FORCED_GRRR: R_2P_GRRR, N_ROLLOFF: R_2P_GRRR, N_PICK: R_2P_DAMAGE, N_REFORM: R_REFORM,
            N_END: R_END,
        }[kind]

    # ================================================================== views
    def _view(self, perspective):
        from .view import build_view

        return build_view(self, perspective)

    def adjacency_graph(self):
        """networkx.Graph of rooms, beds and the Lobby; see :func:`.view.adjacency_graph`."""
        from .view import adjacency_graph

        return adjacency_graph(self)

    # ================================================================== text
    def _status_text(self) -> str:
        g = self.game
        kind = self.node[0]
        nights = g.options["nights"]
        if self.stage == "setup":
            return "Setup"
        if kind == N_END:
            return f"Game over after night {self.night} — winner(s): {', '.join(self._name(s) for s in self._winners())}"
        who = self._name(self.node[1]) if kind not in _CHANCE_NODES else "chance"
        if self.stage == "dusk":
            return f"Dusk, night {self.night} of {nights} — reshuffle"
        if self.stage == "night":
            if kind in (N_AUTOROOM, N_AUTOBED):
                return f"Night {self.night} of {nights}, automata phase after round {self.round} — {who} to act"
            return f"Night {self.night} of {nights}, round {self.round} — {who} to act"
        if self.stage in ("resolve", "dawn"):
            if kind == N_MISFORTUNE:
                return f"Dawn, night {self.night} of {nights} — misfortune die"
            if self.item is not None:
                number, pos, _ = self.item
                return f"Dawn, night {self.night} of {nights} — resolving {self._card_name(number)} in {self._label(pos)} — {who} to act"
            return f"Dawn, night {self.night} of {nights}"
        if self.stage in ("day", "reform"):
            return f"Day, night {self.night} of {nights} — reform — {who} to act"
        return self.stage

    def action_to_string(self, action: Action, perspective: int | None = None) -> str:
        """A sentence for people. With a ``perspective`` other than the actor, hidden parts
        (which card is played, a shuffle's order) are left out."""
        a = action
        if a.player == CHANCE:
            if a.kind == "shuffle":
                return f"Shuffle {a.args[0]}" if perspective is not None else f"Shuffle {a.args[0]}: {a.args[1]}"
            return f"{a.kind} {' '.join(map(str, a.args))}"
        who = self._name(a.player)
        hidden = perspective is not None and perspective != a.player
        if a.kind == "place":
            return f"{who}: place a guest on {self._bed_text(a.args[0], a.args[1])}"
        if a.kind == "play":
            if hidden:
                return f"{who}: play a card face down in room {a.args[1]}"
            return f"{who}: play {self._card_name(a.args[0])} in room {a.args[1]}"
        if a.kind == "move":
            card = "a card" if hidden else self._card_name(a.args[0])
            whose = "" if a.args[3] == a.player else " the automata's"
            return f"{who}: discard {card} to move{whose} guest from room {a.args[1]}, bed {a.args[2]}"
        if a.kind in ("moveto", "relocate"):
            return f"{who}: to the Lobby" if a.args[0] == "lobby" else f"{who}: to {self._bed_text(a.args[0], a.args[1])}"
        if a.kind == "spy":
            return f"{who}: spy on {self._name(a.args[1])}'s cards in room {a.args[0]} (-1)"
        if a.kind == "grrr":
            return f"{who}: Grrr — throw out {self._name(a.args[1])}'s guest on bed {a.args[0]}"
        if a.kind == "bring":
            return f"{who}: 2x1 — bring the guest from room {a.args[0]}, bed {a.args[1]} to bed {a.args[2]}"
        if a.kind in ("sedate", "blanket", "sniff", "grrr") and self.item is not None and self.node[0] in (N_CARD, N_FORCED_GRRR):
            where = self._bed_text(self.boards[self.item[1]], a.args[0])
            if a.kind == "grrr":
                return f"{who}: Grrr — throw out {self._name(a.args[1])}'s guest on {where}"
            verb = {"sedate": "Sweet Dreams on your guest on", "blanket": "17º on your guests on",
                    "sniff": "Sniff from your guest on"}[a.kind]
            return f"{who}: {verb} {where}"
        if a.kind in ("sedate", "blanket", "sniff"):
            return f"{who}: {a.kind} bed {a.args[0]}"
        if a.kind == "autoroom":
            card = ""
            if not hidden and self.node[0] == N_AUTOROOM and self.auto_cards:
                card = f" (#{self.auto_cards[-1][1]})"
            return f"{who}: automata card{card} on room {self._room_text(a.args[0])}"
        if a.kind == "autobed":
            if self.node[0] == N_AUTOBED:
                return f"{who}: automata guest on {self._bed_text(self.boards[self.node[2]], a.args[0])}"
            return f"{who}: automata guest on bed {a.args[0]}"
        if a.kind == "reform":
            if self.node[0] == N_REFORM and self.ctx:
                pos, rid = self.ctx[1], self.ctx[2]
                rug = C.reforms()[rid][a.args[0]]
                return f"{who}: reform {rid} in {self._label(pos)}, side {a.args[0]} (rug {rug:+d})"
            return f"{who}: reform side {a.args[0]}"
        return f"{who}: {a.kind}"

    def _room_text(self, board) -> str:
        pos = self._board(board)
        return self._label(pos) if pos is not None else str(board)

    def _bed_text(self, board, bed) -> str:
        """'3A bed 2 (top right, +1)' — how the board shows a bed."""
        pos = self._board(board)
        if pos is None or not isinstance(bed, int) or not 0 <= bed < len(self.layouts[pos].beds):
            return f"room {board}, bed {bed}"
        r, c, v = self.layouts[pos].beds[bed]
        place = ("top" if r == 0 else "bottom") + " " + ("left", "middle", "right")[c]
        return f"{self._label(pos)} bed {bed} ({place}, {v:+d})"

    # ================================================================== illegal actions
    def _explain(self, a: Action) -> str | None:
        kind = self.node[0]
        p = self.node[1] if kind not in _CHANCE_NODES and kind != N_END else None
        n = self.game.num_seats
        if a.player == CHANCE:
            return (f"{a}: a chance outcome cannot be applied now: {self._name(p)} decides now "
                    f"({self.status_text()}){self._rule_suffix()}")
        if not 0 <= a.player < n:
            return f"{a}: there is no seat {a.player} (seats 0 to {n - 1}){self._rule_suffix()}"
        if a.player != p:
            return (f"{a} is not {self._name(a.player)}'s to play: {self._name(p)} decides now "
                    f"({self.status_text()}){self._rule_suffix()}")
        form = self._check_form(a)
        if form is not None:
            return f"{a}: {form}{self._rule_suffix()}"
        if kind == N_TURN:
            if a.kind == "place":
                if self.supply[p] == 0:
                    return f"{a}: {self._name(p)} has no unplayed guest left — {R_PLACE.section}"
                return f"{a}: a guest must go on an unoccupied bed of a room in play — {R_PLACE.section}"
            if a.kind in ("play", "move"):
                if len(self.hands[p]) < 2:
                    verb = "Play a card" if a.kind == "play" else "Move a guest"
                    return f"{a}: {verb} needs at least two cards in hand — {(R_PLAY if a.kind == 'play' else R_MOVE).section}"
                if not a.args or a.args[0] not in self.hands[p]:
                    return f"{a}: that card is not in {self._name(p)}'s hand — {(R_PLAY if a.kind == 'play' else R_MOVE).section}"
                if a.kind == "play":
                    return f"{a}: a card can only be played in a room where the player has at least one guest — {R_PLAY.section}"
                return f"{a}: only a bedded guest of your own (or, with 2 players, the automata's) can be moved — {R_MOVE.section}"
            if a.kind == "pass":
                return f"{a}: a player can pass only once all of their guests are placed — {R_PASS.section}"
            if a.kind == "spy":
                if self.score[p] < 1:
                    return f"{a}: spying costs 1 rest point and {self._name(p)} has {self.score[p]} — {R_SPY.section}"
                return f"{a}: there is no face-down card of that colour in that room left to see — {R_SPY.section}"
            if a.kind == "end":
                return (f"{a}: there is no separate end of turn: the mandatory action (place, play, move "
                        f"or pass) ends it; spy before it — {R_NIGHT.section}")
        if kind in (N_MOVETO, N_RELOCATE):
            if kind == N_RELOCATE:
                return f"{a}: the removed guest leaves the room: another room's unoccupied bed or the Lobby — {card_rule(3).section}"
            return f"{a}: the guest goes to another unoccupied bed or to the Lobby — {R_MOVE.section}"
        if kind == N_AUTOROOM:
            return f"{a}: choose a room in play that is not filled up — {R_2P_PHASE.section}"
        if kind == N_CARD:
            number = self.item[0]
            return f"{a}: resolving {self._card_name(number)}: choose one of {', '.join(str(x) for x in self.legal_actions())} — {card_rule(number).section}"
        return None

