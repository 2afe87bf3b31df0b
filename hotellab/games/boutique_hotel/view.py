"""Boutique Hotel Manager view models and the room graph (pure functions of a state).

The view model's shape is documented in ``docs/dev/view_model.md`` ("Boutique Hotel Manager").
Hidden things are ``None``: another seat's secret price dice while the week's prices are being
set (only how many it has set shows) and another seat's sealed marketing bid (only whether it
has bid shows). Everything else (money, stars, bookings, staff) lies open on the table.
"""

from __future__ import annotations

import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)
from ._common import BASE_KIND, node_seat
from .stays import demand
from .rules import (
    N_BID, N_BLOCK, N_BUDGET_ROLL, N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_END, N_EXPAND, N_HIRE,
    N_RANK_BID, N_RANK_ROLL, N_SET_PRICE,
)

GUESTS = C.GUESTS
_PROMPTS = {
    N_SET_PRICE: "set the next price die in secret (100-600)",
    N_CHANGE: "change one price die, or keep them all",
    N_BID: "bid money cards face down for marketing (0 = the blank card alone)",
    N_RANK_BID: "bid money cards face down for the walk-in ranking (all bids are lost)",
    N_BLOCK: "block rooms for the guests",
    N_HIRE: "hire staff for the whole week (300 each)",
    N_EXPAND: "buy a room (1000) or finish",
    N_CHECKIN_ROLL: "roll the check-in die",
    N_DRAW: "draw a guest card",
    N_BUDGET_ROLL: "roll the walk-in's budget",
    N_RANK_ROLL: "roll the die for the ranking",
}


def calendar(stays: tuple) -> tuple[list, list]:
    """(rows, connections) of a hotel's stay tokens. ``rows[r]`` is a 10-character string, one
    per day (Monday..Sunday, then 3 days past Sunday): ``.`` empty, ``s`` / ``c`` a green
    square / circle (check-in day / further night, room only), ``S`` / ``C`` brown (with
    breakfast). ``connections``: ``[room_a, room_b, day]`` (room numbers 1-8) where a
    connection token joins two rooms of a stay (door symbol)."""
    rows = [["."] * C.CALENDAR for _ in range(C.NUM_ROOMS)]
    conns = []
    for card, ci, rooms, *_ in stays:
        g = GUESTS[card]
        for r, n in zip(rooms, g.nights):
            for j in range(n):
                d = ci + j
                if 1 <= d <= C.CALENDAR:
                    ch = "s" if j == 0 else "c"
                    rows[r][d - 1] = ch.upper() if g.breakfast else ch
        for j, door in enumerate(g.doors):
            if door:
                for k in range(min(g.nights[j], g.nights[j + 1])):
                    d = ci + k
                    if 1 <= d <= C.CALENDAR:
                        conns.append([rooms[j] + 1, rooms[j + 1] + 1, d])
    return ["".join(r) for r in rows], conns


def _tokens(state) -> dict:
    """The stay and connection tokens on the boards and in the supply (Komponenty: 56 and 8
    per set; rulings BH-32 to BH-34); ``left`` is None with the option token_supply =
    "unlimited"."""
    used_st, used_conn = state.used
    have_st, have_conn = C.token_supply(state.game.num_players)
    unlimited = state.game.options.get("token_supply") == "unlimited"
    return {"stay": {"used": used_st, "supply": have_st, "left": None if unlimited else have_st - used_st},
            "connection": {"used": used_conn, "supply": have_conn,
                           "left": None if unlimited else have_conn - used_conn}}


def build_view(state, perspective=None) -> dict:
    """The JSON-able view model of ``state`` seen by ``perspective`` (None = omniscient)."""
    g = state.game
    n = g.num_players
    kind = BASE_KIND.get(state.node[0], state.node[0])  # a walk-in day's steps read as the reservation's
    seats = []
    breakdown = state.score_breakdown()
    for s in range(n):
        show = perspective is None or perspective == s
        rows, conns = calendar(state.stays[s])
        per_day = demand(state.stays[s])
        draft = state.draft[s]
        bid = state.bids[s]
        rooms = []
        for r in range(C.NUM_ROOMS):
            fl, pos = C.ROOM_POS[r]
            rooms.append({"number": r + 1, "floor": fl, "position": pos, "built": bool(state.built[s] >> r & 1),
                          "start": r in C.START_ROOMS, "days": rows[r]})
        rating = state.rating[s] if state.rating and state.rating[s] else None
        seats.append({
            "seat": s, "name": g.seat_label(s), "colour": C.SEAT_COLOURS[s], "color": g.colour(s),
            "money": state.money[s], "cards": C.money_cards(state.money[s]),
            "stars": state.stars[s], "lost": state.out[s],
            "prices": list(state.prices[s]),
            "secret_set": len(draft),
            "secret": list(draft) if show else None,
            "staff": list(state.staff[s]),
            "demand": {"rooms": list(per_day[0]), "checkins": list(per_day[1]), "breakfasts": list(per_day[2])},
            "rooms": rooms, "connections": conns,
            "bid_placed": bid >= 0,
            "bid": (bid if show else None) if bid >= 0 else None,
            "roll": state.rolls[s] or None,
            "rating": None if rating is None else {
                "demand": [rating[0], rating[3], rating[6]], "hired": [rating[1], rating[4], rating[7]],
                "lost": [rating[2], rating[5], rating[8]], "change": rating[9]},
            "stays": len(state.stays[s]),
            "breakdown": [{"category": it.category, "points": it.points, "rule": it.rule.section}
                          for it in breakdown if it.player == s],
        })
    guest = None
    if state.card >= 0:
        gc = GUESTS[state.card]
        guest = {"number": gc.number, "nights": list(gc.nights), "doors": list(gc.doors),
                 "breakfast": gc.breakfast, "text": gc.describe()}
    p = node_seat(state.node)
    pending = None
    if kind in _PROMPTS:
        pending = {"player": p if kind not in (N_CHECKIN_ROLL, N_DRAW, N_BUDGET_ROLL, N_RANK_ROLL) else -1,
                   "prompt": _PROMPTS[kind]}
        if kind == N_RANK_ROLL:
            pending["for"] = p
        if kind == N_SET_PRICE:
            pending["die"] = C.DICE[len(state.draft[p])]
    phase = state.phase
    return {
        "game": g.id,
        "title": g.title,
        "perspective": perspective,
        "status": state.status_text(),
        "phase": phase.name,
        "node": kind,
        "week": state.week,
        "weeks": C.WEEKS,
        "day": state.day,
        "round": state.round_label(),
        "days": list(C.DAYS),
        "options": dict(g.options),
        "current_player": state.current_player,
        "active_player": state.active_player() if kind in (N_CHANGE, N_CHECKIN_ROLL, N_DRAW, N_BID, N_BLOCK) and not state.day else None,
        "guest": guest,
        "check_in_day": state.die or None,
        "budget": state.budget or None,
        "quotes": [{"seat": h, "price": q} for h, q in state.quotes if h >= 0],
        "contenders": list(state.contenders),
        "booked_by": list(state.booked_by),
        "ranking": list(state.ranking),
        "ranking_ties": [list(seats) for seats, st in state.groups if st],
        "card_turn": state.turn,
        "cards_this_week": state.cards_this_week(),
        "deck_left": sum(state.deck),
        "tokens": _tokens(state),
        "walkins_per_day": state.walkins_per_day(),
        "lost_guests": state.lost,
        "seats": seats,
        "pending": pending,
        "winners": state.winners() if kind == N_END else None,
    }


def adjacency_graph(state):
    """networkx.Graph of every player's hotel rooms.

    Nodes ``"room:<seat>:<number>"`` (kind "room") for every room of the board, built or not,
    with ``seat``, ``number`` (1-8), ``floor``, ``col`` (position on the floor), ``built``,
    ``start`` (a "Start" room), ``label`` and ``booked`` (days 1-7 with a stay token).
    Edges: kind "adjacent" between rooms that are adjacent on the board (a stay whose card shows
    a door symbol may take them together; ``usable`` when both are built), and kind
    "connection" where a connection token joins two rooms of a stay this week (``days``: the
    days it covers; ``guest``: the card). The choice: the graph is the whole board, so a reader
    sees where an expansion would open a new door stay (docs/rulings/boutique_hotel.md, BH-01).
    """
    import networkx as nx

    G = nx.Graph()
    for s in range(state.game.num_players):
        built = state.built[s]
        occ = state.occ[s]
        for r in range(C.NUM_ROOMS):
            fl, pos = C.ROOM_POS[r]
            G.add_node(f"room:{s}:{r + 1}", kind="room", seat=s, number=r + 1, floor=fl, col=pos,
                       built=bool(built >> r & 1), start=r in C.START_ROOMS, label=f"{r + 1}",
                       booked=sum(1 for d in range(7) if occ[r] >> d & 1))
        for r in range(C.NUM_ROOMS):
            for q in range(r + 1, C.NUM_ROOMS):
                if C.ADJ[r] >> q & 1:
                    G.add_edge(f"room:{s}:{r + 1}", f"room:{s}:{q + 1}", kind="adjacent",
                               usable=bool(built >> r & 1 and built >> q & 1))
        for card, ci, rooms, *_ in state.stays[s]:
            g = GUESTS[card]
            for j, door in enumerate(g.doors):
                if door:
                    days = [ci + k for k in range(min(g.nights[j], g.nights[j + 1])) if 1 <= ci + k <= C.CALENDAR]
                    a, b = f"room:{s}:{rooms[j] + 1}", f"room:{s}:{rooms[j + 1] + 1}"
                    G.add_edge(a, b, kind="connection", days=days, guest=g.number, usable=True)
    return G
