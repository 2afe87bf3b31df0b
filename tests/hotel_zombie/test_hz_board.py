"""The board is the interface (issue 20): Hotel Zombie's board is drawn as its components in
panels, names every thing an action concerns (``data-target``), and ``_action_target`` points
each legal action at one of them. Expected values come from the rulebook's worked example
(Combat Phase, ``notebooks/scenarios/hotel_zombie_example_combat.toml``) and from the
reconstructed card data (ruling HZ-01, listed in ``conftest.py``)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.core.board import MIN_FONT, PANEL_MAX_WIDTH
from hotellab.testing import board_targets

SCENARIO = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "hotel_zombie_example_combat.toml"


def _example(k):
    """The worked example after its first ``k`` steps (take 3, 2, 2, 1; Ada waits; Leon takes
    the hit; Chris passes the Kill Steal; Jill assists Ada)."""
    sc = hl.Scenario.load(SCENARIO)
    s = sc.match().state
    for step in sc.steps[:k]:
        s = s.apply(step.action)
    return s


def _targets(state, perspective=None):
    return board_targets(state.game.render_svg(state.view(perspective)))


def test_the_panels_in_reading_order():
    # the Hotel, then Chris, Ada, Jill, Leon (the example's seats), then the card table
    svg = _example(0).game.render_svg(_example(0).view(None))
    titles = re.findall(r'<svg class="hl-panel"[^>]*aria-label="([^"]*)"', svg)
    assert titles == ["The Hotel: counter 8 of 20", "Chris&#x27;s cards", "Ada&#x27;s cards", "Jill&#x27;s cards",
                      "Leon&#x27;s cards (to act)", "The card table (supply)"]
    ids = list(_targets(_example(0)))
    # the 20 rooms of the Hotel counter first, room by room; then the mansion deck
    assert ids[:21] == [f"room:{k}" for k in range(1, 21)] + ["mansion:deck"]
    # the 13 supply piles last, by kind: ammunition, weapons, actions (data/cards.toml)
    assert ids[-13:] == [f"supply:{c}" for c in ("ammo10", "ammo20", "ammo30", "knife", "pistol", "shotgun", "rifle",
                                                  "magnum", "search", "hurry", "barter", "aim", "scrounge")]


def test_choosing_how_many_mansion_cards_is_a_click_on_the_mansion_deck():
    # "starting with the player doing the most damage each player chooses how many mansion
    # cards they want to reveal (Max of 4)": Leon (80 damage) first, take 1..4 at the deck
    s = _example(0)
    t = s.action_targets()
    assert list(t) == ["mansion:deck"] and [str(a) for a in t["mansion:deck"]] == [f"p3 take {k}" for k in range(1, 5)]
    # setup dealt 0 of the 45 mansion cards (conftest: the whole deck), none revealed yet
    assert _targets(s)["mansion:deck"] == "Mansion deck, 45 cards face down; 45 can be dealt this round"
    # Leon's damage: Magnum 60 + Pistol 15 + Knife 5 = 80 ("Leon is doing 80 damage")
    assert _targets(s)["damage:3"] == "Leon's damage: 80"


def test_the_fight_is_a_click_on_the_infected_and_face_down_cards_stay_backs():
    s = _example(4)  # "Ada reveals an infected with 20 health and is not able to defeat it"
    t = s.action_targets()
    assert {k: [str(a) for a in v] for k, v in t.items()} == {"fight:1": ["p1 hit", "p1 wait"]}
    d = _targets(s)
    # Ada: 50 damage - the Hound's 40 = 10 left; the Walker: 20 health, hits for 10, 1 decoration
    assert d["fight:1"] == ("Ada cannot defeat the revealed Walker, infected: health 20, hits for 10, 1 decoration; "
                            "damage 10: hit or wait?")
    assert d["found:1:0"] == ("Ada's revealed mansion card 1: Hound, infected: health 40, hits for 20, "
                              "2 decorations; defeated")
    # Chris: "reveals an infected with 35 health and is able to defeat it. This lowers his total damage to 5"
    assert d["damage:0"] == "Chris's damage: 5"
    assert d["found:0:1"].startswith("Chris's revealed mansion card 2: Bloater, infected: health 35")
    # Leon took 3 cards and revealed 2 (Brute, Hound): his third is face down; only the
    # omniscient (teacher's) view names it (the example's last card: "an infected with 20 health")
    assert d["down:3:0"] == "Leon's mansion card 3, face down (Walker)"  # after the Brute and the Hound
    for p in range(4):
        seat = _targets(s, p)
        assert seat["down:3:0"] == "Leon's mansion card 3, face down"
        assert "fight:1" in seat  # a revealed card is public


def test_the_kill_steal_points_at_the_hit_infected(hz):
    # Chris (20 damage) cannot defeat a Hound (40 health) and takes the hit; Ada (70 damage)
    # defeats a Walker (20 health) and keeps 50, enough to Kill Steal the Hound ("Another
    # exploring player that is doing enough damage to defeat it has the option of defeating it")
    cards = [["hound"], ["walker"]]
    st, order = hz.combat(2, damage=[20, 70], cards=cards)
    s = hz.take_all(st, order, cards).apply("p0 hit")
    t = s.action_targets()
    assert {k: [str(a) for a in v] for k, v in t.items()} == {"steal:0:0": ["p1 steal"]}
    assert "p1 pass" in [str(a) for a in s.legal_actions()]  # passing concerns nothing drawn: a button
    assert _targets(s)["steal:0:0"] == ("Chris took the hit from the Hound, infected: health 40, hits for 20, "
                                        "2 decorations: open to a Kill Steal")
    assert _targets(s)["health:0"] == "Chris's health: 80 of 100"  # 100 - the Hound's 20


def test_an_assist_points_at_the_waiting_infected():
    # "Jill has no more cards left to reveal so now she can use her remaining damage to either
    # Kill steal or assist another player" -- Chris (5 damage left) may assist first, then Jill
    s = _example(6)
    assert {k: [str(a) for a in v] for k, v in s.action_targets().items()} == {"waiting:1:0": ["p0 assist 1"]}
    s = _example(7)
    assert {k: [str(a) for a in v] for k, v in s.action_targets().items()} == {"waiting:1:0": ["p2 assist 1"]}
    # the Walker waits with its whole 20 health (option assist="full" of the example's file)
    assert _targets(s)["waiting:1:0"] == ("Ada's mansion card waiting for assistance: Walker, infected: health 20, "
                                          "hits for 10, 1 decoration; 20 health left")


def test_the_explored_room_after_the_example():
    # after the example's round the Hotel counter is 9 ("Raise the Hotel counter by 1") and
    # room 8 holds what was found: Chris 2 defeated, Ada 1 defeated + 1 assisted, Leon 2
    # defeated and 1 hit, Jill the yellow herb
    s = _example(8)
    d = _targets(s)
    assert d["room:8"].startswith("Room 8 (Hotel counter 8), explored: 6 infected defeated; 1 hit; 1 item; found: ")
    assert d["room:9"] == "Room 9 (Hotel counter 9), this round"
    assert d["room:10"] == "Room 10 (Hotel counter 10), not reached yet"
    # "Ada still recieves the decoration and 1 skill point. Jill recieves 2 skill points."
    # Ada's trophies: the Hound (2) and the assisted Walker (1)
    assert d["trophies:1"] == "Ada's trophies: 3 decorations from 2 infected (1 own kill, 1 assisted kill); 1 skill point"
    assert d["trophies:2"] == "Jill's trophies: 0 decorations; 2 skill points"


def test_action_targets_of_the_turn_and_the_game_plan(hz):
    # Chris's hand: 3 Ammo Boxes (30 gold, 30 ammo), a Pistol and a Search the Room
    s = hz.start(2, players=[{"hand": ["ammo10", "ammo10", "ammo10", "pistol", "search"]}])
    assert s.action_targets() == {"plan:0": [hl.Action("plan", ("explore",), 0), hl.Action("plan", ("inventory",), 0)]}
    s = s.apply("p0 plan explore").apply("p1 plan inventory")
    t = {k: [str(a) for a in v] for k, v in s.action_targets().items()}
    # 30 gold buys every card costing at most 30 (data/cards.toml): Ammo Box 0, Ammo Crate 30,
    # Knife 10, Pistol 20, Search the Room, Hurry, Barter 30
    assert t == {"hand:0:search": ["p0 play search"], "hand:0:pistol": ["p0 declare pistol"],
                 **{f"supply:{c}": [f"p0 buy {c}"] for c in ("ammo10", "ammo20", "knife", "pistol", "search", "hurry",
                                                              "barter")}}
    assert s._action_target(hl.Action("done", (), 0)) is None
    d = _targets(s, 0)
    assert d["hand:0:ammo10"] == "Chris's hand: Ammo Box \u00d73, ammunition, cost 0 gold: Gold 10. Ammo 10."
    assert d["turn:0"] == "Chris's turn, step play actions: 1 action \u00b7 1 buy \u00b7 30 gold \u00b7 30 ammo"
    assert d["plan:1"] == "Ada's Game Plan: Inventory Management"  # revealed together before the turns


def test_another_seats_hand_is_named_by_its_slot_never_by_its_cards(hz):
    s = hz.start(2, players=[{"hand": ["ammo10", "ammo10", "ammo10", "pistol", "knife"]},
                             {"hand": ["ammo20", "ammo10", "ammo10", "rifle", "search"]}])
    ada = _targets(s, 0)  # Chris's view in the Game Plan: Ada's hand is 5 backs
    assert [k for k in ada if k.startswith("hand:1:")] == [f"hand:1:{i}" for i in range(5)]
    assert ada["hand:1:2"] == "Ada's hand, card 3, face down"
    svg = s.game.render_svg(s.view(0))
    for word in ("Rifle", "Ammo Crate", "Search the Room"):  # drawn on the card table, never in Ada's hand
        assert not any(word in v for k, v in ada.items() if not k.startswith("supply:"))
    assert "hand:1:rifle" not in svg
    assert "hand:1:rifle" in _targets(s)  # the omniscient view shows it
    # while the turns are played in secret (ruling HZ-03) another seat's hand is not even counted
    s = s.apply("p0 plan explore").apply("p1 plan explore")
    assert not [k for k in _targets(s, 1) if k.startswith("hand:0:")]
    assert _targets(s, 1)["damage:0"] == "Chris's damage: secret until every turn is done"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fonts_panels_and_labels_over_random_games(players):
    g = hl.load_game("hotel_zombie", num_players=players)
    rng = random.Random(players)
    s = g.new_initial_state()
    k = 0
    while not s.is_terminal and k < 500:
        if k % 7 == 0 and not s.is_chance_node:
            for p in (None, s.current_player):
                svg = g.render_svg(s.view(p))
                sizes = [float(x) for x in re.findall(r'font-size="([0-9.]+)"', svg)]
                assert sizes and min(sizes) >= MIN_FONT
                widths = [float(x) for x in re.findall(r'<svg class="hl-panel" x="[^"]*" y="[^"]*" width="([0-9.]+)"',
                                                       svg)]
                assert len(widths) == players + 2 and max(widths) <= PANEL_MAX_WIDTH
                d = board_targets(svg)  # raises on a target drawn twice or without a label
                assert len(d) >= 20 + 13 + 1  # the rooms, the supply piles, the mansion deck
        s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
        k += 1
