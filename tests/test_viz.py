"""Plotly figures: their traces hold exactly the engine's numbers."""

from __future__ import annotations

import pathlib
import re

import plotly.graph_objects as go
import pytest

import hotellab as hl
from hotellab import viz
from hotellab.viz.layout import ROOM_H, ROOM_W, board_layout, room_cell

EVIL = "<b>Eve&Co</b>"


@pytest.fixture(scope="module")
def replay():
    game = hl.load_game("hostil_hostal", num_players=3)
    return hl.Replay(hl.play(game, agents=["random"] * 3, seed=1))


def bars(fig):
    return [t for t in fig.data if t.type == "bar"]


@pytest.mark.parametrize("k", [0, 40, -1])
def test_score_breakdown_matches_the_engine(replay, k):
    state = replay.state_at(k)
    fig = viz.score_breakdown_figure(state)
    assert type(fig) is go.Figure
    items = state.score_breakdown()
    cats = list(dict.fromkeys(i.category for i in items))
    assert [t.name for t in bars(fig)] == cats
    assert len(fig.data) == len(cats) + 1 and fig.data[-1].name == "total"
    assert list(fig.data[-1].y) == state.scores
    per_seat = [0] * 3
    for t in bars(fig):
        for seat, y, cd in zip(t.x, t.y, t.customdata):
            want = [i for i in items if i.player == seat and i.category == t.name]
            assert y == sum(i.points for i in want)
            assert {i.rule.section for i in want} == set(cd[1].split("; "))  # hover: rule section
            per_seat[seat] += y
    assert per_seat == state.scores  # a seat's items sum to its score
    assert fig.layout.barmode == "relative"
    assert list(fig.layout.xaxis.ticktext) == ["Blue", "Red", "Orange"]


def test_score_breakdown_escapes_names(replay):
    fig = viz.score_breakdown_figure(replay.final_state, names=[EVIL, "Red", "Orange"])
    assert fig.layout.xaxis.ticktext[0] == "&lt;b&gt;Eve&amp;Co&lt;/b&gt;"
    assert "<b>Eve" not in fig.to_json()


def test_score_timeline(replay):
    fig = viz.score_timeline_figure(replay)
    assert type(fig) is go.Figure
    seats = fig.data[:3]
    assert [t.name for t in seats] == ["Blue", "Red", "Orange"]
    for seat, t in enumerate(seats):
        assert list(t.x) == list(range(len(replay)))
        assert list(t.y) == [s.scores[seat] for s in replay]
    ends = fig.data[3]
    assert ends.name == "night ends" and len(fig.data) == 4
    nights = [s.view(None)["night"] for s in replay]
    want = [k - 1 for k in range(1, len(nights)) if nights[k] != nights[k - 1]] + [len(replay) - 1]
    assert sorted(set(ends.x)) == want and len(ends.x) == 3 * len(want)
    final = replay.final_state.scores
    assert sorted(y for x, y in zip(ends.x, ends.y) if x == len(replay) - 1) == sorted(final)
    # the same from a GameLog
    again = viz.score_timeline_figure(replay.log)
    assert list(again.data[0].y) == list(seats[0].y)


def test_adjacency_figure(replay):
    state = replay.state_at(60)
    G = state.adjacency_graph()
    fig = viz.adjacency_figure(state)
    assert type(fig) is go.Figure
    edge_kinds = {d["kind"] for _, _, d in G.edges(data=True)}
    node_kinds = {d["kind"] for _, d in G.nodes(data=True)}
    edges = [t for t in fig.data if t.name.startswith("edge: ")]
    nodes = [t for t in fig.data if not t.name.startswith("edge: ")]
    assert {t.name[6:] for t in edges} == edge_kinds
    assert {t.name for t in nodes} == node_kinds == {"room", "bed", "lobby"}
    for t in edges:  # each edge is one segment: x0, x1, None
        want = sum(1 for _, _, d in G.edges(data=True) if d["kind"] == t.name[6:])
        assert len(t.x) == 3 * want
    for t in nodes:
        assert len(t.x) == sum(1 for _, d in G.nodes(data=True) if d["kind"] == t.name)
    bed_trace = next(t for t in nodes if t.name == "bed")
    bed_nodes = [d for _, d in G.nodes(data=True) if d["kind"] == "bed"]
    assert list(bed_trace.text) == [f"{d['value']:+d}" if d["value"] else "0" for d in bed_nodes]
    assert all("<b>" in h and "room" in h for h in bed_trace.hovertext)


def test_board_layout_places_beds_inside_rooms(replay):
    state = replay.state_at(60)
    G = state.adjacency_graph()
    pos = board_layout(G)
    assert set(pos) == set(G)
    rooms = {d["number"]: d for _, d in G.nodes(data=True) if d["kind"] == "room"}
    for n, d in G.nodes(data=True):
        if d["kind"] == "bed":
            room = rooms[d["room"]]
            x0, y0, x1, y1 = room_cell(room["floor"], room["col"])
            x, y = pos[n]
            assert x0 < x < x1 and y0 < y < y1
    # floor 2 above floor 1, the Lobby at column 0 of floor 1
    for n, d in G.nodes(data=True):
        if d["kind"] == "room":
            assert abs(pos[n][1] - ((d["floor"] - 1) * ROOM_H + 0.3)) < 1e-9
    assert pos["lobby"] == (0 * ROOM_W, 0.0)
    # rows go down, columns go right, within a room
    beds = {(d["room"], d["row"], d["col"]): pos[n] for n, d in G.nodes(data=True) if d["kind"] == "bed"}
    for (room, r, c), (x, y) in beds.items():
        if (room, r, c + 1) in beds:
            assert beds[(room, r, c + 1)][0] > x
        if (room, r + 1, c) in beds:
            assert beds[(room, r + 1, c)][1] < y


def test_board_layout_without_positions():
    import networkx as nx

    G = nx.Graph()
    G.add_node("a")
    G.add_node("b", kind="room")
    G.add_edge("a", "b")
    pos = board_layout(G)
    assert set(pos) == {"a", "b"}


def test_figures_for_the_initial_state(replay):
    s = replay.state_at(0)
    assert len(viz.adjacency_figure(s).data) == 1  # only the Lobby before setup
    fig = viz.score_breakdown_figure(s)
    assert list(fig.data[-1].y) == s.scores


def test_score_breakdown_groups_a_category_whatever_its_detail():
    # Perfect Hotel writes counts into its categories ("Bedroom majority (4 cards)",
    # "Tourist Group penalty (1 in the hotel)"): the legend has one entry (one colour) per
    # kind of line, the hover keeps the detail, and a seat's bars still sum to its score.
    log = hl.GameLog.load(pathlib.Path(__file__).parent.parent / "notebooks" / "logs" / "perfect_hotel_3p_greedy.json")
    state = hl.Replay(log).final_state
    fig = viz.score_breakdown_figure(state)
    names = [t.name for t in bars(fig)]
    assert len(names) == len(set(names)) and not any("(" in n for n in names)
    details = {i.category for i in state.score_breakdown()}
    assert any(re.search(r"\(\d+ cards?\)$", d) for d in details)  # the log has such details
    shown = {d for t in bars(fig) for cd in t.customdata for d in cd[2].split("; ")}
    assert shown == details
    per_seat = [0] * 3
    for t in bars(fig):
        for seat, y in zip(t.x, t.y):
            per_seat[seat] += y
    assert per_seat == list(state.scores)
