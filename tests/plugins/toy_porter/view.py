"""Night Porter's view model and graph: pure functions of a state."""

from __future__ import annotations

import networkx as nx


def build_view(state, perspective) -> dict:
    return {
        "game": state.game.id, "perspective": perspective, "status": state._status_text(),
        "keys": state.keys, "deck_size": len(state.deck),
        "seats": [{"seat": s, "name": state.game.seat_label(s), "score": v,
                   "tip": (state.tips[s] or None) if state.tip_visible(s, perspective) else None}
                  for s, v in enumerate(state._scores())],
    }


def adjacency_graph(state) -> nx.Graph:
    """The porters in seat order: a cycle of 'next' edges (the toy has no rooms)."""
    g = nx.Graph()
    n = state.game.num_players
    for s in range(n):
        g.add_node(s, kind="seat", name=state.game.seat_label(s))
    for s in range(n):
        g.add_edge(s, (s + 1) % n, kind="next")
    return g
