"""Space: rooms on two floors (Let's Begin (Setup) 1), orthogonal room neighbours (#5 Party),
"immediately below" (#4 Tap Tippity-Tap), orthogonal bed adjacency (#9 Sniff), and
``adjacency_graph()`` (nodes and edges with kinds)."""

from __future__ import annotations

import networkx as nx
import pytest


def _room_edges(G):
    return sorted(
        (tuple(sorted((u, v))), d["kind"]) for u, v, d in G.edges(data=True)
        if d["kind"] not in ("contains", "bed")
    )


def test_graph_before_setup_has_only_the_lobby(hh):
    G = hh.game(3).new_initial_state().adjacency_graph()
    assert isinstance(G, nx.Graph)
    assert list(G.nodes(data=True)) == [("lobby", {"kind": "lobby", "floor": 1, "col": 0, "label": "Lobby"})]


def test_graph_three_players(hh):
    s = hh.start(3)
    G = s.adjacency_graph()
    kinds = nx.get_node_attributes(G, "kind")
    assert sorted(n for n, k in kinds.items() if k == "room") == ["room:1", "room:2", "room:3"]
    assert sum(1 for k in kinds.values() if k == "bed") == 15  # 5 beds per room (data/rooms.toml)
    assert kinds["lobby"] == "lobby"
    # board 1 at floor 1 col 1, board 2 at floor 1 col 2, board 3 at floor 2 col 1
    assert [(G.nodes[f"room:{b}"]["floor"], G.nodes[f"room:{b}"]["col"]) for b in (1, 2, 3)] == [
        (1, 1), (1, 2), (2, 1)
    ]
    assert _room_edges(G) == [
        (("lobby", "room:1"), "lobby"),
        (("room:1", "room:2"), "orthogonal"),
        (("room:1", "room:3"), "below"),
    ]
    # board 3 (floor 2, col 1) and board 2 (floor 1, col 2) are diagonal: no edge
    assert not G.has_edge("room:3", "room:2")
    # every room contains its beds
    for b in (1, 2, 3):
        beds = [v for v in G[f"room:{b}"] if G.edges[f"room:{b}", v]["kind"] == "contains"]
        assert sorted(beds) == [f"bed:{b}:{i}" for i in range(5)]
    # 1A beds (row, col): b0 (0,0), b1 (0,1), b2 (0,2), b3 (1,0), b4 (1,1)
    bed_edges = sorted(
        tuple(sorted((u, v))) for u, v, d in G.edges(data=True)
        if d["kind"] == "bed" and u.startswith("bed:1:")
    )
    assert bed_edges == [
        ("bed:1:0", "bed:1:1"), ("bed:1:0", "bed:1:3"), ("bed:1:1", "bed:1:2"),
        ("bed:1:1", "bed:1:4"), ("bed:1:3", "bed:1:4"),
    ]
    assert G.nodes["bed:1:0"] == {"kind": "bed", "room": 1, "index": 0, "row": 0, "col": 0,
                                  "value": 3, "guests": []}
    assert G.nodes["room:1"]["total"] == 4 and G.nodes["room:1"]["wear"] == 6


def test_graph_five_players(hh):
    s = hh.start(5)
    G = s.adjacency_graph()
    pos = {n: (d["floor"], d["col"]) for n, d in G.nodes(data=True) if d["kind"] == "room"}
    assert pos == {"room:1": (1, 1), "room:2": (1, 2), "room:3": (1, 3), "room:4": (2, 1), "room:5": (2, 2)}
    # the floor-2 room at column 1 has a "below" edge to the floor-1 room at column 1
    assert G.edges["room:4", "room:1"]["kind"] == "below"
    assert G.edges["room:5", "room:2"]["kind"] == "below"
    assert _room_edges(G) == [
        (("lobby", "room:1"), "lobby"),
        (("room:1", "room:2"), "orthogonal"),
        (("room:1", "room:4"), "below"),
        (("room:2", "room:3"), "orthogonal"),
        (("room:2", "room:5"), "below"),
        (("room:4", "room:5"), "orthogonal"),
    ]
    assert not G.has_edge("room:3", "room:5")  # nothing above col 3
    assert sum(1 for _, _, d in G.edges(data=True) if d["kind"] == "contains") == 25
    # bed edges: 1A 5, 2A 5, 3A 5, 4A 4 (b3 (1,0) and b4 (1,2) are not adjacent), 5A 5
    assert sum(1 for _, _, d in G.edges(data=True) if d["kind"] == "bed") == 24


def test_graph_shows_guests(hh):
    s = hh.adjust(hh.start(3), beds={1: {0: [0, 1]}})
    G = s.adjacency_graph()
    assert G.nodes["bed:1:0"]["guests"] == [0, 1]
    assert G.nodes["room:1"]["total"] == 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_rules_use_the_same_space_as_the_graph(hh, n):
    # Party's neighbours are the rooms joined by "orthogonal" or "below" edges; Tap's room
    # below is the "below" edge from a floor-2 room.
    s = hh.start(n)
    G = s.adjacency_graph()
    g = s.game
    for pos, board in enumerate(s.boards):
        node = f"room:{board}"
        graph_neigh = sorted(
            int(v.split(":")[1]) for v in G[node]
            if G.edges[node, v]["kind"] in ("orthogonal", "below")
        )
        assert sorted(s.boards[q] for q in g.room_neighbours(s, pos)) == graph_neigh
        below = g.room_below(s, pos)
        if s.positions[pos][0] == 2:
            assert below is not None and G.edges[node, f"room:{s.boards[below]}"]["kind"] == "below"
            assert s.positions[below] == (1, s.positions[pos][1])
        else:
            assert below is None


def test_bed_adjacency_data(hh):
    # Sniff's adjacency is orthogonal in the 2 x 3 grid of each side (data/rooms.toml)
    C = hh.C
    for (number, side), room in C.rooms().items():
        for b, (r, c, _) in enumerate(room.beds):
            expect = tuple(j for j, (r2, c2, _) in enumerate(room.beds) if abs(r - r2) + abs(c - c2) == 1)
            assert room.adjacent[b] == expect
        assert len(room.beds) == 5
