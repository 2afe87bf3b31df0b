"""Hellton Palace view models and the hotels' adjacency graph (pure functions of a state).

Imports components and rules, never the state module (the game composes them, ``game.py``).

Nothing in Hellton Palace is hidden (the display is face up, both sides of a double-sided card
may be looked at, coins and tiles are on the table), so every perspective sees the same view;
only ``perspective`` differs. The shape is documented in ``docs/dev/view_model.md``.
"""

from __future__ import annotations

from .components import (
    COL, COLOUR_HEX, COMPLETE, FLOOR, GEO, GROOMS, GUESTS, MAX_BELLS, PILLARS, ROW_NAMES, WHERE_GLYPH,
)
from .rules import N_DISPLAY, N_END, N_PILLAR, N_SERVE, N_SWAP, N_TARGET, effect_rule

_ICON = {"irritate": "token", "irritate_satisfied": "token_if_satisfied", "tantrum": "tantrum",
         "pillar": "pillar", "doorbell": "doorbell", "flip": "flip"}


def _effect_view(e) -> dict:
    if e.special:
        icon = ("pillar" if e.what.startswith("pillar") else "doorbell" if e.what.startswith("doorbell")
                else "copy" if e.what == "copy_twin" else "token")
    else:
        icon = _ICON[e.what]
    return {"code": e.code, "what": e.what, "where": e.where, "special": e.special, "icon": icon,
            "glyph": WHERE_GLYPH.get(e.where, ""), "text": e.text, "rule": effect_rule(e).section}


def _card_view(card: int, side: int | None = None) -> dict:
    g = GUESTS[card]
    sides = [{"name": s.name, "rent": s.rent, "hanger": [_effect_view(e) for e in s.hanger]} for s in g.sides]
    out = {"card": card, "intro": g.intro, "double": g.double, "sides": sides}
    if side is not None:
        out["side"] = "ab"[side]
        out.update(name=sides[side]["name"], rent=sides[side]["rent"], hanger=sides[side]["hanger"])
    else:
        out.update(name=sides[0]["name"], rent=sides[0]["rent"], hanger=sides[0]["hanger"])
    return out


_PHASE_WORD = {"Setup": "setup", "1. Welcome a New Guest": "welcome", "3. Hire Your Grooms": "hire",
               "4. Do the Tour of the Rooms": "tour", "5. Collect Rents or Recover a Doorbell": "collect",
               "End of the Game": "end"}
"""phase name (rules.PHASES) -> the view's short ``phase`` word (docs/dev/view_model.md)."""


def build_view(state, perspective=None) -> dict:
    """The JSON-able view model of ``state`` (the same for every perspective)."""
    g = state.game
    kind = state.node[0]
    seats = []
    for s in (0, 1):
        rooms = []
        gs, t = state.guests[s], state.tokens[s]
        for n in range(1, 10):
            v = gs[n]
            rooms.append({
                "number": n, "floor": FLOOR[n], "col": COL[n],
                "guest": _card_view(v >> 1, v & 1) if v else None,
                "irritated": bool(t >> n & 1),
            })
        at_room = state.cursor if s == state.active and kind in (N_SERVE, N_TARGET, N_PILLAR) else None
        if s == state.active and kind in (N_TARGET, N_PILLAR) and state.serving:
            at_room = state.serving
        stopped = kind == N_END or (state.last_turn and s == 0)
        if stopped and state.reached[s] not in (0, COMPLETE):
            at_room = state.reached[s]
        colour = g.colour(s)
        seats.append({
            "seat": s, "name": g.seat_label(s), "colour": colour, "color": COLOUR_HEX[colour],
            "first_player": s == 0, "active": s == state.active and kind != N_DISPLAY,
            "coins": state.coins[s],
            "doorbells": state.doorbells[s], "doorbells_out": MAX_BELLS - state.doorbells[s],
            "pillars": list(state.pillars[s]), "pillars_per_group": PILLARS,
            "irritated": state.irritated_count(s),
            "rents": state.rents(s),
            "score": state.reached[s],
            "groom": at_room if at_room else "hall",
            "grooms": [
                {"id": gr.id, "name": gr.name, "cost": gr.cost, "effect": gr.effect,
                 "hired": bool(state.hired[s] >> i & 1),
                 "row": state.fr_row[s] if gr.id == "false_reservation" and state.fr_row[s] else None}
                for i, gr in enumerate(GROOMS)
            ],
            "rooms": rooms,
        })
    display = []
    for i, cards in enumerate(state.display):
        row = i + 1
        display.append({
            "row": row, "floor": row, "label": f"{ROW_NAMES[row]} row (floor {row})",
            "cards": [_card_view(c) if c else None for c in cards],
            "false_reservation": [s for s in (0, 1) if state.fr_row[s] == row],
        })
    pending = None
    if kind not in (N_DISPLAY, N_END):
        p = state.node[1]
        # the False Placer's swap is in the deciding player's own hotel; every other choice
        # concerns the hotel of the player whose turn it is
        pending = {"player": p, "prompt": state.prompt(), "opponent_choice": p != state.active,
                   "hotel": p if kind == N_SWAP else state.active}
    phase = _PHASE_WORD[state.phase.name]
    return {
        "game": g.id,
        "title": g.title,
        "perspective": perspective,
        "status": state.status_text(),
        "phase": phase,
        "turn": state.round,
        "active": state.active,
        "last_turn": state.last_turn,
        "current_player": state.current_player,
        "first_player": 0,
        "seats": seats,
        "display": display,
        "cards_left": sum(1 for cards in state.display for c in cards if c),
        "pending": pending,
        "winners": list(state.result) if kind == N_END else None,
        "end": state.end_text or None,
    }


def adjacency_graph(state):
    """networkx.Graph of both hotels.

    Nodes (attribute ``kind``): ``"h<seat>:room:<n>"`` (kind "room"; hotel, number, floor,
    column, label, guest (name or None), irritated), ``"h<seat>:pillars:<c>"`` (kind
    "pillars"; hotel, column, pillars) and ``"h<seat>:hall"`` (kind "hall"; hotel, doorbells).
    ``col`` is the column on the drawing: Red's hotel columns 1-3, Blue's 5-7 (``column`` is the
    column inside the hotel); the Hall stands on floor 0, the pillar groups on floor -1.
    Edges (attribute ``kind``): "row" (rooms side by side on a floor: adjacent in the row),
    "column" (a room and the room just above it: adjacent in the column), "pillars" (every
    room to the pillar group of its column: "Remove a Pillar token from the column of this
    Guest") and "same_number" (room n of Red's hotel to room n of Blue's: the special effects
    about "the room with the same number in the opposing Hotel").
    """
    import networkx as nx

    G = nx.Graph()
    for s in (0, 1):
        name = state.game.seat_label(s)
        off = 4 * s
        for n in range(1, 10):
            side = state.side_of(s, n)
            G.add_node(f"h{s}:room:{n}", kind="room", hotel=s, number=n, floor=FLOOR[n], column=COL[n],
                       col=COL[n] + off, label=f"{name} {n}", guest=side.name if side else None,
                       irritated=state.irritated(s, n))
        for c in (1, 2, 3):
            G.add_node(f"h{s}:pillars:{c}", kind="pillars", hotel=s, column=c, col=c + off, floor=-1,
                       label=f"{name} pillars {c}", pillars=state.pillars[s][c - 1])
        G.add_node(f"h{s}:hall", kind="hall", hotel=s, col=2 + off, floor=0, label=f"{name} Hall",
                   doorbells=state.doorbells[s])
        for n in range(1, 10):
            for m in GEO["adjacent_row"][n]:
                if m > n:
                    G.add_edge(f"h{s}:room:{n}", f"h{s}:room:{m}", kind="row")
            for m in GEO["adjacent_col"][n]:
                if m > n:
                    G.add_edge(f"h{s}:room:{n}", f"h{s}:room:{m}", kind="column")
            G.add_edge(f"h{s}:room:{n}", f"h{s}:pillars:{COL[n]}", kind="pillars")
    for n in range(1, 10):
        G.add_edge(f"h0:room:{n}", f"h1:room:{n}", kind="same_number")
    return G
