"""Door-hanger effects, one by one ("Description of the Effects" and "Special Effects").

Each test puts guests in Red's hotel (seat 0) with ``hp.at_room`` and serves one of them. Rooms
(ruling HP-02): floor 1 holds rooms 1 2 3 (left to right), floor 2 rooms 6 5 4, floor 3 rooms
7 8 9; so room 5 is the centre, with 2 below, 8 above, 6 and 4 beside it, and room 1 has room 2
beside it and room 6 above it. Expected values are worked by hand from the effect's sentence in
the rulebook, quoted in each test.
"""

from __future__ import annotations

import pytest

import hotellab as hl

# guest cards by door hanger (hotellab/games/hellton_palace/data/guests.toml)
VS, SNORER, ANUBIS, DUCHESS, MOLO = 1, 2, 3, 4, 5
DRUMMER, POLTERGEIST, MOTHER_IN_LAW, WEREWOLF, RATTLER = 6, 7, 8, 9, 10
SLEEPWALKER, VAMPIRES, BLOB, FIRE_IMP, TWINS, DOLL, GARGOYLE, KRAKEN = 11, 12, 13, 14, 15, 16, 17, 18
TAX, JEALOUS, MIRROR, SNOB, UNION, BELL_RINGER, JONESES, HYPO = 19, 20, 21, 22, 23, 24, 25, 26
TROLL, KILLJOY, GRUMBLER, DRAMA, BANSHEE, BAND, HORSEMAN, BATS, SCIENTIST, MEDIUM = range(27, 37)
FILLER = "filler"  # a plain neighbour: a different card in each room (conftest.adjust)


@pytest.fixture
def base(hp):
    return hp.start(display=tuple(range(19, 37)))


def serve(hp, base, room, hotel, irritated=(), blue=None, blue_irritated=(), **kw):
    """Red serves the guest in ``room`` of a hotel holding ``hotel`` ({room: card}); ``blue``
    fills Blue's hotel."""
    s = hp.at_room(base, 0, room, hotels={0: hotel, 1: blue or {}},
                   irritated={0: list(irritated), 1: list(blue_irritated)}, **kw)
    return s.apply(f"p0 serve {room}")


# -- What? x Who? Where? -------------------------------------------------------------------------
def test_irritate_adjacent_in_the_column_only(hp, base):
    # Miss Von Scream in room 5: "Add an Irritation token" to the adjacent guests in the column
    # (2 below, 8 above), not to 4 and 6 beside her; then "Remove a Pillar token from the column
    # of this Guest" (column 2).
    s = serve(hp, base, 5, {5: VS, 2: FILLER, 8: FILLER, 4: FILLER, 6: FILLER})
    assert hp.tokens(s, 0) == [2, 8]
    assert s.pillars[0] == [4, 3, 4]


def test_irritate_adjacent_in_the_row_only(hp, base):
    s = serve(hp, base, 5, {5: DRUMMER, 2: FILLER, 8: FILLER, 4: FILLER, 6: FILLER})
    assert hp.tokens(s, 0) == [4, 6]


def test_irritate_adjacent_row_and_column(hp, base):
    s = serve(hp, base, 5, {5: WEREWOLF, 2: FILLER, 8: FILLER, 4: FILLER, 6: FILLER, 1: FILLER})
    assert hp.tokens(s, 0) == [2, 4, 6, 8]  # room 1 is diagonal: not adjacent


def test_irritate_all_in_row_and_column_reaches_past_a_neighbour(hp, base):
    # the Banshee in room 1: all the guests of floor 1 (2, 3) and of column 1 (6, 7)
    s = serve(hp, base, 1, {1: BANSHEE, 3: FILLER, 7: FILLER, 5: FILLER})
    assert hp.tokens(s, 0) == [3, 7]  # 5 is neither in the row nor in the column


def test_irritate_all_in_the_row(hp, base):
    s = serve(hp, base, 1, {1: (BAND, "a"), 3: FILLER, 7: FILLER})
    assert hp.tokens(s, 0) == [3]


def test_irritate_all_in_the_column(hp, base):
    s = serve(hp, base, 1, {1: (SLEEPWALKER, "b"), 3: FILLER, 7: FILLER})
    assert hp.tokens(s, 0) == [7]


def test_irritate_on_an_irritated_guest_is_a_tantrum(hp, base):
    # "if you must add a second Irritation token to a Guest, do not do so. Instead, remove the
    # one it already has ... Then, remove a Doorbell token from your Hall."
    s = serve(hp, base, 5, {5: DRUMMER, 4: FILLER, 6: FILLER}, irritated=[4])
    assert hp.tokens(s, 0) == [6]
    assert s.doorbells[0] == 2
    assert any("tantrum" in t for t in hp.events(s))


def test_irritate_if_satisfied_leaves_the_irritated_alone(hp, base):
    # the Chain Rattler: "If the Guest concerned is satisfied, add an Irritation token to it.
    # Otherwise, nothing happens."
    s = serve(hp, base, 5, {5: RATTLER, 4: FILLER, 6: FILLER}, irritated=[4])
    assert hp.tokens(s, 0) == [4, 6]
    assert s.doorbells[0] == 3


def test_tantrum_effect_only_on_the_irritated(hp, base):
    # the Kraken: "If the Guest concerned is irritated, remove its Irritation token as well as a
    # Doorbell token from your Hall. Otherwise, nothing happens."
    s = serve(hp, base, 5, {5: KRAKEN, 2: FILLER, 4: FILLER, 6: FILLER, 8: FILLER}, irritated=[2, 8])
    assert hp.tokens(s, 0) == []
    assert s.doorbells[0] == 1


def test_doorbell_effect(hp, base):
    s = serve(hp, base, 5, {5: FIRE_IMP})
    assert s.doorbells[0] == 2


def test_serving_first_removes_the_token_then_applies_the_hanger(hp, base):
    s = serve(hp, base, 5, {5: FIRE_IMP}, irritated=[5])
    assert hp.tokens(s, 0) == [] and s.doorbells[0] == 2  # the token goes, then a doorbell


def test_your_choice_of_guest_is_a_decision_of_the_active_player(hp, base):
    # the Poltergeist: "another of your Guests (of your choice)"
    s = serve(hp, base, 5, {5: POLTERGEIST, 1: FILLER, 9: FILLER})
    assert s.current_player == 0 and hp.texts(s) == ["p0 target 1", "p0 target 9"]
    s = s.apply("p0 target 9")
    assert hp.tokens(s, 0) == [9] and s.pillars[0] == [4, 3, 4]


def test_opponents_choice_is_the_opponents_decision_in_the_middle_of_the_turn(hp, base):
    # the Mother-in-Law: "another of your Guests chosen by your opponent"
    s = serve(hp, base, 5, {5: MOTHER_IN_LAW, 1: FILLER, 9: FILLER})
    assert s.current_player == 1
    assert hp.texts(s) == ["p1 target 1", "p1 target 9"]
    assert "Blue to act (opponent's choice)" in s.status_text()
    assert s.view()["pending"]["opponent_choice"] is True and s.view()["pending"]["hotel"] == 0
    assert "opponent's choice" in s.explain_illegal("p0 target 1")
    s = s.apply("p1 target 1")
    assert hp.tokens(s, 0) == [1]
    assert s.current_player == 0  # back to Red's tour


def test_pillar_of_your_choice_and_of_the_opponents_choice(hp, base):
    s = serve(hp, base, 5, {5: VAMPIRES, 1: FILLER})
    assert s.current_player == 0 and hp.texts(s) == ["p0 pillar 1", "p0 pillar 2", "p0 pillar 3"]
    s = s.apply("p0 pillar 3").apply("p0 target 1")  # then the satisfied guest of Red's choice
    assert s.pillars[0] == [4, 4, 3] and hp.tokens(s, 0) == [1]
    s = serve(hp, base, 5, {5: BLOB})
    assert s.current_player == 1
    s = s.apply("p1 pillar 1")
    assert s.pillars[0] == [3, 4, 4]


def test_no_target_apply_as_much_as_possible(hp, base):
    # "If there are not enough targets to apply an effect fully, apply it as much as possible
    # anyway": the Poltergeist alone has nobody to irritate, its pillar still falls
    s = serve(hp, base, 5, {5: POLTERGEIST})
    assert s.pillars[0] == [4, 3, 4] and hp.tokens(s, 0) == []
    assert s.current_player == 0 and s.node[0] == hp.HS.N_COLLECT


def test_flip_changes_the_side_and_keeps_the_token(hp, base):
    s = serve(hp, base, 5, {5: (SLEEPWALKER, "a"), 4: FILLER})
    assert s.guests[0][5] == SLEEPWALKER * 2 + 1  # now the Night Terror
    assert hp.tokens(s, 0) == [4]
    # the Night Terror: irritate all the column, pillar, flip back
    s = serve(hp, base, 5, {5: (SLEEPWALKER, "b"), 2: FILLER, 8: FILLER})
    assert hp.tokens(s, 0) == [2, 8] and s.pillars[0] == [4, 3, 4] and s.guests[0][5] == SLEEPWALKER * 2


def test_effects_apply_bottom_to_top(hp, base):
    # the Headless Horseman: bottom "tantrum all_row" first, then "pillar choice"
    s = serve(hp, base, 5, {5: HORSEMAN, 4: FILLER}, irritated=[4])
    assert s.doorbells[0] == 2 and s.node[0] == hp.HS.N_PILLAR
    assert [e.text for e in s.events][-1].endswith("(2 left).")


# -- Special effects -----------------------------------------------------------------------------
def test_special_1_doorbell_if_a_groom_is_hired(hp, base):
    assert serve(hp, base, 5, {5: SNOB}).doorbells[0] == 3
    assert serve(hp, base, 5, {5: SNOB}, hired={0: ["mason"]}).doorbells[0] == 2


def test_special_2_a_pillar_per_groom_of_the_opponent(hp, base):
    s = serve(hp, base, 5, {5: UNION}, hired={1: ["mason", "placer"]})
    assert hp.texts(s) == ["p0 pillar 1", "p0 pillar 2", "p0 pillar 3"]
    s = s.apply("p0 pillar 1").apply("p0 pillar 1")
    assert s.pillars[0] == [2, 4, 4] and s.node[0] == hp.HS.N_COLLECT


def test_special_3_doorbell_if_the_same_number_room_holds_a_satisfied_guest(hp, base):
    assert serve(hp, base, 5, {5: JEALOUS}).doorbells[0] == 3  # Blue's room 5 is empty
    assert serve(hp, base, 5, {5: JEALOUS}, blue={5: FILLER}).doorbells[0] == 2
    s = serve(hp, base, 5, {5: JEALOUS}, blue={5: FILLER}, blue_irritated=[5])
    assert s.doorbells[0] == 3  # irritated opposite: nothing


def test_special_4_a_pillar_of_your_choice_per_doorbell(hp, base):
    s = serve(hp, base, 5, {5: BELL_RINGER}, doorbells={0: 2})
    s = s.apply("p0 pillar 2")
    assert s.node[0] == hp.HS.N_PILLAR  # 2 doorbells: a second pillar
    s = s.apply("p0 pillar 3")
    assert s.pillars[0] == [4, 3, 3]


def test_special_5_doorbell_if_as_many_doorbells_as_the_opponent(hp, base):
    assert serve(hp, base, 5, {5: JONESES}).doorbells[0] == 2  # 3 and 3
    assert serve(hp, base, 5, {5: JONESES}, doorbells={1: 2}).doorbells[0] == 3


def test_special_6_copy_the_door_hanger_opposite(hp, base):
    # the Mirror Ghost in room 1 copies Miss Von Scream in Blue's room 1: irritate adjacent in
    # the column (Red's room 6) and a pillar of the Ghost's column (Red's column 1)
    s = serve(hp, base, 1, {1: MIRROR, 6: FILLER, 2: FILLER}, blue={1: VS})
    assert hp.tokens(s, 0) == [6] and s.pillars[0] == [3, 4, 4] and s.pillars[1] == [4, 4, 4]
    # empty room opposite: "If this room is empty, nothing happens."
    s = serve(hp, base, 1, {1: MIRROR, 6: FILLER})
    assert hp.tokens(s, 0) == [] and s.pillars[0] == [4, 4, 4]
    # a copied copy does nothing (ruling HP-13). The 36 cards hold one Mirror Ghost, so this
    # cannot be a declared position: a second Mirror Ghost is put in Blue's room 1 by hand.
    s = hp.at_room(base, 0, 1, hotels={0: {1: MIRROR}, 1: {}})
    s.guests[1][1] = MIRROR * 2
    s = s.apply("p0 serve 1")
    assert s.node[0] == hp.HS.N_COLLECT and s.doorbells[0] == 3
    assert any("nothing to copy" in t for t in hp.events(s))


def test_special_7_tokens_on_itself_per_irritated_adjacent_guest_one_at_a_time(hp, base):
    # the Hypochondriac in room 5 with 3 irritated neighbours (2, 4, 6): 3 tokens on itself, one
    # at a time: irritated, tantrum (a doorbell), irritated. Its first effect (tantrum of your
    # choice) is aimed at room 8, satisfied: nothing.
    s = serve(hp, base, 5, {5: HYPO, 2: FILLER, 4: FILLER, 6: FILLER, 8: FILLER}, irritated=[2, 4, 6])
    s = s.apply("p0 target 8")
    assert hp.tokens(s, 0) == [2, 4, 5, 6] and s.doorbells[0] == 2
    # the Creature: adjacent in the row only (4 and 6), not 2
    s = serve(hp, base, 5, {5: (SCIENTIST, "b"), 2: FILLER, 4: FILLER, 6: FILLER}, irritated=[2, 4])
    assert hp.tokens(s, 0) == [2, 4, 5] and s.doorbells[0] == 3


def test_special_8_a_token_of_your_choice_per_pillar_of_this_column(hp, base):
    s = serve(hp, base, 5, {5: TROLL, 1: FILLER}, pillars={0: [4, 3, 4]})
    legal = hp.texts(s)
    assert legal == ["p0 target 1"]
    for _ in range(3):  # 3 pillars in column 2: 3 tokens, the same guest allowed
        s = s.apply("p0 target 1")
    assert hp.tokens(s, 0) == [1] and s.doorbells[0] == 2  # irritated, tantrum, irritated
    assert s.node[0] == hp.HS.N_COLLECT  # exactly 3: the tour goes on (room 5 was the last)


def test_special_9_and_10_pillars_per_satisfied_or_irritated_adjacent_guest(hp, base):
    hotel = {5: KILLJOY, 2: FILLER, 4: FILLER, 6: FILLER, 8: FILLER}
    assert serve(hp, base, 5, hotel, irritated=[2]).pillars[0] == [4, 1, 4]  # 3 satisfied
    hotel = {5: GRUMBLER, 2: FILLER, 4: FILLER, 6: FILLER, 8: FILLER}
    # the Grumbler first irritates the satisfied guests above and below (2, 8), then counts
    # the irritated adjacent guests: 2, 8 and 4
    s = serve(hp, base, 5, hotel, irritated=[4])
    assert hp.tokens(s, 0) == [2, 4, 8] and s.pillars[0] == [4, 1, 4]


def test_special_11_the_duchess(hp, base):
    s = serve(hp, base, 5, {5: DUCHESS, 1: FILLER, 9: FILLER}, doorbells={0: 2})
    s = s.apply("p0 target 1").apply("p0 target 9")
    assert hp.tokens(s, 0) == [1, 9]
    assert s.node[0] == hp.HS.N_SERVE and s.cursor == 9  # the groom moves on to room 9


def test_special_12_doorbell_if_the_opponent_is_richer(hp, base):
    assert serve(hp, base, 5, {5: TAX}, coins={0: 3, 1: 3}).doorbells[0] == 3  # "strictly greater"
    assert serve(hp, base, 5, {5: TAX}, coins={0: 3, 1: 4}).doorbells[0] == 2


def test_special_13_pillars_left_and_right(hp, base):
    assert serve(hp, base, 5, {5: GARGOYLE}).pillars[0] == [3, 4, 3]
    assert serve(hp, base, 1, {1: GARGOYLE}).pillars[0] == [4, 3, 4]  # as much as possible


def test_special_14_tokens_on_itself_per_irritated_guest_in_row_and_column(hp, base):
    # the Drama Queen in room 1: irritated 3 (row) and 7 (column), not 5: 2 tokens on itself =
    # irritated then a tantrum
    s = serve(hp, base, 1, {1: DRAMA, 3: FILLER, 7: FILLER, 5: FILLER}, irritated=[3, 7, 5])
    assert hp.tokens(s, 0) == [3, 5, 7] and s.doorbells[0] == 2
    # the Possessed: column only, then "irritate if satisfied: all"
    s = serve(hp, base, 5, {5: (MEDIUM, "b"), 2: FILLER, 4: FILLER}, irritated=[2])
    assert hp.tokens(s, 0) == [2, 4, 5] and s.doorbells[0] == 3


def test_several_tokens_added_at_once_never_make_two(hp, base):
    # "At any time during the game, if you must add a second Irritation token to a Guest, do not
    # do so": k tokens on one guest alternate irritated / tantrum, never two tokens
    s = serve(hp, base, 1, {1: DRAMA, 2: FILLER, 3: FILLER, 6: FILLER, 7: FILLER}, irritated=[2, 3, 6, 7])
    assert s.tokens[0] >> 1 & 1 == 0 and s.doorbells[0] == 1  # 4 tokens: two tantrums


def test_every_effect_has_its_rule(hp, base):
    s = serve(hp, base, 5, {5: GARGOYLE})
    assert any(e.rule.section == "Special Effects / 13" for e in s.events)
    s = serve(hp, base, 5, {5: DRUMMER, 4: FILLER})
    assert any(e.rule.section == "Description of the Effects / Who? Where?" for e in s.events)
