"""Node positions for drawing a game's adjacency graph (plain Python, no plotting).

:func:`board_layout` places nodes the way the board looks: rooms by ``floor``/``col``
(floor 2 above floor 1), beds inside their room by ``row``/``col`` and the Lobby at column 0
of floor 1. Nodes without a place on the board are spread on a ring to the right.
"""

from __future__ import annotations

import math

ROOM_W = 1.0
"""Width of a room cell in layout units (rooms are ``ROOM_W`` apart, floors ``ROOM_H``)."""
ROOM_H = 0.8
BED_SPAN = 0.62
"""Part of a room cell that its beds spread over (the rest is the gap between rooms)."""


def _num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


ROOM_LABEL_DX, ROOM_LABEL_DY = -0.36, 0.3
"""A room's node sits at the top left of its cell, so that edges between rooms (drawn
from node to node) run along the cells' left and top sides instead of across the beds."""


def room_center(floor, col) -> tuple[float, float]:
    """Centre of the room cell at (floor, col): x grows with ``col``, y with ``floor``."""
    return col * ROOM_W, (floor - 1) * ROOM_H


def room_cell(floor, col, margin: float = 0.05) -> tuple[float, float, float, float]:
    """The rectangle ``(x0, y0, x1, y1)`` of the room cell at (floor, col)."""
    cx, cy = room_center(floor, col)
    hw, hh = ROOM_W / 2 - margin, ROOM_H / 2 - margin
    return cx - hw, cy - hh, cx + hw, cy + hh


def board_layout(G) -> dict:
    """Positions ``{node: (x, y)}`` for every node of ``G`` (a networkx Graph).

    Uses node attributes: ``kind`` ("room", "bed", "lobby", "floor"), rooms' and floors'
    ``floor`` and ``col`` (a "floor" node, a storey of a Perfect Hotel hotel, sits at the
    centre of its cell, as does any other node with a ``floor`` and a ``col``, e.g. Hellton
    Palace's pillar groups and Halls),
    beds' ``room`` (the room's ``number``), ``row`` and ``col``. Bed rows go downwards
    (row 0 on top), as on the board; a room's own node sits at the top left of its cell.
    Units: rooms
    ``ROOM_W`` apart, floors ``ROOM_H``.
    Never raises for missing attributes: such nodes go on a ring right of the board.
    """
    pos: dict = {}
    nodes = dict(G.nodes(data=True))
    rooms_by_number = {}
    for n, d in nodes.items():
        kind = d.get("kind")
        floor, col = _num(d.get("floor")), _num(d.get("col"))
        if kind != "bed" and floor is not None and col is not None:
            cx, cy = room_center(floor, col)
            pos[n] = (cx + ROOM_LABEL_DX, cy + ROOM_LABEL_DY) if kind == "room" else (cx, cy)
            if kind == "room" and d.get("number") is not None:
                rooms_by_number[d["number"]] = n
        elif kind == "lobby":
            pos[n] = room_center(1, 0)
    # beds: spread inside their room by (row, col)
    beds_of: dict = {}
    for n, d in nodes.items():
        if d.get("kind") != "bed":
            continue
        room = rooms_by_number.get(d.get("room"))
        if room is None:  # fall back to the room the bed is joined to
            room = next((m for m in G.neighbors(n) if nodes[m].get("kind") == "room"), None)
        if room is not None and room in pos:
            beds_of.setdefault(room, []).append(n)
    for room, beds in beds_of.items():
        rows = max((_num(nodes[b].get("row")) or 0) for b in beds) + 1
        cols = max((_num(nodes[b].get("col")) or 0) for b in beds) + 1
        cx, cy = pos[room]
        cx, cy = cx - ROOM_LABEL_DX, cy - ROOM_LABEL_DY
        dx = ROOM_W * BED_SPAN / max(cols, 1)
        dy = ROOM_H * BED_SPAN / max(rows, 1)
        for b in beds:
            r = _num(nodes[b].get("row")) or 0
            c = _num(nodes[b].get("col")) or 0
            pos[b] = (cx + (c - (cols - 1) / 2) * dx, cy - 0.06 - (r - (rows - 1) / 2) * dy)
    rest = [n for n in nodes if n not in pos]
    if rest:
        xs = [p[0] for p in pos.values()] or [0.0]
        cx = max(xs) + 1.5 * ROOM_W
        radius = 0.25 + 0.05 * len(rest)
        for i, n in enumerate(rest):
            a = 2 * math.pi * i / len(rest)
            pos[n] = (cx + radius * math.cos(a), radius * math.sin(a))
    return pos
