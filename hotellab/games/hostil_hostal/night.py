"""Hostil Hostal, Phase 2 - Night: place a guest, play a card, move a guest, pass, and the
bonus action Spy (Hostil Hostal Rulebook). A mixin of :class:`.state.HostilHostalState`; the
2-player Automata phase that follows each round is in ``automata.py``."""

from __future__ import annotations

from ...core.actions import Action
from ...core.rules import RuleRef
import hotellab.games.hostil_hostal.automata as automata
from .encoding import act as _act
from .encoding import card, card_seat, guest, guest_seat, is_sedated, move_table, place_table, play_table
from .rules import MOVETO, R_2P_MOVE, R_2P_OMIT, R_MOVE, R_NIGHT_END, R_PASS, R_PLACE, R_PLAY, R_SPY, TURN


class NightRules:
    """Phase 2 - Night."""

    __slots__ = ()

    def _spy_actions(self, p: int) -> list[Action]:
        """Bonus action: Spy — a room and a colour with a face-down card ``p`` has not seen
        (own cards are always visible; ruling HH-11), if ``p`` has a rest point to spend."""
        if self.score[p] < 1:
            return []
        out = []
        known = self.known[p]
        for pos, cs in enumerate(self.cards):
            if not cs:
                continue
            seen = set()
            for c in cs:
                s = card_seat(c)
                if s != p and s not in seen and c not in known:
                    seen.add(s)
                    out.append(_act("spy", (self.boards[pos], s), p))
        return out

    def _night_actions(self, node) -> list[Action]:
        """Phase 2 - Night: Place a guest ("any unoccupied bed"), Play a card and Move a guest
        (with at least two cards; a card goes to a room with one of the player's guests; the
        guest moved is a bedded guest of the player's own or, with 2 players, the automata's),
        Pass (all guests placed, or no free bed: HH-09), and Spy before them (HH-11). Every
        kind of the turn node (``rules.TURN_KINDS``) is listed here, in this order."""
        p = node[1]
        boards = self.boards
        auto = self.game.automata_seat
        mine, sedated = guest(p), guest(p, True)
        auto_awake = guest(auto) if auto is not None else -1
        pt = place_table(p) if self.supply[p] > 0 else None
        out, rooms_with, movable = [], [], []
        nfree = 0
        for q, room in enumerate(self.beds):
            board = boards[q]
            prow = pt[board] if pt is not None else None
            has = False
            for b, gs in enumerate(room):
                if not gs:  # "any unoccupied bed"
                    nfree += 1
                    if prow is not None:
                        out.append(prow[b])
                elif len(gs) == 1:
                    g = gs[0]
                    if g == mine:
                        has = True
                        movable.append((board, b, p))
                    elif g == sedated:
                        has = True
                    elif g == auto_awake:
                        movable.append((board, b, auto))
                else:  # two guests in a bed (2x1)
                    for s in sorted({guest_seat(g) for g in gs if not is_sedated(g)}):
                        if s == p or s == auto:
                            movable.append((board, b, s))
                    if mine in gs or sedated in gs:
                        has = True
            if has:
                rooms_with.append(board)
        hand = self.hands[p]
        if len(hand) >= 2:
            if rooms_with:
                pl = play_table(p)
                out += [pl[c][board] for c in hand for board in rooms_with]
            if movable:
                tables = {s: move_table(p, s) for s in {m[2] for m in movable}}
                out += [tables[s][c][board][b] for c in hand for board, b, s in movable]
        if self.supply[p] == 0 or not nfree:
            out.append(_act("pass", (), p))
        if self.cards:
            out += self._spy_actions(p)
        return out

    def _move_destinations(self, node) -> list[Action]:
        """Phase 2 - Night / Move a guest: "to another bed in any room or to the lobby" — any
        unoccupied bed (HH-08) but the one the guest left, the same room included, or the Lobby."""
        p = node.seat
        _, ex_pos, ex_bed, _ = self.ctx
        out = [_act("moveto", (self.boards[q], b), p) for q, b in self._free_beds() if (q, b) != (ex_pos, ex_bed)]
        out.append(_act("moveto", ("lobby",), p))
        return out

    def _relocate_destinations(self, p: int) -> list[Action]:
        """Event Card Guide / #3 Grrr: "Remove any one guest from the room … The guest owner then
        chooses another unoccupied bed or the lobby"; the 2-player rules: "move one of her guests
        from the room". The guest leaves the room: an unoccupied bed of ANOTHER room, or the
        Lobby (ruling HH-18). Used for players and for the automata alike."""
        _, _, ex_pos, _ = self.ctx
        out = [_act("relocate", (self.boards[q], b), p) for q, b in self._free_beds() if q != ex_pos]
        out.append(_act("relocate", ("lobby",), p))
        return out

    def _do_place(self, a: Action) -> None:
        """Place a guest: "places it in any unoccupied bed in a room of their choice"."""
        p = a.player
        board, bed = a.args
        pos = self.pos_of[board]
        self.own("supply")[p] -= 1
        self._add_guest(pos, bed, guest(p))
        self.all_passed = False
        self._emit(f"{self._name(p)} places a guest on bed {bed} ({self.layouts[pos].beds[bed][2]:+d}) of room "
                   f"{self._label(pos)}.", R_PLACE)
        self._end_turn()

    def _do_play(self, a: Action) -> None:
        """Play a card: "one card face down in a room where they own at least one guest"."""
        p = a.player
        number, board = a.args
        pos = self.pos_of[board]
        self._take_from_hand(p, number)
        self.own("cards")[pos] = self.cards[pos] + (card(p, number),)
        self.all_passed = False
        self._emit(f"{self._name(p)} plays a card face down in room {self._label(pos)}.", R_PLAY)
        self._end_turn()

    def _do_move(self, a: Action) -> None:
        """Move a guest: discard a card, lift a bedded guest (own, or with 2 players the
        automata's: Special action); :meth:`_do_moveto` puts it down."""
        p = a.player
        number, board, bed, seat = a.args
        pos = self.pos_of[board]
        self._take_from_hand(p, number)
        self._to_discard(p, (number,))
        self._remove_guest(pos, bed, seat)
        self.all_passed = False
        whose = "their" if seat == p else f"the automata's ({self._name(seat)})"
        rule = R_MOVE if seat == p else R_2P_MOVE
        self._emit(f"{self._name(p)} discards a card to move {whose} guest from bed {bed} of room "
                   f"{self._label(pos)}.", rule)
        self.ctx = ("move", pos, bed, seat)
        self.node = MOVETO[p]

    def _do_moveto(self, a: Action) -> None:
        """Move a guest: "to another bed in any room or to the lobby"; the move ends the turn."""
        seat = self.ctx[3]
        self._put(seat, a.args, R_MOVE)
        self.ctx = None
        self._end_turn()

    def _put(self, seat: int, where: tuple, rule: RuleRef) -> None:
        """Put ``seat``'s guest in transit on a bed (board, bed) or in the Lobby."""
        if where[0] == "lobby":
            self.own("lobby")[seat] += 1
            self._emit(f"{self._name(seat)}'s guest goes to the Lobby.", rule)
        else:
            pos = self.pos_of[where[0]]
            self._add_guest(pos, where[1], guest(seat))
            self._emit(f"{self._name(seat)}'s guest goes to bed {where[1]} of room {self._label(pos)}.", rule)

    def _do_pass(self, a: Action) -> None:
        """Pass: "If a player has placed all of their own guests, they can pass" (HH-09)."""
        self.passed = self.passed | {a.player}
        self._emit(f"{self._name(a.player)} passes.", R_PASS)
        self._end_turn()

    def _do_spy(self, a: Action) -> None:
        """Bonus action: Spy — 1 rest point to see one colour's cards in one room; offered before
        the mandatory action only (spying after it would see the same cards, ruling HH-11)."""
        p = a.player
        board, seat = a.args
        pos = self.pos_of[board]
        seen = frozenset(c for c in self.cards[pos] if card_seat(c) == seat)
        self.own("known")[p] = self.known[p] | seen
        self._gain(p, -1, "Spy")
        self._emit(
            f"{self._name(p)} spends 1 rest point to spy on {self._name(seat)}'s cards in room {self._label(pos)}.",
            R_SPY, [(p, -1)],
        )

    def _end_turn(self) -> None:
        """The mandatory action ends the turn; the next player clockwise acts. After a round in
        which every player passed, the night ends ("If all the players pass on the same round");
        otherwise, with 2 players, the Automata phase comes before the next round."""
        self.turn += 1
        order = self._order()
        if self.turn < len(order):
            self.node = TURN[order[self.turn]]
            return
        if self.all_passed:
            self._emit("Every player passed in the same round: the night ends.", R_NIGHT_END)
            self.stage = "dawn"
            self.node = None
            return
        if self.game.automata_seat is not None:
            if automata.phase_possible(self):
                automata.start_phase(self)
                return
            if len(self.decks[self.game.automata_seat]) < 2:
                self._emit("The automata's deck has fewer than two cards: the Automata phase is omitted.", R_2P_OMIT)
        self._new_round()

    def _new_round(self) -> None:
        """Night: the next round, from the first player; every player may act again (HH-09)."""
        self.round += 1
        self.turn = 0
        self.all_passed = True
        self.passed = frozenset()
        self.node = TURN[self._order()[0]]
