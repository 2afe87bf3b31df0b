"""The view model, the SVG table, the explored-hotel graph and the score breakdown."""

from __future__ import annotations

import json
from pathlib import Path

import hotellab as hl
from hotellab.games.hotel_zombie.render import render_svg
from hotellab.testing import board_targets

SCENARIO = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "hotel_zombie_example_combat.toml"


def _example_after(k):
    sc = hl.Scenario.load(SCENARIO)
    s = sc.match().state
    for step in sc.steps[:k]:
        s = s.apply(step.action)
    return s


def test_face_down_cards_show_only_their_number_to_everyone():
    # "each player is dealt facedown mansion cards": even their owner does not see them
    s = _example_after(4)  # Ada to decide, Leon has 1 card face down
    for p in (0, 1, 2, 3):
        v = s.view(p)
        assert v["seats"][3]["face_down"] == 1 and v["seats"][3]["face_down_cards"] is None
        assert "brute" not in json.dumps(v["mansion"]) and v["mansion"]["deck_size"] == 45 - 8
    # the omniscient view (a teacher's) names it: the example's Walker (20 health)
    assert s.view()["seats"][3]["face_down_cards"] == ["walker"]
    # dealing Leon's last card again at random changes nothing any seat sees
    import random
    for p in range(4):
        assert s.resample_hidden(p, random.Random(p)).view(p) == s.view(p)
    assert s.resample_hidden(0, random.Random(5)).down[3] in {(m,) for m in set(s.mdeck) | set(s.down[3])}


def test_view_of_a_combat_state():
    s = _example_after(4)
    v = s.view(1)
    assert v["phase"] == "combat" and v["node"] == "fight" and v["counter"] == 8 and v["last_counter"] == 20
    ada = v["seats"][1]
    assert ada["fighting"] == {"id": "walker", "health": 20, "damage": 10} and ada["damage"] == 10
    assert [r["outcome"] for r in ada["revealed"]] == ["defeated"]
    assert v["seats"][0]["hand"] is None and ada["hand"] == ["ammo10", "ammo20"]
    assert v["pending"] == {"player": 1, "prompt": "Ada (10 damage) cannot defeat the Walker (20 health): "
                                                   "take the hit (10 damage) or wait for assistance"}
    # what could assist Leon: the explorers with no card left to reveal, not waiting —
    # Chris 5, Jill 30 and Ada 10 (she is deciding, not yet waiting)
    assert v["seats"][3]["group_damage"] == 45
    json.dumps(v)


def test_render_is_pure_and_escapes_text():
    s = _example_after(6)
    v = s.view(None)
    svg = render_svg(v)
    assert svg == render_svg(json.loads(json.dumps(v))) and svg.startswith("<svg") and svg.endswith("</svg>")
    # the board's title names the round; Ada's Walker waits with its whole 20 health left
    # (the rulebook's example: "Ada reveals an infected with 20 health ... she asks for assistance")
    assert "Hotel counter 8 of 20: the board" in svg
    assert board_targets(svg)["waiting:1:0"].endswith("Walker, infected: health 20, hits for 10, 1 decoration; "
                                                      "20 health left")
    evil = json.loads(json.dumps(v))
    evil["seats"][0]["name"] = "<script>x</script>"
    evil["seats"][0]["color"] = "url(#x)"
    out = render_svg(evil)
    assert "<script>" not in out and "&lt;script&gt;" in out and "url(#x)" not in out
    assert render_svg({}).startswith("<svg")


def test_adjacency_graph_is_the_hotel_as_explored():
    s = _example_after(8)  # the round is over: counter 9
    G = s.adjacency_graph()
    rooms = [n for n, d in G.nodes(data=True) if d["kind"] == "room"]
    assert len(rooms) == 20 and G.edges["room:8", "room:9"]["kind"] == "corridor"
    cards = {n: d for n, d in G.nodes(data=True) if d["kind"] in ("infected", "item")}
    assert len(cards) == 8 and all(n.startswith("card:8:") for n in cards)
    outcomes = sorted(d["outcome"] for d in cards.values())
    assert outcomes == ["assisted", "defeated", "defeated", "defeated", "defeated", "defeated", "hit", "item"]
    ada_walker = next(n for n, d in cards.items() if d["outcome"] == "assisted")
    assert G.edges["seat:2", ada_walker]["kind"] == "assisted" and G.edges["seat:1", ada_walker]["kind"] == "waited"
    hit = next(n for n, d in cards.items() if d["outcome"] == "hit")
    assert G.edges["seat:3", hit]["kind"] == "hit"
    assert G.nodes["room:8"]["explored"] and not G.nodes["room:10"]["explored"]


def test_every_breakdown_line_has_its_rule():
    s = _example_after(8)
    items = s.score_breakdown()
    assert {it.rule.section for it in items} <= {"Combat Phase", "Combat Phase / example"}
    kinds = {it.category.split(" (")[0] for it in items}
    assert kinds == {"Decorations: own kills", "Decorations: assisted kills", "Skill points: 2",
                     "Skill points: 1"}
    assert s.view()["breakdown"][0]["rule"] in ("Combat Phase", "Combat Phase / example")


def test_viz_figures_draw_the_game():
    s = _example_after(7)
    fig = hl.viz.adjacency_figure(s)
    assert len(fig.data) >= 1
    assert hl.viz.score_breakdown_figure(s) is not None


def test_widget_frames_of_a_seat_hide_the_plans_and_the_face_down_cards(hz):
    # "The Game Plan choice and the face-down mansion cards stay hidden from other seats until
    # they are revealed: in observation, view and every widget payload" (issue 10; ruling HZ-22)
    from hotellab.widgets._frames import frames

    s = hz.start(3, players=[{"hand": ["ammo10", "ammo10", "ammo10", "pistol", "knife"]}])
    m = hl.Match(s.game, state=s)
    m.step("p0 plan inventory")
    f_ada = frames(m, perspective=1)[-1]
    f_chris = frames(m, perspective=0)[-1]
    # the Game Plan card: named for Chris, face down for Ada
    assert board_targets(f_chris["svg"])["plan:0"] == "Chris's Game Plan: Inventory Management"
    assert board_targets(f_ada["svg"])["plan:0"] == "Chris's Game Plan: chosen, face down"
    assert "Inventory Management" in f_chris["svg"] and "Inventory Management" not in f_ada["svg"]
    # another seat's action in the game's words for Ada (widget frames, 7c48268)
    assert f_ada["action"] == "Chris: choose a Game Plan (secret)" and f_chris["action"] == "p0 plan inventory"
    assert "inventory" not in json.dumps(f_ada).lower().replace("inventory management", "")
    # the example's face-down cards: backs for every seat, names only in the omniscient frame
    sc = hl.Scenario.load(SCENARIO)
    ex = sc.match()
    for step in sc.steps[:5]:
        ex.step(step.action)
    for p in range(4):  # Leon's last card (the example's Walker) is a back
        svg = frames(ex, perspective=p)[-1]["svg"]
        assert board_targets(svg)["down:3:0"] == "Leon's mansion card 3, face down"  # after the Brute and the Hound
    omni = frames(ex)[-1]["svg"]
    assert board_targets(omni)["down:3:0"] == "Leon's mansion card 3, face down (Walker)" and ">Walker</text>" in omni
