"""Hotel Zombie declared positions: ``state.to_position()`` and ``game.state_from_position``.

A position says, in the rulebook's words, where every card is and whose decision is next::

    hotel_counter = 1              # 1..20
    stage = "combat"               # setup | game plan | turns | mansion cards | combat | regroup | end
    plans_revealed = true
    next = {kind = "fight", seat = 2}   # the node: a decision (kind, seat), a shuffle (kind,
                                        # pile = "mansion" | "p<seat>"), or {kind = "end"}
    choosing_order = [3, 0, 1, 2]  # explorers from the most damage down (Game Plan)
    trash = ["ammo10"]
    fallen = []
    [supply]                       # cards left in each supply pile
    ammo10 = 30 ...
    [mansion]
    deck = ["walker", ...]         # top first
    discard = []
    [turn]                         # only while a seat plays its turn
    seat = 0, actions = 1, buys = 1, gold = 30, ammo = 30, step = "actions", trash = 0
    [combat]                       # the resolution queue of the Combat phase
    step = "fight"                 # reveal | fight | kill_steal | assist
    fight_queue = [2]              # seats still to choose hit or wait
    kill_steal = [{seat = 3, card = "hound"}]   # hit infected open to a Kill Steal
    passed_kill_steal = [0]        # seats that declined the first of them
    passed_assist = [0]            # seats that passed in this assist window
    draws = [{seat = 0, cards = 2}]     # draws still to make (a shuffle comes first)
    deals = [{seat = 0, cards = 2}]     # mansion cards still to deal
    [[players]]                    # one per seat, in seat order
    name = "Chris"
    health = 100
    plan = "explore"               # explore | inventory | "" (not chosen)
    damage = 60
    skill = 0
    hand = [...]; deck = [...] (top first); discard = [...]; play_area = [...]
    mansion_cards_taken = 2        # omitted until chosen
    face_down = ["walker", "bloater"]   # dealt face down, in reveal order
    fighting = "hound"             # the revealed infected it must still decide on (omitted: none)
    fight_choice = "wait"          # hit | wait: its secret choice, made, not yet revealed (omitted: none)
    asked_assistance = true        # it waited this round: it may not assist (omitted: false)
    bought = ["shotgun"]           # stage 'turns': bought in its secret turn; the cards stay in
                                   # the supply until the turns are revealed (omitted: none)
    trashed = ["knife"]            # stage 'turns': its free Trash, joins the trash at the reveal
    waiting = [{card = "walker", health_left = 10, helpers = []}]
    trophies = [{card = "walker", source = "own"}]   # own | assisted | kill_steal
    explored = [{room = 1, seat = 0, card = "walker", outcome = "defeated", by = []}]

Every field is checked: each card in exactly one place (player cards: supply, hands, decks,
discards, play areas, trashed cards, trash; mansion cards: mansion deck and discard, face-down
and revealed cards, waiting queues, Kill Steal queue, trophies), values in range, every
counted component within its count (the supply piles and the starting decks, the mansion deck,
a hand of 5 before a turn, at most 4 mansion cards, 1 free Trash a round, 1 action and 1 buy
a turn plus what action cards give, the Hotel counter 1-20, health at most 100), and the
declared ``next`` equal to the node the rules reach from the rest. Errors are
:class:`~hotellab.core.errors.PositionError` naming the field and the rule.
"""

from __future__ import annotations

from collections import Counter

from ...core.errors import PositionError
from ...core.position import check_partition, check_range, check_unknown, field
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from .rules import (
    N_END, NODE_KINDS, R_ASSIST_REWARD, R_BASE_GAME, R_BUY, R_CHOOSE_COUNT, R_DEALT, R_FAIL, R_HELP,
    R_INVENTORY, R_KILL_STEAL, R_NORMAL_TURN, R_PLAN, R_REPEAT, R_SAME_TIME, R_SETUP_COUNTER, R_SETUP_HAND,
    R_WAIT,
)

STAGES = ("setup", "game plan", "turns", "mansion cards", "combat", "regroup", "end")
COMBAT_STEPS = ("reveal", "fight", "kill_steal", "assist")
PLAN_WORDS = ("explore", "inventory")
SOURCE_WORDS = ("own", "assisted", "kill_steal")
STEP_WORDS = ("actions", "buys", "weapons")
OUTCOMES = ("defeated", "hit", "stolen", "assisted", "unassisted", "item")
_TOP = ("hotel_counter", "stage", "plans_revealed", "next", "choosing_order", "trash", "fallen", "supply",
        "mansion", "turn", "combat", "draws", "deals", "players", "explored")
_PLAYER = ("name", "health", "plan", "damage", "skill", "hand", "deck", "discard", "play_area",
           "mansion_cards_taken", "face_down", "fighting", "fight_choice", "asked_assistance", "bought", "trashed",
           "waiting", "trophies")
FIGHT_WORDS = ("hit", "wait")


# the state's encodings (state.py; this module reads the state's fields, never imports it)
EXPLORE, INVENTORY = 0, 1
ST_SETUP, ST_PLAN, ST_TURN, ST_COUNT, ST_COMBAT, ST_REGROUP, ST_END = range(7)


def _node_table(state) -> dict:
    kind, who = state.node
    if kind == N_END:
        return {"kind": kind}
    if state.current_player == -1:
        return {"kind": kind, "pile": "mansion" if who == -1 else f"p{who}"}
    return {"kind": kind, "seat": who}


def to_position(state) -> dict:
    """The declared position of ``state`` (see the module doc)."""
    n = state.game.num_players
    ids, mids = C.CARD_IDS, C.MANSION_IDS
    players = []
    for p in range(n):
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
        players.append(d)
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
        "players": players,
        "explored": [{"room": r, "seat": p, "card": mids[m], "outcome": o, "by": list(by)}
                     for r, p, m, o, by in state.explored],
    }
    if state.tp >= 0:
        out["turn"] = {"seat": state.tp, "actions": state.t_acts, "buys": state.t_buys, "gold": state.t_gold,
                       "ammo": state.t_ammo, "step": STEP_WORDS[state.t_step], "trash": state.t_trash,
                       "damage_bonus": state.t_bonus, "weapons_declared": state.t_decl}
    return out


def _word(value, allowed, path, rule=None):
    if not isinstance(value, str) or value not in allowed:
        raise PositionError(f"must be one of {', '.join(repr(a) for a in allowed)}, got {value!r}",
                            field=path, rule=rule)
    return allowed.index(value)


def _cards(lst, path, table, index, rule=R_BASE_GAME) -> tuple:
    if not isinstance(lst, list):
        raise PositionError(f"must be a list of card ids, got {lst!r}", field=path, rule=rule)
    out = []
    for i, x in enumerate(lst):
        if not isinstance(x, str) or x not in index:
            raise PositionError(f"{x!r} is not a card; the cards are {', '.join(table)}", field=f"{path}[{i}]",
                                rule=rule)
        out.append(index[x])
    return tuple(out)


def _seat(v, n, path, rule=None) -> int:
    return check_range(v, 0, n - 1, path, rule=rule)


def _seats(lst, n, path, rule=None) -> tuple:
    if not isinstance(lst, list):
        raise PositionError(f"must be a list of seats, got {lst!r}", field=path, rule=rule)
    out = tuple(_seat(v, n, f"{path}[{i}]", rule) for i, v in enumerate(lst))
    if len(set(out)) != len(out):
        raise PositionError("names a seat twice", field=path, rule=rule)
    return out


def _queue(lst, n, path, key="cards", rule=None) -> tuple:
    if not isinstance(lst, list):
        raise PositionError(f"must be a list of tables, got {lst!r}", field=path, rule=rule)
    out = []
    for i, d in enumerate(lst):
        w = f"{path}[{i}]"
        check_unknown(d if isinstance(d, dict) else {}, ("seat", key), w)
        out.append((_seat(field(d, "seat", int, w), n, f"{w}.seat"),
                    check_range(field(d, key, int, w), 1, 100, f"{w}.{key}", rule=rule)))
    return tuple(out)


def from_position(cls, game, t: dict):
    """The state a position table declares (header already removed). Raises PositionError
    naming the field and the rule it breaks."""
    n = game.num_players
    check_unknown(t, _TOP)
    s = cls.initial(game)
    s.counter = check_range(field(t, "hotel_counter", int), 1, C.LAST_COUNTER, "hotel_counter", rule=R_SETUP_COUNTER)
    s.stage = _word(field(t, "stage", str), STAGES, "stage", R_REPEAT)
    s.plans_shown = field(t, "plans_revealed", bool, default=False)
    s.order = _seats(field(t, "choosing_order", list, default=[]), n, "choosing_order", R_CHOOSE_COUNT)
    s.trash = tuple(sorted(_cards(field(t, "trash", list, default=[]), "trash", C.CARD_IDS, C.CARD_INDEX)))
    s.fallen = _seats(field(t, "fallen", list, default=[]), n, "fallen", R_REPEAT)
    sup = field(t, "supply", dict)
    check_unknown(sup, C.CARD_IDS, "supply")
    s.supply = tuple(check_range(field(sup, c.id, int, "supply"), 0, c.supply, f"supply.{c.id}", rule=R_BASE_GAME)
                     for c in C.CARDS)
    man = field(t, "mansion", dict)
    check_unknown(man, ("deck", "discard"), "mansion")
    s.mdeck = _cards(field(man, "deck", list, "mansion"), "mansion.deck", C.MANSION_IDS, C.MANSION_INDEX)
    s.mdisc = _cards(field(man, "discard", list, "mansion"), "mansion.discard", C.MANSION_IDS, C.MANSION_INDEX)
    s.draws = _queue(field(t, "draws", list, default=[]), n, "draws")
    s.deals = _queue(field(t, "deals", list, default=[]), n, "deals", rule=R_DEALT)
    for i, (p, k) in enumerate(s.deals):
        if k > C.MAX_REVEAL:
            raise PositionError(f"at most {C.MAX_REVEAL} mansion cards are dealt to a player (Max of 4), got {k}",
                                field=f"deals[{i}].cards", rule=R_CHOOSE_COUNT)
    players = field(t, "players", list)
    if len(players) != n:
        raise PositionError(f"needs one table per seat ({n}), got {len(players)}", field="players")
    hands, decks, discs, plays, health, dmg, skill, plans, takes, down, cur, queue, troph = ([] for _ in range(13))
    fchoice, asked, bought, trashed = [], 0, [], []
    for p, d in enumerate(players):
        w = f"players[{p}]"
        if not isinstance(d, dict):
            raise PositionError(f"must be a table, got {d!r}", field=w)
        check_unknown(d, _PLAYER, w)
        name = field(d, "name", str, w, default=game.seat_label(p))
        if name != game.seat_label(p):
            raise PositionError(f"seat {p} is {game.seat_label(p)!r}, got {name!r}", field=f"{w}.name")
        hands.append(tuple(sorted(_cards(field(d, "hand", list, w), f"{w}.hand", C.CARD_IDS, C.CARD_INDEX))))
        decks.append(_cards(field(d, "deck", list, w), f"{w}.deck", C.CARD_IDS, C.CARD_INDEX))
        discs.append(_cards(field(d, "discard", list, w), f"{w}.discard", C.CARD_IDS, C.CARD_INDEX))
        plays.append(_cards(field(d, "play_area", list, w, default=[]), f"{w}.play_area", C.CARD_IDS, C.CARD_INDEX))
        h = field(d, "health", int, w)
        lo = -1000 if p in s.fallen else 1
        health.append(check_range(h, lo, C.HEALTH_START, f"{w}.health", rule=R_REPEAT))
        if h <= 0 and p not in s.fallen:
            raise PositionError("a player at 0 health has fallen: list the seat in 'fallen'", field=f"{w}.health",
                                rule=R_REPEAT)
        dmg.append(check_range(field(d, "damage", int, w, default=0), 0, 10_000, f"{w}.damage"))
        skill.append(check_range(field(d, "skill", int, w, default=0), 0, 10_000, f"{w}.skill", rule=R_ASSIST_REWARD))
        plan = field(d, "plan", str, w, default="")
        plans.append(-1 if plan == "" else _word(plan, PLAN_WORDS, f"{w}.plan", R_PLAN))
        takes.append(check_range(field(d, "mansion_cards_taken", int, w, default=-1), -1, C.MAX_REVEAL,
                                 f"{w}.mansion_cards_taken", rule=R_CHOOSE_COUNT))
        down.append(_cards(field(d, "face_down", list, w, default=[]), f"{w}.face_down", C.MANSION_IDS,
                           C.MANSION_INDEX))
        fighting = field(d, "fighting", str, w, default="")
        cur.append(-1 if fighting == "" else _cards([fighting], f"{w}.fighting", C.MANSION_IDS, C.MANSION_INDEX)[0])
        fc = field(d, "fight_choice", str, w, default="")
        fchoice.append(-1 if fc == "" else _word(fc, FIGHT_WORDS, f"{w}.fight_choice", R_FAIL))
        if field(d, "asked_assistance", bool, w, default=False):
            asked |= 1 << p
        bought.append(_cards(field(d, "bought", list, w, default=[]), f"{w}.bought", C.CARD_IDS, C.CARD_INDEX,
                             R_BUY))
        trashed.append(_cards(field(d, "trashed", list, w, default=[]), f"{w}.trashed", C.CARD_IDS, C.CARD_INDEX,
                              R_INVENTORY))
        q = []
        for i, e in enumerate(field(d, "waiting", list, w, default=[])):
            ww = f"{w}.waiting[{i}]"
            check_unknown(e if isinstance(e, dict) else {}, ("card", "health_left", "helpers"), ww)
            m = _cards([field(e, "card", str, ww)], f"{ww}.card", C.MANSION_IDS, C.MANSION_INDEX)[0]
            if not C.INFECTED[m]:
                raise PositionError("only an infected can wait for assistance", field=f"{ww}.card", rule=R_WAIT)
            left = check_range(field(e, "health_left", int, ww), 1, C.HEALTH[m], f"{ww}.health_left", rule=R_WAIT)
            q.append((m, left, _seats(field(e, "helpers", list, ww, default=[]), n, f"{ww}.helpers")))
        queue.append(tuple(q))
        tr = []
        for i, e in enumerate(field(d, "trophies", list, w, default=[])):
            ww = f"{w}.trophies[{i}]"
            check_unknown(e if isinstance(e, dict) else {}, ("card", "source"), ww)
            m = _cards([field(e, "card", str, ww)], f"{ww}.card", C.MANSION_IDS, C.MANSION_INDEX)[0]
            if not C.INFECTED[m]:
                raise PositionError("only a defeated infected is a trophy", field=f"{ww}.card", rule=R_ASSIST_REWARD)
            tr.append((m, _word(field(e, "source", str, ww), SOURCE_WORDS, f"{ww}.source")))
        troph.append(tuple(tr))
    s.hands, s.decks, s.discards, s.plays = tuple(hands), tuple(decks), tuple(discs), tuple(plays)
    s.health, s.dmg, s.skill, s.plans = tuple(health), tuple(dmg), tuple(skill), tuple(plans)
    s.takes, s.down, s.cur, s.queue, s.trophies = tuple(takes), tuple(down), tuple(cur), tuple(queue), tuple(troph)
    s.fchoice, s.asked, s.bought, s.trashed = tuple(fchoice), asked, tuple(bought), tuple(trashed)
    for p in range(n):
        w = f"players[{p}]"
        if queue[p] and not asked >> p & 1:
            raise PositionError("a player waiting for assistance has asked for it: set asked_assistance = true",
                                field=f"{w}.asked_assistance", rule=R_WAIT)
        if asked >> p & 1 and (s.stage not in (ST_COMBAT, ST_END) or plans[p] != EXPLORE or not s.plans_shown):
            raise PositionError("only an explorer asks for assistance, in the Combat phase (cleared at Regroup)",
                                field=f"{w}.asked_assistance", rule=R_HELP)
        if takes[p] < 0 and down[p]:
            raise PositionError("face-down mansion cards need mansion_cards_taken", field=f"{w}.face_down",
                                rule=R_DEALT)
        owed = sum(k for q, k in s.deals if q == p)
        if takes[p] >= 0 and len(down[p]) + owed > takes[p]:
            raise PositionError(f"{len(down[p])} face-down mansion cards and {owed} still to deal, but "
                                f"mansion_cards_taken = {takes[p]}: \"each player is dealt facedown mansion cards "
                                "equal to the number they picked\"", field=f"{w}.face_down", rule=R_DEALT)
    for p in s.order:
        if plans[p] != EXPLORE or not s.plans_shown:
            raise PositionError(f"seat {p} is in the choosing order but did not (openly) choose Explore the Hotel",
                                field="choosing_order", rule=R_CHOOSE_COUNT)
    if s.stage == ST_COUNT:  # "starting with the player doing the most damage" (ties: seat order, HZ-06)
        rule_order = tuple(sorted((p for p in range(n) if plans[p] == EXPLORE), key=lambda p: (-dmg[p], p)))
        if "choosing_order" in t and s.order != rule_order:
            raise PositionError(f"must be the explorers from the most damage down, {list(rule_order)}, "
                                f"got {list(s.order)}", field="choosing_order", rule=R_CHOOSE_COUNT)
        s.order = rule_order
    # combat queue
    cb = field(t, "combat", dict, default={})
    check_unknown(cb, ("step", "fight_queue", "kill_steal", "passed_kill_steal", "passed_assist"), "combat")
    s.cstep = _word(field(cb, "step", str, "combat", default="reveal"), COMBAT_STEPS, "combat.step")
    s.fightq = _seats(field(cb, "fight_queue", list, "combat", default=[]), n, "combat.fight_queue")
    for p in s.fightq:
        if cur[p] < 0:
            raise PositionError(f"seat {p} must decide on a revealed infected: give its players[{p}].fighting",
                                field="combat.fight_queue")
    for p in range(n):
        if cur[p] >= 0 and p not in s.fightq:
            raise PositionError(f"seat {p} is fighting an infected but is not in combat.fight_queue",
                                field=f"players[{p}].fighting")
        if fchoice[p] >= 0 and p not in s.fightq:
            raise PositionError(f"seat {p} chose {FIGHT_WORDS[fchoice[p]]!r} but is not in combat.fight_queue",
                                field=f"players[{p}].fight_choice", rule=R_FAIL)
    ks = []
    for i, e in enumerate(field(cb, "kill_steal", list, "combat", default=[])):
        ww = f"combat.kill_steal[{i}]"
        check_unknown(e if isinstance(e, dict) else {}, ("seat", "card"), ww)
        m = _cards([field(e, "card", str, ww)], f"{ww}.card", C.MANSION_IDS, C.MANSION_INDEX)[0]
        ks.append((_seat(field(e, "seat", int, ww), n, f"{ww}.seat"), m))
    s.stealq = tuple(ks)
    s.spassed = _seats(field(cb, "passed_kill_steal", list, "combat", default=[]), n, "combat.passed_kill_steal",
                       R_KILL_STEAL)
    s.apassed = sum(1 << q for q in _seats(field(cb, "passed_assist", list, "combat", default=[]), n,
                                         "combat.passed_assist"))
    # the turn
    s._clear_turn()
    tt = field(t, "turn", dict, default=None)
    if s.stage == ST_TURN and tt is None:
        raise PositionError("the stage is 'turns': say whose turn it is", field="turn")
    if tt is not None:
        if s.stage != ST_TURN:
            raise PositionError("a turn is played only in the 'turns' stage", field="turn")
        check_unknown(tt, ("seat", "actions", "buys", "gold", "ammo", "step", "trash", "damage_bonus",
                           "weapons_declared"), "turn")
        s.tp = _seat(field(tt, "seat", int, "turn"), n, "turn.seat")
        s.t_acts = check_range(field(tt, "actions", int, "turn"), 0, 100, "turn.actions")
        s.t_buys = check_range(field(tt, "buys", int, "turn"), 0, 100, "turn.buys")
        s.t_gold = check_range(field(tt, "gold", int, "turn"), 0, 10_000, "turn.gold")
        s.t_ammo = check_range(field(tt, "ammo", int, "turn"), 0, 10_000, "turn.ammo")
        s.t_step = _word(field(tt, "step", str, "turn", default="actions"), STEP_WORDS, "turn.step")
        s.t_trash = check_range(field(tt, "trash", int, "turn", default=0), 0, C.INVENTORY_TRASH, "turn.trash")
        s.t_bonus = check_range(field(tt, "damage_bonus", int, "turn", default=0), 0, 10_000, "turn.damage_bonus")
        s.t_decl = check_range(field(tt, "weapons_declared", int, "turn", default=0), 0, 100, "turn.weapons_declared")
        if not s.plans_shown:
            raise PositionError("turns are played after the Game Plans are revealed", field="plans_revealed",
                                rule=R_PLAN)
        _check_turn(s, plans, plays, bought, trashed)
    _check_counts(s, n, plans, hands, bought, trashed)
    # history
    ex = []
    for i, e in enumerate(field(t, "explored", list, default=[])):
        ww = f"explored[{i}]"
        check_unknown(e if isinstance(e, dict) else {}, ("room", "seat", "card", "outcome", "by"), ww)
        room = check_range(field(e, "room", int, ww), 1, s.counter, f"{ww}.room")
        m = _cards([field(e, "card", str, ww)], f"{ww}.card", C.MANSION_IDS, C.MANSION_INDEX)[0]
        ex.append((room, _seat(field(e, "seat", int, ww), n, f"{ww}.seat"), m,
                   OUTCOMES[_word(field(e, "outcome", str, ww), OUTCOMES, f"{ww}.outcome")],
                   _seats(field(e, "by", list, ww, default=[]), n, f"{ww}.by")))
    s.explored = tuple(ex)
    # every card in exactly one place
    places = {"supply": [c for c in range(C.NUM_CARDS) for _ in range(s.supply[c])], "trash": list(s.trash)}
    for p in range(n):
        for key, pile in (("hand", hands[p]), ("deck", decks[p]), ("discard", discs[p]), ("play_area", plays[p]),
                          ("trashed", trashed[p])):
            places[f"players[{p}].{key}"] = list(pile)
    want = Counter({c.index: c.supply + n * c.start for c in C.CARDS})
    _partition({k: [C.CARD_IDS[c] for c in v] for k, v in places.items()},
               Counter({C.CARD_IDS[c]: k for c, k in want.items()}), "player card")
    mplaces = {"mansion.deck": list(s.mdeck), "mansion.discard": list(s.mdisc),
               "combat.kill_steal": [m for _, m in s.stealq]}
    for p in range(n):
        mplaces[f"players[{p}].face_down"] = list(down[p])
        mplaces[f"players[{p}].fighting"] = [cur[p]] if cur[p] >= 0 else []
        mplaces[f"players[{p}].waiting"] = [m for m, _, _ in queue[p]]
        mplaces[f"players[{p}].trophies"] = [m for m, _ in troph[p]]
    _partition({k: [C.MANSION_IDS[m] for m in v] for k, v in mplaces.items()},
               Counter(C.MANSION_IDS[m] for m in C.MANSION_DECK), "mansion card")
    if s.stage == ST_SETUP and s.mdeck and s.counter != 1:
        raise PositionError("setup is at Hotel counter 1", field="hotel_counter", rule=R_SETUP_COUNTER)
    if s.fallen and s.stage != ST_END:
        raise PositionError("a player has fallen: the game is over (stage 'end')", field="stage", rule=R_REPEAT)
    # whose decision is next: what the rules reach from the rest
    s._pending_events = None
    s._settle()
    nx_ = field(t, "next", dict, default=None)
    if nx_ is not None:
        check_unknown(nx_, ("kind", "seat", "pile"), "next")
        _word(field(nx_, "kind", str, "next"), NODE_KINDS, "next.kind")
        got = _node_table(s)
        if nx_ != got:
            raise PositionError(f"the rules reach {got} from this position, not {nx_}", field="next")
    return s


def _check_turn(s, plans, plays, bought, trashed) -> None:
    """The counts of the turn being played (ruling HZ-02: 1 action and 1 buy, plus what the
    action cards played give; Inventory Management: 1 free Trash)."""
    p = s.tp
    acts = [c for c in plays[p] if C.KIND[c] == C.ACTION]
    want = C.START_ACTIONS + sum(C.PLUS_ACTIONS[c] - 1 for c in acts)
    if s.t_acts != want:
        raise PositionError(f"a turn has {C.START_ACTIONS} action and each action card played uses 1 and gives its "
                            f"+actions: with {len(acts)} played, {want} left, got {s.t_acts}", field="turn.actions",
                            rule=R_NORMAL_TURN)
    want = C.START_BUYS + sum(C.PLUS_BUYS[c] for c in acts) - len(bought[p])
    if s.t_buys != want:
        raise PositionError(f"a turn has {C.START_BUYS} buy plus the +buys of the action cards played, less the "
                            f"{len(bought[p])} card(s) bought: {want} left, got {s.t_buys}", field="turn.buys",
                            rule=R_NORMAL_TURN)
    _check_trashed(p, plans, trashed)
    want = C.INVENTORY_TRASH - len(trashed[p]) if plans[p] == INVENTORY else 0
    if s.t_trash != want:
        raise PositionError(f"Inventory Management gives 1 free option Trash a round: {want} left, got {s.t_trash}",
                            field="turn.trash", rule=R_INVENTORY)
    weapons = sum(1 for c in plays[p] if C.KIND[c] == C.WEAPON)
    if s.t_decl != weapons:
        raise PositionError(f"{weapons} weapon(s) in the play area, got weapons_declared = {s.t_decl}",
                            field="turn.weapons_declared", rule=R_NORMAL_TURN)


def _check_trashed(p, plans, trashed) -> None:
    if trashed[p] and (plans[p] != INVENTORY or len(trashed[p]) > C.INVENTORY_TRASH):
        raise PositionError(f"only Inventory Management trashes, {C.INVENTORY_TRASH} card a round (\"1 free option "
                            f"Trash\"), got {len(trashed[p])}", field=f"players[{p}].trashed", rule=R_INVENTORY)


def _check_counts(s, n, plans, hands, bought, trashed) -> None:
    """The counted components a position could exceed beyond the partition of the cards: a
    hand of 5 before its turn, the purchases of a secret turn within their piles, 1 free
    Trash a round, the trash (at most 1 card a seat a round)."""
    for p in range(n):
        w = f"players[{p}]"
        before_turn = (s.stage in (ST_SETUP, ST_PLAN, ST_REGROUP)) or (s.stage == ST_TURN and p > s.tp)
        owed = sum(k for q, k in s.draws if q == p)
        if before_turn and len(hands[p]) + owed > C.HAND_SIZE:
            raise PositionError(f"{len(hands[p])} cards in hand and {owed} to draw before the turn: a hand is "
                                f"{C.HAND_SIZE} cards (\"a 5 card Hand\")", field=f"{w}.hand", rule=R_SETUP_HAND)
        started = s.stage == ST_TURN and p <= s.tp
        if (bought[p] or trashed[p]) and not started:
            key = "bought" if bought[p] else "trashed"
            raise PositionError("only a turn played in secret holds bought or trashed cards: they join the supply's "
                                "buyers and the trash when the turns are revealed (ruling HZ-03)",
                                field=f"{w}.{key}", rule=R_SAME_TIME)
        for c in sorted(set(bought[p])):
            k = bought[p].count(c)
            if k > s.supply[c]:
                raise PositionError(f"{k} {C.CARD_IDS[c]} bought, but its supply pile holds {s.supply[c]}",
                                    field=f"{w}.bought", rule=R_BUY)
        _check_trashed(p, plans, trashed)
    if len(s.trash) > n * s.counter:
        raise PositionError(f"{len(s.trash)} cards in the trash after {s.counter} round(s) of {n} players: at most 1 "
                            "a player a round (\"1 free option Trash\")", field="trash", rule=R_INVENTORY)


def _partition(places, expected, what):
    check_partition(places, expected, what, rule=R_BASE_GAME)
