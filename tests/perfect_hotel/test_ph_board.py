"""The Perfect Hotel board is the interface (issue 20): panels, targets and what each action
concerns.

Card numbers (conftest): Bedroom 0-12 (0 and 1 starred), Restaurant 13-23, Pool 24-33 (24 and
25 starred), ..., Tourist Group 57-61. A hand is sorted by card number, so its slots are in
that order and the Tourist Group cards come last. Target ids (render.py): ``deck``,
``award:<id>``, ``row:<kind>``, ``floor:<seat>:<level>``, ``hand:<seat>:<slot>``.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import hotellab as hl
from hotellab.core.board import MIN_FONT, PANEL_MAX_WIDTH, board_targets

SVG = "{http://www.w3.org/2000/svg}"


def targets(state, seat=None) -> dict[str, str]:
    return board_targets(state.game.render_svg(state.view(seat)))


def acted(state) -> dict[str, list[str]]:
    return {t: [str(a) for a in acts] for t, acts in state.action_targets().items()}


@pytest.fixture
def opening(ph):
    # Blue is dealt Bedroom 5 and Tourist 57, Red Bedrooms 6 and 7; the House Deck's top cards
    # are Tourist 58, then Bedroom 8.
    return ph.start(3, hands={0: [5, 57], 1: [6, 7]}, draws=[58, 8])


def test_the_opening_board_names_the_deck_and_the_hands(opening):
    blue, red = targets(opening, 0), targets(opening, 1)
    # Game Setup / 1: 62 cards, 2 dealt to each of 3 players: 56 left; Components: a Tourist
    # Group card has "a little mark on the back", so everyone sees the top card's mark
    assert blue["deck"] == red["deck"] == "House Deck, 56 cards, face down; its top card shows the Tourist mark"
    assert blue["hand:0:0"] == "Blue's hand, card 1: Bedroom"
    assert blue["hand:0:1"] == "Blue's hand, card 2: Tourist Group"
    # Red sees Blue's cards by their backs: the slot, and the Tourist mark on the last one
    assert red["hand:0:0"] == "Blue's hand, card 1, face down"
    assert red["hand:0:1"] == "Blue's hand, card 2, face down, Tourist mark on its back"
    assert red["hand:1:1"] == "Red's hand, card 2: Bedroom"
    # Game Setup / 3: the six Build Tags, each with an empty row; no hotel has a floor yet
    rows = [t for t in blue if t.startswith("row:")]
    assert rows == ["row:bedroom", "row:restaurant", "row:pool", "row:lounge", "row:spa", "row:garden"]
    assert blue["row:bedroom"] == "Bedroom Tag Row (10 points, 13 cards of the kind): no cards"  # 10: the rulebook's example
    assert not [t for t in blue if t.startswith("floor:")]
    # Award Cards / Cheap Hotel: every hotel has 0 of the 4 kinds needed
    assert blue["award:cheap_hotel"].endswith("now: Blue, Red and Green (\u22123 each)")
    # reading order: the table first, then the seats in turn order
    assert list(blue)[:4] == ["deck", "award:perfect_view", "award:sky_room", "award:cheap_hotel"]
    assert list(blue)[-6:] == ["hand:0:0", "hand:0:1", "hand:1:0", "hand:1:1", "hand:2:0", "hand:2:1"]


def test_title_and_description(opening):
    root = ET.fromstring(opening.game.render_svg(opening.view(0)))
    assert root.find(f"{SVG}title").text == "Perfect Hotel: the board"
    desc = root.find(f"{SVG}desc").text
    assert desc.startswith("The House Deck holds 56 cards; the Tag Rows hold no cards. Blue to play: research")
    # the count as if the game ended now (ruling PH-21): Cheap Hotel -3 for everyone, and
    # Blue's Tourist Group card in hand another -3 (Point Calculation)
    assert opening.scores == [-6, -3, -3]
    assert desc.endswith("Tied for the lead: Red and Green with -3 points.")
    match = hl.load_game("perfect_hotel", num_players=2, options={"games": 3}).new_initial_state()
    assert ET.fromstring(match.game.render_svg(match.view(None))).find(f"{SVG}title").text == (
        "Perfect Hotel, game 1 of 3: the board")


def test_research_and_placements_target_the_deck_and_the_card_played(opening):
    # Gameplay: Research draws from the House Deck; Blue's only set is Bedroom 5 + Tourist 57
    # ("Tourist Group Cards must be combined with Build Cards"), made from the hand
    assert acted(opening) == {"deck": ["p0 research"], "hand:0:0": ["p0 build bedroom hand 1 0 1"]}
    placing = opening.apply("p0 research")  # draws 58 and 8: the hand is 5, 8, 57, 58
    assert placing.hands[0] == (5, 8, 57, 58)
    # A. Research / 2: a Bedroom goes on its own row (the first plain Bedroom, slot 0); a
    # Tourist on any row without one (Additional Rules): six rows, a menu at slot 2
    assert acted(placing) == {
        "hand:0:0": ["p0 place bedroom plain"],
        "hand:0:2": [f"p0 place {k} tourist" for k in ("bedroom", "restaurant", "pool", "lounge", "spa", "garden")],
    }
    blue = targets(placing, 0)
    assert blue["hand:0:1"] == "Blue's hand, card 2: Bedroom, just drawn"
    assert blue["hand:0:3"] == "Blue's hand, card 4: Tourist Group, just drawn"
    assert blue["hand:0:0"] == "Blue's hand, card 1: Bedroom"  # dealt, not drawn
    assert "just drawn" not in targets(placing, 1)["hand:0:1"]  # Red sees a back, no more


def test_builds_target_the_row_or_the_first_hand_card_of_the_kind(ph):
    p = ph.Pick()
    s = ph.adjust(
        ph.start(3, high_season=True),
        hands={0: p.star("bedroom") + p.plain("pool", 2) + p.tourist()},   # 0, 26, 27, 57
        hotels={0: [("pool", p.plain("pool", 3)), ("bedroom", p.plain("bedroom", 2))],
                2: [("bedroom", p.plain("bedroom", 3))]},
        rows={"bedroom": [(p.plain("bedroom")[0], 1)], "pool": [(p.plain("pool")[0], 2), (p.tourist()[0], 1)]},
        high=["pool"])
    assert s.hands[0] == (0, 26, 27, 57)
    # Additional Rules: Blue has a Pool set, not on top: no Pool Build at all, neither from the
    # row nor from its 2 Pool Hand Cards. Annex Building: Bedroom is the top floor, so a Bedroom
    # set goes on it: the row (Red's 1 card) with 1+ more cards, or Bedroom 0 + Tourist 57.
    assert acted(s) == {
        "deck": ["p0 research"],
        "row:bedroom": ["p0 build bedroom row 0 0 1", "p0 build bedroom row 0 1 0", "p0 build bedroom row 0 1 1"],
        "hand:0:0": ["p0 build bedroom hand 0 1 1"],
    }
    blue = targets(s, 0)
    assert blue["hand:0:0"] == "Blue's hand, card 1: Bedroom \u2605"
    assert blue["row:bedroom"] == ("Bedroom Tag Row (10 points, 13 cards of the kind): 1 card, a face-down card "
                                   "from Red; most Bedroom cards in a hotel: Green")  # Green 3, Blue 2
    # Advanced Rule (High-Season Mode): the Pool Build Tag is upside-down; Green's card is
    # face down (A. Research / 2), Red's Tourist shows its marked back
    assert blue["row:pool"] == ("Pool Tag Row (7 points, 10 cards of the kind), High-Season: 2 cards, a face-down "
                                "card from Green, a Tourist Group card from Red; most Pool cards in a hotel: Blue")
    assert blue["floor:0:1"] == "Blue's hotel, floor 1: Pool, 3 cards"
    assert blue["floor:0:2"] == "Blue's hotel, floor 2: Bedroom, 2 cards"
    # Award Cards: Blue's 2 floors are the tallest; Green's 3-card top floor the grandest
    assert blue["award:perfect_view"].endswith("now: Blue (+5)")
    assert blue["award:sky_room"].endswith("now: Green (+3)")
    annexed = s.apply("p0 build bedroom row 0 1 1")
    assert targets(annexed, 1)["floor:0:3"] == (
        "Blue's hotel, floor 3: Bedroom, 3 cards, 1 Tourist Group card, 1 star, an Annex")


def test_a_seat_sees_its_own_face_down_card_and_not_the_others_stars(ph):
    # research_face "down" (ruling PH-07): Blue placed starred Pool 24, Red plain Pool 30
    s = ph.adjust(ph.start(2), rows={"pool": [(24, 0), (30, 1)]})
    words = {seat: targets(s, seat)["row:pool"] for seat in (None, 0, 1)}
    assert words[None].endswith("2 cards, Pool \u2605 from Blue (face down), Pool from Red (face down)")
    assert words[0].endswith("2 cards, Pool \u2605 from Blue (face down), a face-down card from Red")
    assert words[1].endswith("2 cards, a face-down card from Blue, Pool from Red (face down)")


def _states(n, seed, games=3):
    rng = random.Random(seed)
    g = hl.load_game("perfect_hotel", num_players=n, options={"high_season": n == 3, "games": 1 + (n == 4)})
    for _ in range(games):
        s = g.new_initial_state()
        while not s.is_terminal:
            yield s
            s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
        yield s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_action_is_on_the_board_and_names_its_card(n):
    """Over random games: every legal action has a target (nothing in Perfect Hotel concerns
    nothing drawn), and the target's label names what the action plays or takes."""
    kinds = {k.id: k.name for k in hl.games.perfect_hotel.components.KINDS}
    checked = 0
    for k, s in enumerate(_states(n, seed=n)):
        if s.is_chance_node or s.is_terminal or k % 3:
            continue
        labels = targets(s, s.current_player)
        listed = s.action_targets()
        assert sorted(map(str, (a for acts in listed.values() for a in acts))) == sorted(map(str, s.legal_actions()))
        for tid, acts in listed.items():
            for a in acts:
                label = labels[tid]
                if a.kind == "place":
                    kind, what = a.args
                    want = "Tourist Group" if what == "tourist" else kinds[kind] + (" \u2605" if what == "star" else "")
                    assert re.search(f": {want}(, just drawn)?$", label), (str(a), label)
                elif a.kind == "build" and a.args[1] == "hand":
                    assert re.search(f": {kinds[a.args[0]]}( \u2605)?(, just drawn)?$", label), (str(a), label)
                elif a.kind == "build":
                    assert label.startswith(f"{kinds[a.args[0]]} Tag Row"), (str(a), label)
                else:
                    assert (a.kind, tid) == ("research", "deck")
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("n", [2, 4])
def test_fonts_panels_and_hidden_cards_over_random_games(n):
    """Every font-size >= 12 (core.board.MIN_FONT), every panel <= 360 px wide, every target
    labelled once; a seat's board names another seat's hand cards by slot only, and does not
    change when the cards it cannot see are dealt again (State.resample_hidden)."""
    kinds = [k.name for k in hl.games.perfect_hotel.components.KINDS] + ["Tourist Group"]
    rng = random.Random(n)
    resampled = 0
    for k, s in enumerate(_states(n, seed=10 + n, games=2)):
        if k % 4:
            continue
        for seat in (None, *range(n)):
            svg = s.game.render_svg(s.view(seat))
            sizes = [float(v) for v in re.findall(r'font-size="([0-9.]+)"', svg)]
            assert sizes and min(sizes) >= MIN_FONT
            widths = [float(v) for v in re.findall(r'class="hl-panel" x="[^"]*" y="[^"]*" width="([0-9.]+)"', svg)]
            assert len(widths) == n + 3 and max(widths) <= PANEL_MAX_WIDTH  # table, rows, seats, scores
            labels = board_targets(svg)  # raises on a target drawn twice or without a label
            assert len([t for t in labels if t.startswith("hand:")]) == sum(len(h) for h in s.hands)
            if seat is None:
                continue
            for other in range(n):
                if other == seat:
                    continue
                for j in range(len(s.hands[other])):
                    label = labels[f"hand:{other}:{j}"]
                    assert re.fullmatch(rf"\w+'s hand, card {j + 1}, face down(, Tourist mark on its back)?", label)
                    assert not any(name in label for name in kinds[:-1])
            if not s.is_chance_node and not s.is_terminal and k % 8 == 0:
                again = s.resample_hidden(seat, rng)
                assert again.game.render_svg(again.view(seat)) == svg
                resampled += 1
    assert resampled > 10
