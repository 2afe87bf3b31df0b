"""The Hellton Palace board is the interface (issue 20): panels, targets and their labels, and
each action kind's ``target`` (``state.action_targets()``), in positions derived by hand from the rulebook.

Positions come from the fixture ``hp`` (conftest.py): ``hp.start()`` lays the display of Setup 6
("3 rows of 6 cards") as cards 1-6 in the lowest row, 7-12 in the middle row and 13-18 in the
highest row; card numbers and door hangers are those of ``data/guests.toml``; the rooms'
floors and columns are ruling HP-02 (floor 1: rooms 1 2 3 left to right; floor 2: 6 5 4;
floor 3: 7 8 9).
"""

from __future__ import annotations

import random
import re

import hotellab as hl
from hotellab.core.board import MIN_FONT, PANEL_MAX_WIDTH
from hotellab.testing import board_targets


def targets(state, perspective=None) -> dict:
    return board_targets(state.game.render_svg(state.view(perspective)))


def acts(state, perspective=None) -> dict:
    return {tid: [str(a) for a in actions] for tid, actions in state.action_targets(perspective).items()}


# -- what is drawn, and its words ----------------------------------------------------------------
def test_every_component_is_a_target_in_reading_order(hp):
    # Game Components: per hotel 9 rooms, the Hall, the Basement's 3 pillar groups, 5 groom
    # tiles (and the coins beside it); the display of 3 rows of 6 places, highest row first.
    t = list(targets(hp.start()))
    hotel = [f"room:{{s}}:{n}" for n in range(1, 10)] + ["hall:{s}", "coins:{s}"] + [
        f"pillars:{{s}}:{c}" for c in (1, 2, 3)] + [
        f"groom:{{s}}:{g}" for g in ("mason", "false_reservation", "placer", "false_placer", "diplomat")]
    display = [f"display:{row}:{k}" for row in (3, 2, 1) for k in range(1, 7)]
    assert t == [x.format(s=0) for x in hotel] + [x.format(s=1) for x in hotel] + display


def test_labels_of_a_fresh_table(hp):
    t = targets(hp.start())
    # Setup 5: "Place the Groom pawn ... in your Hall, along with 3 Doorbell tokens on the counter"
    assert t["hall:0"] == "Red's Hall: 3 doorbells on the counter; the groom pawn is here"
    # Setup 4: 12 pillars, "3 groups of 4 Pillars"
    assert t["pillars:1:2"] == "Blue's Basement, pillars under column 2: 4 of 4"
    # no guest yet; no coins (Setup gives none)
    assert t["room:0:6"] == "Red's room 6 (floor 2, column 1): free"
    assert t["coins:0"] == "Red's coins: 0; the satisfied guests' rents: 0"
    # Setup 3: the 5 Groom tiles "non-hired side up"; the Mason costs 2 (grooms.toml)
    assert t["groom:0:mason"].startswith("Red's groom tile: the Mason, 2 coins, not hired. Put a Pillar token back")
    # the display: card 1 (Miss Von Scream, rent 1) first in the lowest row; card 11 is the
    # double-sided Sleepwalker / Night Terror (rulebook: "you may look at the other side")
    assert t["display:1:1"] == ("Lowest row, place 1: Miss Von Scream (card 1), rent 1; door hanger: "
                                "1. irritate: adjacent guests in the column; 2. remove a pillar (this column)")
    assert t["display:2:5"].startswith("Middle row, place 5: The Sleepwalker (card 11), rent 1;")
    assert t["display:2:5"].endswith("; side b: The Night Terror, rent 2")
    assert t["display:3:2"] == "Highest row, place 2: The Fire Imp (card 14), rent 3; door hanger: 1. remove a doorbell"


def test_a_room_with_its_guest_token_and_groom(hp):
    # The Mother-in-Law (card 8, rent 2): "irritate: the opponent's choice"; Red's groom serves room 5
    s = hp.at_room(hp.start(), 0, 5, hotels={0: {5: 8, 1: 6}}, irritated={0: [1]})
    t = targets(s)
    assert t["room:0:5"] == ("Red's room 5 (floor 2, column 2): The Mother-in-Law, rent 2, satisfied; "
                             "door hanger: 1. irritate: the opponent's choice; the groom pawn is here")
    # the Drummer (card 6, rent 1) has a token: irritated (Vocabulary)
    assert t["room:0:1"] == ("Red's room 1 (floor 1, column 1): The Drummer, rent 1, irritated; "
                             "door hanger: 1. irritate: adjacent guests in the row")
    # the groom is on the tour, not in the Hall; the Drummer pays no rent (irritated): 2 coins
    assert t["hall:0"] == "Red's Hall: 3 doorbells on the counter; the groom pawn is on the tour"
    assert t["coins:0"].endswith("rents: 2")


def test_a_false_reservation_is_drawn_on_its_row_and_its_tile(hp):
    s = hp.at_hire(hp.start(), 1, hired={1: ["false_reservation"]}, fr_row={1: 2})
    svg = s.game.render_svg(s.view())
    t = board_targets(svg)
    assert t["groom:1:false_reservation"].startswith(
        "Blue's groom tile: the False Reservation, 2 coins, hired, faces the middle row.")
    assert "Blue&#x27;s False Reservation</text>" in svg


# -- actions on the board --------------------------------------------------------------------
def test_welcome_is_the_card_taken_from_the_display(hp):
    s = hp.start()
    a = acts(s)
    # 1. Welcome: any card of the 3 rows, into a free room of its floor (3 rooms), either side
    assert a["display:1:1"] == ["p0 welcome 1 1 a", "p0 welcome 1 2 a", "p0 welcome 1 3 a"]
    assert len(a["display:2:5"]) == 6  # the double-sided Sleepwalker: 3 rooms x 2 sides
    assert "p0 welcome 11 5 b" in a["display:2:5"]
    assert set(a) == {f"display:{r}:{k}" for r in (1, 2, 3) for k in range(1, 7)}
    assert sum(map(len, a.values())) == len(s.legal_actions())
    # a taken card leaves its place empty: the next card of the row keeps its place
    s2 = hp.run(s, "p0 welcome 1 2 a")
    assert targets(s2)["display:1:1"] == "Lowest row, place 1: empty"


def test_hire_tour_serve_target_pillar_collect_swap(hp):
    s = hp.at_hire(hp.start(), 0, coins={0: 5}, pillars={0: [4, 2, 4]},
                   hotels={1: {5: hp.FILLER, 4: hp.FILLER}}, irritated={1: [5]})
    a = acts(s)
    # The Mason for column 2 (the only one with an empty space); the tour leaves the Hall
    assert a["groom:0:mason"] == ["p0 hire mason 2"]
    assert a["hall:0"] == ["p0 tour"]
    # the False Placer designates Blue's irritated guest in room 5; Blue swaps it with an
    # adjacent guest (room 4) in Blue's own hotel: the target is that room
    s2 = s.apply("p0 hire false_placer 5")
    assert acts(s2) == {"room:1:4": ["p1 swap 4"]} and acts(s2, 0) == {}
    # serve or not: both on the room the groom stands in front of
    s3 = hp.at_room(hp.start(), 0, 5, hotels={0: {5: 8, 1: 6}})
    assert acts(s3) == {"room:0:5": ["p0 serve 5", "p0 refuse 5"]}
    # the Mother-in-Law: Blue chooses which other guest of Red's hotel is irritated
    s4 = s3.apply("p0 serve 5")
    assert acts(s4) == {"room:0:1": ["p1 target 1"]} and acts(s4, 1) == acts(s4) and acts(s4, 0) == {}
    # the Blob (card 13): "remove a pillar: the opponent's choice": Blue picks Red's column
    s5 = hp.at_room(hp.start(), 0, 4, hotels={0: {4: 13}}).apply("p0 serve 4")
    assert acts(s5) == {f"pillars:0:{c}": [f"p1 pillar {c}"] for c in (1, 2, 3)}
    # 5. Collect rents (the coins) or recover a doorbell (the Hall), with 2 doorbells left
    s6 = hp.adjust(hp.start(), step="collect", player=1, turn=1, doorbells={1: 2}, reached={1: hp.HS.COMPLETE})
    assert acts(s6) == {"coins:1": ["p1 rents"], "hall:1": ["p1 doorbell"]}


def test_nothing_is_hidden_every_seat_sees_the_same_targets(hp):
    # Setup 6: the display is face up, and "you may look at the other side of double-sided
    # cards"; hotels, coins and tiles are on the table: every view draws the same targets.
    s = hp.at_room(hp.start(), 0, 5, hotels={0: {5: 8, 1: 6}})
    assert targets(s, 0) == targets(s, 1) == targets(s)


# -- a board that reads well -----------------------------------------------------------------
def test_fonts_panels_and_labels_over_random_games():
    rng = random.Random(7)
    game = hl.load_game("hellton_palace")
    seen = 0
    for _ in range(3):
        s = game.new_initial_state()
        for k in range(400):
            if s.is_terminal:
                break
            if k % 7 == 0 or s.is_terminal:
                for p in (None, 0):
                    svg = game.render_svg(s.view(p))
                    sizes = [float(v) for v in re.findall(r'font-size="([0-9.]+)"', svg)]
                    assert sizes and min(sizes) >= MIN_FONT, s.status_text()
                    widths = [float(v) for v in re.findall(r'<svg class="hl-panel" x="[^"]*" y="[^"]*" width="([0-9.]+)"', svg)]
                    assert len(widths) == 6 and max(widths) <= PANEL_MAX_WIDTH
                    t = board_targets(svg)  # raises on a target drawn twice or without a label
                    assert len(t) == 2 * 19 + 18 and all(t.values())
                    seen += 1
            s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
    assert seen > 20


def test_title_and_description(hp):
    s = hp.start()
    svg = s.game.render_svg(s.view())
    assert "<title>Hellton Palace, turn 1: the board</title>" in svg
    desc = re.search(r"<desc>(.*?)</desc>", svg).group(1)
    # Setup: 3 doorbells, pillars 4/4/4, no coins, no guest; 18 cards on the display
    assert desc.startswith("Red&#x27;s hotel: 0 guests (0 irritated), 3 doorbells in the Hall, pillars 4, 4, 4 "
                           "under columns 1 to 3, 0 coins.")
    assert "Red to act: welcome a guest" in desc and desc.endswith("The guest display has 18 cards left.")
    # the status line is left to the widget
    assert s.status_text() not in svg
