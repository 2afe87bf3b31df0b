"""Hotel Zombie: Extermination — a cooperative-competitive deck-building variant, 2-4 players.

Rules: *Hotel Zombie: Extermination* (Branden Travis Sprenger). Each round the players choose,
in secret, to Explore the Hotel or do Inventory Management (Game Plan); everyone plays a turn
of the base deck-building game (actions, buys, and for explorers declared weapons), in secret
until every turn is done (the players act "at the same time", ruling HZ-03); the
explorers, from the most damage down, choose how many mansion cards (at most 4) they are dealt
face down; in Combat they reveal them at the same time, defeat infected whose health their
damage covers, and otherwise take the hit (the infected is then open to a Kill Steal) or wait
for an assist (chosen in secret, revealed together: ruling HZ-09) — a player who waited does
not assist that round (HZ-24); in Regroup the Hotel counter goes up and everyone draws a new hand. The game
ends at counter 20 or when a player's health reaches 0: then the group loses; else the most
decorations wins. The base game (cards, supply, mansion deck, health) is reconstructed data
(``data/*.toml``) and every reading of unclear text is a ruling in
``docs/rulings/hotel_zombie.md`` (HZ-xx).

The rules below read in rulebook order, one method per step: Setup (``_setup_*``), Game Plan
(``_plan_*``, ``_turn_*``, ``_count_*``), Combat (``_combat_*``), Regroup (``_regroup``), the
end (``_end_*``). Automatic steps (draws, deals, reveals, defeats) run in :meth:`_settle` until
a decision or a chance outcome is due.

Encodings (compact so that ``apply`` copies cheaply; see :mod:`.components`): a player card is
its type's int, a mansion card its type's int; a hand is a sorted tuple; a deck a tuple from
the top; per-seat fields are tuples indexed by seat. A waiting infected is ``(card, health
left, helpers)``; a trophy ``(card, source)`` with source 0 own kill, 1 assisted, 2 Kill Steal.

The moves are declared as data in ``moves.py`` (``ACTIONS``: each kind's grammar, rule,
legal instances, refusal, step and words; ``docs/games/hotel_zombie-actions.md``); the pending
decision ``node`` is a core :class:`~hotellab.core.node.Node` (``_common.py`` makes them once).
Every field is an immutable value (``SHARED``): a step replaces it (``replaced``), so the core's
compiled copy shares them all.
"""

from __future__ import annotations

import random

from ...core.actions import Action
from ...core.rules import Event, ScoreItem
from ...core.state import Refusal, State
from ...core.storage import replaced
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from ._common import (
    C_REVEAL, COUNT_NODE, END_NODE, EXPLORE, INVENTORY, MANSION, NO_PLAN, PLAN_NAMES, PLAN_NODE, PLAN_WORDS,
    SHUFFLE_NODE, ST_COMBAT, ST_COUNT, ST_END, ST_PLAN, ST_REGROUP, ST_SETUP, ST_TURN, T_ACTIONS, T_BUYS,
    T_WEAPONS, TURN_NODE,
    _AMMO, _CI, _DMG, _GOLD, _HIT, _KIND, _NEED, _insert, _remove,
)
from .combat import Combat
from .rules import (
    N_ASSIST, N_COUNT, N_DEAL_SHUFFLE, N_END, N_FIGHT, N_KILL_STEAL, N_PLAN, N_REGROUP_SHUFFLE,
    N_SETUP, N_TURN, N_TURN_SHUFFLE, R_ASSIST_AFTER_REVEALING, R_ASSIST_REWARD, R_BASE_GAME, R_BUY,
    R_CHOOSE_COUNT, R_DEALT, R_DECLARE, R_DEFEAT, R_DISCARD_DRAW, R_EXPLORE_TURN, R_FAIL,
    R_GROUP_LOSES, R_HELP, R_INVENTORY, R_INVENTORY_NO_WEAPONS, R_INVENTORY_SKIPS, R_KILL_STEAL,
    R_MOST_DECORATIONS, R_NORMAL_TURN, R_PHASES, R_PLAN, R_PLAY_ACTION, R_RAISE, R_REPEAT,
    R_ROUNDS, R_SAME_TIME, R_SETUP_COUNTER, R_SETUP_HAND,
)


class HotelZombieState(Combat, State):
    """A Hotel Zombie position. Use :meth:`Game.new_initial_state`; never mutate."""

    SHARED = (
        "counter", "stage", "node", "plans", "plans_shown", "hands", "decks", "discards", "plays",
        "trash", "supply", "health", "dmg", "skill", "trophies", "draws", "mdeck", "mdisc",
        "tp", "t_acts", "t_buys", "t_gold", "t_ammo", "t_step", "t_trash", "t_bonus", "t_decl",
        "takes", "order", "deals", "down", "cur", "queue", "fightq", "stealq", "spassed",
        "apassed", "cstep", "explored", "fallen", "asked", "bought", "trashed", "fchoice", "pre", "hev",
    )
    """Every field is an immutable value (int, bool, tuple, Node): a step replaces it."""
    __slots__ = SHARED + ("_own",)

    # ================================================================== Setup
    @classmethod
    def initial(cls, game) -> "HotelZombieState":
        """Setup: every starting deck and the mansion deck are still to be shuffled (chance
        actions); then each player draws a 5-card hand and the Hotel counter is set to 1."""
        s = cls(game)
        s._own = 0
        n = game.num_players
        s.counter = 1
        s.stage = ST_SETUP
        s.plans = (NO_PLAN,) * n
        s.plans_shown = False
        s.hands = ((),) * n
        s.decks = ((),) * n
        s.discards = (C.STARTING_DECK,) * n
        s.plays = ((),) * n
        s.trash = ()
        s.supply = C.SUPPLY
        s.health = (C.HEALTH_START,) * n
        s.dmg = (0,) * n
        s.skill = (0,) * n
        s.trophies = ((),) * n
        s.draws = tuple((p, C.HAND_SIZE) for p in range(n))
        s.mdeck = ()
        s.mdisc = C.MANSION_DECK
        s._clear_turn()
        s.takes = (-1,) * n
        s.order = ()
        s.deals = ()
        s.down = ((),) * n
        s.cur = (-1,) * n
        s.queue = ((),) * n
        s.fightq = ()
        s.stealq = ()
        s.spassed = ()
        s.apassed = 0
        s.cstep = C_REVEAL
        s.explored = ()
        s.fallen = ()
        s.asked = 0
        s.bought = ((),) * n
        s.trashed = ((),) * n
        s.fchoice = (-1,) * n
        s.pre = None
        s.hev = ()
        s.node = SHUFFLE_NODE[N_SETUP][MANSION]
        return s

    def _clear_turn(self) -> None:
        self.tp = -1
        self.t_acts = self.t_buys = self.t_gold = self.t_ammo = 0
        self.t_step = T_ACTIONS
        self.t_trash = self.t_bonus = self.t_decl = 0

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_labels[seat]

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def explorers(self) -> list[int]:
        """Seats that chose Explore the Hotel this round (once the plans are shown)."""
        return [p for p, x in enumerate(self.plans) if x == EXPLORE] if self.plans_shown else []

    def decorations(self, seat: int) -> int:
        """Decorations of ``seat``: those of every infected it keeps as a trophy."""
        return sum(C.DECORATIONS[m] for m, _ in self.trophies[seat])

    def group_damage(self, seat: int | None = None) -> int:
        """The group's remaining damage that could assist ``seat`` (Combat Phase example:
        "he checks the groups total remaining damage"): the damage of every explorer other
        than ``seat`` who may assist (:meth:`assist_pool`: revealed all its mansion cards,
        did not ask for assistance this round)."""
        return sum(self.dmg[q] for q in self.assist_pool() if q != seat)

    def asked_assistance(self, seat: int) -> bool:
        """True when ``seat`` asked for assistance (chose to wait) this round: "Players who
        didn't ask for assistance ... can use it towards helping out other players", so it
        may not assist for the rest of the round, even once its own infected are defeated."""
        return bool(self.asked >> seat & 1)

    def hidden_turns(self) -> bool:
        """True while the Game Plan turns are played: "Players perform actions at the same
        time", so each seat's turn (cards played, bought, trashed, weapons declared, damage)
        is hidden from the other seats until every turn is done (ruling HZ-03)."""
        return self.stage == ST_TURN

    def supply_seen(self, seat: int) -> tuple:
        """The supply piles as ``seat`` sees them: while the turns are hidden, a card bought is
        taken from its pile only when the turns are revealed (ruling HZ-03), so a seat sees
        the piles less its own purchases, never another seat's."""
        b = self.bought[seat]
        if not b:
            return self.supply
        return tuple(k - b.count(c) for c, k in enumerate(self.supply))

    def _emit_secret(self, seat: int, text: str, rule) -> None:
        """An event of ``seat``'s hidden turn: the other seats read it (``events_for``) as
        "plays the turn in secret" until the reveal."""
        pe = self._pending_events
        if pe is not None:
            self.hev = self.hev + ((len(pe), seat),)
            pe.append(Event(text, rule, ()))

    def events_for(self, perspective: int) -> tuple:
        """The events of the last action as ``perspective`` may read them: another seat's
        hidden turn (ruling HZ-03) reads as one line, "<seat> plays the turn in secret"."""
        ev = self.events
        hev = self.hev
        if not hev:
            return ev
        hidden = {i: q for i, q in hev if q != perspective}
        if not hidden:
            return ev
        out, said = [], set()
        for i, e in enumerate(ev):
            q = hidden.get(i)
            if q is None:
                out.append(e)
            elif q not in said:
                said.add(q)
                out.append(Event(f"{self._name(q)} plays the turn in secret (revealed when every turn is done).",
                                 R_SAME_TIME))
        return tuple(out)

    def mansion_available(self) -> int:
        """Mansion cards that can still be dealt this round: the mansion deck and discard, less
        what explorers have chosen and are still to be dealt (ruling HZ-06)."""
        owed = sum(t for t in self.takes if t > 0) if self.stage == ST_COUNT else sum(k for _, k in self.deals)
        return len(self.mdeck) + len(self.mdisc) - owed

    # ================================================================== automatic steps
    def _settle(self) -> None:
        """Run every automatic step (draws, deals, reveals, defeats, the end of a phase) until a
        decision or a chance outcome is due; set ``node``."""
        while True:
            st = self.stage
            if st == ST_END:
                self.node = END_NODE
                return
            if st == ST_SETUP and not self.mdeck:
                self.node = SHUFFLE_NODE[N_SETUP][MANSION]
                return
            if self.draws:
                if not self._draw_step():
                    return
                continue
            if self.deals:
                if not self._deal_step():
                    return
                continue
            if st == ST_SETUP:
                self._setup_done()
            elif st == ST_PLAN:
                if self._plan_next():
                    return
            elif st == ST_TURN:
                self.node = TURN_NODE[self.tp]
                return
            elif st == ST_COUNT:
                if self._count_next():
                    return
            elif st == ST_COMBAT:
                if self._combat_step():
                    return
            elif st == ST_REGROUP:
                self.stage = ST_PLAN

    def _shuffle_kind(self) -> str:
        st = self.stage
        if st == ST_SETUP:
            return N_SETUP
        if st == ST_REGROUP:
            return N_REGROUP_SHUFFLE
        return N_TURN_SHUFFLE

    def _draw_step(self) -> bool:
        """Draw the first pending draw; False when the discard pile must be shuffled first
        (the node is then that chance action)."""
        p, k = self.draws[0]
        deck = self.decks[p]
        take = deck[:k]
        if take:
            self.decks = replaced(self.decks, p, deck[len(take):])
            self.hands = replaced(self.hands, p, _insert(self.hands[p], take))
            if self.stage == ST_TURN and p == self.tp:
                for c in take:
                    self.t_gold += _GOLD[c] if _KIND[c] == C.AMMUNITION else 0
                    self.t_ammo += _AMMO[c] if _KIND[c] == C.AMMUNITION else 0
        left = k - len(take)
        if left and self.discards[p]:
            self.draws = ((p, left),) + self.draws[1:]
            self.node = SHUFFLE_NODE[self._shuffle_kind()][p]
            return False
        if left:
            text = (f"{self._name(p)} draws {k - left} card{'s' if k - left != 1 else ''}: deck and discard "
                    "pile are empty.")
            if self.stage == ST_TURN:
                self._emit_secret(p, text, R_BASE_GAME)
            else:
                self._emit(text, R_BASE_GAME)
        self.draws = self.draws[1:]
        return True

    def _deal_step(self) -> bool:
        """Deal the first pending deal face down; False when the mansion discard must be
        shuffled first (ruling HZ-07)."""
        p, k = self.deals[0]
        take = self.mdeck[:k]
        self.mdeck = self.mdeck[len(take):]
        self.down = replaced(self.down, p, self.down[p] + take)
        left = k - len(take)
        if left and self.mdisc:
            self.deals = ((p, left),) + self.deals[1:]
            self.node = SHUFFLE_NODE[N_DEAL_SHUFFLE][MANSION]
            return False
        got = len(self.down[p])
        self._emit(f"{self._name(p)} is dealt {got} mansion card{'s' if got != 1 else ''} face down.", R_DEALT)
        self.deals = self.deals[1:]
        return True

    # ================================================================== Setup
    def _setup_done(self) -> None:
        """Setup: the hands are drawn; "Set your Hotel counter to 1."; the first Game Plan."""
        self._emit(f"Each player draws a {C.HAND_SIZE}-card hand; the Hotel counter is set to 1.", R_SETUP_COUNTER)
        self._emit("Each round: 1. Game Plan, 2. Combat, 3. Regroup.", R_PHASES)
        self.counter = 1
        self.stage = ST_PLAN

    def _do_shuffle(self, a: Action) -> None:
        """A chance action: a discard pile (a player's, or the mansion's), in sorted order,
        becomes the deck in the order the permutation gives (Setup; a deck that runs out)."""
        who, perm = a.args
        if who == "mansion":
            pile = tuple(sorted(self.mdisc))
            self.mdeck = self.mdeck + tuple(pile[i] for i in perm)
            self.mdisc = ()
            self._emit("The mansion deck is shuffled.", R_BASE_GAME if self.stage == ST_SETUP else R_DEALT)
            if self.stage == ST_SETUP:
                self._emit("The starting decks are shuffled.", R_SETUP_HAND)
        else:
            p = int(who[1:])
            pile = tuple(sorted(self.discards[p]))
            self.decks = replaced(self.decks, p, self.decks[p] + tuple(pile[i] for i in perm))
            self.discards = replaced(self.discards, p, ())
            if self.stage != ST_SETUP:  # a deck that runs out: the base game's reshuffle (reconstructed)
                self._emit(f"{self._name(p)} shuffles the discard pile into a new deck.",
                           R_DISCARD_DRAW if self.stage == ST_REGROUP else R_NORMAL_TURN)

    # ================================================================== Game Plan
    def _plan_next(self) -> bool:
        """Game Plan: the next seat without a plan chooses (True), or the plans are shown and
        the turns begin."""
        for p, x in enumerate(self.plans):
            if x == NO_PLAN:
                self.node = PLAN_NODE[p]
                return True
        self.plans_shown = True
        ex = [self._name(p) for p in range(self.num_players) if self.plans[p] == EXPLORE]
        inv = [self._name(p) for p in range(self.num_players) if self.plans[p] == INVENTORY]
        parts = []
        if ex:
            parts.append(f"Explore the Hotel: {', '.join(ex)}")
        if inv:
            parts.append(f"Inventory Management: {', '.join(inv)}")
        self._emit(f"The Game Plans are revealed — {'; '.join(parts)}.", R_PLAN)
        self._emit("The players act at the same time: each plays its turn in secret, one seat after another, "
                   "and the turns are revealed together when every turn is done (ruling HZ-03).", R_SAME_TIME)
        self.stage = ST_TURN
        self.pre = (self.hands, self.decks, self.discards)
        self._turn_start(0)
        return False

    def _do_plan(self, a: Action) -> None:
        """Game Plan: a seat's secret choice (hidden until every seat has chosen)."""
        p = a.player
        self.plans = replaced(self.plans, p, PLAN_WORDS.index(a.args[0]))
        self._emit(f"{self._name(p)} chooses a Game Plan in secret.", R_PLAN)

    # ------------------------------------------------------------------ the turns
    def _turn_start(self, p: int) -> None:
        """A seat's turn "like normal" (ruling HZ-02, HZ-03): 1 action, 1 buy, the gold and
        ammo of the ammunition in hand; Inventory Management: +2 card draw, 1 free Trash."""
        self.tp = p
        self.t_acts = C.START_ACTIONS
        self.t_buys = C.START_BUYS
        hand = self.hands[p]
        self.t_gold = sum(_GOLD[c] for c in hand if _KIND[c] == C.AMMUNITION)
        self.t_ammo = sum(_AMMO[c] for c in hand if _KIND[c] == C.AMMUNITION)
        self.t_step = T_ACTIONS
        self.t_bonus = self.t_decl = 0
        self.t_trash = 0
        if self.plans[p] == INVENTORY:
            self.t_trash = C.INVENTORY_TRASH
            self.draws = self.draws + ((p, C.INVENTORY_DRAW),)
            self._emit(f"{self._name(p)} (Inventory Management) draws {C.INVENTORY_DRAW} more cards and may "
                       "trash 1 card.", R_INVENTORY)

    def _do_play(self, a: Action) -> None:
        """Playing an action card (ruling HZ-02): it goes to the play area and gives its bonuses."""
        p, c = a.player, _CI[a.args[0]]
        self.hands = replaced(self.hands, p, _remove(self.hands[p], c))
        self.plays = replaced(self.plays, p, self.plays[p] + (c,))
        self.t_acts += C.PLUS_ACTIONS[c] - 1
        self.t_buys += C.PLUS_BUYS[c]
        self.t_gold += _GOLD[c]
        self.t_ammo += _AMMO[c]
        self.t_bonus += _DMG[c]
        card = C.CARDS[c]
        self._emit_secret(p, f"{self._name(p)} plays {card.name} ({card.text})",
                          R_INVENTORY_NO_WEAPONS if self.plans[p] == INVENTORY else R_PLAY_ACTION)
        if C.PLUS_CARDS[c]:
            self.draws = self.draws + ((p, C.PLUS_CARDS[c]),)

    def _do_trash(self, a: Action) -> None:
        """Inventory Management: "1 free option Trash" — a card from hand leaves the game (it
        joins the trash when the turns are revealed, ruling HZ-03)."""
        p, c = a.player, _CI[a.args[0]]
        self.hands = replaced(self.hands, p, _remove(self.hands[p], c))
        self.trashed = replaced(self.trashed, p, self.trashed[p] + (c,))
        self.t_trash -= 1
        if _KIND[c] == C.AMMUNITION:
            self.t_gold -= _GOLD[c]
            self.t_ammo -= _AMMO[c]
        self._emit_secret(p, f"{self._name(p)} trashes {C.card_name(c)} (Inventory Management).", R_INVENTORY)

    def _do_buy(self, a: Action) -> None:
        """Buying a resource: its cost in gold. The turns are hidden (ruling HZ-03): the card
        is taken from its supply pile, to the discard pile, when the turns are revealed."""
        p, c = a.player, _CI[a.args[0]]
        self.t_step = T_BUYS
        self.t_buys -= 1
        self.t_gold -= C.COST[c]
        self.bought = replaced(self.bought, p, self.bought[p] + (c,))
        self._emit_secret(p, f"{self._name(p)} buys {C.card_name(c)} for {C.COST[c]} gold.",
                          R_INVENTORY_NO_WEAPONS if self.plans[p] == INVENTORY else R_BUY)

    def _do_declare(self, a: Action) -> None:
        """Declaring a weapon (explorers only): its ammo is spent and its damage added; the
        first weapon also adds the damage bonus of the actions played (ruling HZ-02)."""
        p, c = a.player, _CI[a.args[0]]
        self.t_step = T_WEAPONS
        self.hands = replaced(self.hands, p, _remove(self.hands[p], c))
        self.plays = replaced(self.plays, p, self.plays[p] + (c,))
        self.t_ammo -= _NEED[c]
        add = _DMG[c] + (self.t_bonus if not self.t_decl else 0)
        self.t_decl += 1
        self.dmg = replaced(self.dmg, p, self.dmg[p] + add)
        self._emit_secret(p, f"{self._name(p)} declares {C.card_name(c)}: {self.dmg[p]} damage.", R_DECLARE)

    def _do_done(self, a: Action) -> None:
        """The end of a seat's turn; the next seat's turn, or, after the last, the explorers
        choose how many mansion cards to take."""
        p = a.player
        what = (f"{self.dmg[p]} damage" if self.plans[p] == EXPLORE else "Inventory Management")
        self._emit_secret(p, f"{self._name(p)} ends the turn ({what}).",
                          R_EXPLORE_TURN if self.plans[p] == EXPLORE else R_INVENTORY)
        self._clear_turn()
        nxt = p + 1
        if nxt < self.num_players:
            self._turn_start(nxt)
        else:
            self._turns_reveal()
            self._count_start()

    def _turns_reveal(self) -> None:
        """Every seat has played its turn: the turns are revealed together ("Players perform
        actions at the same time", ruling HZ-03). The cards bought come from their supply
        piles in seat order — a pile that ran out leaves a later seat's purchase unfilled —
        and the trashed cards join the trash."""
        n = self.num_players
        supply = list(self.supply)
        discards = list(self.discards)
        trash = self.trash
        for p in range(n):
            played = [C.card_name(c) for c in self.plays[p] if _KIND[c] == C.ACTION]
            weapons = [C.card_name(c) for c in self.plays[p] if _KIND[c] == C.WEAPON]
            got, short = [], []
            for c in self.bought[p]:
                if supply[c] > 0:
                    supply[c] -= 1
                    got.append(c)
                else:
                    short.append(C.card_name(c))
            discards[p] = discards[p] + tuple(got)
            trash = _insert(trash, self.trashed[p])
            parts = [f"played {', '.join(played)}" if played else "played no action",
                     f"bought {', '.join(C.card_name(c) for c in got)}" if got else "bought nothing"]
            if self.trashed[p]:
                parts.append(f"trashed {', '.join(C.card_name(c) for c in self.trashed[p])}")
            if self.plans[p] == EXPLORE:
                parts.append(f"declared {', '.join(weapons) if weapons else 'no weapon'}: {self.dmg[p]} damage")
            else:
                parts.append("Inventory Management")
            self._emit(f"{self._name(p)} reveals the turn: {'; '.join(parts)}.", R_SAME_TIME)
            for name in short:
                self._emit(f"The {name} pile ran out before {self._name(p)}'s purchase: it is not filled "
                           "(the piles are shared in seat order, ruling HZ-03).", R_BUY)
        self.supply = tuple(supply)
        self.discards = tuple(discards)
        self.trash = trash
        self.bought = self.trashed = ((),) * n
        self.pre = None

    # ------------------------------------------------------------------ mansion cards
    def _count_start(self) -> None:
        """Explorers choose how many mansion cards to take, from the most damage down (ties:
        seat order, ruling HZ-06); Inventory Management skips combat."""
        ex = self.explorers()
        self.order = tuple(sorted(ex, key=lambda q: (-self.dmg[q], q)))
        self.stage = ST_COUNT
        if not ex:
            self._emit("No one explores the hotel: no combat this round.", R_INVENTORY_SKIPS)

    def _count_next(self) -> bool:
        for p in self.order:
            if self.takes[p] < 0:
                self.node = COUNT_NODE[p]
                return True
        # every explorer has chosen: deal in the choosing order, then combat
        self.deals = tuple((p, self.takes[p]) for p in self.order if self.takes[p] > 0)
        if self.order:
            self.stage = ST_COMBAT
            self.cstep = C_REVEAL
        else:
            self._regroup()
        return False

    def _do_take(self, a: Action) -> None:
        p, k = a.player, a.args[0]
        self.takes = replaced(self.takes, p, k)
        self._emit(f"{self._name(p)} ({self.dmg[p]} damage) chooses to take {k} mansion card{'s' if k != 1 else ''}.",
                   R_CHOOSE_COUNT)

    # ================================================================== Regroup
    def _regroup(self) -> None:
        """Regroup: "Raise the Hotel counter by 1"; players discard hand and play area and draw
        their next hand. The game ends after the round at counter 20 (ruling HZ-18)."""
        last = C.LAST_COUNTER
        if self.game.options["counter_end"] == "after_20" and self.counter >= last:
            self._end_counter()
            return
        self.counter += 1
        self._emit(f"Regroup: the Hotel counter goes up to {self.counter}.", R_RAISE)
        if self.counter >= last and self.game.options["counter_end"] == "at_20":
            self._end_counter()
            return
        n = self.num_players
        self.discards = tuple(self.discards[p] + self.hands[p] + self.plays[p] for p in range(n))
        self.hands = ((),) * n
        self.plays = ((),) * n
        self.draws = tuple((p, C.HAND_SIZE) for p in range(n))
        self.plans = (NO_PLAN,) * n
        self.plans_shown = False
        self.dmg = (0,) * n
        self.takes = (-1,) * n
        self.order = ()
        self.cstep = C_REVEAL
        self.asked = 0
        self._emit(f"Everyone discards hand and play area and draws {C.HAND_SIZE} cards.", R_DISCARD_DRAW)
        self.stage = ST_REGROUP

    # ================================================================== the end
    def _end_counter(self) -> None:
        self.stage = ST_END
        self._emit(f"{self.counter - 1 if self.game.options['counter_end'] == 'at_20' else self.counter} rounds "
                   "have been played.", R_ROUNDS)
        win = self._winners()
        best = self.decorations(win[0]) if win else 0
        self._emit(f"The Hotel counter reached {self.counter}: the game is over. Most decorations ({best}): "
                   + " and ".join(self._name(s) for s in win) + ".", R_MOST_DECORATIONS)

    def _end_group_loss(self) -> None:
        """A player's health reached 0: the group loses at once (ruling HZ-19)."""
        self.stage = ST_END
        self.draws = self.deals = ()
        self._emit(f"{' and '.join(self._name(p) for p in self.fallen)} fell in battle: the group loses.",
                   R_GROUP_LOSES)

    # ================================================================== chance
    def _shuffle_pile(self) -> tuple[str, tuple]:
        """The pile the pending shuffle is for: its word (``mansion`` or ``p<seat>``) and its cards."""
        who = self.node.context[0]
        if who == MANSION:
            return "mansion", self.mdisc
        return f"p{who}", self.discards[who]

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        who, pile = self._shuffle_pile()
        perm = list(range(len(pile)))
        rng.shuffle(perm)
        return Action("shuffle", (who, tuple(perm)))

    # ================================================================== scores
    def _scores(self) -> list[int]:
        return [self.decorations(s) for s in range(self.num_players)]

    def _score_breakdown(self) -> list[ScoreItem]:
        """Per seat: decorations of own kills, assisted kills and Kill Steals, and the skill
        points (which do not count toward the win: 0 points, ruling HZ-20)."""
        out = []
        rules = (R_DEFEAT, R_ASSIST_REWARD, R_KILL_STEAL)
        names = ("Decorations: own kills", "Decorations: assisted kills", "Decorations: Kill Steals")
        for s in range(self.num_players):
            per = [0, 0, 0]
            cnt = [0, 0, 0]
            for m, src in self.trophies[s]:
                per[src] += C.DECORATIONS[m]
                cnt[src] += 1
            for i in range(3):
                if cnt[i]:
                    out.append(ScoreItem(s, f"{names[i]} ({cnt[i]} infected)", per[i], rules[i]))
            if self.skill[s]:
                out.append(ScoreItem(s, f"Skill points: {self.skill[s]} (not decorations)", 0, R_ASSIST_REWARD))
        return out

    def _winners(self) -> list[int]:
        if self.fallen:
            return []
        sc = self._scores()
        best = max(sc)
        return [s for s, v in enumerate(sc) if v == best]

    def heuristic_value(self, seat: int) -> float:
        """For the greedy agent: decorations first, then skill, health, damage while it can
        still be used, and the gold value of the cards the seat owns. A fallen seat is worst."""
        if seat in self.fallen:
            return -1000.0
        h = self.health[seat]
        risk = 0.0
        fc = self.fchoice[seat]
        if fc >= 0:  # its own secret hit-or-wait choice, not yet revealed (ruling HZ-09): as if made
            m = self.cur[seat]
            if fc:
                risk += 0.5 * _HIT[m]
            else:
                h -= _HIT[m]
                if h <= 0:
                    return -1000.0
        own = sum(C.COST[c] for pile in (self.hands[seat], self.decks[seat], self.discards[seat], self.plays[seat],
                                         self.bought[seat]) for c in pile)
        d = self.dmg[seat] if self.stage in (ST_TURN, ST_COUNT) else 0
        risk += 0.5 * sum(_HIT[m] for m, _, _ in self.queue[seat])  # infected that may hit unassisted
        if self.stage == ST_COUNT and self.takes[seat] > 0:
            risk += 0.4 * max(0, 25 * self.takes[seat] - self.dmg[seat])  # cards beyond its damage
        return (10.0 * self.decorations(seat) + 2.0 * self.skill[seat] + 0.5 * h + min(h, 40) + 0.1 * d
                + 0.02 * own - risk)

    def _end_rule(self) -> str:
        return R_REPEAT.section

    def current_rule(self):
        """The rule that governs the current node (cited by every rejection)."""
        return _NODE_RULE[self.node[0]]

    def _turn_note(self, action: Action) -> str:
        """What the refusal of a seat's action while another seat decides adds: a player who
        asked for assistance this round never assists (ruling HZ-24); the secret choices are
        taken one seat at a time (rulings HZ-03, HZ-04, HZ-09). Each note cites its rule."""
        if action.kind == "assist" and self.asked >> action.player & 1:
            return Refusal(f" — {self._name(action.player)} asked for assistance this round: only \"Players who "
                           "didn't ask for assistance and still have left over damage can use it towards helping "
                           "out other players\"", R_HELP)
        why = _ONE_AT_A_TIME.get(self.node[0])
        return Refusal(why, R_SAME_TIME) if why else ""

    def round_label(self) -> str | None:
        return None if self.stage == ST_SETUP else f"Hotel counter {self.counter}"

    def _status_text(self) -> str:
        k, p = self.node[0], self.node[1]
        c = f"Hotel counter {self.counter}"
        if k == N_END:
            if self.fallen:
                return f"Game over — {', '.join(self._name(q) for q in self.fallen)} fell: the group loses"
            return f"Game over — most decorations: {', '.join(self._name(q) for q in self._winners())}"
        if k == N_SETUP:
            pile = self.node.context[0]
            return "Setup — shuffle " + (
                "the mansion deck" if pile == MANSION else f"{self._name(pile)}'s starting deck")
        if k in (N_TURN_SHUFFLE, N_REGROUP_SHUFFLE):
            return f"{c} — shuffle {self._name(self.node.context[0])}'s discard pile"
        if k == N_DEAL_SHUFFLE:
            return f"{c} — shuffle the mansion discard pile"
        who = self._name(p)
        if k == N_PLAN:
            return f"{c}, Game Plan — {who} to choose in secret"
        if k == N_TURN:
            return f"{c}, Game Plan — {who}'s turn ({PLAN_NAMES[self.plans[p]]})"
        if k == N_COUNT:
            return f"{c}, Game Plan — {who} ({self.dmg[p]} damage) to choose how many mansion cards"
        if k == N_FIGHT:
            return f"{c}, Combat — {who} cannot defeat the {C.mansion_name(self.cur[p])}: hit or wait"
        if k == N_KILL_STEAL:
            v, m = self.stealq[0]
            return f"{c}, Combat — {who} may Kill Steal {self._name(v)}'s {C.mansion_name(m)}"
        return f"{c}, Combat — {who} may assist"

    # ================================================================== hidden information
    def resample_hidden(self, seat: int, rng: random.Random) -> "HotelZombieState":
        """A state that agrees with everything ``seat`` sees, with the rest dealt again: the
        other seats' hands and decks (pooled per seat), every deck's order, the unrevealed
        Game Plans of the others, their secret choices to take the hit or wait (ruling
        HZ-09), the face-down mansion cards with the mansion deck, and — while the turns are
        secret (HZ-03) — the other seats' turns: each turn already played is played again at
        random from that seat's hand and deck pooled as they were when the plans were
        revealed (the one being played is replayed part way). A state read from a position
        does not know those hands: its played turns are kept, their hands and decks pooled."""
        self._check_seat(seat)
        s = self._copy()
        s._hist = self._hist
        n = self.num_players
        turns = self.stage == ST_TURN
        hands, decks = list(self.hands), list(self.decks)
        for q in range(n):
            if q == seat or (turns and q == self.tp):
                d = list(decks[q])
                rng.shuffle(d)
                decks[q] = tuple(d)
            else:
                pool = list(hands[q] + decks[q])
                rng.shuffle(pool)
                k = len(hands[q])
                hands[q] = tuple(sorted(pool[:k]))
                decks[q] = tuple(pool[k:])
        s.hands, s.decks = tuple(hands), tuple(decks)
        if not self.plans_shown:
            s.plans = tuple(x if q == seat or x == NO_PLAN else rng.randrange(2) for q, x in enumerate(self.plans))
        s.fchoice = tuple(x if q == seat or x < 0 else rng.randrange(2) for q, x in enumerate(self.fchoice))
        pool = list(self.mdeck)
        for q in range(n):
            pool += self.down[q]
        rng.shuffle(pool)
        down = []
        i = 0
        for q in range(n):
            k = len(self.down[q])
            down.append(tuple(pool[i:i + k]))
            i += k
        s.down = tuple(down)
        s.mdeck = tuple(pool[i:])
        if turns and self.pre is not None:
            for q in range(min(self.tp, n - 1) + 1):
                if q == seat or (q == self.tp and self.node.kind != N_TURN):
                    continue
                s._replay_turn(q, rng, whole=q < self.tp)
        return s

    def _replay_turn(self, q: int, rng: random.Random, whole: bool) -> None:
        """Play seat ``q``'s secret turn again at random in this (new, unshared) state, from
        its hand and deck pooled as they were when the plans were revealed (``pre``): the
        whole turn (``whole``) or part of it (the turn being played). Only seat ``q``'s
        fields change."""
        hands, decks, discards = self.pre
        pool = list(hands[q] + decks[q])
        rng.shuffle(pool)
        k = len(hands[q])
        sim = self._copy()
        sim._hist = None
        sim.hands = replaced(self.hands, q, tuple(sorted(pool[:k])))
        sim.decks = replaced(self.decks, q, tuple(pool[k:]))
        sim.discards = replaced(self.discards, q, discards[q])
        sim.plays = replaced(self.plays, q, ())
        sim.dmg = replaced(self.dmg, q, 0)
        sim.bought = replaced(self.bought, q, ())
        sim.trashed = replaced(self.trashed, q, ())
        sim.draws = ()
        sim._turn_start(q)
        sim._settle()
        steps = 40 if whole else rng.randrange(4)
        while steps > 0:
            if sim.is_chance_node:
                sim = sim.apply(sim.sample_chance(rng))
                continue
            acts = [a for a in sim.legal_actions() if a.kind != "done"]
            if not acts or (whole and rng.random() < 0.25):
                break
            sim = sim.apply(rng.choice(acts))
            steps -= 1
        while sim.is_chance_node:  # a part-way turn stops at the seat's decision
            sim = sim.apply(sim.sample_chance(rng))
        for f in ("hands", "decks", "discards", "plays", "dmg", "bought", "trashed"):
            setattr(self, f, replaced(getattr(self, f), q, getattr(sim, f)[q]))
        if not whole:
            self.t_acts, self.t_buys, self.t_gold, self.t_ammo = sim.t_acts, sim.t_buys, sim.t_gold, sim.t_ammo
            self.t_step, self.t_trash, self.t_bonus, self.t_decl = sim.t_step, sim.t_trash, sim.t_bonus, sim.t_decl


_NODE_RULE = {
    N_SETUP: R_SETUP_HAND, N_PLAN: R_PLAN, N_TURN: R_NORMAL_TURN, N_TURN_SHUFFLE: R_BASE_GAME,
    N_COUNT: R_CHOOSE_COUNT, N_DEAL_SHUFFLE: R_DEALT, N_FIGHT: R_FAIL, N_KILL_STEAL: R_KILL_STEAL,
    N_ASSIST: R_ASSIST_AFTER_REVEALING, N_REGROUP_SHUFFLE: R_DISCARD_DRAW, N_END: R_REPEAT,
}
"""The rule that governs each node kind (``current_rule``)."""

_ONE_AT_A_TIME = {
    N_PLAN: " (the choices are taken one seat at a time and stay hidden until every seat has chosen)",
    N_TURN: " (the turns are played one seat at a time and stay hidden until every turn is done)",
    N_FIGHT: " (the choices are taken one seat at a time and stay hidden until every one is made)",
}
"""The node kinds whose secret choices are taken one seat at a time, and the note the refusal of
another seat's action adds (``_turn_note``; How the Game Works)."""
