"""Hotel Zombie's positions as a schema: the shape (:class:`Position`, pydantic), the writer
(:func:`write`) and the builder (:func:`build`), which lists every rule a position breaks
(``hotellab.core.position``). Every field is described on the generated page
``docs/games/hotel_zombie-position.md``.

A position says, in the rulebook's words, where every card is and whose decision is next:
the Hotel counter and the stage of the round, the supply, the mansion deck and discard, the
trash, the turn being played, Combat's resolution queue (``combat``), the draws and deals still
to make, one table per player (health, Game Plan, damage, skill, hand, deck top first,
discard, play area, the mansion cards taken, face down, being fought, waiting for an assist,
the trophies) and the hotel explored so far; ``next`` (optional) is the node the rules reach.

Every field is checked: each card in exactly one place (player cards: supply, hands, decks,
discards, play areas, trashed cards, trash; mansion cards: mansion deck and discard, face-down
and revealed cards, waiting queues, Kill Steal queue, trophies), values in range, every
counted component within its count (the supply piles and the starting decks, the mansion deck,
a hand of 5 before a turn, at most 4 mansion cards, 1 free Trash a round, 1 action and 1 buy
a turn plus what action cards give, the Hotel counter 1-20, health at most 100), and the
declared ``next`` equal to the node the rules reach from the rest. The builder reads the fields
in order and goes on after a problem: each field's own value (a card word, a seat, a number in
range) is always checked; the rules between fields are checked while every field read so far
is sound; ``next`` when nothing else is wrong. Each problem names its field and rule.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field, create_model

from ...core.actions import CHANCE
from ...core.position import Problems, check_partition
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from ._common import EXPLORE, INVENTORY, MANSION, ST_COMBAT, ST_COUNT, ST_END, ST_PLAN, ST_REGROUP, ST_SETUP, ST_TURN
from .rules import (
    N_END, NODE_KINDS, R_ASSIST_REWARD, R_BASE_GAME, R_BUY, R_CHOOSE_COUNT, R_DEALT, R_FAIL, R_HELP,
    R_INVENTORY, R_KILL_STEAL, R_NORMAL_TURN, R_PLAN, R_REPEAT, R_REVEAL, R_SAME_TIME, R_SETUP_COUNTER,
    R_SETUP_HAND, R_WAIT,
)
from .state import HotelZombieState

STAGES = ("setup", "game plan", "turns", "mansion cards", "combat", "regroup", "end")
COMBAT_STEPS = ("reveal", "fight", "kill_steal", "assist")
PLAN_WORDS = ("explore", "inventory")
SOURCE_WORDS = ("own", "assisted", "kill_steal")
STEP_WORDS = ("actions", "buys", "weapons")
OUTCOMES = ("defeated", "hit", "stolen", "assisted", "unassisted", "item")
FIGHT_WORDS = ("hit", "wait")
_CARD_WORDS = ", ".join(C.CARD_IDS)
_MANSION_WORDS = ", ".join(C.MANSION_IDS)


# == the shape ================================================================================
def _f(default, description: str, rule=None):
    """A field with its meaning and, when a rule governs it, the rule's section."""
    return Field(default, description=description, json_schema_extra={"rule": rule.section} if rule else None)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatCards(_Model):
    """Cards still to draw (``draws``) or to deal (``deals``) to a seat."""

    seat: int = _f(..., "the seat")
    cards: int = _f(..., "how many cards (1-100)")


Supply = create_model(
    "Supply", __base__=_Model, __doc__="Cards left in each supply pile, by card word.",
    **{c.id: (int, _f(..., f"{c.name} cards left in the supply (0-{c.supply})", R_BASE_GAME)) for c in C.CARDS})


class Mansion(_Model):
    """The mansion deck and its discard pile (mansion card words: the infected and the items)."""

    deck: list[str] = _f(..., f"the mansion deck, top first ({_MANSION_WORDS})", R_BASE_GAME)
    discard: list[str] = _f(..., "the mansion discard pile", R_BASE_GAME)


class Turn(_Model):
    """The turn being played (stage 'turns'): "play their turn like normal, playing actions, buy
    resources, and declare weapons" (ruling HZ-02)."""

    seat: int = _f(..., "whose turn it is")
    actions: int = _f(..., "actions left (1 a turn, plus what action cards give)", R_NORMAL_TURN)
    buys: int = _f(..., "buys left (1 a turn, plus what action cards give)", R_NORMAL_TURN)
    gold: int = _f(..., "gold left to buy with", R_NORMAL_TURN)
    ammo: int = _f(..., "ammo left to declare weapons with", R_NORMAL_TURN)
    step: str = _f("actions", "actions, buys or weapons: where the turn is (actions, then buys, then weapons)",
                   R_NORMAL_TURN)
    trash: int = _f(0, "Inventory Management's free Trash left (0-1)", R_INVENTORY)
    damage_bonus: int = _f(0, "damage the action cards played add to the first weapon", R_NORMAL_TURN)
    weapons_declared: int = _f(0, "weapons declared this turn", R_NORMAL_TURN)


class KillSteal(_Model):
    """An infected a player took the hit from: "the infected becomes available to 'Kill Steal'"."""

    seat: int = _f(..., "the seat that took the hit")
    card: str = _f(..., "the infected (a mansion card word)")


class Combat(_Model):
    """The Combat phase's resolution queue."""

    step: str = _f("reveal", "reveal, fight, kill_steal or assist: the step of the Combat phase", R_REVEAL)
    fight_queue: list[int] = _f([], "seats still to choose: take the hit or wait for assistance", R_FAIL)
    kill_steal: list[KillSteal] = _f([], "hit infected open to a Kill Steal, first first", R_KILL_STEAL)
    passed_kill_steal: list[int] = _f([], "seats that declined to Kill Steal the first of them", R_KILL_STEAL)
    passed_assist: list[int] = _f([], "seats that passed in this assist window", R_HELP)


class Next(_Model):
    """The node the rules reach: a decision (kind, seat), a shuffle (kind, pile) or the end."""

    kind: str = _f(..., "the node kind: " + ", ".join(NODE_KINDS))
    seat: int | None = _f(None, "the deciding seat")
    pile: str | None = _f(None, "the pile shuffled: mansion or p<seat>")


class Waiting(_Model):
    """An infected waiting for assistance."""

    card: str = _f(..., "the infected (a mansion card word)")
    health_left: int = _f(..., "health the group must still cover", R_WAIT)
    helpers: list[int] = _f([], "the seats that assisted so far", R_HELP)


class Trophy(_Model):
    """A defeated infected the player keeps, with its decorations."""

    card: str = _f(..., "the infected (a mansion card word)")
    source: str = _f(..., "own, assisted or kill_steal: how it was won", R_ASSIST_REWARD)


class Explored(_Model):
    """A mansion card revealed in the hotel: the room is the Hotel counter of its round."""

    room: int = _f(..., "the Hotel counter when it was revealed (1 to the counter now)")
    seat: int = _f(..., "the seat that revealed it")
    card: str = _f(..., "the mansion card word")
    outcome: str = _f(..., "defeated, hit, stolen, assisted, unassisted or item")
    by: list[int] = _f([], "the helpers, or the seat that Kill Stole it")


class Player(_Model):
    """One player (in seat order)."""

    name: str | None = _f(None, "the seat's name (Chris, Ada, Jill, Leon); checked when given")
    health: int = _f(..., f"health, at most {C.HEALTH_START}; at 0 the player has fallen", R_REPEAT)
    plan: str = _f("", "the Game Plan: explore, inventory or \"\" (not chosen)", R_PLAN)
    damage: int = _f(0, "damage declared this round (left over in Combat)")
    skill: int = _f(0, "skill points", R_ASSIST_REWARD)
    hand: list[str] = _f(..., f"the hand (player card words: {_CARD_WORDS})", R_SETUP_HAND)
    deck: list[str] = _f(..., "the deck, top first", R_BASE_GAME)
    discard: list[str] = _f(..., "the discard pile", R_BASE_GAME)
    play_area: list[str] = _f([], "cards played this round", R_BASE_GAME)
    mansion_cards_taken: int = _f(-1, "mansion cards chosen this round, 0-4 (-1: not chosen)", R_CHOOSE_COUNT)
    face_down: list[str] = _f([], "mansion cards dealt face down, in reveal order", R_DEALT)
    fighting: str = _f("", "the revealed infected it must still decide on (\"\": none)", R_FAIL)
    fight_choice: str = _f("", "hit or wait: its secret choice, made, not yet revealed (\"\": none)", R_FAIL)
    asked_assistance: bool = _f(False, "it waited this round: it may not assist", R_HELP)
    bought: list[str] = _f([], "stage 'turns': bought in its secret turn (leaves the supply when the turns are "
                               "revealed)", R_SAME_TIME)
    trashed: list[str] = _f([], "stage 'turns': its free Trash (joins the trash when the turns are revealed)",
                            R_INVENTORY)
    waiting: list[Waiting] = _f([], "infected waiting for assistance, first first", R_WAIT)
    trophies: list[Trophy] = _f([], "the infected it defeated", R_ASSIST_REWARD)


class Position(_Model):
    """Where every card is, and whose decision is next."""

    hotel_counter: int = _f(..., f"the Hotel counter, 1-{C.LAST_COUNTER}", R_SETUP_COUNTER)
    stage: str = _f(..., "the stage of the round: " + ", ".join(STAGES), R_REPEAT)
    plans_revealed: bool = _f(False, "the Game Plans have been revealed", R_PLAN)
    next: Next | None = _f(None, "the node the rules reach (checked when given)")
    choosing_order: list[int] = _f([], "explorers from the most damage down (Game Plan)", R_CHOOSE_COUNT)
    trash: list[str] = _f([], "the trash (player card words)", R_INVENTORY)
    fallen: list[int] = _f([], "seats whose health reached 0", R_REPEAT)
    supply: Supply = _f(..., "cards left in each supply pile", R_BASE_GAME)
    mansion: Mansion = _f(..., "the mansion deck and discard pile", R_BASE_GAME)
    turn: Turn | None = _f(None, "the turn being played (only in the 'turns' stage)", R_NORMAL_TURN)
    combat: Combat = _f(Combat(), "the Combat phase's resolution queue", R_REVEAL)
    draws: list[SeatCards] = _f([], "draws still to make (a shuffle comes first)", R_BASE_GAME)
    deals: list[SeatCards] = _f([], "mansion cards still to deal", R_DEALT)
    players: list[Player] = _f(..., "one table per seat, in seat order")
    explored: list[Explored] = _f([], "the mansion cards revealed so far, in order", R_REVEAL)


# == the writer ===============================================================================
def _node_table(state) -> dict:
    node = state.node
    if node.kind == N_END:
        return {"kind": node.kind}
    if node.seat == CHANCE:
        pile = node.context[0]
        return {"kind": node.kind, "pile": "mansion" if pile == MANSION else f"p{pile}"}
    return {"kind": node.kind, "seat": node.seat}


def _player_table(state, p: int) -> dict:
    ids, mids = C.CARD_IDS, C.MANSION_IDS
    d = {
        "name": state.game.seat_label(p),
        "health": state.health[p],
        "plan": PLAN_WORDS[state.plans[p]] if state.plans[p] >= 0 else "",
        "damage": state.dmg[p],
        "skill": state.skill[p],
        "hand": [ids[c] for c in state.hands[p]],
        "deck": [ids[c] for c in state.decks[p]],
        "discard": [ids[c] for c in state.discards[p]],
        "play_area": [ids[c] for c in state.plays[p]],
        "face_down": [mids[m] for m in state.down[p]],
        "waiting": [{"card": mids[m], "health_left": left, "helpers": list(h)} for m, left, h in state.queue[p]],
        "trophies": [{"card": mids[m], "source": SOURCE_WORDS[s]} for m, s in state.trophies[p]],
    }
    if state.takes[p] >= 0:
        d["mansion_cards_taken"] = state.takes[p]
    if state.cur[p] >= 0:
        d["fighting"] = mids[state.cur[p]]
    if state.fchoice[p] >= 0:
        d["fight_choice"] = FIGHT_WORDS[state.fchoice[p]]
    if state.asked >> p & 1:
        d["asked_assistance"] = True
    if state.bought[p]:
        d["bought"] = [ids[c] for c in state.bought[p]]
    if state.trashed[p]:
        d["trashed"] = [ids[c] for c in state.trashed[p]]
    return d


def write(state) -> dict:
    """The declared position of ``state`` (see the module doc)."""
    n = state.game.num_players
    ids, mids = C.CARD_IDS, C.MANSION_IDS
    out = {
        "hotel_counter": state.counter,
        "stage": STAGES[state.stage],
        "plans_revealed": state.plans_shown,
        "next": _node_table(state),
        "choosing_order": list(state.order),
        "trash": [ids[c] for c in state.trash],
        "fallen": list(state.fallen),
        "supply": {ids[c]: state.supply[c] for c in range(C.NUM_CARDS)},
        "mansion": {"deck": [mids[m] for m in state.mdeck], "discard": [mids[m] for m in state.mdisc]},
        "combat": {
            "step": COMBAT_STEPS[state.cstep],
            "fight_queue": list(state.fightq),
            "kill_steal": [{"seat": v, "card": mids[m]} for v, m in state.stealq],
            "passed_kill_steal": list(state.spassed),
            "passed_assist": [q for q in range(n) if state.apassed >> q & 1],
        },
        "draws": [{"seat": p, "cards": k} for p, k in state.draws],
        "deals": [{"seat": p, "cards": k} for p, k in state.deals],
        "players": [_player_table(state, p) for p in range(n)],
        "explored": [{"room": r, "seat": p, "card": mids[m], "outcome": o, "by": list(by)}
                     for r, p, m, o, by in state.explored],
    }
    if state.tp >= 0:
        out["turn"] = {"seat": state.tp, "actions": state.t_acts, "buys": state.t_buys, "gold": state.t_gold,
                       "ammo": state.t_ammo, "step": STEP_WORDS[state.t_step], "trash": state.t_trash,
                       "damage_bonus": state.t_bonus, "weapons_declared": state.t_decl}
    return out


# == the builder ==============================================================================
def build(game, pos: Position, problems: Problems) -> HotelZombieState:
    """The state ``pos`` declares; every rule it breaks goes to ``problems`` (see the module
    doc), in the order the fields are read."""
    r = _Reader(game, pos, problems)
    r.top()
    if not r.players():
        return r.s
    r.player_rules()
    r.combat()
    r.turn()
    r.counts()
    r.explored()
    r.partition()
    r.next_node()
    return r.s


class _Reader:
    """Reads a validated :class:`Position` into a state, field by field: :meth:`bad` is a
    field's own value that is wrong (reading goes on with the rest), :meth:`broken` a rule
    between fields, checked only while every field read so far is sound (:attr:`sound`)."""

    def __init__(self, game, pos: Position, problems: Problems):
        self.game, self.pos, self.pr = game, pos, problems
        self.n = game.num_players
        self.read_problems = 0
        self.s = HotelZombieState.initial(game)

    # -- problems ------------------------------------------------------------------------------
    def bad(self, field: str | None, message: str, rule=None) -> None:
        self.read_problems += 1
        self.pr.add(field, message, rule)

    @property
    def sound(self) -> bool:
        return self.read_problems == 0

    def broken(self, field: str | None, message: str, rule=None) -> None:
        if (field, message, rule) not in self.pr.items:  # a rule checked twice is one problem
            self.pr.add(field, message, rule)

    # -- one value -----------------------------------------------------------------------------
    def range(self, v: int, lo: int, hi: int, path: str, rule=None) -> int:
        if not lo <= v <= hi:
            self.bad(path, f"must be from {lo} to {hi}, got {v}", rule)
        return v

    def word(self, v: str, allowed: tuple, path: str, rule=None) -> int:
        if v not in allowed:
            self.bad(path, f"must be one of {', '.join(repr(a) for a in allowed)}, got {v!r}", rule)
            return 0
        return allowed.index(v)

    def cards(self, lst: list, path: str, rule=R_BASE_GAME) -> tuple:
        """Player cards by word; a word that is no card is a problem (and left out)."""
        return self._ids(lst, path, C.CARD_IDS, C.CARD_INDEX, rule)

    def mansion(self, lst: list, path: str, rule=R_BASE_GAME) -> tuple:
        return self._ids(lst, path, C.MANSION_IDS, C.MANSION_INDEX, rule)

    def mansion_card(self, word: str, path: str) -> int | None:
        """One mansion card (its problem is named ``<path>[0]``, as a list of one)."""
        got = self.mansion([word], path)
        return got[0] if got else None

    def _ids(self, lst, path, table, index, rule) -> tuple:
        out = []
        for i, x in enumerate(lst):
            if x in index:
                out.append(index[x])
            else:
                self.bad(f"{path}[{i}]", f"{x!r} is not a card; the cards are {', '.join(table)}", rule)
        return tuple(out)

    def seat(self, v: int, path: str, rule=None) -> int | None:
        if 0 <= v < self.n:
            return v
        self.bad(path, f"must be from 0 to {self.n - 1}, got {v}", rule)
        return None

    def seats(self, lst: list, path: str, rule=None) -> tuple:
        out = tuple(q for i, v in enumerate(lst) if (q := self.seat(v, f"{path}[{i}]", rule)) is not None)
        if len(set(out)) != len(out):
            self.bad(path, "names a seat twice", rule)
        return out

    def queue(self, lst: list, path: str, rule=None) -> tuple:
        out = []
        for i, d in enumerate(lst):
            w = f"{path}[{i}]"
            q = self.seat(d.seat, f"{w}.seat")
            k = self.range(d.cards, 1, 100, f"{w}.cards", rule)
            if q is not None:
                out.append((q, k))
        return tuple(out)

    # -- the table, in order -------------------------------------------------------------------
    def top(self) -> None:
        """The Hotel counter, the stage, the choosing order, trash, fallen, supply, mansion deck,
        draws and deals."""
        p, s = self.pos, self.s
        s.counter = self.range(p.hotel_counter, 1, C.LAST_COUNTER, "hotel_counter", R_SETUP_COUNTER)
        s.stage = self.word(p.stage, STAGES, "stage", R_REPEAT)
        s.plans_shown = p.plans_revealed
        s.order = self.seats(p.choosing_order, "choosing_order", R_CHOOSE_COUNT)
        s.trash = tuple(sorted(self.cards(p.trash, "trash")))
        s.fallen = self.seats(p.fallen, "fallen", R_REPEAT)
        s.supply = tuple(self.range(getattr(p.supply, c.id), 0, c.supply, f"supply.{c.id}", R_BASE_GAME)
                         for c in C.CARDS)
        s.mdeck = self.mansion(p.mansion.deck, "mansion.deck")
        s.mdisc = self.mansion(p.mansion.discard, "mansion.discard")
        s.draws = self.queue(p.draws, "draws")
        s.deals = self.queue(p.deals, "deals", R_DEALT)
        for i, (_, k) in enumerate(s.deals):
            if k > C.MAX_REVEAL:
                self.bad(f"deals[{i}].cards", f"at most {C.MAX_REVEAL} mansion cards are dealt to a player "
                         f"(Max of 4), got {k}", R_CHOOSE_COUNT)

    def players(self) -> bool:
        """Every player's table; False when there is not one per seat (nothing more is read)."""
        players = self.pos.players
        if len(players) != self.n:
            self.bad("players", f"needs one table per seat ({self.n}), got {len(players)}")
            return False
        rows = [self.player(p, d) for p, d in enumerate(players)]
        s = self.s
        (s.hands, s.decks, s.discards, s.plays, s.health, s.dmg, s.skill, s.plans, s.takes, s.down, s.cur,
         s.queue, s.trophies, s.fchoice, s.bought, s.trashed) = (tuple(col) for col in zip(*rows))
        s.asked = sum(1 << p for p, d in enumerate(players) if d.asked_assistance)
        return True

    def player(self, p: int, d: Player) -> tuple:
        """Seat ``p``'s cards and counters, in the order of the state's fields."""
        w = f"players[{p}]"
        label = self.game.seat_label(p)
        if d.name is not None and d.name != label:
            self.bad(f"{w}.name", f"seat {p} is {label!r}, got {d.name!r}")
        hand = tuple(sorted(self.cards(d.hand, f"{w}.hand")))
        deck = self.cards(d.deck, f"{w}.deck")
        discard = self.cards(d.discard, f"{w}.discard")
        play = self.cards(d.play_area, f"{w}.play_area")
        # a player at 0 health has fallen: only a seat listed in 'fallen' may be at 0 or below
        health = self.range(d.health, -1000 if p in self.s.fallen else 1, C.HEALTH_START, f"{w}.health", R_REPEAT)
        dmg = self.range(d.damage, 0, 10_000, f"{w}.damage")
        skill = self.range(d.skill, 0, 10_000, f"{w}.skill", R_ASSIST_REWARD)
        plan = -1 if d.plan == "" else self.word(d.plan, PLAN_WORDS, f"{w}.plan", R_PLAN)
        takes = self.range(d.mansion_cards_taken, -1, C.MAX_REVEAL, f"{w}.mansion_cards_taken", R_CHOOSE_COUNT)
        down = self.mansion(d.face_down, f"{w}.face_down")
        cur = -1 if d.fighting == "" else self.mansion_card(d.fighting, f"{w}.fighting")
        fchoice = -1 if d.fight_choice == "" else self.word(d.fight_choice, FIGHT_WORDS, f"{w}.fight_choice", R_FAIL)
        bought = self.cards(d.bought, f"{w}.bought", R_BUY)
        trashed = self.cards(d.trashed, f"{w}.trashed", R_INVENTORY)
        return (hand, deck, discard, play, health, dmg, skill, plan, takes, down, -1 if cur is None else cur,
                self.waiting(d, w), self.trophies(d, w), fchoice, bought, trashed)

    def waiting(self, d: Player, w: str) -> tuple:
        out = []
        for i, e in enumerate(d.waiting):
            ww = f"{w}.waiting[{i}]"
            m = self.mansion_card(e.card, f"{ww}.card")
            if m is None:
                continue
            if not C.INFECTED[m]:
                self.bad(f"{ww}.card", "only an infected can wait for assistance", R_WAIT)
            left = self.range(e.health_left, 1, C.HEALTH[m], f"{ww}.health_left", R_WAIT)
            out.append((m, left, self.seats(e.helpers, f"{ww}.helpers")))
        return tuple(out)

    def trophies(self, d: Player, w: str) -> tuple:
        out = []
        for i, e in enumerate(d.trophies):
            ww = f"{w}.trophies[{i}]"
            m = self.mansion_card(e.card, f"{ww}.card")
            if m is not None and not C.INFECTED[m]:
                self.bad(f"{ww}.card", "only a defeated infected is a trophy", R_ASSIST_REWARD)
            src = self.word(e.source, SOURCE_WORDS, f"{ww}.source")
            if m is not None:
                out.append((m, src))
        return tuple(out)

    def player_rules(self) -> None:
        """Asking for assistance, the mansion cards taken and dealt, the choosing order."""
        if not self.sound:
            return
        s, n = self.s, self.n
        for p in range(n):
            w = f"players[{p}]"
            asked = s.asked >> p & 1
            if s.queue[p] and not asked:
                self.broken(f"{w}.asked_assistance", "a player waiting for assistance has asked for it: set "
                            "asked_assistance = true", R_WAIT)
            if asked and (s.stage not in (ST_COMBAT, ST_END) or s.plans[p] != EXPLORE or not s.plans_shown):
                self.broken(f"{w}.asked_assistance", "only an explorer asks for assistance, in the Combat phase "
                            "(cleared at Regroup)", R_HELP)
            if s.takes[p] < 0 and s.down[p]:
                self.broken(f"{w}.face_down", "face-down mansion cards need mansion_cards_taken", R_DEALT)
            owed = sum(k for q, k in s.deals if q == p)
            if s.takes[p] >= 0 and len(s.down[p]) + owed > s.takes[p]:
                self.broken(f"{w}.face_down", f"{len(s.down[p])} face-down mansion cards and {owed} still to deal, "
                            f"but mansion_cards_taken = {s.takes[p]}: \"each player is dealt facedown mansion cards "
                            "equal to the number they picked\"", R_DEALT)
        for p in s.order:
            if s.plans[p] != EXPLORE or not s.plans_shown:
                self.broken("choosing_order", f"seat {p} is in the choosing order but did not (openly) choose "
                            "Explore the Hotel", R_CHOOSE_COUNT)
        if s.stage == ST_COUNT:  # "starting with the player doing the most damage" (ties: seat order, HZ-06)
            rule_order = tuple(sorted((p for p in range(n) if s.plans[p] == EXPLORE), key=lambda p: (-s.dmg[p], p)))
            if "choosing_order" in self.pos.model_fields_set and s.order != rule_order:
                self.broken("choosing_order", f"must be the explorers from the most damage down, {list(rule_order)}, "
                            f"got {list(s.order)}", R_CHOOSE_COUNT)
            s.order = rule_order

    def combat(self) -> None:
        """Combat's resolution queue: the step, who must still choose hit or wait, the Kill Steal
        queue and who passed."""
        cb, s, n = self.pos.combat, self.s, self.n
        s.cstep = self.word(cb.step, COMBAT_STEPS, "combat.step")
        s.fightq = self.seats(cb.fight_queue, "combat.fight_queue")
        if self.sound:
            for p in s.fightq:
                if s.cur[p] < 0:
                    self.broken("combat.fight_queue", f"seat {p} must decide on a revealed infected: give its "
                                f"players[{p}].fighting")
            for p in range(n):
                if s.cur[p] >= 0 and p not in s.fightq:
                    self.broken(f"players[{p}].fighting", f"seat {p} is fighting an infected but is not in "
                                "combat.fight_queue")
                if s.fchoice[p] >= 0 and p not in s.fightq:
                    self.broken(f"players[{p}].fight_choice", f"seat {p} chose {FIGHT_WORDS[s.fchoice[p]]!r} but is "
                                "not in combat.fight_queue", R_FAIL)
        ks = []
        for i, e in enumerate(cb.kill_steal):
            ww = f"combat.kill_steal[{i}]"
            m = self.mansion_card(e.card, f"{ww}.card")
            v = self.seat(e.seat, f"{ww}.seat")
            if m is not None and v is not None:
                ks.append((v, m))
        s.stealq = tuple(ks)
        s.spassed = self.seats(cb.passed_kill_steal, "combat.passed_kill_steal", R_KILL_STEAL)
        s.apassed = sum(1 << q for q in self.seats(cb.passed_assist, "combat.passed_assist"))

    def turn(self) -> None:
        """The turn being played: only in the 'turns' stage, after the Game Plans are revealed."""
        s, t = self.s, self.pos.turn
        s._clear_turn()
        if self.sound and s.stage == ST_TURN and t is None:
            self.broken("turn", "the stage is 'turns': say whose turn it is")
        if t is None:
            return
        if self.sound and s.stage != ST_TURN:
            self.broken("turn", "a turn is played only in the 'turns' stage")
        tp = self.seat(t.seat, "turn.seat")
        s.tp = -1 if tp is None else tp
        s.t_acts = self.range(t.actions, 0, 100, "turn.actions")
        s.t_buys = self.range(t.buys, 0, 100, "turn.buys")
        s.t_gold = self.range(t.gold, 0, 10_000, "turn.gold")
        s.t_ammo = self.range(t.ammo, 0, 10_000, "turn.ammo")
        s.t_step = self.word(t.step, STEP_WORDS, "turn.step")
        s.t_trash = self.range(t.trash, 0, C.INVENTORY_TRASH, "turn.trash")
        s.t_bonus = self.range(t.damage_bonus, 0, 10_000, "turn.damage_bonus")
        s.t_decl = self.range(t.weapons_declared, 0, 100, "turn.weapons_declared")
        if not self.sound:
            return
        if not s.plans_shown:
            self.broken("plans_revealed", "turns are played after the Game Plans are revealed", R_PLAN)
        if s.stage == ST_TURN:
            self.turn_counts()

    def turn_counts(self) -> None:
        """The counts of the turn being played (ruling HZ-02: 1 action and 1 buy, plus what the
        action cards played give; Inventory Management: 1 free Trash)."""
        s = self.s
        p = s.tp
        acts = [c for c in s.plays[p] if C.KIND[c] == C.ACTION]
        want = C.START_ACTIONS + sum(C.PLUS_ACTIONS[c] - 1 for c in acts)
        if s.t_acts != want:
            self.broken("turn.actions", f"a turn has {C.START_ACTIONS} action and each action card played uses 1 and "
                        f"gives its +actions: with {len(acts)} played, {want} left, got {s.t_acts}", R_NORMAL_TURN)
        want = C.START_BUYS + sum(C.PLUS_BUYS[c] for c in acts) - len(s.bought[p])
        if s.t_buys != want:
            self.broken("turn.buys", f"a turn has {C.START_BUYS} buy plus the +buys of the action cards played, less "
                        f"the {len(s.bought[p])} card(s) bought: {want} left, got {s.t_buys}", R_NORMAL_TURN)
        if self.trashed_ok(p):
            want = C.INVENTORY_TRASH - len(s.trashed[p]) if s.plans[p] == INVENTORY else 0
            if s.t_trash != want:
                self.broken("turn.trash", f"Inventory Management gives 1 free option Trash a round: {want} left, got "
                            f"{s.t_trash}", R_INVENTORY)
        weapons = sum(1 for c in s.plays[p] if C.KIND[c] == C.WEAPON)
        if s.t_decl != weapons:
            self.broken("turn.weapons_declared", f"{weapons} weapon(s) in the play area, got weapons_declared = "
                        f"{s.t_decl}", R_NORMAL_TURN)

    def trashed_ok(self, p: int) -> bool:
        s = self.s
        trashed = s.trashed[p]
        if trashed and (s.plans[p] != INVENTORY or len(trashed) > C.INVENTORY_TRASH):
            self.broken(f"players[{p}].trashed", f"only Inventory Management trashes, {C.INVENTORY_TRASH} card a "
                        f"round (\"1 free option Trash\"), got {len(trashed)}", R_INVENTORY)
            return False
        return True

    def counts(self) -> None:
        """The counted components a position could exceed beyond the partition of the cards: a
        hand of 5 before its turn, the purchases of a secret turn within their piles, 1 free
        Trash a round, the trash (at most 1 card a seat a round)."""
        if not self.sound:
            return
        s = self.s
        for p in range(self.n):
            w = f"players[{p}]"
            before_turn = (s.stage in (ST_SETUP, ST_PLAN, ST_REGROUP)) or (s.stage == ST_TURN and p > s.tp)
            owed = sum(k for q, k in s.draws if q == p)
            if before_turn and len(s.hands[p]) + owed > C.HAND_SIZE:
                self.broken(f"{w}.hand", f"{len(s.hands[p])} cards in hand and {owed} to draw before the turn: a "
                            f"hand is {C.HAND_SIZE} cards (\"a 5 card Hand\")", R_SETUP_HAND)
            started = s.stage == ST_TURN and p <= s.tp
            if (s.bought[p] or s.trashed[p]) and not started:
                self.broken(f"{w}.{'bought' if s.bought[p] else 'trashed'}", "only a turn played in secret holds "
                            "bought or trashed cards: they join the supply's buyers and the trash when the turns are "
                            "revealed (ruling HZ-03)", R_SAME_TIME)
            for c in sorted(set(s.bought[p])):
                k = s.bought[p].count(c)
                if k > s.supply[c]:
                    self.broken(f"{w}.bought", f"{k} {C.CARD_IDS[c]} bought, but its supply pile holds "
                                f"{s.supply[c]}", R_BUY)
            self.trashed_ok(p)
        if len(s.trash) > self.n * s.counter:
            self.broken("trash", f"{len(s.trash)} cards in the trash after {s.counter} round(s) of {self.n} players: "
                        "at most 1 a player a round (\"1 free option Trash\")", R_INVENTORY)

    def explored(self) -> None:
        """The hotel explored so far: each revealed mansion card, its room and what became of it."""
        out = []
        for i, e in enumerate(self.pos.explored):
            ww = f"explored[{i}]"
            room = self.range(e.room, 1, self.s.counter, f"{ww}.room")
            m = self.mansion_card(e.card, f"{ww}.card")
            p = self.seat(e.seat, f"{ww}.seat")
            outcome = OUTCOMES[self.word(e.outcome, OUTCOMES, f"{ww}.outcome")]
            by = self.seats(e.by, f"{ww}.by")
            if m is not None and p is not None:
                out.append((room, p, m, outcome, by))
        self.s.explored = tuple(out)

    def partition(self) -> None:
        """Every card in exactly one place; setup at counter 1; a fall ends the game."""
        if not self.sound:
            return
        s, n = self.s, self.n
        places = {"supply": [c for c in range(C.NUM_CARDS) for _ in range(s.supply[c])], "trash": list(s.trash)}
        for p in range(n):
            for key, pile in (("hand", s.hands[p]), ("deck", s.decks[p]), ("discard", s.discards[p]),
                              ("play_area", s.plays[p]), ("trashed", s.trashed[p])):
                places[f"players[{p}].{key}"] = list(pile)
        want = Counter({c.id: c.supply + n * c.start for c in C.CARDS})
        self.pr.collect(check_partition, {k: [C.CARD_IDS[c] for c in v] for k, v in places.items()}, want,
                        "player card", rule=R_BASE_GAME)
        mplaces = {"mansion.deck": list(s.mdeck), "mansion.discard": list(s.mdisc),
                   "combat.kill_steal": [m for _, m in s.stealq]}
        for p in range(n):
            mplaces[f"players[{p}].face_down"] = list(s.down[p])
            mplaces[f"players[{p}].fighting"] = [s.cur[p]] if s.cur[p] >= 0 else []
            mplaces[f"players[{p}].waiting"] = [m for m, _, _ in s.queue[p]]
            mplaces[f"players[{p}].trophies"] = [m for m, _ in s.trophies[p]]
        self.pr.collect(check_partition, {k: [C.MANSION_IDS[m] for m in v] for k, v in mplaces.items()},
                        Counter(C.MANSION_IDS[m] for m in C.MANSION_DECK), "mansion card", rule=R_BASE_GAME)
        if s.stage == ST_SETUP and s.mdeck and s.counter != 1:
            self.broken("hotel_counter", "setup is at Hotel counter 1", R_SETUP_COUNTER)
        if s.fallen and s.stage != ST_END:
            self.broken("stage", "a player has fallen: the game is over (stage 'end')", R_REPEAT)

    def next_node(self) -> None:
        """Whose decision is next: what the rules reach from the rest (``next``, when given, must
        say the same)."""
        s, nx = self.s, self.pos.next
        if nx is not None:
            self.word(nx.kind, NODE_KINDS, "next.kind")
        if self.pr:
            return
        s._pending_events = None
        s._settle()
        if nx is not None:
            given = nx.model_dump(exclude_none=True)
            got = _node_table(s)
            if given != got:
                self.broken("next", f"the rules reach {got} from this position, not {given}")
