"""Mutation checks of Hostil Hostal's rules (issue 15): change the engine on purpose and see a
test fail. Not a test module (pytest does not collect it); run it by hand:

    .venv/bin/python tests/hostil_hostal/mutation_check.py            # every mutation
    .venv/bin/python tests/hostil_hostal/mutation_check.py S14 S80    # only these
    .venv/bin/python tests/hostil_hostal/mutation_check.py --full S14 # run the whole suite

:data:`STATEMENTS` lists every rule statement of the Hostil Hostal Rulebook that the engine
implements, in rulebook order: an id, the section, the statement, and one or more mutations
(file of ``hotellab/games/hostil_hostal``, the text replaced, its replacement) plus the test
files that should catch them. Each mutation is applied to a copy of the package and tests
in a temporary directory (the work tree is never changed); with ``--full`` (or when the
targeted tests pass) the whole ``tests/hostil_hostal`` suite runs. A mutation is *caught*
when a test fails. The report ends with the counts the closing note of issue 15 asks for.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = "hotellab/games/hostil_hostal"

# (id, section, statement, [(file, old, new), ...], [test files that should catch it])
STATEMENTS = [
    # -- Components (issue 24: each count held by the position reader, or ruled; the engine's
    #    own side of each count is checked at every state of sampled games)
    ("C01", "Components", "60 playing cards, 12 of each color: each card of a colour in one place",
     [("position.py", '            check_partition(places, Counter(range(1, 13)), f"{C.COLOURS[p]} card", rule=R_SETUP)',
       "            pass"),
      ("position.py", 'number = check_range(field(c, "number", int, f"{where}[{j}]"), 1, 12, f"{where}[{j}].number",',
       'number = check_range(field(c, "number", int, f"{where}[{j}]"), 1, 13, f"{where}[{j}].number",'),
      ("position.py", 's.decks.append(self.ints(field(seat, "deck", list, where), 1, 12,',
       's.decks.append(self.ints(field(seat, "deck", list, where), 1, 13,')],
     ["test_hh_components.py"]),
    ("C02", "Components", "5 room boards: boards 1-5, each once, 3/3/4/5 rooms",
     [("position.py", "        if len(set(boards)) != len(boards):", "        if False:"),
      ("position.py", 'boards.append(check_range(field(room, "board", int, where), 1, 5,',
       'boards.append(check_range(field(room, "board", int, where), 1, 6,'),
      ("position.py", "        if len(rooms) != R:", "        if len(rooms) < R:")],
     ["test_hh_components.py"]),
    ("C03", "Components", "5 reform boards: each in one place (deck, rooms, being laid)",
     [("position.py", '            check_partition(reforms, Counter(list(C.reforms())), "reform board", rule=R_REFORM)',
       "            pass"),
      ("position.py", 's.reform_deck = self.ints(field(t, "reform_deck", list, default=[]), 1, 5,',
       's.reform_deck = self.ints(field(t, "reform_deck", list, default=[]), 1, 6,')],
     ["test_hh_components.py"]),
    ("C04", "Components", "5 red deterioration dice and 1 yellow misfortune die (faces 1-6, HH-05)",
     [("position.py", 'wear.append(check_range(room["wear"], min(faces), C.MAX_WEAR,',
       'wear.append(check_range(room["wear"], min(faces), C.MAX_WEAR + 1,'),
      ("position.py", 'min(faces), max(faces), "misfortune_die",', 'min(faces), max(faces) + 1, "misfortune_die",')],
     ["test_hh_components.py"]),
    ("C05", "Components", "1 first player token: one seat, a player's",
     [("position.py", '"first_player", players_only=True, rule=R_FIRST)', '"first_player", rule=R_FIRST)')],
     ["test_hh_components.py"]),
    ("C06", "Components", "4 guest tokens of each color",
     [("position.py", "            if total != C.GUESTS_PER_PLAYER:", "            if total > C.GUESTS_PER_PLAYER + 1:"),
      ("position.py", 's.lobby.append(check_range(field(seat, "guests_in_lobby", int, where), 0, C.GUESTS_PER_PLAYER,',
       's.lobby.append(check_range(field(seat, "guests_in_lobby", int, where), 0, C.GUESTS_PER_PLAYER + 1,')],
     ["test_hh_components.py"]),
    ("C07", "Components", "1 round marker: one night, 1 to the option nights",
     [("position.py", 'check_range(field(t, "night", int), 1, g.options["nights"], "night"',
       'check_range(field(t, "night", int), 1, g.options["nights"] + 1, "night"')],
     ["test_hh_components.py"]),
    ("C08", "Components", "5 point markers: one per seat, 2-5 players",
     [("position.py", "        if len(seats) != self.n:", "        if len(seats) < self.n:"),
      ("game.py", "    max_players = 5", "    max_players = 6")],
     ["test_hh_components.py"]),
    ("C09", "Components", "the rest track has no bound (exceeds 40: flip; HH-35)",
     [("position.py", '            rest = field(seat, "rest", int, where, rule=R_START)',
       '            rest = check_range(field(seat, "rest", int, where, rule=R_START), 0, 80, "rest")')],
     ["test_hh_components.py"]),
    # -- Let's Begin (Setup)
    ("S01", "Setup 1", "rooms by player count: 3/3/4/5 rooms at their floor positions",
     [("components.py", "    4: ((1, 1), (1, 2), (2, 1), (2, 2)),", "    4: ((1, 1), (1, 2), (2, 1)),")],
     ["test_hh_setup.py"]),
    ("S02", "Setup 1", "rooms are chosen randomly (a shuffle of the five boards)",
     [("state.py", "self.boards = order[:R]", "self.boards = tuple(sorted(order[:R]))")], ["test_hh_setup.py"]),
    ("S03", "Setup 1", "players can choose which side to use (sides option, per room with 'choose')",
     [("state.py", 'self.node = (N_SIDE,) if side == "random" else (N_SIDE_CHOICE, self.first)',
       "self.node = (N_SIDE,)")], ["test_hh_position.py"]),
    ("S04", "Setup 2", "a wear die is rolled for each room",
     [("state.py", '        self._w("wear")[pos] = a.args[1]', '        self._w("wear")[pos] = 6')],
     ["test_hh_setup.py"]),
    ("S05", "Setup 3", "each player has 4 guests",
     [("components.py", "GUESTS_PER_PLAYER = 4", "GUESTS_PER_PLAYER = 5")], ["test_hh_setup.py"]),
    ("S06", "Setup 3", 'score markers start on "15"',
     [("components.py", "START_REST = 15", "START_REST = 14")], ["test_hh_setup.py"]),
    ("S07", "Setup 3", "Mr. Tools is set aside in hand; the other cards are shuffled into the deck",
     [("state.py", "            top = 12 if self.game.is_automata(seat) else 11", "            top = 12")],
     ["test_hh_setup.py"]),
    ("S08", "Setup 4", "3 or 5 nights",
     [("dawn.py", 'if self.night >= self.game.options["nights"]:', 'if self.night >= 3:')], ["test_hh_end.py"]),
    ("S09", "Setup 5", "the first player plays first",
     [("state.py", "        return self.game.turn_orders[self.first]",
       "        return self.game.turn_orders[(self.first + 1) % self.game.num_players]")], ["test_hh_night.py"]),
    # -- Phase 1 - Dusk
    ("S10", "Dusk", "each player takes three cards from their deck and Mr. Tools (a hand of four)",
     [("components.py", "CARDS_DRAWN_AT_DUSK = 3", "CARDS_DRAWN_AT_DUSK = 4")], ["test_hh_dusk.py"]),
    ("S11", "Dusk", "a depleted deck is refilled by shuffling the discard",
     [("state.py", "                if not self.decks[seat] and self.discards[seat]:",
       "                if False:")], ["test_hh_dusk.py"]),
    # -- Phase 2 - Night
    ("S12", "Night", "turns go clockwise from the first player",
     [("night.py", "            self.node = (N_TURN, order[self.turn])", "            self.node = (N_TURN, order[0])")],
     ["test_hh_night.py"]),
    ("S13", "Night / Place a guest", "an unplayed guest: only while the player has guests in supply",
     [("night.py", "        pt = place_table(p) if self.supply[p] > 0 else None", "        pt = place_table(p)")],
     ["test_hh_night.py"]),
    ("S14", "Night / Place a guest", "a guest goes on an unoccupied bed",
     [("night.py", "                        out.append(prow[b])\n                elif len(gs) == 1:\n",
       "                        out.append(prow[b])\n                elif len(gs) == 1:\n"
       "                    if prow is not None:\n                        out.append(prow[b])\n")],
     ["test_hh_night.py"]),
    ("S105", "Night / Place a guest", "when placing a guest, leave visible the unmarked side (placed awake)",
     [("night.py", "        self._add_guest(pos, bed, _sx(p))", "        self._add_guest(pos, bed, _sx(p, True))")],
     ["test_hh_night.py"]),
    ("S15", "Night / Play a card", "playing a card needs at least two cards in hand",
     [("night.py", "        if len(hand) >= 2:", "        if len(hand) >= 1:")], ["test_hh_night.py"]),
    ("S16", "Night / Play a card", "a card goes to a room where the player owns at least one guest",
     [("night.py", "            if has:\n                rooms_with.append(board)", "            rooms_with.append(board)")],
     ["test_hh_night.py"]),
    ("S17", "Night / Play a card", "no limit to the cards in a room; played face down (hidden)",
     [("view.py", "    return cid >> 4 == perspective or cid in state.known[perspective]", "    return True")],
     ["test_hh_night.py", "test_hh_properties.py"]),
    ("S18", "Night / Move a guest", "moving discards a card to the mover's discard pile",
     [("night.py", "        self._to_discard(p, (number,))\n        self._remove_guest", "        self._remove_guest")],
     ["test_hh_night.py"]),
    ("S19", "Night / Move a guest", "a bedded guest goes to another bed in any room or to the lobby",
     [("night.py", "if (q, b) != (ex_pos, ex_bed)]\n        out.append(Action(\"moveto\"",
       "if q != ex_pos]\n        out.append(Action(\"moveto\"")], ["test_hh_night.py"]),
    ("S20", "Night / Move a guest", "previously played cards stay in the room",
     [("night.py", "        self._remove_guest(pos, bed, seat)\n        self.all_passed = False\n        whose",
       "        self._remove_guest(pos, bed, seat)\n        self._w(\"cards\")[pos] = ()\n        self.all_passed = False"
       "\n        whose")], ["test_hh_night.py", "test_hh_properties.py"]),
    ("S21", "Night / Pass", "a player can pass once all of their guests are placed",
     [("night.py", "        if self.supply[p] == 0 or not nfree:", "        if True:")], ["test_hh_night.py"]),
    ("S22", "Night", "the night ends when every player passes in the same round",
     [("night.py", "        self.passed = self.passed | {a.player}\n",
       "        self.passed = self.passed | {a.player}\n        self.all_passed = False\n")], ["test_hh_night.py"]),
    ("S23", "Night / Pass", "a player who passed acts again next round",
     [("night.py", "        self.passed = frozenset()\n        self.node = (N_TURN, self._order()[0])",
       "        self.node = (N_TURN, self._order()[0])")], ["test_hh_night.py"]),
    ("S24", "Night / Spy", "spying costs 1 rest point",
     [("night.py", '        self._gain(p, -1, "Spy")', '        self._gain(p, 0, "Spy")')], ["test_hh_night.py"]),
    ("S25", "Night / Spy", "a spy sees all the cards of one colour in one room",
     [("night.py", "        seen = frozenset(c for c in self.cards[pos] if c >> 4 == seat)",
       "        seen = frozenset([c for c in self.cards[pos] if c >> 4 == seat][:1])")],
     ["test_hh_night.py"]),
    ("S26", "Night / Spy", "a player needs a rest point to spy",
     [("night.py", "        if self.score[p] < 1:\n            return []", "        if False:\n            return []")],
     ["test_hh_night.py"]),
    # -- Phase 3 - Dawn
    ("S106", "Night / Spy", "a player can spy as much as they want (1 rest point each)",
     [("night.py", "        if self.score[p] < 1:\n            return []", "        if self.score[p] < 1 or self.known[p]:\n            return []")],
     ["test_hh_night.py"]),
    ("S107", "Night / Spy (Important)", "a player may at any time look at their own cards placed in the rooms",
     [("view.py", "    return cid >> 4 == perspective or cid in state.known[perspective]",
       "    return cid in state.known[perspective]")],
     ["test_hh_night.py", "test_hh_properties.py"]),
    ("S108", "Resting in the Hostel", "the Lobby can accommodate unlimited guests",
     [("night.py", "        out.append(Action(\"moveto\", (\"lobby\",), p))",
       "        if sum(self.lobby) < 2:\n            out.append(Action(\"moveto\", (\"lobby\",), p))")],
     ["test_hh_night.py"]),
    ("S27", "Dawn / Reveal", "every card is revealed",
     [("dawn.py", "        self.revealed = True\n", "")], ["test_hh_dawn.py", "test_hh_properties.py"]),
    ("S28", "Dawn / Reveal", "every copy of a repeated card in a room is discarded",
     [("dawn.py", "numbers.count(n) > 1 and n != C.TOOLS", "numbers.count(n) > 2 and n != C.TOOLS")],
     ["test_hh_dawn.py"]),
    ("S29", "Dawn / Reveal", "… except Mr. Tools",
     [("dawn.py", "numbers.count(n) > 1 and n != C.TOOLS", "numbers.count(n) > 1")], ["test_hh_dawn.py"]),
    ("S30", "Dawn / Order", "cards resolve in number order (then turn order, room order: HH-13)",
     [("dawn.py", "        items.sort(key=lambda t: (t[0], self._rank(t[2] >> 4) if t[2] is not None else 0, t[1]))",
       "        items.sort(key=lambda t: (t[1], t[0]))")], ["test_hh_dawn.py"]),
    ("S31", "Dawn / Resolution", "the owner decides whether to activate (skip offered)",
     [("cards.py", '    return options(s, p) + [Action("skip", (), p)]', "    return options(s, p)")],
     ["test_hh_dawn.py"]),
    ("S32", "Dawn / Resolution", "a lock card's effect is mandatory",
     [("dawn.py", "        elif card.lock:", "        elif False:")], ["test_hh_dawn.py", "test_hh_cards.py"]),
    ("S33", "Dawn / Resolution", "a guest-icon card needs a guest of its owner in the room",
     [("dawn.py", "        if card.guest_icon and not self._has_guest(owner, pos):", "        if False:")],
     ["test_hh_dawn.py"]),
    ("S34", "Dawn / Resolution", "each card is discarded after it resolves",
     [("dawn.py", "        if cid in self.cards[pos]:\n            self._discard_card(pos, cid)",
       "        if False:\n            self._discard_card(pos, cid)")], ["test_hh_dawn.py"]),
    ("S35", "Dawn / Rest", "the total is the visible numbers of the unoccupied beds …",
     [("state.py", "for b, g in enumerate(self.beds[pos]) if not g) + self._rug(pos)",
       "for b, g in enumerate(self.beds[pos])) + self._rug(pos)")], ["test_hh_dawn.py"]),
    ("S36", "Dawn / Rest", "… and the rug",
     [("state.py", "for b, g in enumerate(self.beds[pos]) if not g) + self._rug(pos)",
       "for b, g in enumerate(self.beds[pos]) if not g)")], ["test_hh_dawn.py"]),
    ("S37", "Dawn / Rest", "times the number of unsedated owned guests",
     [("dawn.py", "                self._hit_guests(\n                    guests, total, \"Rest\",",
       "                self._hit_guests(\n                    sorted(set(guests)), total, \"Rest\",")],
     ["test_hh_dawn.py"]),
    ("S38", "Dawn / Wear", "the misfortune die hurts only if it is bigger than the wear",
     [("dawn.py", "            if d > self.wear[q]:", "            if d >= self.wear[q]:")], ["test_hh_dawn.py"]),
    ("S39", "Dawn / Wear", "the loss is the difference between both dice",
     [("dawn.py", "                    loss = d - self.wear[q]", "                    loss = d")], ["test_hh_dawn.py"]),
    ("S40", "Dawn / Wear", "each non-sedated guest loses",
     [("dawn.py", "            if d > self.wear[q]:\n                guests = [g for _, g in self._awake(q)]",
       "            if d > self.wear[q]:\n                guests = [g for _, g in self._guests(q)]")],
     ["test_hh_dawn.py"]),
    ("S41", "Dawn / Wear / Variants", "every guest loses 2 always (misfortune='fixed')",
     [("dawn.py", "                    self._hit_guests(guests, -2, \"Misfortune die\",",
       "                    self._hit_guests(guests, -1, \"Misfortune die\",")], ["test_hh_dawn.py"]),
    ("S42", "Dawn / Wear / Variants", "roll the die for each room separately (misfortune='per_room')",
     [("dawn.py", "            self.node = (N_MISFORTUNE, None if mode == \"die\" else 0)",
       "            self.node = (N_MISFORTUNE, None)")], ["test_hh_dawn.py"]),
    # -- Phase 4 - Day
    ("S43", "Day / Wear", "5 guests: the room loses 3",
     [("day.py", "loss = 3 if n >= 5 else 2 if n >= 2 else 1", "loss = 2 if n >= 2 else 1")], ["test_hh_day.py"]),
    ("S44", "Day / Wear", "2-4 guests: the room loses 2",
     [("day.py", "loss = 3 if n >= 5 else 2 if n >= 2 else 1", "loss = 3 if n >= 5 else 2 if n >= 3 else 1")],
     ["test_hh_day.py"]),
    ("S45", "Day / Wear", "0-1 guests: the room loses 1",
     [("day.py", "loss = 3 if n >= 5 else 2 if n >= 2 else 1", "loss = 3 if n >= 5 else 2 if n >= 2 else 0")],
     ["test_hh_day.py"]),
    ("S46", "Day / Wear", "the die is left at 1 at worst",
     [("day.py", "            wear[pos] = max(1, before - loss)", "            wear[pos] = max(0, before - loss)")],
     ["test_hh_day.py"]),
    ("S104", "Day / Wear", "more than 5 guests (only after 2x1) wear the room like 5 (HH-36)",
     [("day.py", "loss = 3 if n >= 5 else 2 if n >= 2 else 1", "loss = 3 if n == 5 else 2 if n >= 2 else 1")],
     ["test_hh_day.py"]),
    ("S47", "Day / Wake up, brains!", "every guest returns to its owner's supply",
     [("day.py", "        self.beds = [tuple(() for _ in room) for room in self.beds]\n", "")], ["test_hh_day.py"]),
    ("S48", "Day / Reform", "a reform is placed in each room with a Mr. Tools card",
     [("day.py", "            if not owners:\n                continue", "            if len(owners) < 2:\n                continue")],
     ["test_hh_day.py"]),
    ("S49", "Day / Reform", "the reform is drawn from the (shuffled) reform deck",
     [("day.py", "            rid, self.reform_deck = self.reform_deck[0], self.reform_deck[1:]",
       "            rid, self.reform_deck = self.reform_deck[-1], self.reform_deck[:-1]")], ["test_hh_day.py"]),
    ("S50", "Day / Reform", "the Mr. Tools player chooses the side",
     [("day.py", "        self._place_reform(pos, rid, a.args[0], a.player)", "        self._place_reform(pos, rid, \"a\", a.player)")],
     ["test_hh_day.py"]),
    ("S51", "Day / Reform", "several Mr. Tools: the one closest to the initial player decides",
     [("day.py", "            chooser = min(owners, key=self._rank)", "            chooser = max(owners, key=self._rank)")],
     ["test_hh_day.py"]),
    ("S52", "Day / Reform", "a replaced reform goes to the bottom of the reform deck",
     [("day.py", "            self.reform_deck = self.reform_deck + (old[0],)", "            pass")], ["test_hh_day.py"]),
    ("S53", "Day / Reform", "no reform board left: none is laid (HH-25)",
     [("day.py", "            if not self.reform_deck:\n", "            if not self.reform_deck and False:\n")],
     ["test_hh_day.py"]),
    ("S54", "Day / End of day", "the night marker advances",
     [("day.py", "        self.night += 1\n", "        self.night += 2\n")], ["test_hh_day.py"]),
    ("S55", "Day / End of day", "the first player marker goes to the player with the most points",
     [("day.py", "        best = max(self.score[s] for s in order)", "        best = min(self.score[s] for s in order)")],
     ["test_hh_day.py"]),
    ("S56", "Day / End of day", "a tie: the player further in turn order from the first player",
     [("day.py", "        self.first = tied[-1]", "        self.first = tied[0]")], ["test_hh_day.py"]),
    ("S57", "Day / End of day", "unused cards are discarded",
     [("day.py", "            discards[s] = tuple(c for c in discards[s] if c != C.TOOLS) + unused",
       "            discards[s] = tuple(c for c in discards[s] if c != C.TOOLS)")], ["test_hh_day.py"]),
    ("S58", "Day / End of day", "Mr. Tools returns to the hand",
     [("day.py", "            hands[s] = (C.TOOLS,)", "            hands[s] = ()")], ["test_hh_day.py"]),
    # -- End of the Game and Winner
    ("S59", "End", "the game ends at the dawn of the last night (no Day after it)",
     [("dawn.py", 'if self.night >= self.game.options["nights"]:', 'if self.night > self.game.options["nights"]:')],
     ["test_hh_end.py"]),
    ("S60", "End", "the most rest points wins",
     [("state.py", "        best = max(self.score)\n        tied", "        best = min(self.score)\n        tied")],
     ["test_hh_end.py"]),
    ("S61", "End", "a tie: the most cards in hand wins",
     [("state.py", "            most = max(len(self.hands[s]) for s in tied)", "            most = min(len(self.hands[s]) for s in tied)")],
     ["test_hh_end.py"]),
    ("S62", "End", "a tie that persists: a shared victory",
     [("state.py", "            tied = [s for s in tied if len(self.hands[s]) == most]\n        return tied",
       "            tied = [s for s in tied if len(self.hands[s]) == most]\n        return tied[:1]")],
     ["test_hh_end.py"]),
    # -- Variation for 2 Players
    ("S63", "2P / Setup", "three rooms as for three players",
     [("components.py", "    2: ((1, 1), (1, 2), (2, 1)),", "    2: ((1, 1), (1, 2)),")], ["test_hh_setup.py"]),
    ("S64", "2P / Setup", "an automata of a third colour, its four guests in the Lobby",
     [("state.py", "        s.lobby = [C.GUESTS_PER_PLAYER if game.is_automata(p) else 0 for p in range(n)]",
       "        s.lobby = [0 for p in range(n)]")], ["test_hh_automata.py", "test_hh_setup.py"]),
    ("S65", "2P / Dusk", "three automata cards go face down, one per room",
     [("automata.py", "    for pos, c in zip(range(len(s.beds)), drawn):", "    for pos, c in zip([0, 0, 0], drawn):")],
     ["test_hh_dusk.py", "test_hh_automata.py"]),
    ("S66", "2P / Night", "an Automata phase after each round",
     [("night.py", "            if automata.phase_possible(self):", "            if False:")], ["test_hh_automata.py"]),
    ("S67", "2P / Night", "each player draws an automata card and chooses a room; the higher card places",
     [("automata.py", "    win = max(s.auto_cards, key=lambda t: t[1])", "    win = min(s.auto_cards, key=lambda t: t[1])")],
     ["test_hh_automata.py"]),
    ("S68", "2P / Night", "a filled-up room cannot be selected",
     [("automata.py", 'return [Action("autoroom", (s.boards[q],), p) for q in range(len(s.beds)) if not s._room_full(q)]',
       'return [Action("autoroom", (s.boards[q],), p) for q in range(len(s.beds))]')], ["test_hh_automata.py"]),
    ("S69", "2P / Night", "both automata cards are then discarded",
     [("automata.py", "    s._to_discard(auto, tuple(c for _, c, _ in s.auto_cards))\n", "")],
     ["test_hh_automata.py", "test_hh_properties.py"]),
    ("S70", "2P / Night", "the phase is omitted without enough cards for both players",
     [("automata.py", "        len(s.decks[auto]) >= 2", "        len(s.decks[auto]) >= 1")], ["test_hh_automata.py"]),
    ("S71", "2P / Special action", "a player may move the automata's guest",
     [("night.py", "                    elif g == auto_awake:", "                    elif g == -99:")],
     ["test_hh_automata.py"]),
    ("S72", "2P / Dawn / Grrr", "both players in the room: a roll-off, the lower roll moves a guest",
     [("automata.py", "    loser = humans[0] if x < y else humans[1]", "    loser = humans[0] if x > y else humans[1]")],
     ["test_hh_automata.py"]),
    ("S73", "2P / Dawn / 2x1", "the automata brings from its lesser bed to the highest bed",
     [("automata.py", "    low = min(val(o.args[0], o.args[1]) for o in options)",
       "    low = max(val(o.args[0], o.args[1]) for o in options)")], ["test_hh_automata.py"]),
    ("S74", "2P / Dawn / Other cards", "the automata deals the most damage to the players",
     [("automata.py", "        top = max(ranks)", "        top = min(ranks)")], ["test_hh_automata.py"]),
    ("S75", "2P / Dawn / Other cards", "ties are settled by a die roll",
     [("automata.py", "        s.ctx = (\"pick\", tuple(options), s.ctx)\n        s.node = (N_PICK,)",
       "        do(s, options[0])")], ["test_hh_automata.py"]),
    ("S76", "2P / Dawn / Example", "2 from one player or 1 from both: it damages both",
     [("automata.py", "    return (sum(losses), sum(1 for x in losses if x > 0))", "    return (sum(losses), 0)")],
     ["test_hh_automata.py"]),
    ("S77", "2P / Dawn", "the automata's cards follow the activation rules (guest icon)",
     [("dawn.py", "        if self.game.is_automata(owner):\n            automata.resolve_card(self, owner)",
       "        if self.game.is_automata(owner) and not card.guest_icon:\n            automata.resolve_card(self, owner)")],
     ["test_hh_automata.py"]),
    ("S78", "2P / Scoring", "the automata scores and counts for room wear",
     [("day.py", "            n = len(self._guests(pos))",
       "            n = len([x for _, x in self._guests(pos) if x >> 1 != self.game.automata_seat])")],
     ["test_hh_automata.py"]),
    ("S79", "2P / Scoring", "TV: a losing automata counts as the player behind",
     [("cards.py", "    low = min(s.score)\n", "    low = min(s.score[:s.game.num_players])\n")],
     ["test_hh_automata.py"]),
    ("S80", "2P / Scoring", "the automata can win",
     [("state.py", "        best = max(self.score)\n", "        best = max(self.score[:self.game.num_players])\n")],
     ["test_hh_automata.py"]),
    ("S81", "2P (HH-26)", "the automata never takes the first player marker",
     [("day.py", "        order = self._order()\n        best", "        order = list(range(g.num_seats))\n        best")],
     ["test_hh_automata.py"]),
    ("S82", "2P (HH-29)", "the automata's deck is reshuffled at Dusk when needed",
     [("state.py", "            if g.is_automata(seat):\n                need = C.CARDS_DRAWN_AT_DUSK - len(hand)",
       "            if g.is_automata(seat):\n                need = C.CARDS_DRAWN_AT_DUSK - len(hand) if self.decks[seat] else 0")],
     ["test_hh_automata.py"]),
    # -- Event Card Guide
    ("S83", "#1 Sweet Dreams", "one of your guests is sedated and you win 1 rest point",
     [("cards.py", "    s._gain(p, 1, s._card_name(1))", "    s._gain(p, 2, s._card_name(1))")], ["test_hh_cards.py"]),
    ("S84", "#1 Sweet Dreams", "a sedated guest is not affected by events nor scored at Dawn",
     [("state.py", "        return [(b, g) for b, gs in enumerate(self.beds[pos]) for g in gs if not g & 1]",
       "        return [(b, g) for b, gs in enumerate(self.beds[pos]) for g in gs]")], ["test_hh_cards.py"]),
    ("S85", "#2 2x1", "bring your guest from another bed to a bed of this room with your guest",
     [("cards.py", "for q, b in src for d in dst if (q, b) != (pos, d)]", "for q, b in src for d in dst]")],
     ["test_hh_cards.py"]),
    ("S86", "#2 2x1", "… to the same bed where you already have a guest",
     [("cards.py", "    dst = _own_beds(s, p, pos)", "    dst = [b for b, gs in enumerate(s.beds[pos])]")],
     ["test_hh_cards.py"]),
    ("S87", "#3 Grrr", "remove any one guest from the room (anyone's)",
     [("cards.py", "            if only_seat is None or seat == only_seat:", "            if seat == p:")],
     ["test_hh_cards.py"]),
    ("S88", "#3 Grrr", "its owner chooses another unoccupied bed (of another room) or the lobby",
     [("night.py", "for q, b in self._free_beds() if q != ex_pos]", "for q, b in self._free_beds()]")],
     ["test_hh_cards.py"]),
    ("S89", "#3 Grrr", "the guest's owner (not the card's) decides",
     [("cards.py", "        s.node = (N_RELOCATE, seat)", "        s.node = (N_RELOCATE, p)")], ["test_hh_cards.py"]),
    ("S90", "#4 Tap Tippity-Tap", "each guest in the room and the one immediately below loses 1",
     [("cards.py", "    guests = [g for q in [pos] + ([below] if below is not None else []) for _, g in s._awake(q)]",
       "    guests = [g for q in [pos] for _, g in s._awake(q)]")], ["test_hh_cards.py"]),
    ("S91", "#5 Party", "this room and the orthogonal neighbouring rooms lose 1",
     [("cards.py", "    rooms = [pos] + s.game.room_neighbours(s, pos)", "    rooms = [pos]")], ["test_hh_cards.py"]),
    ("S92", "#6 Chocolate", "1 rest point to each guest you own in the room",
     [("cards.py", "    s._hit_guests(guests, 1, s._card_name(6),", "    s._hit_guests(guests[:1], 1, s._card_name(6),")],
     ["test_hh_cards.py"]),
    ("S93", "#7 17º", "+2 for each owned guest in one bed",
     [("cards.py", "    s._hit_guests(guests, 2, s._card_name(7),", "    s._hit_guests(guests, 1, s._card_name(7),")],
     ["test_hh_cards.py"]),
    ("S94", "#8 TV", "each guest loses 1 except the player behind on the track",
     [("cards.py", "    guests = [g for _, g in s._awake(pos) if g >> 1 not in behind]",
       "    guests = [g for _, g in s._awake(pos)]")], ["test_hh_cards.py"]),
    ("S95", "#9 Sniff", "guests in beds orthogonally adjacent to one of your meeples lose 1",
     [("cards.py", "    guests = [g for b in adj for g in s.beds[pos][b] if not g & 1]",
       "    guests = [g for b in range(len(s.beds[pos])) if b != bed for g in s.beds[pos][b] if not g & 1]")],
     ["test_hh_cards.py"]),
    ("S96", "#10 Scratch Scratch", "each guest rolls; 1 or 2: fleas, -2",
     [("cards.py", "    if d <= 2:", "    if d <= 1:")], ["test_hh_cards.py"]),
    ("S97", "#10 Scratch Scratch", "… loses 2 rest points",
     [("cards.py", "        s._hit_guests([g], -2, s._card_name(number)", "        s._hit_guests([g], -1, s._card_name(number)")],
     ["test_hh_cards.py"]),
    ("S98", "#11 Auuuuu", "every guest in the room loses 1, the wolf included",
     [("cards.py", "    s._hit_guests(guests, -1, s._card_name(11),", "    s._hit_guests(guests[1:], -1, s._card_name(11),")],
     ["test_hh_cards.py"]),
    ("S99", "#11 Auuuuu", "every other non-wolf guest rolls; 1 or 2: -2 more",
     [("cards.py", "    others.remove(p * 2)  # the wolf does not roll", "    pass")], ["test_hh_cards.py"]),
    ("S100", "#12 Mr. Tools", "+2 wear for the first Mr. Tools, +1 per additional one",
     [("cards.py", "before + 2 + (k - 1))", "before + 2 * k)")], ["test_hh_cards.py"]),
    ("S101", "#12 Mr. Tools", "wear at most 6",
     [("components.py", "MAX_WEAR = 6", "MAX_WEAR = 7")], ["test_hh_cards.py"]),
    ("S102", "#12 Mr. Tools", "Mr. Tools stays in the room until Day (reform), not discarded at Dawn",
     [("dawn.py", "            cards.tools(self, pos)\n            self.item = None",
       "            cards.tools(self, pos)\n            self._w(\"cards\")[pos] = tuple(c for c in self.cards[pos] "
       "if c & 15 != C.TOOLS)\n            self.item = None")], ["test_hh_cards.py", "test_hh_day.py"]),
    ("S103", "Resting in the Hostel", "Lobby guests score nothing and are untouched by cards",
     [("night.py", "        if where[0] == \"lobby\":\n            self._w(\"lobby\")[seat] += 1",
       "        if where[0] == \"lobby\":\n            self._w(\"lobby\")[seat] += 1\n            self._gain(seat, 1, \"Rest\")")],
     ["test_hh_cards.py"]),
]


def _copy_tree(dst: Path) -> None:
    shutil.copytree(ROOT / "hotellab", dst / "hotellab", ignore=shutil.ignore_patterns("__pycache__"))
    (dst / "tests").mkdir()
    shutil.copytree(ROOT / "tests" / "hostil_hostal", dst / "tests" / "hostil_hostal",
                    ignore=shutil.ignore_patterns("__pycache__"))
    if (ROOT / "tests" / "conftest.py").exists():
        shutil.copy(ROOT / "tests" / "conftest.py", dst / "tests" / "conftest.py")
    shutil.copytree(ROOT / "notebooks" / "scenarios", dst / "notebooks" / "scenarios")
    shutil.copy(ROOT / "pyproject.toml", dst / "pyproject.toml")


def _pytest(dst: Path, targets: list[str]) -> bool:
    """True when the tests pass."""
    env = {"PYTHONPATH": str(dst), "PATH": "/usr/bin:/bin", "HOME": str(dst)}
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *targets]
    r = subprocess.run(cmd, cwd=dst, env=env, capture_output=True, text=True)
    return r.returncode == 0


def main(argv: list[str]) -> int:
    full = "--full" in argv
    wanted = [a for a in argv if not a.startswith("--")]
    rows = [s for s in STATEMENTS if not wanted or s[0] in wanted]
    caught = tried = 0
    missed = []
    with tempfile.TemporaryDirectory() as tmp:
        dst = Path(tmp)
        _copy_tree(dst)
        for sid, section, statement, muts, tests in rows:
            for file, old, new in muts:
                path = dst / PKG / file
                original = path.read_text("utf-8")
                if original.count(old) != 1:
                    print(f"{sid}: mutation text not found once in {file}: {old[:60]!r}")
                    missed.append(sid)
                    continue
                mutated = original.replace(old, new)
                try:
                    compile(mutated, str(path), "exec")
                except SyntaxError as exc:
                    print(f"{sid}: the mutation does not compile ({exc}); fix it")
                    missed.append(sid)
                    continue
                path.write_text(mutated, "utf-8")
                try:
                    targets = [f"tests/hostil_hostal/{t}" for t in tests]
                    ok = _pytest(dst, ["tests/hostil_hostal"] if full else targets)
                    if ok and not full:  # not caught where expected: try the whole suite
                        ok = _pytest(dst, ["tests/hostil_hostal"])
                finally:
                    path.write_text(original, "utf-8")
                tried += 1
                caught += not ok
                print(f"{sid} {section:28} {'caught' if not ok else 'NOT CAUGHT':10} {statement}", flush=True)
                if ok:
                    missed.append(sid)
    print(f"\nstatements {len(STATEMENTS)}; mutations tried {tried}, caught {caught}; not caught: {missed or 'none'}")
    return 0 if not missed else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
