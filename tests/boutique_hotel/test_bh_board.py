"""The board is the interface (issue 20): Boutique Hotel Manager's board drawn as its components
(the table, a hotel board per player) with targets that the actions name.

Expected values are derived by hand from "Jak grać w Boutique Hotel Manager" (Polish rulebook),
section by section, as each test says; rooms 1-8 and the Start rooms 1-3 are this project's
board (data/board.toml, ruling BH-01); guest card 1 is the rulebook's blocking example.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import hotellab as hl
from hotellab.core.board import MIN_FONT, PANEL_MAX_WIDTH
from hotellab.games.boutique_hotel.render import render_svg
from hotellab.testing import board_targets

SVG = "{http://www.w3.org/2000/svg}"
DICE = ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "breakfast")  # the price dice, Monday first


def labels(state, perspective=None) -> dict:
    return board_targets(render_svg(state.view(perspective)))


def test_price_dice_carry_their_faces_and_a_change_targets_its_die(bh):
    """Faza przygotowania do tygodnia 1: 'Wartości na kościach oznaczają od 100 do 600 co 100'
    (face 1 = 100 ... 6 = 600); Faza rezerwacji: 'gracz może zmienić jedną i tylko jedną kość
    ceny': each of the 8 dice may turn to any of its 5 other faces, made on the die itself."""
    s = bh.priced(2, [[1, 2, 3, 4, 5, 6, 1, 2], bh.FLAT2])
    t = labels(s)
    assert t["die:0:mon"] == "Blue's Monday price die: 100"
    assert t["die:0:sat"] == "Blue's Saturday price die: 600"
    assert t["die:0:breakfast"] == "Blue's breakfast price die: 200"
    assert t["die:1:wed"] == "Red's Wednesday price die: 200"
    assert s._action_target(hl.core.actions.Action("keep", (), 0)) is None
    targets = s.action_targets()
    assert list(targets) == [f"die:0:{d}" for d in DICE]
    assert all(len(acts) == 5 for acts in targets.values())  # 6 faces less the one shown
    assert [str(a) for a in targets["die:0:mon"]] == [f"p0 price mon {f}" for f in (2, 3, 4, 5, 6)]
    assert sum(len(a) for a in targets.values()) == len(s.legal_actions()) - 1  # all but "keep"


def test_setting_a_die_in_secret_targets_the_next_die(bh):
    """Faza przygotowania do tygodnia 1: each player sets a die on each day and one on
    Śniadanie, in secret; this project sets them Monday first, so after two dice the six
    faces of Wednesday's die are the choices."""
    s = bh.run(bh.game(2).new_initial_state(), "p0 price mon 6", "p0 price tue 1")
    assert s.action_targets() == {"die:0:wed": s.legal_actions()}
    assert len(s.legal_actions()) == 6


def test_blocking_rooms_targets_the_cards_first_room_and_tokens_are_told(bh):
    """Faza rezerwacji, the blocking example (guest card 1: 2 adjacent rooms the first night,
    one the second, breakfast). Blue's dice are all 100, Red's 200: Blue is cheapest and blocks.
    The first room holds 2 nights; with rooms 1-2-3 in a row the door pairs are 1-2, 2-1, 2-3,
    3-2. Blue receives 3 room-nights x 100 + 3 breakfasts x 100 = 600 (500 + 600 = 1100, money
    cards 1000 and 100, the fewest cards: BH-03)."""
    s = bh.reserve(bh.priced(2, [bh.FLAT1, bh.FLAT2]), 1, 1)
    assert {k: [str(a) for a in v] for k, v in s.action_targets().items()} == {
        "room:0:1": ["p0 block 1,2"], "room:0:2": ["p0 block 2,1", "p0 block 2,3"], "room:0:3": ["p0 block 3,2"]}
    t = labels(s)
    assert t["guest:card"] == "Guest card 1: 2 rooms (2+1 nights, door 1-2), breakfast"
    assert t["checkin:die"] == "Check-in die: Monday"
    s = bh.run(s, "p0 block 1,2")
    t = labels(s)
    assert t["room:0:1"] == ("Blue's room 1 (Start): Mon check-in with breakfast, Tue night with breakfast; "
                             "free Wed, Thu, Fri, Sat, Sun")
    assert t["room:0:2"] == "Blue's room 2 (Start): Mon check-in with breakfast; free Tue, Wed, Thu, Fri, Sat, Sun"
    assert t["room:0:3"] == "Blue's room 3 (Start): free all week"
    assert t["room:0:4"] == "Blue's room 4: not built (1000 in the expansion)"
    # Faza planowania: cleaning = booked rooms, check-in = squares, kitchen = brown tokens
    assert t["day:0:mon"] == "Blue's Monday: 2 rooms booked, 2 check-ins, 2 breakfasts"
    assert t["day:0:tue"] == "Blue's Tuesday: 1 room booked, 0 check-ins, 1 breakfast"
    assert t["money:0"] == "Blue's money: 1100 in money cards (1000, 100) and the blank card"
    assert t["staff:0:cleaning"] == "Blue's cleaning staff die: not hired yet; the busiest day needs 2"
    assert t["rating:0"] == "Blue's rating: 3 stars of 5"  # Instrukcje: the marker starts on 3 stars
    assert t["guest:card"] == "Guest card: none turned up"  # the next turn has begun
    svg = render_svg(s.view(None))
    assert 'stroke="#4a9fd0"' in svg  # the connection token joining rooms 1 and 2 on Monday


def test_a_sealed_bid_is_made_on_the_money_cards_and_stays_face_down(bh):
    """Faza rezerwacji: equal prices and equal ratings, 'gracze rywalizują w marketingu
    poprzez licytację Karty pieniędzy zakryte': Blue (the active player) bids first, 0-500 in
    steps of 100 (the blank card alone is 0), on its money cards; the bid is face down to Red."""
    s = bh.reserve(bh.priced(2), 1, 2)
    targets = s.action_targets()
    assert list(targets) == ["money:0"] and [str(a) for a in targets["money:0"]] == [
        f"p0 bid {v}" for v in range(0, 600, 100)]
    s = bh.run(s, "p0 bid 300")
    red = labels(s, 1)
    assert red["money:0"] == "Blue's money: 500 in money cards (500) and the blank card; a marketing bid face down"
    assert labels(s, 0)["money:0"].endswith("; a marketing bid of 300")
    assert "bid 300" not in render_svg(s.view(1)) and "bid face down" in render_svg(s.view(1))
    assert set(red) == set(labels(s))  # ids are slots: the same whoever looks


def _first(state, node, rng):
    while state.node[0] != node:
        state = state.apply(state.sample_chance(rng) if state.is_chance_node else rng.choice(state.legal_actions()))
    return state


def test_hiring_targets_the_staff_die_and_buying_targets_the_room(bh):
    """Faza planowania: staff are hired cleaning, then check-in, then kitchen (this project's
    order), 300 a worker; the cleaning choices are made on the cleaning die. Faza ekspansji:
    'zapłacić 1000 za pokój': each room not built is a choice on that room; finishing is a
    button (no target)."""
    rng = random.Random(5)
    s = _first(bh.game(2).new_initial_state(), "hire_staff", rng)
    p = s.current_player
    assert s.action_targets() == {f"staff:{p}:cleaning": s.legal_actions()}
    s = _first(s, "expand", rng)
    p = s.current_player
    targets = s.action_targets()
    unbuilt = [r for r in range(1, 9) if not s.built[p] >> (r - 1) & 1]
    assert s.money[p] >= 1000  # this game reaches the expansion with money for a room
    assert list(targets) == [f"room:{p}:{r}" for r in unbuilt] and unbuilt == [4, 5, 6, 7, 8]
    assert [str(a) for a in s.legal_actions() if s._action_target(a) is None] == [f"p{p} done"]


def test_hidden_dice_are_named_by_their_slot(bh):
    """Faza przygotowania: the dice are set 'w tajemnicy' (in secret): in Red's view Blue's
    set dice are face down, named by day, with no face; their place shows '?'."""
    s = bh.run(bh.game(2).new_initial_state(), *(f"p0 price {d} 6" for d in DICE[:3]))
    red = labels(s, 1)
    for d, day in (("mon", "Monday"), ("tue", "Tuesday"), ("wed", "Wednesday")):
        assert red[f"die:0:{d}"] == f"Blue's {day} price die: set face down"
    assert "600" not in " ".join(red.values()) and ">600<" not in render_svg(s.view(1))
    assert labels(s, 0)["die:0:mon"] == "Blue's Monday price die: set in secret: 600"


def test_title_and_description_picture_the_position(bh):
    s = bh.reserve(bh.priced(2, [bh.FLAT1, bh.FLAT2]), 1, 1)
    root = ET.fromstring(render_svg(s.view(None)))
    assert root.find(f"{SVG}title").text == "Boutique Hotel Manager, week 1: the board"
    desc = root.find(f"{SVG}desc").text
    assert desc.startswith("Week 1 of 2, the reservation phase; Blue to play; guest card 1 is turned up")
    assert "Blue 500 money, 3 stars, 3 rooms, 0 stays; Red 500 money" in desc
    # the panels: the table, then Blue's and Red's hotel boards
    assert [p.get("aria-label") for p in root.iter(f"{SVG}svg") if p.get("class") == "hl-panel"] == [
        "The table: phases, guest card, check-in die, deck", "Blue's hotel board", "Red's hotel board"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fonts_panels_and_ids_over_random_games(bh, players):
    """Every text at 12 px or more, every panel at most 360 px wide, a panel for the table and
    one per hotel, no status line; the target ids are the same in every seat's view (no id
    tells a hidden die or bid)."""
    g = bh.game(players)
    rng = random.Random(players)
    s, k = g.new_initial_state(), 0
    while not s.is_terminal:
        if k % 23 == 0:
            ids = None
            for p in [None, *range(players)]:
                svg = render_svg(s.view(p))
                root = ET.fromstring(svg)
                sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
                assert min(sizes) >= MIN_FONT
                panels = [e for e in root.iter(f"{SVG}svg") if e.get("class") == "hl-panel"]
                assert len(panels) == 1 + players
                assert all(float(e.get("width")) <= PANEL_MAX_WIDTH for e in panels)
                assert s.status_text() not in svg
                got = list(board_targets(svg))
                assert ids is None or got == ids
                ids = got
            assert len(ids) == 2 + players * (2 + 8 + 7 + 8 + 3)
        s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
        k += 1


def test_a_view_from_a_file_never_breaks_the_board():
    for view in ({}, {"seats": None}, {"seats": [{"seat": 0, "name": "<b>", "color": "url(#x)", "rooms": "x",
                                                  "prices": [9, None], "staff": [7], "demand": {"rooms": [1] * 9}}]},
                 {"guest": {"nights": [9, "x"], "doors": [True]}, "quotes": [{"seat": 3}], "ranking": [0, "x"]}):
        svg = render_svg(view)
        ET.fromstring(svg)
        assert "<b>" not in svg and "url(#x)" not in svg
        assert re.search(r'font-size="(\d+)', svg) is None or min(
            float(v) for v in re.findall(r'font-size="([\d.]+)"', svg)) >= MIN_FONT
