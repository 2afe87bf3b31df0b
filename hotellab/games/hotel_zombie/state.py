"""Hotel Zombie: Extermination — a cooperative-competitive deck-building variant, 2-4 players.

Rules: *Hotel Zombie: Extermination* (Branden Travis Sprenger). Each round the players choose,
in secret, to Explore the Hotel or do Inventory Management (Game Plan); everyone plays a turn
of the base deck-building game (actions, buys, and for explorers declared weapons); the
explorers, from the most damage down, choose how many mansion cards (at most 4) they are dealt
face down; in Combat they reveal them at the same time, defeat infected whose health their
damage covers, and otherwise take the hit (the infected is then open to a Kill Steal) or wait
for an assist; in Regroup the Hotel counter goes up and everyone draws a new hand. The game
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

Actions (``str(action)``): ``chance shuffle mansion|p<seat> <permutation>``,
``p0 plan explore|inventory``, ``p0 play <action card>``, ``p0 trash <card>``,
``p0 buy <card>``, ``p0 declare <weapon>``, ``p0 done``, ``p0 take <0-4>``, ``p0 hit``,
``p0 wait``, ``p0 steal``, ``p0 assist <seat>``, ``p0 pass``.
"""

from __future__ import annotations

import random

from ...core.actions import CHANCE, TERMINAL, Action
from ...core.rules import ScoreItem
from ...core.state import State
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from .rules import (
    N_ASSIST, N_COUNT, N_DEAL_SHUFFLE, N_END, N_FIGHT, N_KILL_STEAL, N_PLAN, N_REGROUP_SHUFFLE,
    N_SETUP, N_TURN, N_TURN_SHUFFLE, R_ASSIST_AFTER_REVEALING, R_ASSIST_REWARD, R_BASE_GAME, R_BUY,
    R_CHOOSE_COUNT, R_COMBAT_OVER, R_DEALT, R_DECLARE, R_DEFEAT, R_DISCARD_DRAW, R_EXPLORE_TURN,
    R_FAIL, R_GROUP_CHECK, R_GROUP_LOSES, R_HELP, R_INVENTORY, R_INVENTORY_NO_WEAPONS,
    R_INVENTORY_SKIPS, R_ITEM, R_KILL_STEAL, R_MOST_DECORATIONS, R_NORMAL_TURN, R_NO_STEAL,
    R_PHASES, R_PLAN, R_PLAY_ACTION, R_RAISE, R_REPEAT, R_ROUNDS, R_SAME_TIME, R_SAME_TIME_REVEAL,
    R_SETUP_COUNTER, R_SETUP_HAND, R_UNASSISTED, R_WAIT, R_WAITING_NO_DAMAGE, R_WAITING_REVEALS,
)

# stages of a round
ST_SETUP, ST_PLAN, ST_TURN, ST_COUNT, ST_COMBAT, ST_REGROUP, ST_END = range(7)
# combat steps
C_REVEAL, C_FIGHT, C_STEAL, C_ASSIST = range(4)
# plans
NO_PLAN, EXPLORE, INVENTORY = -1, 0, 1
PLAN_WORDS = ("explore", "inventory")
PLAN_NAMES = ("Explore the Hotel", "Inventory Management")
# trophy sources
OWN, ASSISTED, STOLEN = 0, 1, 2
# turn steps (ruling HZ-02: actions, then buys, then weapons)
T_ACTIONS, T_BUYS, T_WEAPONS = 0, 1, 2
MANSION = -1  # the pile a shuffle is for: a seat, or the mansion

_KIND, _GOLD, _AMMO, _NEED, _DMG = C.KIND, C.GOLD, C.AMMO_GIVES, C.AMMO_NEEDS, C.DAMAGE
_HEALTH, _HIT, _INF = C.HEALTH, C.HIT, C.INFECTED
_IDS = C.CARD_IDS
_CI = C.CARD_INDEX


def _set(t: tuple, i: int, v) -> tuple:
    """``t`` with item ``i`` replaced by ``v`` (a new tuple)."""
    return t[:i] + (v,) + t[i + 1:]


def _remove(hand: tuple, c: int) -> tuple:
    i = hand.index(c)
    return hand[:i] + hand[i + 1:]


def _insert(hand: tuple, cards) -> tuple:
    return tuple(sorted(hand + tuple(cards)))


_ACT_MEMO: dict = {}


def _is_int(x) -> bool:
    return type(x) is int


class HotelZombieState(State):
    """A Hotel Zombie position. Use :meth:`Game.new_initial_state`; never mutate."""

    __slots__ = (
        "counter", "stage", "node", "plans", "plans_shown", "hands", "decks", "discards", "plays",
        "trash", "supply", "health", "dmg", "skill", "trophies", "draws", "mdeck", "mdisc",
        "tp", "t_acts", "t_buys", "t_gold", "t_ammo", "t_step", "t_trash", "t_bonus", "t_decl",
        "takes", "order", "deals", "down", "cur", "queue", "fightq", "stealq", "spassed",
        "apassed", "cstep", "explored", "fallen",
    )

    # ================================================================== Setup
    @classmethod
    def initial(cls, game) -> "HotelZombieState":
        """Setup: every starting deck and the mansion deck are still to be shuffled (chance
        actions); then each player draws a 5-card hand and the Hotel counter is set to 1."""
        s = cls.__new__(cls)
        State.__init__(s, game)
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
        s.node = (N_SETUP, MANSION)
        return s

    def _copy(self) -> "HotelZombieState":
        new = HotelZombieState.__new__(HotelZombieState)
        self._copy_base(new)
        new.counter = self.counter
        new.stage = self.stage
        new.node = self.node
        new.plans = self.plans
        new.plans_shown = self.plans_shown
        new.hands = self.hands
        new.decks = self.decks
        new.discards = self.discards
        new.plays = self.plays
        new.trash = self.trash
        new.supply = self.supply
        new.health = self.health
        new.dmg = self.dmg
        new.skill = self.skill
        new.trophies = self.trophies
        new.draws = self.draws
        new.mdeck = self.mdeck
        new.mdisc = self.mdisc
        new.tp = self.tp
        new.t_acts = self.t_acts
        new.t_buys = self.t_buys
        new.t_gold = self.t_gold
        new.t_ammo = self.t_ammo
        new.t_step = self.t_step
        new.t_trash = self.t_trash
        new.t_bonus = self.t_bonus
        new.t_decl = self.t_decl
        new.takes = self.takes
        new.order = self.order
        new.deals = self.deals
        new.down = self.down
        new.cur = self.cur
        new.queue = self.queue
        new.fightq = self.fightq
        new.stealq = self.stealq
        new.spassed = self.spassed
        new.apassed = self.apassed
        new.cstep = self.cstep
        new.explored = self.explored
        new.fallen = self.fallen
        return new

    def _clear_turn(self) -> None:
        self.tp = -1
        self.t_acts = self.t_buys = self.t_gold = self.t_ammo = 0
        self.t_step = T_ACTIONS
        self.t_trash = self.t_bonus = self.t_decl = 0

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_label(seat)

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
        than ``seat`` who has revealed all its mansion cards and is not waiting for
        assistance — only they may assist."""
        return sum(self.dmg[q] for q in self.explorers() if q != seat and not self.down[q] and not self.queue[q])

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
                self.node = (N_END, TERMINAL)
                return
            if st == ST_SETUP and not self.mdeck:
                self.node = (N_SETUP, MANSION)
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
                self.node = (N_TURN, self.tp)
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
            self.decks = _set(self.decks, p, deck[len(take):])
            self.hands = _set(self.hands, p, _insert(self.hands[p], take))
            if self.stage == ST_TURN and p == self.tp:
                for c in take:
                    self.t_gold += _GOLD[c] if _KIND[c] == C.AMMUNITION else 0
                    self.t_ammo += _AMMO[c] if _KIND[c] == C.AMMUNITION else 0
        left = k - len(take)
        if left and self.discards[p]:
            self.draws = ((p, left),) + self.draws[1:]
            self.node = (self._shuffle_kind(), p)
            return False
        if left:
            self._emit(f"{self._name(p)} draws {k - left} card{'s' if k - left != 1 else ''}: deck and discard "
                       "pile are empty.", R_BASE_GAME)
        self.draws = self.draws[1:]
        return True

    def _deal_step(self) -> bool:
        """Deal the first pending deal face down; False when the mansion discard must be
        shuffled first (ruling HZ-07)."""
        p, k = self.deals[0]
        take = self.mdeck[:k]
        self.mdeck = self.mdeck[len(take):]
        self.down = _set(self.down, p, self.down[p] + take)
        left = k - len(take)
        if left and self.mdisc:
            self.deals = ((p, left),) + self.deals[1:]
            self.node = (N_DEAL_SHUFFLE, MANSION)
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
            self.decks = _set(self.decks, p, self.decks[p] + tuple(pile[i] for i in perm))
            self.discards = _set(self.discards, p, ())
            if self.stage != ST_SETUP:  # a deck that runs out: the base game's reshuffle (reconstructed)
                self._emit(f"{self._name(p)} shuffles the discard pile into a new deck.",
                           R_DISCARD_DRAW if self.stage == ST_REGROUP else R_NORMAL_TURN)

    # ================================================================== Game Plan
    def _plan_next(self) -> bool:
        """Game Plan: the next seat without a plan chooses (True), or the plans are shown and
        the turns begin."""
        for p, x in enumerate(self.plans):
            if x == NO_PLAN:
                self.node = (N_PLAN, p)
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
        self._emit("The players act at the same time; here their turns are played one seat after another "
                   "(ruling HZ-03).", R_SAME_TIME)
        self.stage = ST_TURN
        self._turn_start(0)
        return False

    def _do_plan(self, a: Action) -> None:
        """Game Plan: a seat's secret choice (hidden until every seat has chosen)."""
        p = a.player
        self.plans = _set(self.plans, p, PLAN_WORDS.index(a.args[0]))
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
        self.hands = _set(self.hands, p, _remove(self.hands[p], c))
        self.plays = _set(self.plays, p, self.plays[p] + (c,))
        self.t_acts += C.PLUS_ACTIONS[c] - 1
        self.t_buys += C.PLUS_BUYS[c]
        self.t_gold += _GOLD[c]
        self.t_ammo += _AMMO[c]
        self.t_bonus += _DMG[c]
        card = C.CARDS[c]
        self._emit(f"{self._name(p)} plays {card.name} ({card.text})",
                   R_INVENTORY_NO_WEAPONS if self.plans[p] == INVENTORY else R_PLAY_ACTION)
        if C.PLUS_CARDS[c]:
            self.draws = self.draws + ((p, C.PLUS_CARDS[c]),)

    def _do_trash(self, a: Action) -> None:
        """Inventory Management: "1 free option Trash" — a card from hand leaves the game."""
        p, c = a.player, _CI[a.args[0]]
        self.hands = _set(self.hands, p, _remove(self.hands[p], c))
        self.trash = _insert(self.trash, (c,))
        self.t_trash -= 1
        if _KIND[c] == C.AMMUNITION:
            self.t_gold -= _GOLD[c]
            self.t_ammo -= _AMMO[c]
        self._emit(f"{self._name(p)} trashes {C.card_name(c)} (Inventory Management).", R_INVENTORY)

    def _do_buy(self, a: Action) -> None:
        """Buying a resource: its cost in gold; it goes to the discard pile."""
        p, c = a.player, _CI[a.args[0]]
        self.t_step = T_BUYS
        self.t_buys -= 1
        self.t_gold -= C.COST[c]
        self.supply = _set(self.supply, c, self.supply[c] - 1)
        self.discards = _set(self.discards, p, self.discards[p] + (c,))
        self._emit(f"{self._name(p)} buys {C.card_name(c)} for {C.COST[c]} gold.",
                   R_INVENTORY_NO_WEAPONS if self.plans[p] == INVENTORY else R_BUY)

    def _do_declare(self, a: Action) -> None:
        """Declaring a weapon (explorers only): its ammo is spent and its damage added; the
        first weapon also adds the damage bonus of the actions played (ruling HZ-02)."""
        p, c = a.player, _CI[a.args[0]]
        self.t_step = T_WEAPONS
        self.hands = _set(self.hands, p, _remove(self.hands[p], c))
        self.plays = _set(self.plays, p, self.plays[p] + (c,))
        self.t_ammo -= _NEED[c]
        add = _DMG[c] + (self.t_bonus if not self.t_decl else 0)
        self.t_decl += 1
        self.dmg = _set(self.dmg, p, self.dmg[p] + add)
        self._emit(f"{self._name(p)} declares {C.card_name(c)}: {self.dmg[p]} damage.", R_DECLARE)

    def _do_done(self, a: Action) -> None:
        """The end of a seat's turn; the next seat's turn, or, after the last, the explorers
        choose how many mansion cards to take."""
        p = a.player
        what = (f"{self.dmg[p]} damage" if self.plans[p] == EXPLORE else "Inventory Management")
        self._emit(f"{self._name(p)} ends the turn ({what}).", R_EXPLORE_TURN if self.plans[p] == EXPLORE else R_INVENTORY)
        self._clear_turn()
        nxt = p + 1
        if nxt < self.num_players:
            self._turn_start(nxt)
        else:
            self._count_start()

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
                self.node = (N_COUNT, p)
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
        self.takes = _set(self.takes, p, k)
        self._emit(f"{self._name(p)} ({self.dmg[p]} damage) chooses to take {k} mansion card{'s' if k != 1 else ''}.",
                   R_CHOOSE_COUNT)

    # ================================================================== Combat
    def _combat_step(self) -> bool:
        """One automatic step of combat; True when a decision is due (node set)."""
        cs = self.cstep
        if cs == C_REVEAL:
            self._combat_reveal()
            return False
        if cs == C_FIGHT:
            if self.fightq:
                self.node = (N_FIGHT, self.fightq[0])
                return True
            self.cstep = C_STEAL
            return False
        if cs == C_STEAL:
            return self._combat_steal_next()
        return self._combat_assist_next()

    def _combat_reveal(self) -> None:
        """Reveal: every explorer with a face-down card reveals one, at the same time (ruling
        HZ-09); defeats are automatic (HZ-08); a waiting player's infected joins its queue."""
        ex = [p for p in self.explorers() if self.down[p]]
        if not ex:
            self.cstep = C_ASSIST
            return
        helpers = [q for q in self.explorers() if not self.down[q] and not self.queue[q] and self.dmg[q]]
        if helpers:
            self._emit("Before the reveal, the group's remaining damage (players who revealed all their cards): "
                       + ", ".join(f"{self._name(q)} {self.dmg[q]}" for q in helpers)
                       + f" = {sum(self.dmg[q] for q in helpers)}.", R_GROUP_CHECK)
        self._emit("Reveal: " + ", ".join(
            f"{self._name(p)} {C.mansion_name(self.down[p][0])}" for p in ex) + ".", R_SAME_TIME_REVEAL)
        fq = []
        for p in ex:
            m = self.down[p][0]
            self.down = _set(self.down, p, self.down[p][1:])
            if not _INF[m]:
                self._combat_item(p, m)
            elif self.queue[p]:
                self.queue = _set(self.queue, p, self.queue[p] + ((m, _HEALTH[m], ()),))
                self._emit(f"{self._name(p)} is waiting for assistance and cannot fight the {C.mansion_name(m)} "
                           f"({_HEALTH[m]} health): it waits too.", R_WAITING_REVEALS)
            elif self.dmg[p] >= _HEALTH[m]:
                self._combat_defeat(p, m)
            else:
                self.cur = _set(self.cur, p, m)
                fq.append(p)
        self.fightq = tuple(fq)
        self.cstep = C_FIGHT

    def _combat_item(self, p: int, m: int) -> None:
        """An item's effect (ruling HZ-21): heal (up to the starting health) and/or damage; the
        item goes to the mansion discard."""
        heal, bonus = C.HEAL[m], C.BONUS[m]
        parts = []
        if heal:
            h = min(C.HEALTH_START, self.health[p] + heal)
            parts.append(f"health {self.health[p]} -> {h}")
            self.health = _set(self.health, p, h)
        if bonus:
            self.dmg = _set(self.dmg, p, self.dmg[p] + bonus)
            parts.append(f"damage +{bonus}")
        self.mdisc = self.mdisc + (m,)
        self._record(p, m, "item")
        self._emit(f"{self._name(p)} finds a {C.mansion_name(m)}: {', '.join(parts) or 'no effect'}; "
                   f"damage {self.dmg[p]}.", R_ITEM)

    def _combat_defeat(self, p: int, m: int) -> None:
        """Defeat: the infected's health comes off the player's damage; a trophy."""
        d = self.dmg[p] - _HEALTH[m]
        self.dmg = _set(self.dmg, p, d)
        self._trophy(p, m, OWN)
        self._record(p, m, "defeated")
        self._emit(f"{self._name(p)} defeats the {C.mansion_name(m)} ({_HEALTH[m]} health, "
                   f"{C.DECORATIONS[m]} decoration{'s' if C.DECORATIONS[m] != 1 else ''}): damage left {d}.",
                   R_DEFEAT, ((p, C.DECORATIONS[m]),))

    def _trophy(self, p: int, m: int, src: int) -> None:
        self.trophies = _set(self.trophies, p, self.trophies[p] + ((m, src),))

    def _record(self, p: int, m: int, outcome: str, by: tuple = ()) -> None:
        """The explored hotel: room (Hotel counter), seat, card, outcome, helpers/stealer."""
        self.explored = self.explored + ((self.counter, p, m, outcome, by),)

    def _take_damage(self, p: int, m: int) -> None:
        """The infected's damage comes off the player's health; at 0 the player has fallen."""
        h = self.health[p] - _HIT[m]
        self.health = _set(self.health, p, h)
        if h <= 0 and p not in self.fallen:
            self.fallen = self.fallen + (p,)

    def _do_hit(self, a: Action) -> None:
        """Fail: take the infected's damage; it is discarded unless another explorer Kill
        Steals it first (ruling HZ-10, HZ-11)."""
        p = a.player
        m = self.cur[p]
        self.cur = _set(self.cur, p, -1)
        self.fightq = self.fightq[1:]
        self._take_damage(p, m)
        self._emit(f"{self._name(p)} takes the hit from the {C.mansion_name(m)}: {_HIT[m]} damage, "
                   f"health {self.health[p]}; it is open to a Kill Steal.", R_FAIL)
        self.stealq = self.stealq + ((p, m),)
        if self.fallen:
            self._end_group_loss()

    def _do_wait(self, a: Action) -> None:
        """Fail: wait for assistance — all the player's damage goes into the infected (ruling
        HZ-13: with option assist='full' it does not lower the health the helpers must
        cover)."""
        p = a.player
        m = self.cur[p]
        self.cur = _set(self.cur, p, -1)
        self.fightq = self.fightq[1:]
        d = self.dmg[p]
        left = _HEALTH[m] - d if self.game.options["assist"] == "remaining" else _HEALTH[m]
        self.dmg = _set(self.dmg, p, 0)
        self.queue = _set(self.queue, p, ((m, left, ()),))
        if self.game.options["assist"] == "remaining":
            self._emit(f"{self._name(p)} deals {d} damage to the {C.mansion_name(m)} ({_HEALTH[m]} health) and waits "
                       f"for assistance: {left} health left.", R_WAIT)
        else:
            self._emit(f"{self._name(p)} deals all {d} damage and waits for assistance: the helpers must cover the "
                       f"{C.mansion_name(m)}'s whole {left} health (option assist='full', ruling HZ-13).", R_WAIT)

    def _steal_candidates(self) -> list[int]:
        v, m = self.stealq[0]
        n = self.num_players
        ex = self.plans
        out = []
        for i in range(1, n):
            q = (v + i) % n
            if (ex[q] == EXPLORE and not self.queue[q] and self.dmg[q] >= _HEALTH[m]
                    and q not in self.spassed):
                out.append(q)
        return out

    def _combat_steal_next(self) -> bool:
        """Kill Steal: each hit infected is offered to the other explorers who do enough
        damage, in seat order after the hit player (ruling HZ-10); else it is discarded."""
        while self.stealq:
            cand = self._steal_candidates()
            if cand:
                self.node = (N_KILL_STEAL, cand[0])
                return True
            v, m = self.stealq[0]
            self.mdisc = self.mdisc + (m,)
            self._record(v, m, "hit")
            self._emit(f"No one does {_HEALTH[m]} damage to Kill Steal {self._name(v)}'s {C.mansion_name(m)}: "
                       "it is discarded.", R_NO_STEAL)
            self.stealq = self.stealq[1:]
            self.spassed = ()
        self.cstep = C_ASSIST
        self.apassed = 0
        return False

    def _do_steal(self, a: Action) -> None:
        q = a.player
        v, m = self.stealq[0]
        d = self.dmg[q] - _HEALTH[m]
        self.dmg = _set(self.dmg, q, d)
        self._trophy(q, m, STOLEN)
        self._record(v, m, "stolen", (q,))
        self._emit(f"{self._name(q)} Kill Steals {self._name(v)}'s {C.mansion_name(m)} ({_HEALTH[m]} health): "
                   f"damage left {d}.", R_KILL_STEAL, ((q, C.DECORATIONS[m]),))
        self.stealq = self.stealq[1:]
        self.spassed = ()

    def _helpers(self) -> list[int]:
        """Players who may assist now: explorers who revealed all their cards, are not waiting
        and have damage left, and have not passed in this window (ruling HZ-15)."""
        ap = self.apassed
        return [q for q in self.explorers()
                if not self.down[q] and not self.queue[q] and self.dmg[q] > 0 and not ap >> q & 1]

    def _combat_assist_next(self) -> bool:
        """Assists after each reveal step; once every card is revealed and no one assists, the
        first waiting player takes the damage of its first infected, and the group may try the
        next (ruling HZ-16)."""
        waiting = [p for p in range(self.num_players) if self.queue[p]]
        if waiting:
            hs = self._helpers()
            if hs:
                self.node = (N_ASSIST, hs[0])
                return True
        self.apassed = 0
        if any(self.down[p] for p in range(self.num_players)):
            self.cstep = C_REVEAL
            return False
        if waiting:
            if self._unassisted_note():
                self._emit("Every mansion card is revealed: the infected still waiting now deal their damage, "
                           "unless the group assists.", R_WAITING_NO_DAMAGE)
            self._combat_unassisted(waiting[0])
            return False
        self._emit(f"The Combat phase is over (Hotel counter {self.counter}).", R_COMBAT_OVER)
        self._regroup()
        return False

    def _unassisted_note(self) -> bool:
        """True the first time in a round that an infected is resolved unassisted."""
        c = self.counter
        return not any(r[0] == c and r[3] == "unassisted" for r in self.explored)

    def _combat_unassisted(self, p: int) -> None:
        m, left, helpers = self.queue[p][0]
        self.queue = _set(self.queue, p, self.queue[p][1:])
        self._take_damage(p, m)
        self.mdisc = self.mdisc + (m,)
        self._record(p, m, "unassisted", helpers)
        self._emit(f"The group cannot assist {self._name(p)}: the {C.mansion_name(m)} ({left} health left) deals "
                   f"{_HIT[m]} damage, health {self.health[p]}; it is discarded.", R_UNASSISTED)
        if self.fallen:
            self._end_group_loss()

    def _do_assist(self, a: Action) -> None:
        """Assist: the helper's damage goes into the waiting player's first infected; when its
        health is covered it is defeated: the assisted player gets the decoration and 1 skill
        point, each helper 2 skill points (ruling HZ-13)."""
        h, t = a.player, a.args[0]
        m, left, helpers = self.queue[t][0]
        pay = min(self.dmg[h], left)
        self.dmg = _set(self.dmg, h, self.dmg[h] - pay)
        left -= pay
        if h not in helpers:
            helpers = helpers + (h,)
        if left > 0:
            self.queue = _set(self.queue, t, ((m, left, helpers),) + self.queue[t][1:])
            self._emit(f"{self._name(h)} assists {self._name(t)} with {pay} damage: the {C.mansion_name(m)} "
                       f"has {left} health left.", R_HELP)
            return
        self.queue = _set(self.queue, t, self.queue[t][1:])
        self._trophy(t, m, ASSISTED)
        self.skill = _set(self.skill, t, self.skill[t] + C.ASSIST_SKILL_HELPED)
        for q in helpers:
            self.skill = _set(self.skill, q, self.skill[q] + C.ASSIST_SKILL_HELPER)
        self._record(t, m, "assisted", helpers)
        who = " and ".join(self._name(q) for q in helpers)
        self._emit(f"{self._name(h)} assists {self._name(t)} with {pay} damage and the {C.mansion_name(m)} is "
                   f"defeated: {self._name(t)} gets the decoration{'s' if C.DECORATIONS[m] != 1 else ''} "
                   f"({C.DECORATIONS[m]}) and {C.ASSIST_SKILL_HELPED} skill point, {who} "
                   f"{C.ASSIST_SKILL_HELPER} skill points (damage left {self.dmg[h]}).",
                   R_ASSIST_REWARD, ((t, C.DECORATIONS[m]),))

    def _do_pass(self, a: Action) -> None:
        p = a.player
        if self.node[0] == N_KILL_STEAL:
            v, m = self.stealq[0]
            self.spassed = self.spassed + (p,)
            self._emit(f"{self._name(p)} does not Kill Steal {self._name(v)}'s {C.mansion_name(m)}.", R_KILL_STEAL)
        else:
            self.apassed |= 1 << p
            self._emit(f"{self._name(p)} does not assist now (damage {self.dmg[p]}).", R_HELP)

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

    # ================================================================== the standard API
    def _current_player(self) -> int:
        k, p = self.node
        c = _NODE_PLAYER.get(k)
        return p if c is None else c

    def _node_kind(self) -> str:
        return self.node[0]

    def _legal_actions(self) -> list[Action]:
        kind, p = self.node
        if kind == N_TURN:
            return self._turn_actions(p)
        if kind == N_PLAN:
            return [Action("plan", ("explore",), p), Action("plan", ("inventory",), p)]
        if kind == N_COUNT:
            avail = self.mansion_available()
            top = min(C.MAX_REVEAL, avail)
            return [Action("take", (k,), p) for k in range(1 if top else 0, top + 1)]
        if kind == N_FIGHT:
            return [Action("hit", (), p), Action("wait", (), p)]
        if kind == N_KILL_STEAL:
            return [Action("steal", (), p), Action("pass", (), p)]
        if kind == N_ASSIST:
            return [Action("assist", (t,), p) for t in range(self.num_players) if self.queue[t]] + [
                Action("pass", (), p)]
        return []

    def _turn_actions(self, p: int) -> list[Action]:
        """The turn (ruling HZ-02): play action cards (while actions are left, before buying),
        trash (Inventory Management, before buying), buy (gold, buys, a pile not empty, before
        weapons), declare a weapon (explorers: ammo enough), done."""
        hand = self.hands[p]
        step = self.t_step
        key = (p, hand, step, self.t_acts > 0, self.t_trash, self.t_buys > 0 and self.t_gold, self.t_ammo,
               self.plans[p], self.supply if step <= T_BUYS and self.t_buys > 0 else None)
        got = _ACT_MEMO.get(key)
        if got is not None:
            return got
        out = []
        kinds = sorted(set(hand))
        if step == T_ACTIONS:
            if self.t_acts > 0:
                out += [Action("play", (_IDS[c],), p) for c in kinds if _KIND[c] == C.ACTION]
            if self.t_trash:
                out += [Action("trash", (_IDS[c],), p) for c in kinds]
        if step <= T_BUYS and self.t_buys > 0:
            g = self.t_gold
            sup = self.supply
            out += [Action("buy", (_IDS[c],), p) for c in range(C.NUM_CARDS) if sup[c] and C.COST[c] <= g]
        if self.plans[p] == EXPLORE:
            am = self.t_ammo
            out += [Action("declare", (_IDS[c],), p) for c in kinds if _KIND[c] == C.WEAPON and _NEED[c] <= am]
        out.append(Action("done", (), p))
        if len(_ACT_MEMO) > 200_000:
            _ACT_MEMO.clear()
        _ACT_MEMO[key] = out
        return out

    # ------------------------------------------------------------------ chance
    def _shuffle_pile(self) -> tuple[str, tuple]:
        who = self.node[1]
        if who == MANSION:
            return "mansion", self.mdisc
        return f"p{who}", self.discards[who]

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        who, pile = self._shuffle_pile()
        perm = list(range(len(pile)))
        rng.shuffle(perm)
        return Action("shuffle", (who, tuple(perm)))

    def canonical_chance(self, action: Action) -> Action:
        return Action("shuffle", (action.args[0], tuple(int(i) for i in action.args[1])), CHANCE)

    def explain_chance(self, action: Action):
        who, pile = self._shuffle_pile()
        n = len(pile)
        if action.kind != "shuffle" or len(action.args) != 2 or action.args[0] != who:
            return self.refuse(f"{action}: expected 'chance shuffle {who} <permutation of 0..{n - 1}>' "
                               f"({self.status_text()})", self.current_rule())
        perm = action.args[1]
        if isinstance(perm, int) and not isinstance(perm, bool) and n == 1:
            perm = (perm,)
        if (not isinstance(perm, tuple) or any(isinstance(i, bool) or not isinstance(i, int) for i in perm)
                or sorted(perm) != list(range(n))):
            return self.refuse(f"{action}: the shuffle must be a permutation of 0..{n - 1} (the {n} cards of "
                               f"the discard pile in sorted order, giving the new deck from the top)",
                               self.current_rule())
        return None

    # ------------------------------------------------------------------ apply
    def _apply(self, a: Action) -> None:
        k = a.kind
        if k == "shuffle":
            self._do_shuffle(a)
        elif k == "plan":
            self._do_plan(a)
        elif k == "play":
            self._do_play(a)
        elif k == "trash":
            self._do_trash(a)
        elif k == "buy":
            self._do_buy(a)
        elif k == "declare":
            self._do_declare(a)
        elif k == "done":
            self._do_done(a)
        elif k == "take":
            self._do_take(a)
        elif k == "hit":
            self._do_hit(a)
        elif k == "wait":
            self._do_wait(a)
        elif k == "steal":
            self._do_steal(a)
        elif k == "assist":
            self._do_assist(a)
        elif k == "pass":
            self._do_pass(a)
        self._settle()

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
        own = sum(C.COST[c] for pile in (self.hands[seat], self.decks[seat], self.discards[seat], self.plays[seat])
                  for c in pile)
        d = self.dmg[seat] if self.stage in (ST_TURN, ST_COUNT) else 0
        h = self.health[seat]
        risk = 0.5 * sum(_HIT[m] for m, _, _ in self.queue[seat])  # infected that may hit unassisted
        if self.stage == ST_COUNT and self.takes[seat] > 0:
            risk += 0.4 * max(0, 25 * self.takes[seat] - self.dmg[seat])  # cards beyond its damage
        return (10.0 * self.decorations(seat) + 2.0 * self.skill[seat] + 0.5 * h + min(h, 40) + 0.1 * d
                + 0.02 * own - risk)

    def _end_rule(self) -> str:
        return R_REPEAT.section

    def current_rule(self):
        """The rule that governs the current node (cited by every rejection)."""
        k = self.node[0]
        return {
            N_SETUP: R_SETUP_HAND, N_PLAN: R_PLAN, N_TURN: R_NORMAL_TURN, N_TURN_SHUFFLE: R_BASE_GAME,
            N_COUNT: R_CHOOSE_COUNT, N_DEAL_SHUFFLE: R_DEALT, N_FIGHT: R_FAIL, N_KILL_STEAL: R_KILL_STEAL,
            N_ASSIST: R_ASSIST_AFTER_REVEALING, N_REGROUP_SHUFFLE: R_DISCARD_DRAW, N_END: R_REPEAT,
        }[k]

    def round_label(self) -> str | None:
        return None if self.stage == ST_SETUP else f"Hotel counter {self.counter}"

    # ================================================================== views
    def _view(self, perspective):
        """The view model (``docs/dev/view_model.md``), built by the game's view module: the
        game composes state and view (``game.py``), so this module never imports the view."""
        return self.game.build_view(self, perspective)

    def adjacency_graph(self):
        """networkx.Graph of the hotel as explored; see :func:`.view.adjacency_graph`."""
        return self.game.adjacency_graph_of(self)

    # ================================================================== text
    def _status_text(self) -> str:
        k, p = self.node
        c = f"Hotel counter {self.counter}"
        if k == N_END:
            if self.fallen:
                return f"Game over — {', '.join(self._name(q) for q in self.fallen)} fell: the group loses"
            return f"Game over — most decorations: {', '.join(self._name(q) for q in self._winners())}"
        if k == N_SETUP:
            return "Setup — shuffle " + ("the mansion deck" if p == MANSION else f"{self._name(p)}'s starting deck")
        if k in (N_TURN_SHUFFLE, N_REGROUP_SHUFFLE):
            return f"{c} — shuffle {self._name(p)}'s discard pile"
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

    def action_to_string(self, action: Action, perspective: int | None = None) -> str:
        """A sentence for people. With a ``perspective`` other than the actor, a Game Plan
        choice is left out; a shuffle's order is always left out of a seat's text."""
        a = action
        if a.player == CHANCE:
            who = a.args[0] if a.args else "?"
            pile = "the mansion deck" if who == "mansion" else (
                f"{self._name(int(who[1:]))}'s discard pile" if isinstance(who, str) and who[1:].isdigit()
                and 0 <= int(who[1:]) < self.num_players else str(who))
            return f"Shuffle {pile}" + ("" if perspective is not None else f": {_perm_text(a)}")
        if not (isinstance(a.player, int) and 0 <= a.player < self.num_players):
            return str(a)
        who = self._name(a.player)
        k, args = a.kind, a.args
        if k == "plan" and args:
            if perspective is not None and perspective != a.player:
                return f"{who}: choose a Game Plan (secret)"
            return f"{who}: {PLAN_NAMES[PLAN_WORDS.index(args[0])] if args[0] in PLAN_WORDS else args[0]}"
        if k in ("play", "trash", "buy", "declare") and args and args[0] in _CI:
            return f"{who}: {k} {C.card_name(_CI[args[0]])}"
        if k == "take" and args:
            return f"{who}: take {args[0]} mansion card{'s' if args[0] != 1 else ''}"
        if k == "assist" and args and _is_int(args[0]) and 0 <= args[0] < self.num_players:
            return f"{who}: assist {self._name(args[0])}"
        words = {"done": "end the turn", "hit": "take the hit", "wait": "wait for assistance",
                 "steal": "Kill Steal", "pass": "pass"}
        return f"{who}: {words.get(k, k)}"

    # ================================================================== illegal actions
    _FORMS = {"plan": 1, "play": 1, "trash": 1, "buy": 1, "declare": 1, "done": 0, "take": 1, "hit": 0,
              "wait": 0, "steal": 0, "assist": 1, "pass": 0}
    _NODE_KINDS = {N_PLAN: ("plan",), N_TURN: ("play", "trash", "buy", "declare", "done"), N_COUNT: ("take",),
                   N_FIGHT: ("hit", "wait"), N_KILL_STEAL: ("steal", "pass"), N_ASSIST: ("assist", "pass")}

    def _explain(self, a: Action):
        kind, p = self.node
        n = self.num_players
        rule = self.current_rule()
        if a.player == CHANCE:
            return self.refuse(f"{a}: a chance outcome cannot be applied now: {self._name(p)} decides "
                               f"({self.status_text()})", rule)
        if not 0 <= a.player < n:
            return self.refuse(f"{a}: there is no seat {a.player} (seats 0 to {n - 1})", rule, "malformed")
        if a.kind not in self._FORMS:
            return self.refuse(f"{a}: unknown action kind {a.kind!r}; the kinds are "
                               f"{', '.join(self._FORMS)}", rule, "malformed")
        if len(a.args) != self._FORMS[a.kind]:
            return self.refuse(f"{a}: '{a.kind}' takes {self._FORMS[a.kind]} argument(s)", rule, "malformed")
        if a.player != p:
            why = (" (the choices are taken one seat at a time and stay hidden until every seat has chosen)"
                   if kind == N_PLAN else "")
            return self.refuse(f"{a} is not {self._name(a.player)}'s to play: {self._name(p)} decides now "
                               f"({self.status_text()}){why}", R_SAME_TIME if kind in (N_PLAN, N_TURN) else rule,
                               "not_your_turn")
        if a.kind not in self._NODE_KINDS.get(kind, ()):
            return self.refuse(f"{a}: now {self._name(p)} may only "
                               f"{' / '.join(self._NODE_KINDS.get(kind, ()))} ({self.status_text()})", rule)
        x = a.args[0] if a.args else None
        if a.kind == "plan":
            return self.refuse(f"{a}: the Game Plan is 'explore' (Explore the Hotel) or 'inventory' "
                               f"(Inventory Management), got {x!r}", R_PLAN, "malformed")
        if a.kind in ("play", "trash", "buy", "declare"):
            return self._explain_turn(a, p, x)
        if a.kind == "take":
            avail = self.mansion_available()
            if not _is_int(x):
                return self.refuse(f"{a}: 'take' needs a whole number of mansion cards, got {x!r}", R_CHOOSE_COUNT,
                                   "malformed")
            if x > C.MAX_REVEAL:
                return self.refuse(f"{a}: at most {C.MAX_REVEAL} mansion cards (Max of 4)", R_CHOOSE_COUNT)
            if x > avail:
                return self.refuse(f"{a}: only {avail} mansion card{'s' if avail != 1 else ''} can still be dealt "
                                   "(deck and discard pile, less what others took) — ruling HZ-06", R_DEALT)
            return self.refuse(f"{a}: an explorer takes at least 1 mansion card while any is left — ruling HZ-06",
                               R_CHOOSE_COUNT)
        if a.kind == "assist":
            if not _is_int(x) or not 0 <= x < n:
                return self.refuse(f"{a}: 'assist' names the seat of a waiting player (0 to {n - 1}), got {x!r}",
                                   R_HELP, "malformed")
            return self.refuse(f"{a}: {self._name(x)} is not waiting for assistance", R_HELP)
        return None

    def _explain_turn(self, a: Action, p: int, x):
        if not isinstance(x, str) or x not in _CI:
            return self.refuse(f"{a}: {x!r} is not a card; the cards are {', '.join(_IDS)}", R_NORMAL_TURN,
                               "malformed")
        c = _CI[x]
        name = C.card_name(c)
        hand = self.hands[p]
        if a.kind == "buy":
            if self.t_step > T_BUYS:
                return self.refuse(f"{a}: weapons are declared after buying: no more buys this turn — ruling HZ-02",
                                   R_NORMAL_TURN)
            if self.t_buys <= 0:
                return self.refuse(f"{a}: no buy left this turn — ruling HZ-02", R_NORMAL_TURN)
            if not self.supply[c]:
                return self.refuse(f"{a}: the {name} pile of the supply is empty", R_BUY)
            return self.refuse(f"{a}: {name} costs {C.COST[c]} gold; {self._name(p)} has {self.t_gold} left", R_BUY)
        if c not in hand:
            return self.refuse(f"{a}: {self._name(p)} holds no {name}", R_NORMAL_TURN)
        if a.kind == "play":
            if _KIND[c] != C.ACTION:
                return self.refuse(f"{a}: {name} is not an action card", R_PLAY_ACTION)
            if self.t_step != T_ACTIONS:
                return self.refuse(f"{a}: actions are played before buying and declaring — ruling HZ-02",
                                   R_NORMAL_TURN)
            return self.refuse(f"{a}: no action left this turn", R_NORMAL_TURN)
        if a.kind == "trash":
            if self.plans[p] != INVENTORY:
                return self.refuse(f"{a}: only Inventory Management gives a free Trash", R_INVENTORY)
            if not self.t_trash:
                return self.refuse(f"{a}: the 1 free Trash is used", R_INVENTORY)
            return self.refuse(f"{a}: the free Trash comes before buying — ruling HZ-05", R_INVENTORY)
        if self.plans[p] != EXPLORE:
            return self.refuse(f"{a}: Inventory Management can not declare weapons", R_INVENTORY_NO_WEAPONS)
        if _KIND[c] != C.WEAPON:
            return self.refuse(f"{a}: {name} is not a weapon", R_DECLARE)
        return self.refuse(f"{a}: {name} needs {_NEED[c]} ammo; {self._name(p)} has {self.t_ammo} left", R_DECLARE)

    # ================================================================== hidden information
    def resample_hidden(self, seat: int, rng: random.Random) -> "HotelZombieState":
        """A state that agrees with everything ``seat`` sees, with the rest dealt again: the
        other seats' hands and decks (pooled per seat; the hand of a seat in the middle of its
        turn is kept, since its gold and ammo are public), every deck's order, the unrevealed
        Game Plans of the others, and the face-down mansion cards with the mansion deck."""
        self._check_seat(seat)
        s = self._copy()
        s._hist = self._hist
        n = self.num_players
        hands, decks = list(self.hands), list(self.decks)
        for q in range(n):
            if q == seat or (q == self.tp and self.stage == ST_TURN):
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
        return s

    # ================================================================== positions
    def _to_position(self) -> dict:
        """The declared position (``position.py``, composed by the game)."""
        return self.game.position_of(self)

    @classmethod
    def _from_position(cls, game, table: dict) -> "HotelZombieState":
        """The state a declared position table gives (``position.py``, composed by the game)."""
        return game.state_of_position(cls, table)


_NODE_PLAYER = {N_END: TERMINAL, N_SETUP: CHANCE, N_TURN_SHUFFLE: CHANCE, N_DEAL_SHUFFLE: CHANCE,
                N_REGROUP_SHUFFLE: CHANCE}
"""The current player of the node kinds that are not a seat's decision."""


def _perm_text(a: Action) -> str:
    return ",".join(str(i) for i in a.args[1]) if len(a.args) > 1 and isinstance(a.args[1], tuple) else ""
