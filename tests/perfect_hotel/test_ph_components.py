"""Counted components (issue 24): every count of the rulebook's component list is enforced by
the engine and by the position reader, or ruled on (docs/rulings/perfect_hotel.md, "Counted
components").

The rulebook's list (Perfect Hotel Rulebook, "Components"):

| component | count | held by |
|---|---|---|
| "Game Cards: 62 cards" | 62, numbered 0-61, each in one place | `position.py` (numbers 0-61, `check_partition`, a name stands for a free card of its sort) |
| "Build Cards (x 57 / 6 kinds)" | 57 in 6 kinds: 13/11/10/9/8/6 (ruling PH-02), 2 starred per kind (PH-03) | `data/cards.toml`; `position.py` |
| "Tourist Group Cards x 5" | 5; at most 1 per Tag Row ("Only 1 Tourist Group Card may be placed per Tag Row") | `state.py` place actions; `position.py` |
| "Build Tags: 6" | 6 Tag Rows, one per kind; High-Season flips them | `state.py` (six rows); `position.py` (`tag_rows` and `high_season` name kinds) |
| "Award Cards: 3" | Perfect View, Sky Room, Cheap Hotel; the +5 and the +3 go to one hotel at most | `state.py` scoring (PH-17..PH-19) |
| "Point Track Board: 1" | one track of plain totals (its 20 is not a limit: PH-24) | `state.py` results |
| "Score Trackers: 4 colors" | 2-4 players, one colour each | `Game.max_players`; `position.py` seat names |

Tests of the kind: over 200 seeded games of every player count (random and greedy agents,
every option), no count is ever exceeded in any state's position and every conserved count is
reached; and a position beyond each count is refused, naming the field and the rule.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import hotellab as hl
from hotellab import testing

# -- the counts, from the rulebook's component list ("Components") -----------------------------
GAME_CARDS = 62  # "Game Cards: 62 cards"
BUILD_CARDS = 57  # "Build Cards (x 57 / 6 kinds)"
KINDS = ("bedroom", "restaurant", "pool", "lounge", "spa", "garden")  # 6 kinds (names: ruling PH-01)
PER_KIND = (13, 11, 10, 9, 8, 6)  # ruling PH-02 (reconstructed; sums to 57)
STARS_PER_KIND = 2  # ruling PH-03 (reconstructed)
TOURISTS = 5  # "Tourist Group Cards x 5"
TOURISTS_PER_ROW = 1  # "Only 1 Tourist Group Card may be placed per Tag Row"
BUILD_TAGS = 6  # "Build Tags: 6"
AWARDS = ("Perfect View", "Sky Room", "Cheap Hotel")  # "Award Cards: 3"
SCORE_TRACKERS = 4  # "Score Trackers: 4 colors"

FIRST = list(itertools.accumulate((0,) + PER_KIND))  # Bedroom 0-12, Restaurant 13-23, ..., Tourists 57-61


def sort_of(card: int) -> str:
    """A card number's sort: a kind id, the kind id with " star" (the first 2 of each kind,
    PH-03), or "tourist"."""
    if card >= BUILD_CARDS:
        return "tourist"
    k = max(i for i in range(6) if FIRST[i] <= card)
    return KINDS[k] + (" star" if card - FIRST[k] < STARS_PER_KIND else "")


OPTIONS = [dict(high_season=h, star_bonus=sb, games=gm, research_face=rf)
           for h, sb, gm, rf in itertools.product((False, True), (False, True), (1, 3), ("down", "up"))]


def counts(pos: dict) -> dict:
    """The counted components of a declared position (``state.to_position()``)."""
    cards = list(pos["house_deck"])
    for hand in pos["hands"].values():
        cards += hand
    for row in pos["tag_rows"].values():
        cards += [e["card"] for e in row]
    for floors in pos["hotels"].values():
        for f in floors:
            cards += f["cards"]
    sorts = Counter(sort_of(c) for c in cards)
    return {
        "cards": len(cards),
        "copies of a card": max(Counter(cards).values(), default=0),
        "numbers": set(cards),
        "build cards": len(cards) - sorts["tourist"],
        "tourists": sorts["tourist"],
        "per kind": [sorts[k] + sorts[k + " star"] for k in KINDS],
        "stars per kind": [sorts[k + " star"] for k in KINDS],
        "tourists on a row": max((sum(1 for e in row if e["card"] >= BUILD_CARDS) for row in pos["tag_rows"].values()),
                                 default=0),
        "tag rows": set(pos["tag_rows"]),
        "flipped tags": list(pos["high_season"]),
        "score trackers": len(pos["hands"]),
    }


def sampled_states(n: int, games: int = 200):
    """Every state of ``games`` seeded games with ``n`` players: the options cycle, and every
    fourth game two seats play greedy (the others random)."""
    return testing.sampled_states("perfect_hotel", n, games=games, options=OPTIONS,
                                  greedy=lambda k, p: k % 4 == 0 and p % 2 == 0, seed_base=1000 * n)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_count_is_ever_exceeded_in_sampled_games(n):
    most = Counter()
    for s in sampled_states(n):
        k = counts(s.to_position())
        where = s.status_text()
        assert k["cards"] <= GAME_CARDS and k["copies of a card"] <= 1 and k["numbers"] <= set(range(GAME_CARDS)), where
        assert k["build cards"] <= BUILD_CARDS and k["tourists"] <= TOURISTS, where
        assert all(a <= b for a, b in zip(k["per kind"], PER_KIND)), where
        assert all(a <= STARS_PER_KIND for a in k["stars per kind"]), where
        assert k["tourists on a row"] <= TOURISTS_PER_ROW, where
        assert k["tag rows"] == set(KINDS) and len(set(k["flipped tags"])) == len(k["flipped tags"]) <= BUILD_TAGS
        assert k["score trackers"] == n <= SCORE_TRACKERS, where
        # Award Cards: 3 cards; Perfect View's +5 and Sky Room's +3 go to one hotel at most
        awards = [(i.player, i.category, i.points) for i in s.score_breakdown()
                  if i.rule.section.startswith("Award Cards")]
        assert {c.split(" (")[0] for _, c, _ in awards} <= set(AWARDS), awards
        assert sum(1 for _, c, p in awards if c.startswith("Perfect View") and p == 5) <= 1, awards
        assert sum(1 for _, c, p in awards if c.startswith("Sky Room") and p == 3) <= 1, awards
        for key in ("cards", "build cards", "tourists", "tourists on a row"):
            most[key] = max(most[key], k[key])
    # the conserved counts are reached once the cards are dealt (the counting is not vacuous)
    assert most == {"cards": GAME_CARDS, "build cards": BUILD_CARDS, "tourists": TOURISTS, "tourists on a row": 1}


# -- a position beyond a count is refused, naming the field and the rule ---------------------
def _base(ph):
    """3 players, Red to play: Blue holds 2 Bedrooms, Red a Pool and a Tourist, Green a
    Restaurant and a Spa; a Bedroom on its row (placed by Red); Green's hotel has a Spa floor."""
    p = ph.start(3, hands={0: [5, 6], 1: [24, 57], 2: [13, 43]})
    return ph.adjust(p, rows={"bedroom": [(3, 1)]}, hotels={2: [("spa", [44, 45])]}, step="turn", player=1)


_refused = testing.assert_position_refused  # shared by every game's component tests


def test_the_base_position_holds_every_count(ph):
    k = counts(_base(ph).to_position())
    assert k["cards"] == 62 and k["copies of a card"] == 1 and k["per kind"] == list(PER_KIND)
    assert k["tourists"] == 5 and k["stars per kind"] == [2] * 6 and k["tag rows"] == set(KINDS)


def test_a_sixty_third_card_is_refused(ph):
    # "Game Cards: 62 cards": numbers 0-61, each in one place
    s = _base(ph)
    _refused(s, lambda p: p["hands"]["Blue"].append(62), "hands.Blue[2]", "Components", "must be from 0 to 61")
    _refused(s, lambda p: p["hands"]["Green"].append(5), "hands.Green", "Components",
             "card 5 is in more places than the game has copies of it (1)")


def test_a_card_beyond_the_count_of_its_sort_is_refused(ph):
    # "Build Cards (x 57 / 6 kinds)" (13 Bedrooms, the first 2 starred: PH-02, PH-03) and "Tourist
    # Group Cards x 5". A name stands for a free card of its sort (the House Deck left out: it
    # holds the cards named nowhere); the field that names one too many is refused.
    s = _base(ph)

    def names(seat, *more):
        def change(p):
            del p["house_deck"]
            p["hands"][seat].extend(more)
        return change

    # 11 plain Bedrooms; cards 3 (row), 5 and 6 (Blue's hand) are placed: 8 names fit, the 9th not
    _refused(s, names("Blue", *["Bedroom"] * 9), "hands.Blue[10]", "Components", "no card of this sort left")
    # 5 Tourists; card 57 is in Red's hand: 4 names fit, the 5th not
    _refused(s, names("Blue", *["Tourist Group"] * 5), "hands.Blue[6]", "Components", "no card of this sort left")
    # 2 starred Gardens
    _refused(s, names("Red", *["Garden ★"] * 3), "hands.Red[4]", "Components", "no card of this sort left")
    t = s.to_position()
    names("Blue", *["Bedroom"] * 8, *["Tourist Group"] * 4)(t)
    assert counts(s.game.state_from_position(t).to_position())["per kind"] == list(PER_KIND)  # the most that fit


def test_a_second_tourist_on_a_tag_row_is_refused(ph):
    # "Only 1 Tourist Group Card may be placed per Tag Row (2 Tourist Cards cannot be on the same Tag Row)."
    s = _base(ph)
    _refused(s, lambda p: p["tag_rows"]["pool"].extend([{"card": 58, "placed_by": "Blue"},
                                                        {"card": 59, "placed_by": "Green"}]),
             "tag_rows.pool[1].card", "Additional Rules", "a second Tourist Group card on one Tag Row")


def test_a_seventh_build_tag_is_refused(ph):
    # "Build Tags: 6": one Tag Row per kind; only those tags flip (High-Season)
    s = _base(ph)
    _refused(s, lambda p: p["tag_rows"].update(casino=[]), "tag_rows.casino", "Game Setup / 3. Build Tags",
             "must be a kind")
    g = ph.game(3, high_season=True)
    hs = g.state_from_position(dict(s.to_position(), options=dict(g.options)))
    _refused(hs, lambda p: p.update(high_season=["casino"]), "high_season[0]", "Advanced Rule (High-Season Mode)",
             "must be a kind")


def test_a_fifth_score_tracker_is_refused(ph):
    # "Score Trackers: 4 colors": 2-4 players; a seat of another colour has no place
    s = _base(ph)
    _refused(s, lambda p: p["hands"].update(Yellow=[7]), "hands.Yellow", "Components", "must be a seat of this game")
    _refused(s, lambda p: p["hotels"].update(Purple=[]), "hotels.Purple", "Components", "must be a seat of this game")
    with pytest.raises(hl.OptionError, match="2-4|2 to 4|players"):
        hl.load_game("perfect_hotel", num_players=5)
