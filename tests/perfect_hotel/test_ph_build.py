"""Gameplay / B. Build, Additional Rules (one set per kind, Annex Building), Tourist Group
Cards in a Build, and the High-Season Advanced Rule.

Card numbers: Bedroom 0-12 (0, 1 starred), Restaurant 13-23, Pool 24-33 (24, 25 starred),
Lounge 34-42, Tourist Group 57-61.
"""

from __future__ import annotations

import pytest

import hotellab as hl

BED = 0  # kind index of Bedroom


@pytest.fixture
def base(ph):
    return ph.start(3)


def test_build_takes_the_whole_row_plus_hand_cards(ph, base):
    # Bedroom row: 3 (placed by Red), 4 (placed by Green), 8 (Red); Blue holds Bedrooms 5, 6
    # and Tourist 57. "Take all cards in the Tag Row": all 3 go into the set.
    s = ph.adjust(base, rows={"bedroom": [(3, 1), (4, 2), (8, 1)]}, hands={0: [5, 6, 57]})
    s = s.apply("p0 build bedroom row 1 0 1")
    assert s.hotels[0] == ((BED, (3, 4, 8, 5, 57)),)
    assert s.rows[BED] == () and s.hands[0] == (6,)
    assert s.current_player == 1
    assert ph.texts(s)[0] == ("Blue builds floor 1: 5 Bedroom cards (the whole Bedroom Tag Row (3), "
                              "1 Bedroom from hand, 1 Tourist Group from hand), 1 of them Tourist Group.")
    assert s.events[0].rule.quote == "Take all cards in the Tag Row to create a set."


def test_build_from_hand_only(ph, base):
    s = ph.adjust(base, hands={0: [5, 6, 24]})
    assert "p0 build bedroom hand 2 0 0" in ph.legal_texts(s)
    s = s.apply("p0 build bedroom hand 2 0 0")
    assert s.hotels[0] == ((BED, (5, 6)),) and s.hands[0] == (24,)


def test_a_set_needs_two_cards(ph, base):
    # one Bedroom on the row, one Bedroom and one Pool in hand: the only set is row + hand
    s = ph.adjust(base, rows={"bedroom": [(3, 1)]}, hands={0: [5, 24]})
    assert [str(a) for a in s.legal_actions() if a.kind == "build"] == ["p0 build bedroom row 1 0 0"]
    assert "a set needs 2 cards or more, this one has 1" in s.explain_illegal("p0 build bedroom row 0 0 0")
    assert "a set needs 2 cards or more" in s.explain_illegal("p0 build bedroom hand 1 0 0")
    assert s.explain_illegal("p0 build bedroom row 1 0 0") is None


def test_tourists_never_build_alone(ph, base):
    # Bedroom row: Tourist 57 only; Blue holds Tourists 58, 59
    s = ph.adjust(base, rows={"bedroom": [(57, 1)]}, hands={0: [58, 59]})
    assert not [a for a in s.legal_actions() if a.kind == "build"]
    for text in ("p0 build bedroom row 0 0 1", "p0 build bedroom hand 0 0 2"):
        msg = s.explain_illegal(text)
        assert "Tourist Group Cards must be combined with Build Cards to Build" in msg
        assert msg.endswith("Tourist Group Cards (specialized cards)")


def test_several_tourists_may_join_one_build(ph, base):
    s = ph.adjust(base, hands={0: [5, 57, 58]})
    s = s.apply("p0 build bedroom hand 1 0 2")
    assert s.hotels[0] == ((BED, (5, 57, 58)),)
    assert s.observation(1)["seats"][0]["hotel"][0]["tourists"] == 2


def test_a_tourist_on_a_row_counts_as_the_row_kind(ph, base):
    s = ph.adjust(base, rows={"pool": [(57, 1), (26, 2)]}, hands={0: [27]})
    s = s.apply("p0 build pool row 1 0 0")
    assert s.observation(0)["seats"][0]["sets"] == {"pool": 3}


def test_one_set_per_kind_unless_annex(ph, base):
    # Blue's hotel: Bedroom (5, 6) then Pool (26, 27) on top; Blue holds Bedrooms 7, 8
    s = ph.adjust(base, hotels={0: [("bedroom", [5, 6]), ("pool", [26, 27])]}, hands={0: [7, 8]})
    assert not [a for a in s.legal_actions() if a.kind == "build" and a.args[0] == "bedroom"]
    msg = s.explain_illegal("p0 build bedroom hand 2 0 0")
    assert "a second set of a kind must be an Annex on top of the last-built set (the top floor is Pool)" in msg
    # the rule that forbids it is "only 1 set per kind" (Additional Rules); the Annex is its exception
    assert msg.endswith("Additional Rules")
    with pytest.raises(hl.IllegalActionError, match="must be an Annex on top of the last-built set"):
        s.apply("p0 build bedroom hand 2 0 0")


def test_annex_on_the_last_built_set_counts_as_one_set(ph, base):
    s = ph.adjust(base, hotels={0: [("pool", [26, 27]), ("bedroom", [5, 6])]}, hands={0: [7, 8, 9]})
    s = s.apply("p0 build bedroom hand 3 0 0")
    assert ph.texts(s)[0] == ("Blue builds an Annex of 3 Bedroom cards (3 Bedroom from hand) on top of the "
                              "Bedroom set, as floor 3: one set of 5 cards.")
    assert s.events[0].rule.section == "Additional Rules / Annex Building"
    seat = s.observation(2)["seats"][0]
    assert seat["sets"] == {"pool": 2, "bedroom": 5}
    assert [f["annex"] for f in seat["hotel"]] == [False, False, True]
    # an Annex on an Annex is still on the last-built set of the kind
    s2 = ph.adjust(s, hands={0: [10, 11]}, step="turn", player=0)
    assert s2.explain_illegal("p0 build bedroom hand 2 0 0") is None


def test_high_season_flips_the_tag_and_needs_two_cards(ph):
    s = ph.start(3, high_season=True)
    s = ph.adjust(s, rows={"bedroom": [(3, 1), (4, 2)]}, hands={0: [5]})
    s = s.apply("p0 build bedroom row 1 0 0")
    assert s.high == 1 << BED
    assert s.events[1].rule.section == "Advanced Rule (High-Season Mode)"
    assert s.observation(1)["rows"][BED]["high_season"] is True
    # Red: one card on the High-Season Bedroom row, a Bedroom in hand: no Build from that row
    t = ph.adjust(s, rows={"bedroom": [(6, 2)]}, hands={1: [7]})
    assert "p1 build bedroom row 1 0 0" not in ph.legal_texts(t)
    msg = t.explain_illegal("p1 build bedroom row 1 0 0")
    assert "High-Season" in msg and "at least 2 cards" in msg and msg.endswith("Advanced Rule (High-Season Mode)")
    # two cards displayed: allowed again, and the tag stays upside-down
    u = ph.adjust(s, rows={"bedroom": [(6, 2), (8, 0)]}, hands={1: []})
    assert "p1 build bedroom row 0 0 0" in ph.legal_texts(u)
    assert u.apply("p1 build bedroom row 0 0 0").high == 1 << BED


def test_without_high_season_a_one_card_row_can_be_built_from(ph, base):
    s = ph.adjust(base, rows={"bedroom": [(3, 1), (4, 2)]}, hands={0: [5]})
    s = s.apply("p0 build bedroom row 1 0 0")
    assert s.high == 0 and len(s.events) == 1
    t = ph.adjust(s, rows={"bedroom": [(6, 2)]}, hands={1: [7]})
    assert "p1 build bedroom row 1 0 0" in ph.legal_texts(t)


def test_stars_are_chosen_by_the_builder(ph, base):
    s = ph.adjust(base, hands={0: [0, 5, 6]})  # Bedroom 0 is starred
    builds = sorted(str(a) for a in s.legal_actions() if a.kind == "build")
    assert builds == ["p0 build bedroom hand 1 1 0", "p0 build bedroom hand 2 0 0", "p0 build bedroom hand 2 1 0"]
    assert s.apply("p0 build bedroom hand 1 1 0").hotels[0] == ((BED, (5, 0)),)


def test_hand_counts_are_checked(ph, base):
    s = ph.adjust(base, hands={0: [5, 6]})
    assert "holds 2 plain Bedroom cards, not 3" in s.explain_illegal("p0 build bedroom hand 3 0 0")
    assert "holds 0 Tourist Group cards, not 1" in s.explain_illegal("p0 build bedroom hand 2 0 1")
    assert "the Bedroom Tag Row is empty: build from hand" in s.explain_illegal("p0 build bedroom row 2 0 0")


def test_high_season_a_hand_only_build_flips_no_tag(ph):
    # Advanced Rule (High-Season Mode): "Whenever cards are taken to Build, flip the Build Tag of
    # that Row upside-down." A hand-only Build takes no card of the row (ruling PH-23), so the
    # Bedroom tag stays upright and its one card can still be built from by the next player.
    s = ph.start(3, high_season=True)
    s = ph.adjust(s, rows={"bedroom": [(3, 1)]}, hands={0: [5, 6], 1: [7]})
    s = s.apply("p0 build bedroom hand 2 0 0")
    assert s.high == 0
    assert [e.rule.section for e in s.events] == ["Gameplay / B. Build / 1"]
    assert s.observation(1)["rows"][BED]["high_season"] is False
    assert [e & 63 for e in s.rows[BED]] == [3]
    assert "p1 build bedroom row 1 0 0" in ph.legal_texts(s)


def test_high_season_a_tourist_counts_as_a_displayed_card(ph):
    # High-Season: "no player will be able to Build using cards of that Tag Row until at least 2
    # cards get displayed"; a Tourist Group Card on the row "can act as any of the 6 kinds"
    # (Tourist Group Cards), so a row of 1 Bedroom + 1 Tourist shows 2 cards (ruling PH-23).
    s = ph.start(3, high_season=True)
    p = ph.Pick()
    bed = p.plain("bedroom", 3)
    tour = p.tourist(1)
    s = ph.adjust(s, rows={"bedroom": [(bed[0], 1), (tour[0], 2)]}, hands={0: [bed[1]]}, high=["bedroom"])
    assert s.explain_illegal("p0 build bedroom row 0 0 0") is None
    assert "p0 build bedroom row 0 0 0" in ph.legal_texts(s)
    t = s.apply("p0 build bedroom row 0 0 0")
    assert sorted(t.hotels[0][0][1]) == sorted([bed[0], tour[0]])
    # the Tourist alone on the row is 1 displayed card: still closed, even with a hand Bedroom
    u = ph.adjust(s, rows={"bedroom": [(tour[0], 2)]}, hands={0: [bed[1], bed[2]]})
    assert not [a for a in u.legal_actions() if a.kind == "build" and a.args[1] == "row"]
    assert "at least 2 cards" in u.explain_illegal("p0 build bedroom row 1 0 0")


def test_research_or_build_each_turn(ph, base):
    # Gameplay: "A player must complete either (A) Research or (B) Build during a turn." With
    # Bedrooms 5, 6 in hand Blue may research or build them; with a Bedroom and a Pool (no set
    # possible) research is the only action.
    s = ph.adjust(base, hands={0: [5, 6]})
    assert ph.legal_texts(s) == ["p0 build bedroom hand 2 0 0", "p0 research"]
    t = ph.adjust(base, hands={0: [5, 26]})
    assert ph.legal_texts(t) == ["p0 research"]


def test_a_row_build_takes_any_number_of_hand_cards(ph, base):
    # B. Build / 1: "Take all cards in the Tag Row to create a set. When doing so, a player can
    # use as many cards in hand of the same kind to add to the set." Row: one Bedroom (3);
    # hand: Bedrooms 5, 6, 7. Row sets: 1 + 1, 1 + 2, 1 + 3 (1 + 0 is a single card).
    s = ph.adjust(base, rows={"bedroom": [(3, 1)]}, hands={0: [5, 6, 7]})
    rows = sorted(str(a) for a in s.legal_actions() if a.kind == "build" and a.args[1] == "row")
    assert rows == ["p0 build bedroom row 1 0 0", "p0 build bedroom row 2 0 0", "p0 build bedroom row 3 0 0"]
    assert s.apply("p0 build bedroom row 3 0 0").hotels[0] == ((BED, (3, 5, 6, 7)),)


def test_floors_go_on_top_in_the_order_of_creation(ph, base):
    # B. Build / 2: "display their created sets from the bottom up in the order of creation ...
    # Upper floors can be larger than the lower floors (ex: 3 cards for Floor 2 / 5 cards for
    # Floor 3)." Blue builds 2 Pool cards, then 3 Bedroom cards on top of them.
    s = ph.adjust(base, hands={0: [26, 27, 5, 6, 7]})
    s = s.apply("p0 build pool hand 2 0 0")
    for seat in (1, 2):
        s = s.apply(f"p{seat} research")
        s = s.apply(s.legal_actions()[0])
    assert "p0 build bedroom hand 3 0 0" in ph.legal_texts(s)
    s = s.apply("p0 build bedroom hand 3 0 0")
    assert s.hotels[0] == ((ph.C.KIND_INDEX["pool"], (26, 27)), (BED, (5, 6, 7)))
    assert [(f["level"], f["name"], f["size"]) for f in s.view(None)["seats"][0]["hotel"]] == [
        (1, "Pool", 2), (2, "Bedroom", 3)]
