"""Declared positions (issue 8): ``state.to_position()`` and ``game.state_from_position(table)``.

- the table says where every card is, in the rulebook's words (hands, Tag Rows, hotels, the
  House Deck, the Build Tags, the Point Track) and whose decision is next;
- the round trip gives the same views, legal actions, scores and status, for every state of
  random games of every player count and option, also through a scenario's TOML;
- every field is checked: a wrong one raises PositionError naming the field and the rule;
- ``resample_hidden(seat)`` deals again only what that seat cannot see.

Card numbers: Bedroom 0-12 (0, 1 starred), Restaurant 13-23, Pool 24-33 (24, 25 starred),
Lounge 34-42, Spa 43-50, Garden 51-56, Tourist Group 57-61.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.core.scenario import Scenario, scenario_toml

ROOT = Path(__file__).resolve().parents[2]


def _same(a, b):
    n = a.game.num_players
    for p in [None, *range(n)]:
        assert json.dumps(a.view(p)) == json.dumps(b.view(p)), (p, a.status_text())
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    assert a.scores == b.scores and a.current_player == b.current_player
    assert a.status_text() == b.status_text() and a.round_label() == b.round_label()


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"high_season": True, "star_bonus": True}, {"games": 2},
                                     {"research_face": "up", "high_season": True}])
def test_round_trip_at_every_state_of_a_random_game(ph, n, options):
    g = ph.game(n, **options)
    rng = random.Random(n * 7 + len(options))
    s = g.new_initial_state()
    k = 0
    while True:
        again = g.state_from_position(json.loads(json.dumps(s.to_position())))
        _same(s, again)
        if k % 17 == 0:  # through a scenario file's TOML, as a teacher copies it
            _same(s, Scenario.from_toml(scenario_toml(s)).match().state)
        if s.is_terminal:
            break
        s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
        k += 1
    assert k > 50


def test_the_table_after_the_deal(ph):
    # Game Setup / 1: deck order 0, 1, 2, ...: the deal goes round from Blue, 2 cards each
    # (Blue 0 and 3, Red 1 and 4, Green 2 and 5); the House Deck is the rest, 6 on top.
    s = ph.game(3).new_initial_state().apply("chance shuffle " + ",".join(map(str, range(62))))
    pos = s.to_position()
    assert pos["format"] == "hotellab-position" and pos["game"] == "perfect_hotel" and pos["num_players"] == 3
    assert (pos["step"], pos["player"], pos["game_no"], pos["first_player"]) == ("turn", "Blue", 1, "Blue")
    assert pos["hands"] == {"Blue": [0, 3], "Red": [1, 4], "Green": [2, 5]}
    assert pos["house_deck"] == list(range(6, 62))
    assert pos["tag_rows"] == {k: [] for k in ph.C.KIND_IDS}
    assert pos["hotels"] == {"Blue": [], "Red": [], "Green": []}
    assert pos["high_season"] == [] and pos["point_track"] == [] and "drawn" not in pos
    t = s.apply("p0 research").apply("p0 place bedroom plain")
    pos = t.to_position()  # Blue drew 6, 7 and placed a plain Bedroom (3) face down
    assert pos["tag_rows"]["bedroom"] == [{"card": 3, "placed_by": "Blue"}]
    assert pos["player"] == "Red" and pos["house_deck"][0] == 8
    assert s.apply("p0 research").to_position()["drawn"] == [6, 7]


def test_a_teacher_writes_cards_by_name_and_leaves_out_the_house_deck(ph):
    g = ph.game(3)
    s = g.state_from_position({
        "step": "turn", "player": "Red",
        "hands": {"Blue": ["Bedroom", "Bedroom \u2605", "Tourist Group"], "Red": ["pool", "Pool *"]},
        "tag_rows": {"spa": [{"card": "Spa", "placed_by": "Green"}, {"card": "Tourist Group", "placed_by": "Red"}]},
        "hotels": {"Green": [{"kind": "Garden", "cards": ["Garden", "Garden", "Tourist Group"]}]},
    })
    # each name takes the lowest-numbered free card of its sort, in the order of the fields
    assert s.hands == ((0, 2, 57), (24, 26), ())
    assert [e & 63 for e in s.rows[ph.C.KIND_INDEX["spa"]]] == [45, 58]
    assert s.hotels[2] == ((ph.C.KIND_INDEX["garden"], (53, 54, 59)),)
    # the House Deck: every other card, in number order
    placed = {0, 2, 57, 24, 26, 45, 58, 53, 54, 59}
    assert list(s.deck[s.top:]) == [c for c in range(62) if c not in placed]
    assert s.current_player == 1 and ph.where_all(s) == list(range(62))
    # the scores are counted from the table: Blue -3 (Tourist in hand) -3 (Cheap Hotel);
    # Green: Garden majority +4, Perfect View +5, Sky Room +3, -3 Tourist, -3 Cheap Hotel
    assert s.scores == [-6, -3, 6]


def _base(ph):
    """A valid 3-player position (Red to play) to break one field at a time."""
    p = ph.start(3, hands={0: [5, 6], 1: [24, 57], 2: [13, 43]})
    s = ph.adjust(p, rows={"bedroom": [(3, 1)]}, hotels={2: [("spa", [44, 45])]}, step="turn", player=1)
    return s.to_position()


@pytest.mark.parametrize("change, field, section", [
    (lambda t: t["hands"]["Blue"].append(24), "hands.Red", "Components"),
    (lambda t: t["house_deck"].pop(), None, "Components"),
    (lambda t: t["hands"]["Blue"].__setitem__(0, 62), "hands.Blue[0]", "Components"),
    (lambda t: t["hands"]["Blue"].__setitem__(0, "Suite"), "hands.Blue[0]", "Components"),
    (lambda t: t["tag_rows"]["pool"].append({"card": 7, "placed_by": "Red"}), "tag_rows.pool[0].card",
     "Game Setup / 3. Build Tags"),
    (lambda t: t["tag_rows"]["bedroom"].extend([{"card": 58, "placed_by": "Red"}, {"card": 59, "placed_by": "Red"}]),
     "tag_rows.bedroom[2].card", "Additional Rules"),
    (lambda t: t["hotels"]["Green"][0]["cards"].pop(), "hotels.Green[0].cards", "Gameplay / B. Build / 1"),
    (lambda t: t["hotels"]["Green"].append({"kind": "pool", "cards": [58, 59]}), "hotels.Green[1].cards",
     "Tourist Group Cards (specialized cards)"),
    (lambda t: t["hotels"]["Green"][0]["cards"].append(7), "hotels.Green[0].cards[2]",
     "Tourist Group Cards (specialized cards)"),
    (lambda t: t["hotels"]["Green"].extend([{"kind": "pool", "cards": [26, 27]}, {"kind": "spa", "cards": [46, 47]}]),
     "hotels.Green[2].kind", "Additional Rules"),
    (lambda t: t.__setitem__("high_season", ["bedroom"]), "high_season", "Advanced Rule (High-Season Mode)"),
    (lambda t: t.__setitem__("step", "dusk"), "step", "Gameplay"),
    (lambda t: t.__setitem__("player", "Purple"), "player", "Gameplay"),
    (lambda t: t.__setitem__("point_track", [[1, 2, 3]]), "point_track", "Point Track Board"),
    (lambda t: t.__setitem__("first_player", "Red"), "first_player", "Game Setup / 4. Start of Game"),
    (lambda t: t.__setitem__("drawn", [5]), "drawn", "Gameplay / A. Research / 1"),
    (lambda t: t.__setitem__("hand", []), "hand", None),
    (lambda t: (t["hands"]["Blue"].extend(t["house_deck"]), t.__setitem__("house_deck", [])), "house_deck",
     "Game End"),
])
def test_every_field_is_checked(ph, change, field, section):
    table = _base(ph)
    g = ph.game(3)
    g.state_from_position(table)  # the unchanged table is valid
    change(table)
    with pytest.raises(hl.PositionError) as info:
        g.state_from_position(table)
    err = info.value
    assert err.field == field, str(err)
    # the error names the first problem (its field and rule) and lists every other one after it
    first = str(err.problems[0])
    assert str(err).startswith(first)
    if section is None:
        assert err.rule is None
    else:
        assert err.rule is not None and err.rule.section == section, str(err)
        assert first.endswith(section)


def test_the_counted_game_must_match_its_point_track(ph):
    # Point Track Board: a finished game's points are the count of its table. Blue: Pool 2
    # (majority +7), Perfect View +5, Sky Room +3, Cheap Hotel -3 = 12; Red -3 (Cheap Hotel).
    p = ph.Pick()
    s = ph.ended(2, hotels={0: [("pool", p.plain("pool", 2))]}, point_track=[12, -3])
    assert s.scores == [12, -3] and s.winners() == [0]
    with pytest.raises(hl.PositionError) as info:
        ph.ended(2, hotels={0: [("pool", p.plain("pool", 2))]}, point_track=[13, -3])
    assert info.value.field == "point_track[0]" and "[12, -3]" in str(info.value)


def test_no_card_is_dealt_before_setup(ph):
    g = ph.game(2)
    s = g.state_from_position({"step": "shuffle"})
    assert s.is_chance_node and s.status_text() == "Setup — shuffle and deal"
    with pytest.raises(hl.PositionError, match="no card is on the table before Game Setup"):
        g.state_from_position({"step": "shuffle", "hands": {"Blue": [1]}})


def test_between_the_games_of_a_match(ph):
    # a position between game 1 and game 2 (Point Track Board) round trips, and its shuffle
    # starts game 2 with the next seat (ruling PH-24) and game 1's points on the track
    g = ph.game(2, games=2)
    rng = random.Random(4)
    s = g.new_initial_state()
    while not (s.is_chance_node and s.finished):
        s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
    pos = s.to_position()
    assert pos["step"] == "shuffle" and pos["game_no"] == 1 and len(pos["point_track"]) == 1
    t = g.state_from_position(pos)
    u = t.apply("chance shuffle " + ",".join(map(str, range(62))))
    # game 2 is dealt from Red (cards 0-3, no Tourist): each empty hotel is a Cheap Hotel (-3)
    assert u.first == 1 and u.current_player == 1 and u.game_no == 2
    assert u.scores == [pos["point_track"][0][i] - 3 for i in range(2)]


def test_resample_hidden_deals_again_only_what_a_seat_cannot_see(ph):
    # Blue cannot see Red's and Green's Build Cards in hand (only their number and the Tourist
    # marks), the House Deck below its top card's back, nor the star of Red's face-down Pool card.
    s = ph.start(3, hands={0: [5, 6], 1: [24, 57], 2: [13, 43]}, draws=[58, 8])
    s = ph.adjust(s, rows={"pool": [(25, 1)]})
    seen = s.observation(0)
    changed = set()
    for seed in range(20):
        t = s.resample_hidden(0, random.Random(seed))
        assert t.observation(0) == seen and t.view(0) == s.view(0)
        assert [sum(c >= 57 for c in h) for h in t.hands] == [0, 1, 0]
        assert t.hands[0] == s.hands[0] and t.hotels == s.hotels
        assert ph.where_all(t) == list(range(62)) and t.deck[t.top] >= 57
        pool = t.rows[ph.C.KIND_INDEX["pool"]][0]
        assert ph.C.KIND[pool & 63] == ph.C.KIND_INDEX["pool"] and pool >> 6 == 1
        changed |= {"hands"} if t.hands != s.hands else set()
        changed |= {"deck"} if t.deck[t.top:] != s.deck[s.top:] else set()
        changed |= {"row"} if pool != s.rows[ph.C.KIND_INDEX["pool"]][0] else set()
    assert changed == {"hands", "deck", "row"}


def test_the_annex_diagram_scenario(ph):
    # notebooks/scenarios/perfect_hotel_example_annex.toml: the rulebook's Annex diagram as a declared
    # position. Blue: Bedroom (3) then Pool (2) on top, holding 2 Bedroom and 3 Pool cards.
    sc = hl.Scenario.load(ROOT / "notebooks" / "scenarios" / "perfect_hotel_example_annex.toml")
    start = sc.match().state
    builds = [str(a) for a in start.legal_actions() if a.kind == "build"]
    assert builds == ["p0 build pool hand 2 0 0", "p0 build pool hand 3 0 0"]
    msg = start.explain_illegal("p0 build bedroom hand 2 0 0")
    assert "must be an Annex on top of the last-built set (the top floor is Pool)" in msg
    assert msg.endswith("Additional Rules")  # "only 1 set per kind"; the Annex is its exception
    for _, m in sc.walk():
        pass
    seat = m.state.view()["seats"][0]
    assert [(f["name"], f["size"], f["annex"]) for f in seat["hotel"]] == [
        ("Bedroom", 3, False), ("Pool", 2, False), ("Pool", 3, True)]
    assert seat["sets"] == {"bedroom": 3, "pool": 5}
