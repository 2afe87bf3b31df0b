"""The view model, the SVG table, the floor graph and the explorer's frames."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import networkx as nx

import hotellab as hl
from hotellab.core.board import board_targets
from hotellab.widgets._frames import Source, frame_of


def test_adjacency_graph_is_the_floor_stack(ph):
    # Blue: Pool (2) under Bedroom (2) under a Bedroom Annex (3); Red: Spa (2 + Tourist)
    p = ph.Pick()
    s = ph.adjust(ph.start(3), hotels={
        0: [("pool", p.plain("pool", 2)), ("bedroom", p.plain("bedroom", 2)), ("bedroom", p.plain("bedroom", 3))],
        1: [("spa", p.plain("spa", 2) + p.tourist(1))]})
    G = s.adjacency_graph()
    assert isinstance(G, nx.Graph)
    assert sorted(G.nodes) == ["floor:0:1", "floor:0:2", "floor:0:3", "floor:1:1"]
    assert {d["kind"] for _, d in G.nodes(data=True)} == {"floor"}
    assert G.nodes["floor:0:3"]["build"] == "bedroom" and G.nodes["floor:0:3"]["annex"] is True
    assert G.nodes["floor:0:3"]["set_size"] == 5 and G.nodes["floor:0:3"]["size"] == 3
    assert G.nodes["floor:1:1"]["tourists"] == 1 and G.nodes["floor:1:1"]["col"] == 2
    assert sorted((min(a, b), max(a, b), d["kind"], d["annex"]) for a, b, d in G.edges(data=True)) == [
        ("floor:0:1", "floor:0:2", "above", False), ("floor:0:2", "floor:0:3", "above", True)]
    fig = hl.viz.adjacency_figure(s)
    names = [t.name for t in fig.data]
    assert "edge: above" in names and "floor" in names
    floor_trace = [t for t in fig.data if t.name == "floor"][0]
    assert len(set(floor_trace.x)) == 2  # one column per hotel
    assert sorted(floor_trace.y)[0] < sorted(floor_trace.y)[-1]  # stacked


def test_empty_graph_before_any_build(ph):
    assert ph.start(2).adjacency_graph().number_of_nodes() == 0


def test_view_shape_and_awards(ph):
    p = ph.Pick()
    s = ph.adjust(ph.start(2), hotels={0: [("pool", p.plain("pool", 3))]}, rows={"spa": [(p.plain("spa")[0], 1)]})
    v = s.view(0)
    json.dumps(v)
    assert v["deck"]["size"] == s.deck_size and v["phase"] == "turn"
    assert [r["kind"] for r in v["rows"]] == list(ph.C.KIND_IDS)
    assert v["rows"][ph.C.KIND_INDEX["pool"]]["leaders"] == [0]
    assert v["rows"][ph.C.KIND_INDEX["spa"]]["cards"][0]["star"] is None  # Red's face-down card
    awards = {a["id"]: a for a in v["awards"]}
    assert awards["perfect_view"]["holders"] == [0] and awards["perfect_view"]["points"] == 5
    assert awards["sky_room"]["holders"] == [0]
    assert awards["cheap_hotel"]["holders"] == [0, 1]
    assert v["seats"][0]["hotel"][0]["name"] == "Pool" and v["seats"][1]["hand"] is None
    assert sum(b["points"] for b in v["breakdown"] if b["player"] == 0) == s.scores[0]
    assert v["pending"] == {"player": 0, "prompt": "research (draw 2, then place 1) or build a set of 2+ cards of one kind"}


def test_svg_draws_rows_hotels_hands_and_the_score_panel(ph):
    p = ph.Pick()
    s = ph.adjust(ph.start(3, high_season=True), hotels={0: [("pool", p.plain("pool", 3)), ("pool", p.plain("pool", 2))]},
                  rows={"spa": [(p.plain("spa")[0], 1), (p.tourist()[0], 2)]}, high=["bedroom"])
    svg = s.game.render_svg(s.view(0))
    for text in ("House Deck", "Perfect View", "Sky Room", "Cheap Hotel", "Bedroom", "High-Season",
                 "1F Pool 3", "2F Pool 2 \u00b7 Annex", "Score breakdown", "Point Calculation",
                 "Award Cards / Cheap Hotel (-3 pts.)", "Hand: 2 cards"):
        assert text in svg, text
    spa = board_targets(svg)["row:spa"]
    # Red's face-down Spa card, its star hidden from Blue (drawn "?"), and Green's Tourist back
    assert spa.endswith("2 cards, a face-down card from Red, a Tourist Group card from Green"), spa
    assert ">?<" in svg and ">T<" in svg
    assert svg.count('class="hl-panel"') == 6 and svg.endswith("</svg>")  # deck, rows, 3 seats, scores


def test_render_escapes_names(ph):
    s = ph.start(2)
    v = s.view(None)
    v["seats"][0]["name"] = "<script>x</script>"
    svg = s.game.render_svg(v)
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_frames_hide_other_players_actions(ph, tmp_path):
    g = ph.game(2)
    log = hl.play(g, agents=["random", "random"], seed=2)
    replay = hl.Replay(log)
    src = Source(g, list(replay), [None] + list(replay.actions), g.seat_names())
    places = [i for i, a in enumerate(src.actions) if a is not None and a.kind == "place" and a.player == 1]
    assert places
    for k in places:
        a = src.actions[k]
        seen = frame_of(src, k, 0)["action"]  # Blue reads Red's placement in the game's words
        assert seen == src.states[k - 1].action_to_string(a, 0)
        # PH-07 / PH-08: the row tells the kind and the marked back a Tourist; the star stays hidden
        assert "star" not in seen and "plain" not in seen and "\u2605" not in seen, seen
        assert ("Tourist Group" in seen) == (a.args[1] == "tourist"), seen
        assert frame_of(src, k, 1)["action"] == str(a)  # Red reads her own action whole
    shuffle = frame_of(src, 1, 0)["action"]
    assert shuffle != str(src.actions[1]) and "," not in shuffle  # the deck's order is not shown
    page = hl.widgets.export_html(replay, tmp_path / "game.html", perspective=0).read_text("utf-8")
    assert "Perfect Hotel" in page


def test_scores_and_timeline_figures(ph):
    log = hl.play(ph.game(3, games=2), agents=["greedy", "random", "random"], seed=1)
    replay = hl.Replay(log)
    fig = hl.viz.score_breakdown_figure(replay.final_state)
    assert fig.data
    assert hl.viz.score_timeline_figure(replay).data


def test_the_marked_backs_show_to_everyone(ph):
    # Components: "Tourist Group Cards x 5 (they have a little mark on the back of the cards)".
    # Red sees that Blue holds 1 Tourist (not the other card), and that the House Deck's top
    # card (drawn next) is a Tourist; Blue sees the same of Red's hand (ruling PH-08).
    s = ph.start(3, hands={0: [5, 57], 1: [6, 7]}, draws=[58, 8])
    red = s.observation(1)
    assert red["seats"][0]["hand"] is None
    assert (red["seats"][0]["hand_size"], red["seats"][0]["hand_tourists"]) == (2, 1)
    assert red["deck"]["top_tourist"] is True
    assert (s.observation(0)["seats"][1]["hand_size"], s.observation(0)["seats"][1]["hand_tourists"]) == (2, 0)
    t = s.apply("p0 research")  # draws 58 and 8: the next top card is not a Tourist
    assert t.observation(2)["deck"]["top_tourist"] is (ph.C.TOURIST[t.deck[t.top]] == 1)
    assert t.observation(2)["seats"][0]["hand_tourists"] == 2


def test_a_reconstructed_value_is_shown_as_such(ph):
    # Issue 15: a RuleRef that cites a value the rulebook does not print says so. Bedroom's 10
    # points are printed ("Bedroom Build Cards (10 points)"); Pool's 7 are reconstructed (PH-02).
    p = ph.Pick()
    s = ph.adjust(ph.start(2), hotels={0: [("bedroom", p.plain("bedroom", 2))], 1: [("pool", p.plain("pool", 2))]})
    lines = {b["category"]: b for b in s.view(0)["breakdown"]}
    assert "reconstructed" not in lines["Bedroom majority (2 cards)"]
    assert lines["Pool majority (2 cards)"]["reconstructed"] is True
    rule = [i.rule for i in s.score_breakdown() if i.category == "Pool majority (2 cards)"][0]
    assert rule.reconstructed and str(rule) == "Point Calculation (reconstructed)"
    svg = s.game.render_svg(s.view(0))
    # the score panel's legend, its lines wrapped to the 324 px panel: read as one text
    legend = " ".join(t.text or "" for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"))
    assert "] Point Calculation \u2014 points reconstructed (not printed in the rulebook)" in legend
    assert legend.count("Point Calculation") == 2  # the printed and the reconstructed citation
