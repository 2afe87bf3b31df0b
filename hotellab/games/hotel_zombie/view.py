"""Hotel Zombie view models and the explored-hotel graph (pure functions of a state).

The view model's shape is documented in ``docs/dev/view_model.md`` (section Hotel Zombie).
Hidden things are ``None`` or left out: another seat's hand (its size shows), another seat's
Game Plan until every plan is revealed, the order of every deck, and the face-down mansion
cards (their number shows), which no seat sees before they are revealed (the omniscient view,
``perspective=None``, names them for a teacher). While the Game Plan turns are played (stage
"turns"), another seat's turn is secret until every turn is done (ruling HZ-03): its hand
size, deck size, discard pile, play area, damage, purchases and trashed card are ``None``,
the turn being played shows only whose it is, and the supply piles are shown less the
seat's own purchases only. Another seat's choice to take the hit or wait is ``None`` until
every such choice is made (ruling HZ-09).

This module reads the state's fields and imports rules and components, never ``state``.
"""

from __future__ import annotations

# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from .rules import (
    N_ASSIST, N_COUNT, N_END, N_FIGHT, N_KILL_STEAL, N_PLAN, N_TURN, R_ASSIST_REWARD, R_DEFEAT,
    R_GROUP_CHECK, R_KILL_STEAL,
)

STAGES = ("setup", "game plan", "turns", "mansion cards", "combat", "regroup", "end")
PLAN_WORDS = ("explore", "inventory")
SOURCE_WORDS = ("own", "assisted", "kill_steal")
STEP_WORDS = ("actions", "buys", "weapons")
_SUPPLY_STATIC = tuple(
    {"id": c.id, "name": c.name, "kind": C.KINDS[c.kind], "cost": c.cost, "text": c.text} for c in C.CARDS)
_NAMES = {**{c.id: c.name for c in C.CARDS}, **{m.id: m.name for m in C.MANSION}}
_MANSION_STATIC = tuple(
    {"id": m.id, "name": m.name, "infected": m.infected, "health": m.health, "damage": m.damage,
     "decorations": m.decorations, "heal": m.heal, "bonus": m.bonus} for m in C.MANSION)


def _ids(cards) -> list[str]:
    return [C.CARD_IDS[c] for c in cards]


def _mid(m: int) -> str:
    return C.MANSION_IDS[m]


FIGHT_WORDS = ("hit", "wait")


def build_view(state, perspective=None) -> dict:
    """The JSON-able view model of ``state`` seen by ``perspective`` (None = omniscient)."""
    g = state.game
    n = g.num_players
    kind, who = state.node[0], state.node[1]
    counter = state.counter
    this_round: list[list] = [[] for _ in range(n)]
    for room, p, m, outcome, by in state.explored:
        if room == counter and state.stage != 0:
            this_round[p].append({"id": _mid(m), "outcome": outcome, "by": list(by)})
    secret_turns = state.hidden_turns()
    seats = [_seat_view(state, p, perspective, this_round[p], secret_turns) for p in range(n)]
    if perspective is None:
        supply = [max(0, k - sum(b.count(c) for b in state.bought)) for c, k in enumerate(state.supply)]
    else:
        supply = list(state.supply_seen(perspective))
    breakdown = [{"player": it.player, "category": it.category, "points": it.points, "rule": it.rule.section}
                 for it in state.score_breakdown()]
    return {
        "game": g.id,
        "title": g.title,
        "perspective": perspective,
        "status": state.status_text(),
        "phase": STAGES[state.stage],
        "node": kind,
        "counter": counter,
        "last_counter": C.LAST_COUNTER,
        "options": dict(g.options),
        "current_player": state.current_player,
        "seats": seats,
        "turn": _turn_view(state, kind, perspective),
        "order": list(state.order),
        "supply": [{**_SUPPLY_STATIC[c], "count": supply[c]} for c in range(C.NUM_CARDS)],
        "mansion": {"deck_size": len(state.mdeck), "discard": [_mid(m) for m in sorted(state.mdisc)],
                    "available": state.mansion_available()},
        "mansion_cards": [dict(x) for x in _MANSION_STATIC],
        "names": dict(_NAMES),
        "trash": _ids(state.trash),
        "kill_steal": [{"seat": v, "id": _mid(m), "health": C.HEALTH[m]} for v, m in state.stealq],
        "explored": [{"room": room, "seat": p, "id": _mid(m), "outcome": o, "by": list(by)}
                     for room, p, m, o, by in state.explored],
        "breakdown": breakdown,
        "rules": {"own": R_DEFEAT.section, "assisted": R_ASSIST_REWARD.section, "kill_steal": R_KILL_STEAL.section,
                  "group_check": R_GROUP_CHECK.section},
        "pending": _pending(state, kind, who),
        "winners": state.winners() if kind == N_END else None,
        "group_loses": bool(state.fallen),
    }


def _seat_view(state, p: int, perspective, revealed: list, secret_turns: bool) -> dict:
    """Seat ``p`` as ``perspective`` sees it: its hand only to itself, another seat's Game Plan
    once the plans are revealed, its turn only when the turns are not secret (ruling HZ-03), its
    choice to take the hit or wait only to itself (HZ-09)."""
    g = state.game
    show = perspective is None or perspective == p
    open_turn = show or not secret_turns  # ruling HZ-03: another seat's turn is secret
    plan = state.plans[p]
    plan_seen = plan >= 0 and (state.plans_shown or show)
    cur = state.cur[p]
    trophies = [{"id": _mid(m), "decorations": C.DECORATIONS[m], "source": SOURCE_WORDS[src]}
                for m, src in state.trophies[p]]
    decorations = sum(t["decorations"] for t in trophies)
    return {
        "seat": p, "name": g.seat_label(p), "colour": g.colour(p), "color": g.colour(p),
        "plan": PLAN_WORDS[plan] if plan_seen else None, "plan_chosen": plan >= 0,
        "health": state.health[p], "max_health": C.HEALTH_START, "fallen": p in state.fallen,
        "damage": state.dmg[p] if open_turn else None, "decorations": decorations,
        "skill": state.skill[p], "score": decorations,
        "hand": _ids(state.hands[p]) if show else None,
        "hand_size": len(state.hands[p]) if open_turn else None,
        "deck_size": len(state.decks[p]) if open_turn else None,
        "discard": _ids(sorted(state.discards[p])) if open_turn else None,
        "play_area": _ids(state.plays[p]) if open_turn else None, "trophies": trophies,
        "bought": _ids(state.bought[p]) if open_turn else None,
        "trashed": _ids(state.trashed[p]) if open_turn else None,
        "takes": state.takes[p] if state.takes[p] >= 0 else None,
        "face_down": len(state.down[p]),
        # the omniscient view (a teacher's) names them, in reveal order; no seat sees them
        "face_down_cards": [_mid(m) for m in state.down[p]] if perspective is None else None,
        "revealed": revealed,
        "fighting": ({"id": _mid(cur), "health": C.HEALTH[cur], "damage": C.HIT[cur]} if cur >= 0 else None),
        "fight_chosen": state.fchoice[p] >= 0,
        "fight_choice": FIGHT_WORDS[state.fchoice[p]] if show and state.fchoice[p] >= 0 else None,
        "asked_assistance": state.asked_assistance(p),
        "waiting": [{"id": _mid(m), "health": C.HEALTH[m], "left": left, "helpers": list(h)}
                    for m, left, h in state.queue[p]],
        "group_damage": state.group_damage(p),
    }


def _turn_view(state, kind, perspective) -> dict | None:
    """The turn being played: its counts to its own seat (and the omniscient view), only whose
    it is to the others (ruling HZ-03)."""
    if kind != N_TURN:
        return None
    if perspective is None or perspective == state.tp:
        return {"seat": state.tp, "actions": state.t_acts, "buys": state.t_buys, "gold": state.t_gold,
                "ammo": state.t_ammo, "step": STEP_WORDS[state.t_step], "trash": state.t_trash}
    return {"seat": state.tp, "actions": None, "buys": None, "gold": None, "ammo": None, "step": None,
            "trash": None}


def _pending(state, kind, p):
    name = state.game.seat_label(p) if isinstance(p, int) and p >= 0 else ""
    if kind == N_PLAN:
        return {"player": p, "prompt": f"{name}: Explore the Hotel or Inventory Management (secret)"}
    if kind == N_TURN:
        return {"player": p, "prompt": f"{name}: play actions, buy resources"
                + (", declare weapons" if state.plans[p] == 0 else ", 1 free Trash") + ", then done"}
    if kind == N_COUNT:
        return {"player": p, "prompt": f"{name} ({state.dmg[p]} damage): how many mansion cards (at most 4)?"}
    if kind == N_FIGHT:
        m = state.cur[p]
        return {"player": p, "prompt": f"{name} ({state.dmg[p]} damage) cannot defeat the {C.mansion_name(m)} "
                f"({C.HEALTH[m]} health): take the hit ({C.HIT[m]} damage) or wait for assistance"}
    if kind == N_KILL_STEAL:
        v, m = state.stealq[0]
        return {"player": p, "prompt": f"{name} ({state.dmg[p]} damage): Kill Steal "
                f"{state.game.seat_label(v)}'s {C.mansion_name(m)} ({C.HEALTH[m]} health)?"}
    if kind == N_ASSIST:
        return {"player": p, "prompt": f"{name} ({state.dmg[p]} damage): assist a waiting player, or pass"}
    return None


def adjacency_graph(state):
    """networkx.Graph of the hotel as explored (the game has no room grid; this is the
    documented choice, see ``docs/games/hotel_zombie.md``).

    - ``room:<k>`` (kind "room"): the Hotel counter's rooms 1..20 in a path (edges kind
      "corridor" from room k to room k+1); attributes ``counter`` (= k), ``floor`` 1, ``col`` k,
      ``explored`` (True once the round has been played or is being played).
    - ``card:<k>:<i>`` (kind "infected" or "item"): the i-th mansion card revealed in room k,
      with ``card`` (id), ``name``, ``outcome`` (defeated, hit, stolen, assisted, unassisted,
      item), ``seat``, ``floor`` i + 2, ``col`` k; edge kind "found_in" to its room.
    - ``seat:<p>`` (kind "player"): each player, ``name``; edges from the player to a card:
      kind "defeated" / "hit" / "waited" / "item" for the seat that revealed it, "stole" for a
      Kill Steal and "assisted" for each helper.
    """
    import networkx as nx

    G = nx.Graph()
    g = state.game
    for p in range(g.num_players):
        G.add_node(f"seat:{p}", kind="player", seat=p, name=g.seat_label(p), label=g.seat_label(p))
    for k in range(1, C.LAST_COUNTER + 1):
        G.add_node(f"room:{k}", kind="room", counter=k, floor=1, col=k, label=str(k),
                   explored=k < state.counter or (k == state.counter and state.stage != 0))
        if k > 1:
            G.add_edge(f"room:{k - 1}", f"room:{k}", kind="corridor")
    count: dict = {}
    for room, p, m, outcome, by in state.explored:
        i = count.get(room, 0)
        count[room] = i + 1
        node = f"card:{room}:{i}"
        infected = C.INFECTED[m]
        G.add_node(node, kind="infected" if infected else "item", card=C.MANSION_IDS[m], name=C.mansion_name(m),
                   label=C.mansion_name(m), outcome=outcome, seat=p, floor=i + 2, col=room,
                   health=C.HEALTH[m], decorations=C.DECORATIONS[m])
        G.add_edge(node, f"room:{room}", kind="found_in")
        rel = {"defeated": "defeated", "hit": "hit", "stolen": "hit", "assisted": "waited",
               "unassisted": "waited", "item": "item"}[outcome]
        G.add_edge(f"seat:{p}", node, kind=rel)
        for q in by:
            G.add_edge(f"seat:{q}", node, kind="stole" if outcome == "stolen" else "assisted")
    return G
