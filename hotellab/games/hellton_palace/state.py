"""Hellton Palace: two hotels, infernal guests, and the last hotel standing wins.

Rulebook: *Hellton Palace* (2 players). The state follows the rulebook's order: Setup (the
display of 18 guest cards, a chance action), then a turn of five steps (Course of the Game):

1. welcome a guest from a row of the display into a free room of the matching floor;
2. dismiss your grooms;
3. hire grooms (each once per turn: pay, then apply its effect);
4. the tour of rooms 1 to 9: serve each guest (its irritation token goes, then its door
   hanger's effects apply, bottom to top, see :mod:`.effects`) or do not serve it (it gets a
   token, or throws a tantrum if it has one);
5. collect the rents of the satisfied guests, or recover a doorbell;

and End of the Game: as soon as a hotel has no doorbell left or an empty pillar group, the
turn stops at once (:meth:`HelltonPalaceState._hotel_falls`). Cards the rulebook does not list
are reconstructed data in ``data/``; every reading of an unclear rule is in
``docs/rulings/hellton_palace.md`` (ids HP-01 ...).

The moves are data (contract v2, ``hotellab.core.kinds``): :data:`ACTIONS` declares each
action kind in rulebook order with its grammar, rule, legal instances, refusal (``explain.py``),
step (a ``_do_*`` method here), words and board target; the core parses, checks, lists and
applies every action through it. Declared positions: :mod:`.position` (a schema, loaded only
when positions are read); the view and the board: :mod:`.view`, :mod:`.render`.

Storage (``hotellab.core.storage``, compact so that ``apply`` copies cheaply): the ``SHARED``
fields hold immutable values; the ``OWNED`` ones are lists a step changes in place after
:meth:`~hotellab.core.storage.Stored.own` (and :meth:`HelltonPalaceState._row` for a seat's
row of ``guests`` or ``pillars``):

- rooms are numbered 1-9 (index 0 of per-room lists is unused); ``guests[seat][room]`` is a
  guest packed as :data:`components.GUEST` (``card * 2 + side``, side 0 = a, 1 = b) or 0 for
  an empty room;
- ``tokens[seat]`` is a bit mask of the rooms whose guest has an irritation token
  (:data:`components.TOKENS`);
- ``pillars[seat]`` counts the pillars of each group (columns 1-3 at indices 0-2);
- ``hired[seat]`` is a bit mask of the grooms hired (:data:`components.HIRED`);
- ``node`` is a core :class:`~hotellab.core.node.Node` (the nodes are in :mod:`.rules`);
- the effects still to apply during a service are a tuple ``todo`` of small operations
  (:mod:`.effects`); a choice among them stops the state at a decision node.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ...core.actions import Action
from ...core.kinds import INT, INTS, WORD, ActionKind, ActionTable, Arg
from ...core.rules import RuleRef, ScoreItem
from ...core.state import State
from ...core.storage import replaced
from . import explain as X
from .components import (
    ADJ, COMPLETE, FLOOR, FLOOR_ROOMS, GROOM_INDEX, GROOMS, GUEST, GUESTS, MAX_BELLS, PILLARS, ROW_NAMES, SIDES,
    intro_ids,
)
from .effects import run as run_effects
from .rules import (
    COLLECT, DISPLAY, END, HIRE, N_COLLECT, N_DISPLAY, N_END, N_HIRE, N_PILLAR, N_SERVE, N_SWAP, N_TARGET,
    N_WELCOME, R_COLLECT, R_DISMISS, R_DOUBLE, R_EFFECTS, R_END, R_END_COMPARE, R_END_COMPLETE, R_END_FIRST,
    R_END_SECOND, R_HIRE, R_HIRE_APPLY, R_INTRO, R_NOT_SERVE, R_RECOVER, R_ROW_CLOSED, R_SERVE, R_SETUP, R_SKIP,
    R_TOUR, R_WELCOME, SERVE, WELCOME, effect_rule, groom_rule, swap_node,
)


def _bits(mask: int) -> int:
    return bin(mask).count("1")


@lru_cache(maxsize=None)
def _welcomes(p: int, card: int, free: tuple) -> tuple[Action, ...]:
    """Seat ``p`` welcomes ``card`` into each of the ``free`` rooms of its row's floor, on
    either side of a double-sided card (made once: the legal actions of a playout reuse them)."""
    n_sides = len(GUESTS[card].sides)
    return tuple(Action("welcome", (card, room, SIDES[s]), p) for room in free for s in range(n_sides))


def fallen(doorbells: int, pillars) -> bool:
    """End of the Game: "A player no longer has any Doorbell tokens in their Hall", or "One of
    the 3 groups of 4 Pillars no longer contains any Pillar tokens" (``pillars``: the 3 groups'
    counts)."""
    return doorbells == 0 or 0 in pillars


class HelltonPalaceState(State):
    """A Hellton Palace position. Use :meth:`Game.new_initial_state` or
    ``game.state_from_position(table)``; never mutate."""

    SHARED = ("display", "welcomed", "round", "active", "cursor", "serving", "last_turn", "todo", "node",
              "result", "end_text")
    OWNED = ("guests", "tokens", "pillars", "doorbells", "coins", "hired", "fr_row", "reached")
    __slots__ = SHARED + OWNED + ("_own",)

    # ================================================================== Setup
    @classmethod
    def initial(cls, game) -> "HelltonPalaceState":
        """Setup 1-5: two hotels with 3 doorbells in the Hall, 12 pillars in 3 groups of 4, the 5
        grooms non-hired, no coins; the display (Setup 6) is the first, chance, action."""
        s = cls(game)
        s.display = ((0,) * 6,) * 3
        s.guests = [[0] * 10, [0] * 10]
        s.tokens = [0, 0]
        s.pillars = [[PILLARS] * 3, [PILLARS] * 3]
        s.doorbells = [MAX_BELLS, MAX_BELLS]
        s.coins = [0, 0]
        s.hired = [0, 0]
        s.fr_row = [0, 0]
        s.welcomed = 0
        s.round = 0
        s.active = 0
        s.cursor = 0
        s.reached = [0, 0]
        s.serving = 0
        s.last_turn = False
        s.todo = ()
        s.node = DISPLAY
        s.result = None
        s.end_text = ""
        s._own = cls._OWN_ALL  # every list above is new
        return s

    # ------------------------------------------------------------------ small helpers
    def _row(self, name: str, seat: int) -> list:
        """``seat``'s row of the list-of-lists field ``name`` (``guests`` or ``pillars``), owned
        by this state (copy-on-write: the row is copied, so the state this one was copied from
        never changes)."""
        rows = self.own(name)
        row = rows[seat] = rows[seat][:]
        return row

    def _name(self, seat: int) -> str:
        return self.game.seat_labels[seat]

    def side_of(self, seat: int, room: int):
        """The :class:`components.Side` face up in ``room`` of ``seat``'s hotel (None if empty)."""
        g = self.guests[seat][room]
        return GUESTS[g >> 1].sides[g & 1] if g else None  # GUEST packing: card, side

    def _gname(self, seat: int, room: int) -> str:
        side = self.side_of(seat, room)
        return f"{side.name} (room {room})" if side else f"room {room} (empty)"

    def irritated(self, seat: int, room: int) -> bool:
        """True when the guest in ``room`` (1-9) of ``seat``'s hotel has an irritation token."""
        return bool(self.tokens[seat] >> room & 1)

    def irritated_count(self, seat: int) -> int:
        """Irritated guests in ``seat``'s hotel (the end's tie-break)."""
        return _bits(self.tokens[seat])

    def hotel_fallen(self, seat: int) -> bool:
        """An end-of-game condition holds in ``seat``'s hotel (End of the Game): :func:`fallen`."""
        return fallen(self.doorbells[seat], self.pillars[seat])

    def compared(self) -> tuple[int, ...]:
        """End of the Game's comparison of the groom pawns (in the last turn): the winner, the
        highest last room served and then the fewest irritated guests; () when both tie, a
        shared defeat."""
        a, b = self.reached
        if a != b:
            return (0 if a > b else 1,)
        ia, ib = self.irritated_count(0), self.irritated_count(1)
        if ia != ib:
            return (0 if ia < ib else 1,)
        return ()

    def _free(self, seat: int, floor: int) -> tuple[int, ...]:
        g = self.guests[seat]
        return tuple([n for n in FLOOR_ROOMS[floor] if not g[n]])

    def _row_has_card(self, row: int) -> bool:
        return any(self.display[row - 1])

    def _occupied_others(self, seat: int, room: int) -> list[int]:
        g = self.guests[seat]
        return [n for n in range(1, 10) if n != room and g[n]]

    def rents(self, seat: int) -> int:
        """Coins the satisfied guests of ``seat`` pay now (5. Collect Rents): the rent on the
        current side of each guest without an irritation token (ruling HP-15)."""
        g, t = self.guests[seat], self.tokens[seat]
        return sum(GUESTS[g[n] >> 1].sides[g[n] & 1].rent for n in range(1, 10) if g[n] and not t >> n & 1)

    def _pool(self) -> tuple[int, ...]:
        return intro_ids() if self.game.options["cards"] == "intro" else tuple(range(1, 37))

    # ================================================================== chance
    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        """Setup 6: "Shuffle the 36 Guest cards. Put 18 back in the box": 18 cards at random
        (the 18 introductory cards in a random layout with option cards='intro')."""
        pool = list(self._pool())
        rng.shuffle(pool)
        return Action("display", (tuple(pool[:18]),))

    # ---------------------------------------------------------------- decisions offered
    # Each is the ``legal(state, node)`` of an action kind (:data:`ACTIONS`), in the order the
    # golden playthroughs and seeded tests rely on.
    def _welcome_actions(self, node) -> list[Action]:
        """1. Welcome a New Guest: a card of an open row into a free room of the matching floor,
        on either side of a double-sided card."""
        p = node[1]
        out = []
        for row in self._open_rows(p):
            free = self._free(p, row)
            for card in self.display[row - 1]:
                if card:
                    out += _welcomes(p, card, free)
        return out

    def _open_rows(self, p: int) -> list[int]:
        """Rows seat ``p`` may welcome from: a card left and a free room on the floor; only the
        row the opponent's False Reservation faces, when it does (HP-07)."""
        rows = [r for r in (1, 2, 3) if self._row_has_card(r) and self._free(p, r)]
        forced = self.fr_row[1 - p]
        if forced and forced in rows:
            return [forced]
        return rows

    def _hire_actions(self, node) -> list[Action]:
        """3. Hire Your Grooms: each groom not hired yet this turn that the seat can pay in
        full, once per target; then ``tour`` (step 4)."""
        p = node[1]
        out = []
        coins, hired = self.coins[p], self.hired[p]
        for i, g in enumerate(GROOMS):
            if hired >> i & 1 or g.cost > coins:
                continue
            targets = self._groom_targets(p, g.id)
            if not targets and g.id != "false_reservation" and self.game.options["grooms"] == "any":
                targets = [0]  # HP-06, option grooms="any": hired for nothing to act on
            for arg in targets:
                out.append(Action("hire", (g.id, arg), p))
        out.append(Action("tour", (), p))
        return out

    def _swap_actions(self, node) -> list[Action]:
        """The False Placer: the opponent swaps the designated guest with one of its
        orthogonally adjacent guests."""
        p = node[1]
        g = self.guests[p]
        return [Action("swap", (n,), p) for n in ADJ[node[3][0]] if g[n]]

    def _serve_actions(self, node) -> list[Action]:
        """4. Serve the guest in front of the groom pawn, or do not serve it (never another room:
        the tour goes from room 1 to 9 and never goes back)."""
        r, p = self.cursor, node[1]
        return [Action("serve", (r,), p), Action("refuse", (r,), p)]

    def _target_actions(self, node) -> list[Action]:
        """A door-hanger effect's guest "of your choice" / "chosen by your opponent": another
        occupied room of the hotel being toured."""
        p = node[1]
        return [Action("target", (n,), p) for n in self._occupied_others(self.active, node[3][4])]

    def _pillar_actions(self, node) -> list[Action]:
        """A door-hanger effect's column: one whose pillar group is not empty."""
        p = node[1]
        pil = self.pillars[self.active]
        return [Action("pillar", (c,), p) for c in (1, 2, 3) if pil[c - 1]]

    def _collect_actions(self, node) -> list[Action]:
        """5. Collect the rents, or recover a doorbell (fewer than 3 in the Hall)."""
        p = node[1]
        out = [Action("rents", (), p)]
        if self.doorbells[p] < MAX_BELLS:
            out.append(Action("doorbell", (), p))
        return out

    def _groom_targets(self, p: int, gid: str) -> list[int]:
        """What a groom can be hired for (The Different Grooms): columns, rows or rooms. Empty
        when its effect has nothing to act on (HP-06: then it is not offered, or with option
        ``grooms="any"`` it is offered with the argument 0, except the False Reservation, whose
        row is part of the rule)."""
        o = 1 - p
        if gid == "mason":
            return [c for c in (1, 2, 3) if self.pillars[p][c - 1] < PILLARS]
        if gid == "diplomat":
            t = self.tokens[p]
            return [n for n in range(1, 10) if t >> n & 1]
        if gid == "placer":
            w = self.welcomed
            g = self.guests[p]
            return [n for n in ADJ[w] if g[n]] if w else []
        if gid == "false_reservation":
            return [r for r in (1, 2, 3) if self._free(o, r) and self._row_has_card(r)]
        g, t = self.guests[o], self.tokens[o]  # false_placer
        return [n for n in range(1, 10) if t >> n & 1 and any(g[m] for m in ADJ[n])]

    # -- Setup 6 ------------------------------------------------------------------------------
    def _do_display(self, a: Action) -> None:
        """Setup 6: the 18 cards face up in 3 rows of 6 (lowest row first); the First player
        (seat 0, HP-01) begins."""
        cards = a.args[0]
        self.display = (tuple(cards[0:6]), tuple(cards[6:12]), tuple(cards[12:18]))
        intro = self.game.options["cards"] == "intro"
        which = "the 18 introductory cards" if intro else "18 of the 36 guest cards"
        self._emit(f"The guest display: {which}, face up in 3 rows of 6.", R_INTRO if intro else R_SETUP)
        self._start_turn(0)

    # -- 1. Welcome a New Guest ---------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        """A turn begins at step 1, Welcome a New Guest; the step is skipped when no card can be
        taken ("If all 18 Guest cards have been taken, skip this step", HP-11)."""
        self.active = seat
        if seat == 0:
            self.round += 1
        self.welcomed = 0
        self.cursor = 0
        self.serving = 0
        if self._open_rows(seat):  # a row with a card and a free room on its floor
            self.node = WELCOME[seat]
            return
        rule = R_ROW_CLOSED  # every row is closed by a full floor (HP-11), unless no card is left at all
        if not any(any(r) for r in self.display):
            why = "all 18 guest cards have been taken"
            rule = R_SKIP
        elif not any(self._free(seat, f) for f in (1, 2, 3)):
            why = "the hotel has no free room"
        else:  # HP-11: free rooms only on floors whose row is empty
            empty = [f"the {ROW_NAMES[f]} row (floor {f})" for f in (1, 2, 3) if self._free(seat, f)]
            why = f"no guest card is left in {' or '.join(empty)}, and the floors of the other rows are full"
        self._emit(f"{self._name(seat)} skips the welcome: {why}.", rule)
        self._dismiss(seat)

    def _do_welcome(self, a: Action) -> None:
        """1. Welcome a New Guest: the card leaves its row for a free room of the matching floor,
        on the side chosen."""
        p = a.player
        card, room, side = a.args
        row = FLOOR[room]
        self.display = replaced(self.display, row - 1, tuple(0 if c == card else c for c in self.display[row - 1]))
        s = SIDES.index(side)
        self._row("guests", p)[room] = GUEST.pack(card=card, side=s)
        self.welcomed = room
        g = GUESTS[card]
        how = f", on side {side} ({g.sides[s].name})" if g.double else ""
        forced = self.fr_row[1 - p]
        extra = f" (forced by {self._name(1 - p)}'s False Reservation)" if forced == row else ""
        self._emit(f"{self._name(p)} welcomes {g.sides[s].name} from the {ROW_NAMES[row]} row into room {room} "
                   f"(floor {row}){how}{extra}.", R_DOUBLE if g.double else R_WELCOME)
        self._dismiss(p)

    # -- 2. Dismiss Your Grooms ---------------------------------------------------------------
    def _dismiss(self, p: int) -> None:
        """2. Dismiss Your Grooms: the 5 tiles back, non-hired side up (the False Reservation
        stops facing its row, HP-07); then step 3."""
        had = [GROOMS[i].name for i in range(5) if self.hired[p] >> i & 1]
        self.own("hired")[p] = 0
        self.own("fr_row")[p] = 0
        what = f"{', '.join(had)} back" if had else "their grooms (none was hired)"
        self._emit(f"{self._name(p)} dismisses {what}: all 5 tiles non-hired side up.", R_DISMISS)
        self.node = HIRE[p]

    # -- 3. Hire Your Grooms ------------------------------------------------------------------
    def _do_hire(self, a: Action) -> None:
        """3. Hire Your Grooms: pay the cost, flip the tile to its hired side and apply its effect
        (The Different Grooms)."""
        p = a.player
        gid, arg = a.args
        i = GROOM_INDEX[gid]
        groom = GROOMS[i]
        self.own("coins")[p] -= groom.cost
        self.own("hired")[p] |= 1 << i  # HIRED packing: bit i for GROOMS[i]
        pay = f"{self._name(p)} hires {groom.name} for {groom.cost} coin{'s' if groom.cost != 1 else ''}"
        if arg == 0:  # option grooms="any" (HP-06)
            self._emit(f"{pay}: the effect has nothing to act on, but the tile shows its hired side.", R_HIRE_APPLY)
            return
        _GROOM_EFFECT[gid](self, p, arg, pay)

    def _mason(self, p: int, column: int, pay: str) -> None:
        """The Mason: Put a Pillar token back on an empty Pillar space of your choice."""
        self._row("pillars", p)[column - 1] += 1
        self._emit(f"{pay}: a pillar goes back under column {column} ({self.pillars[p][column - 1]} there).",
                   groom_rule("mason"))

    def _false_reservation(self, p: int, row: int, pay: str) -> None:
        """The False Reservation: the tile faces a row; on their next turn the opponent must
        welcome a guest from it."""
        self.own("fr_row")[p] = row
        self._emit(f"{pay}: the tile faces the {ROW_NAMES[row]} row; on their next turn "
                   f"{self._name(1 - p)} must welcome a guest from it.", groom_rule("false_reservation"))

    def _placer(self, p: int, room: int, pay: str) -> None:
        """The Placer: Swap the room of the Guest welcomed this turn with one of the Guests
        orthogonally adjacent to it (its token goes with it, HP-12)."""
        w = self.welcomed
        a_name, w_name = self._gname(p, room), self._gname(p, w)
        self._swap(p, w, room)
        self.welcomed = room
        self._emit(f"{pay}: {w_name} and {a_name} swap rooms.", groom_rule("placer"))

    def _false_placer(self, p: int, room: int, pay: str) -> None:
        """The False Placer: Designate an irritated customer in the opposing Hotel; the opponent
        then chooses the adjacent guest it swaps with (node ``N_SWAP``, HP-14)."""
        o = 1 - p
        self._emit(f"{pay}: {self._name(p)} designates {self._gname(o, room)} in {self._name(o)}'s hotel; "
                   f"{self._name(o)} must swap it with an adjacent guest.", groom_rule("false_placer"))
        self.node = swap_node(o, room)

    def _diplomat(self, p: int, room: int, pay: str) -> None:
        """The Diplomat: Remove an Irritation token from the Guest of your choice in your Hotel."""
        name = self._gname(p, room)
        self.own("tokens")[p] &= ~(1 << room)
        self._emit(f"{pay}: {name} is soothed, its irritation token goes back.", groom_rule("diplomat"))

    def _swap(self, seat: int, a: int, b: int) -> None:
        g = self._row("guests", seat)
        g[a], g[b] = g[b], g[a]
        t = self.tokens[seat]
        if (t >> a & 1) != (t >> b & 1):
            self.own("tokens")[seat] = t ^ (1 << a) ^ (1 << b)

    def _do_swap(self, a: Action) -> None:
        """The False Placer: "The opponent must then swap its room with one of their orthogonally
        adjacent Guests" (the opponent's decision); then the hire step goes on."""
        o = a.player
        room = self.node[3][0]
        names = self._gname(o, room), self._gname(o, a.args[0])
        self._swap(o, room, a.args[0])
        self._emit(f"{self._name(o)} swaps {names[0]} with {names[1]} (the False Placer).", groom_rule("false_placer"))
        self.node = HIRE[1 - o]

    # -- 4. Do the Tour of the Rooms ----------------------------------------------------------
    def _do_tour(self, a: Action) -> None:
        """4. Do the Tour of the Rooms: the groom leaves the Hall for room 1."""
        p = a.player
        old = self.reached[p]
        self.own("reached")[p] = 0
        self._emit(f"{self._name(p)}'s groom leaves the Hall for the tour of rooms 1 to 9.", R_TOUR,
                   [(p, -old)] if old else ())
        self.cursor = 0
        self._next_room()

    def _next_room(self) -> None:
        """The groom moves on to the next occupied room (empty rooms are ignored); after room 9
        it goes back to the Hall: step 5, or the win of a completed last tour (End of the Game)."""
        p = self.active
        g = self.guests[p]
        for n in range(self.cursor + 1, 10):
            if g[n]:
                self.cursor = n
                self.serving = 0
                self.node = SERVE[p]
                return
        self.cursor = 0
        self.serving = 0
        old = self.reached[p]
        self.own("reached")[p] = COMPLETE
        if self.last_turn:
            self._emit(f"{self._name(p)}'s groom completes the whole tour without an end-of-game condition: "
                       f"{self._name(p)} wins.", R_END_COMPLETE, [(p, COMPLETE - old)])
            self._finish((p,), f"{self._name(p)} completed the last tour")
            return
        self._emit(f"{self._name(p)}'s groom completes the tour and goes back to the Hall.", R_TOUR,
                   [(p, COMPLETE - old)])
        self.node = COLLECT[p]

    def _do_serve(self, a: Action) -> None:
        """Serve the Guest: "first remove its Irritation token (if it has one) … Then … apply, in
        order from bottom to top, the effects shown on its door hanger" (:mod:`.effects`). The
        room counts as served from now on (HP-17)."""
        p = a.player
        r = self.cursor
        old = self.reached[p]
        self.own("reached")[p] = r
        self.serving = r
        side = self.side_of(p, r)
        if self.tokens[p] >> r & 1:
            self.own("tokens")[p] &= ~(1 << r)
            text = f"{self._name(p)} serves {side.name} (room {r}): its irritation token goes back"
        else:
            text = f"{self._name(p)} serves {side.name} (room {r})"
        effects = "; ".join(e.text for e in side.hanger)
        self._emit(f"{text}; then its door hanger, bottom to top: {effects}.", R_SERVE, [(p, r - old)] if r != old else ())
        self.todo = tuple(("E", r, e) for e in side.hanger)
        run_effects(self)

    def _do_refuse(self, a: Action) -> None:
        """Do Not Serve the Guest: it gets an Irritation token, or, with one already, the
        Irritation Tokens rule applies (a tantrum)."""
        p = a.player
        r = self.cursor
        self._emit(f"{self._name(p)} does not serve {self._gname(p, r)}.", R_NOT_SERVE)
        self.todo = (("T", r, 0, None),)
        run_effects(self)

    def _do_target(self, a: Action) -> None:
        """A guest chosen for a door-hanger effect ("of your choice" / "chosen by your
        opponent", Who? Where?); the effect goes on."""
        _, _, _, letter, concerned, e, _i, _n = self.node[3]
        self.todo = ((letter, a.args[0], concerned, e),) + self.todo
        run_effects(self)

    def _do_pillar(self, a: Action) -> None:
        """A column chosen for a door-hanger effect that removes a pillar; the effect goes on."""
        concerned, e = self.node[3][4], self.node[3][5]
        self.todo = (("P", a.args[0], concerned, e),) + self.todo
        run_effects(self)

    # -- 5. Collect Rents or Recover a Doorbell -----------------------------------------------
    def _do_rents(self, a: Action) -> None:
        """5. Collect the rents of the satisfied guests; then the opponent's turn."""
        p = a.player
        k = self.rents(p)
        self.own("coins")[p] += k
        self._emit(f"{self._name(p)} collects the rents of the satisfied guests: {k} coin{'s' if k != 1 else ''} "
                   f"({self.coins[p]} in all).", R_COLLECT)
        self._start_turn(1 - p)

    def _do_doorbell(self, a: Action) -> None:
        """5. OR Recover a Doorbell (fewer than 3 in the Hall); then the opponent's turn."""
        p = a.player
        self.own("doorbells")[p] += 1
        self._emit(f"{self._name(p)} recovers a doorbell ({self.doorbells[p]} in the Hall).", R_RECOVER)
        self._start_turn(1 - p)

    # ================================================================== End of the Game
    def _hotel_falls(self, h: int) -> None:
        """An end-of-game condition in ``h``'s hotel (always the active player's: every effect
        acts on the hotel of the guest served, HP-16): the turn stops at once. In the First
        player's hotel the Second player takes a last turn; in the Second player's, the First
        player wins; during the last turn, the groom pawns are compared."""
        self.todo = ()
        self.serving = 0
        if self.doorbells[h] == 0:
            why = "no Doorbell token left in the Hall"
        else:
            cols = [str(c) for c in (1, 2, 3) if self.pillars[h][c - 1] == 0]
            why = f"the pillar group under column {' and '.join(cols)} is empty"
        who = self._name(h)
        at = self.reached[h]
        groom = f"in front of room {at}, the last room served" if at else "before any room was served (0)"
        if self.last_turn:
            self._emit(f"{who}'s hotel: {why} during the last turn; the groom stops {groom}.", R_END)
            self._compare()
        elif h == 0:
            self._emit(f"{who}'s hotel: {why}. The First player's turn stops at once; the groom stays {groom}. "
                       f"{self._name(1)} plays a last turn.", R_END_FIRST)
            self.last_turn = True
            self._start_turn(1)
        else:
            self._emit(f"{who}'s hotel: {why}, in the Second player's hotel: {self._name(0)} wins.", R_END_SECOND)
            self._finish((0,), f"{who}'s hotel fell ({why})")

    def _compare(self) -> None:
        """End of the Game: the highest last room served wins, then the fewest irritated guests;
        else the players share the defeat."""
        a, b = self.reached
        ia, ib = self.irritated_count(0), self.irritated_count(1)
        n0, n1 = self._name(0), self._name(1)
        won = self.compared()
        if a != b:
            self._emit(f"Last rooms served: {n0} {a}, {n1} {b}: {self._name(won[0])} wins.", R_END_COMPARE)
            self._finish(won, f"last room served {a} vs {b}")
        elif won:
            self._emit(f"Last rooms served: both {a}. Irritated guests: {n0} {ia}, {n1} {ib}: "
                       f"{self._name(won[0])} wins.", R_END_COMPARE)
            self._finish(won, f"tie on room {a}; irritated guests {ia} vs {ib}")
        else:
            self._emit(f"Last rooms served: both {a}; irritated guests: both {ia}. You share the defeat.", R_END_COMPARE)
            self._finish((), f"tie on room {a} and on {ia} irritated guests: shared defeat")

    def _finish(self, winners: tuple, text: str) -> None:
        self.result = winners
        self.end_text = text
        self.node = END

    # ================================================================== scores
    def _scores(self) -> list[int]:
        """Per seat, the tour measure the end rule compares (HP-10): the number of the last room
        served in the seat's current (or stopped) tour, 0 before any, 10 once its tour is complete."""
        return list(self.reached)

    def _score_breakdown(self) -> list[ScoreItem]:
        out = []
        for s in (0, 1):
            v = self.reached[s]
            cat = "Tour complete" if v == COMPLETE else "Last room served"
            out.append(ScoreItem(s, cat, v, R_END_COMPARE))
            out.append(ScoreItem(s, "Irritated guests (tie-break, fewer is better)", -self.irritated_count(s), R_END_COMPARE))
        return out

    def _winners(self) -> list[int]:
        return list(self.result or ())

    def heuristic_value(self, seat: int) -> float:
        """How well ``seat``'s hotel stands against the other's (for the greedy agent): doorbells,
        the weakest pillar group, pillars, coins and rents, less irritated guests; +-1000 at the end."""
        if self.node[0] == N_END:
            return 1000.0 if seat in self.result else -1000.0
        return self._health(seat) - self._health(1 - seat)

    def _health(self, s: int) -> float:
        pil = self.pillars[s]
        return (8.0 * self.doorbells[s] + 4.0 * min(pil) + sum(pil) + 0.5 * self.coins[s]
                + 0.3 * self.rents(s) - 1.5 * self.irritated_count(s))

    def _end_rule(self) -> str:
        return R_END.section

    def current_rule(self) -> RuleRef:
        """The rule that governs the current node (cited by every rejection)."""
        kind = self.node[0]
        if kind in (N_TARGET, N_PILLAR):
            return effect_rule(self.node[3][5])
        if kind == N_SWAP:
            return groom_rule("false_placer")
        return _NODE_RULE[kind]

    def round_label(self) -> str | None:
        """"Turn N" (both players' turns of round N), None before the display."""
        return f"Turn {self.round}" if self.round else None

    # ================================================================== words
    def prompt(self) -> str:
        """What the deciding player is asked now ("" at chance and terminal nodes)."""
        return X.prompt(self)

    def _status_text(self) -> str:
        return X.status_text(self)

    _turn_note = X.turn_note


_GROOM_EFFECT = {
    "mason": HelltonPalaceState._mason, "false_reservation": HelltonPalaceState._false_reservation,
    "placer": HelltonPalaceState._placer, "false_placer": HelltonPalaceState._false_placer,
    "diplomat": HelltonPalaceState._diplomat,
}
"""groom id -> its effect (The Different Grooms)."""

_NODE_RULE = {N_DISPLAY: R_SETUP, N_WELCOME: R_WELCOME, N_HIRE: R_HIRE, N_SERVE: R_TOUR,
              N_COLLECT: R_COLLECT, N_END: R_END}


# == the moves, in rulebook order ===============================================================
ACTIONS = ActionTable([
    ActionKind("display", (Arg("cards", INTS, "the 18 guest cards of the display: the lowest row's 6, then the "
                                              "middle row's, then the highest row's"),),
               R_SETUP, "Setup 6: the 18 guest cards face up in 3 rows of 6 (a chance outcome).",
               HelltonPalaceState._do_display, check=X.check_display, words=X.words_display, who="chance",
               canonical=X.canonical_display),
    ActionKind("welcome", (Arg("card", INT, "the guest card taken from the display (1-36)"),
                           Arg("room", INT, "a free room on the floor of the card's row (1-9)"),
                           Arg("side", WORD, "the side face up (b only on a double-sided card)", choices=SIDES)),
               R_WELCOME, "1. Welcome a New Guest: a card of a row goes into a free room of the matching floor.",
               HelltonPalaceState._do_welcome, legal=HelltonPalaceState._welcome_actions, check=X.check_welcome,
               words=X.words_welcome, target=X.target_welcome),
    ActionKind("hire", (Arg("groom", WORD, "the groom tile: mason, false_reservation, placer, false_placer or "
                                           "diplomat"),
                        Arg("arg", INT, "what its effect acts on: a column 1-3 (the Mason), a row 1-3 (the False "
                                        "Reservation), a room 1-9 (the Placer, the False Placer, the Diplomat); 0: "
                                        "nothing, with option grooms='any' (ruling HP-06)")),
               R_HIRE, "3. Hire Your Grooms: pay the groom's cost, flip its tile and apply its effect (each groom "
                       "once per turn).",
               HelltonPalaceState._do_hire, legal=HelltonPalaceState._hire_actions, check=X.check_hire,
               words=X.words_hire, target=X.target_hire),
    ActionKind("tour", (), R_TOUR, "Done hiring: the groom pawn leaves the Hall for the tour of rooms 1 to 9.",
               HelltonPalaceState._do_tour, listed_with="hire", words=X.words_tour, target=X.target_hall),
    ActionKind("serve", (Arg("room", INT, "the room the groom pawn stands in front of"),), R_SERVE,
               "4. Serve the Guest: its irritation token goes, then its door hanger applies, bottom to top.",
               HelltonPalaceState._do_serve, legal=HelltonPalaceState._serve_actions, check=X.check_tour_room,
               words=X.words_serve, target=X.target_active_room),
    ActionKind("refuse", (Arg("room", INT, "the room the groom pawn stands in front of"),), R_NOT_SERVE,
               "4. Do Not Serve the Guest: it gets an irritation token (a second one is a tantrum).",
               HelltonPalaceState._do_refuse, listed_with="serve", check=X.check_tour_room, words=X.words_serve,
               target=X.target_active_room),
    ActionKind("rents", (), R_COLLECT, "5. Collect the rents of the satisfied guests.",
               HelltonPalaceState._do_rents, legal=HelltonPalaceState._collect_actions, words=X.words_rents,
               target=X.target_coins),
    ActionKind("doorbell", (), R_RECOVER, "5. Or recover a doorbell (fewer than 3 in the Hall).",
               HelltonPalaceState._do_doorbell, listed_with="rents", check=X.check_doorbell,
               words=X.words_doorbell, target=X.target_hall),
    ActionKind("target", (Arg("room", INT, "another guest's room of the hotel toured (1-9)"),), R_EFFECTS,
               "A door-hanger effect's guest: \"of your choice\", or chosen by your opponent (Who? Where?).",
               HelltonPalaceState._do_target, legal=HelltonPalaceState._target_actions, check=X.check_target,
               words=X.words_target, target=X.target_active_room),
    ActionKind("pillar", (Arg("column", INT, "a column (1-3) of the hotel toured whose pillar group loses a "
                                             "pillar"),), R_EFFECTS,
               "A door-hanger effect's column: of your choice, or chosen by your opponent (Who? Where?).",
               HelltonPalaceState._do_pillar, legal=HelltonPalaceState._pillar_actions, check=X.check_pillar,
               words=X.words_pillar, target=X.target_pillars),
    ActionKind("swap", (Arg("room", INT, "an occupied room orthogonally adjacent to the designated guest (1-9)"),),
               groom_rule("false_placer"),
               "The False Placer: the opponent swaps its designated irritated guest with an adjacent guest.",
               HelltonPalaceState._do_swap, legal=HelltonPalaceState._swap_actions, check=X.check_swap,
               words=X.words_swap, target=X.target_own_room),
])
"""Hellton Palace's moves (``hotellab.core.kinds``), in rulebook order (Setup 6, the steps of a
turn, Description of the Effects, The Different Grooms): the core parses, checks, lists,
applies, words and targets every action through this table; ``docs/games/hellton_palace-actions.md``
is written from it."""
