"""The board is the interface (issue 20): Hostil Hostal's board of panels, its targets and
labels, and ``State._action_target``.

Positions come from ``hh.start(3)`` (conftest): boards 1A and 2A on floor 1 (1A next to the
Lobby), 3A on floor 2 above 1A (components.POSITIONS[3]), every wear die 6, every hand
#1, #2, #3 and Mr. Tools (#12), seat 0 (Blue) first. Bed numbers and rugs are the rooms'
component data (data/rooms.toml, reconstructed: rulebook "Phase 3 - Dawn / Rest" sums "the
visible numbers in the unoccupied beds and the rug"):

- 1A: beds (row, col, number) (0,0,+3) (0,1,+1) (0,2,-1) (1,0,+2) (1,1,0), rug -1
- 2A: (0,0,+2) (0,1,+2) (1,0,-1) (1,1,+3) (1,2,0), rug +1
- 3A: (0,0,+1) (0,1,+3) (0,2,+1) (1,0,-2) (1,1,+2), rug 0
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import hotellab as hl
from hotellab.core.board import MIN_FONT, PANEL_MAX_WIDTH
from hotellab.testing import board_targets

SVG = "{http://www.w3.org/2000/svg}"


def targets(state, perspective=None) -> dict:
    return board_targets(state.game.render_svg(state.view(perspective)))


def test_the_start_of_night_1_in_reading_order(hh):
    s = hh.start(3)
    t = targets(s)
    ids = list(t)
    # the Inn first (night track, Lobby), then the rooms as the map reads: floor 2 (3A),
    # then floor 1 left to right (1A, 2A); each room: header, wear die, beds 0-4, rug
    rooms = [i for i in ids if i.startswith("room:")]
    assert ids[:2] == ["night", "lobby"]
    assert rooms == ["room:3A", "room:1A", "room:2A"]
    k = ids.index("room:1A")
    assert ids[k:k + 8] == ["room:1A", "wear:1A"] + [f"bed:1A:{b}" for b in range(5)] + ["rug:1A"]
    # then the rest track (one row per seat) and the seats' areas, Blue's first
    assert ids.index("score:0") > ids.index("rug:2A")
    assert ids[-7:] == ["supply:2", "deck:2", "hand:2:0", "hand:2:1", "hand:2:2", "hand:2:3", "discard:2"]
    # labels: beds in the action texts' words (describe.bed_text), their number and state
    assert t["bed:1A:0"] == "1A bed 0 (top left, +3): free"
    assert t["bed:2A:2"] == "2A bed 2 (bottom left, -1): free"
    assert t["bed:3A:4"] == "3A bed 4 (bottom middle, +2): free"
    # the room total: 1A's free beds 3 + 1 - 1 + 2 + 0 and its rug -1 = +4 (Phase 3 - Dawn / Rest)
    assert t["room:1A"] == "Room 1A: total +4 (uncovered beds and rug), rug -1, wear 6, 0 guests, 0 cards"
    assert t["rug:2A"] == "2A rug: +1"
    assert t["wear:3A"] == "3A wear die: 6"
    assert t["night"] == "Night track: night 1 of 3, night phase, round 1"
    assert t["lobby"] == "Lobby: no guests"
    # Setup: 15 rest points each (Let's Begin (Setup) / 3), 4 guests in supply, Blue first
    assert t["score:0"] == "Blue: 15 rest points, first player, to act"
    assert t["score:1"] == "Red: 15 rest points"
    assert t["supply:1"] == "Red's supply: 4 guests"
    # Dusk: a hand of three cards and Mr. Tools; the deck holds the other 8 of #1-#11
    assert [t[f"hand:0:{k}"] for k in range(4)] == [
        "Blue's hand, card 1: #1 Sweet Dreams", "Blue's hand, card 2: #2 2x1", "Blue's hand, card 3: #3 Grrr",
        "Blue's hand, card 4: #12 Mr. Tools"]
    assert t["deck:0"] == "Blue's deck: 8 cards, face down"
    assert t["discard:0"] == "Blue's discard pile: empty"


def test_guests_and_cards_in_the_labels(hh):
    s = hh.adjust(hh.start(3), beds={1: {0: [0], 3: [hh.sed(1)], 4: [0, 2]}},
                  cards={1: [(1, 5), (0, 6)]})
    t = targets(s)
    assert t["bed:1A:0"] == "1A bed 0 (top left, +3): Blue's guest"
    assert t["bed:1A:3"] == "1A bed 3 (bottom left, +2): Red's guest (sedated)"
    assert t["bed:1A:4"] == "1A bed 4 (bottom middle, +0): Blue's guest and Orange's guest"
    # 1A's total: free beds 1 and 2 (+1, -1) and the rug -1 = -1; 4 guests, 2 cards
    assert t["room:1A"] == "Room 1A: total -1 (uncovered beds and rug), rug -1, wear 6, 4 guests, 2 cards"
    # the omniscient view names every face-down card; Red's view only its own
    assert t["card:1A:0"] == "1A, card 1: Red's #5 Party, face down"
    assert t["card:1A:1"] == "1A, card 2: Blue's #6 Chocolate, face down"
    red = targets(s, 1)
    assert red["card:1A:0"] == "1A, card 1: Red's #5 Party, face down"
    assert red["card:1A:1"] == "1A, card 2: Blue's card, face down"


def test_hidden_cards_are_named_by_slot_only(hh):
    s = hh.adjust(hh.start(3), beds={1: {0: [0], 1: [1]}}, cards={1: [(0, 7)]}, hands={1: (4, 9, 12)})
    svg = s.game.render_svg(s.view(1))
    t = board_targets(svg)
    # Red sees its own hand (#4, #9, Mr. Tools) ...
    assert [t[f"hand:1:{k}"] for k in range(3)] == [
        "Red's hand, card 1: #4 Tap Tippity-Tap", "Red's hand, card 2: #9 Sniff", "Red's hand, card 3: #12 Mr. Tools"]
    # ... and Blue's 4 cards as backs (its #7 in 1A came from the deck: conftest.adjust),
    # named by slot, no number
    assert [t[f"hand:0:{k}"] for k in range(4)] == [f"Blue's hand, card {k + 1}, face down" for k in range(4)]
    assert "hand:0:4" not in t
    assert t["card:1A:0"] == "1A, card 1: Blue's card, face down"
    # nothing on Red's board names Blue's or Orange's hidden cards (#1 Sweet Dreams, #7 17º...)
    hidden = ("Sweet Dreams", "2x1", "Grrr", "17º")
    assert not any(name in svg for name in hidden)
    assert not any(re.search(r"#(1|2|3|7)\b", label) for tid, label in t.items() if not tid.startswith(("hand:1:", "discard:")))


def test_action_targets_of_the_night(hh):
    s = hh.start(3)
    # Place a guest: the bed it covers ("any unoccupied bed": 3 rooms x 5 beds, one id each)
    at = s.action_targets(0)
    assert sorted(at) == sorted(f"bed:{r}:{b}" for r in ("1A", "2A", "3A") for b in range(5))
    assert [str(a) for a in at["bed:2A:3"]] == ["p0 place 2 3"]
    s = hh.turn(s, "p0 place 1 0", "p1 place 2 0", "p2 place 3 0")
    # Play a card: the card in the hand (hand order 1, 2, 3, 12): #2 is slot 1, and a
    # click on it offers the rooms where Blue has a guest (only 1A)
    at = s.action_targets(0)
    assert [str(a) for a in at["hand:0:1"]] == ["p0 play 2 1"]
    assert [str(a) for a in at["hand:0:3"]] == ["p0 play 12 1"]
    # Move a guest: the guest's bed; one action per card Blue could discard for it
    assert sorted(str(a) for a in at["bed:1A:0"]) == sorted(f"p0 move {c} 1 0 0" for c in (1, 2, 3, 12))
    # Pass is no thing on the board (Blue still has guests and there are free beds: no pass
    # is legal here anyway); every legal action of Blue is on the board
    assert sum(len(v) for v in at.values()) == len(s.legal_actions())
    # the guest being moved goes to a bed or to the Lobby
    m = s.apply("p0 move 3 1 0 0")
    assert m.action_targets()["lobby"] == [hl.core.actions.Action("moveto", ("lobby",), 0)]
    assert [str(a) for a in m.action_targets()["bed:2A:4"]] == ["p0 moveto 2 4"]
    assert "bed:1A:0" not in m.action_targets()  # not back to the bed it left (HH-08)
    assert "bed:2A:0" not in m.action_targets()  # Red's guest lies there


def test_action_target_of_spy_is_the_first_unseen_card_of_that_colour(hh):
    # the Spy position of test_hh_night: room 1 holds Red's #2 and Orange's #5, room 2 Red's #3
    s = hh.adjust(hh.start(3), beds={1: {0: [0], 1: [1], 2: [2]}, 2: {0: [1]}},
                  cards={1: [(1, 2), (2, 5)], 2: [(1, 3)]}, hands={1: (1, 12), 2: (1, 2, 12)})
    spy = {str(a): s._action_target(a) for a in s.legal_actions() if a.kind == "spy"}
    assert spy == {"p0 spy 1 1": "card:1A:0", "p0 spy 1 2": "card:1A:1", "p0 spy 2 1": "card:2A:0"}
    # a pass concerns nothing drawn (every unbedded guest is in the Lobby: conftest.adjust)
    assert s._action_target(next(a for a in s.legal_actions() if a.kind == "pass")) is None


def test_action_targets_of_the_dawn(hh):
    # #1 Sweet Dreams (Event Card Guide): one of the owner's awake guests in this room -> its bed
    night, s = hh.to_dawn(beds={1: {0: [0], 3: [0], 1: [1]}}, cards={1: [(0, 1), (2, 4)]}, wear={1: 1})
    assert {t: [str(a) for a in v] for t, v in s.action_targets(0).items()} == {
        "bed:1A:0": ["p0 sedate 0"], "bed:1A:3": ["p0 sedate 3"]}
    assert s._action_target(next(a for a in s.legal_actions() if a.kind == "skip")) is None
    # #6 Chocolate (no lock: its owner activates or skips): the card being resolved, in its slot
    night, s = hh.to_dawn(beds={2: {0: [0], 1: [1]}}, cards={2: [(1, 5), (0, 6)]})
    # Party (#5, lock icon) resolves by itself first ("Cards are ordered by number"); then Blue's #6
    assert s.current_player == 0 and s.item[0] == 6
    labels = targets(s, 0)
    slot = next(t for t, lab in labels.items() if t.startswith("card:2A:") and "#6 Chocolate" in lab)
    assert {t: [str(a) for a in v] for t, v in s.action_targets(0).items()} == {slot: ["p0 activate"]}


def test_action_target_of_the_reform_is_its_room(hh):
    # Day / Reform: Blue played Mr. Tools in room 2 -> Blue picks the reform's side for 2A
    night, s = hh.to_dawn(beds={2: {0: [0]}}, cards={2: [(0, 12)]})
    if s.node[0] == hh.HS.N_MISFORTUNE:
        s = s.apply("chance misfortune 1")
    assert s.stage == "reform" and s.current_player == 0
    assert {t: [str(a) for a in v] for t, v in s.action_targets().items()} == {"room:2A": ["p0 reform a", "p0 reform b"]}
    assert targets(s)["room:2A"].startswith("Room 2A: ")


def test_two_players_automata_room_and_bed(hh):
    s = hh.start(2)
    s = hh.turn(s, "p0 place 1 0", "p1 place 2 0")
    # the 2-player Automata phase: the drawn card goes on a room that is not full
    assert s.node[0] == hh.HS.N_AUTOROOM
    at = s.action_targets()
    assert sorted(at) == ["room:1A", "room:2A", "room:3A"]
    s = s.apply(at["room:3A"][0])
    s = s.apply(s.action_targets()["room:1A"][0])
    # the winner places the automata's guest on a free bed of the room of the highest card
    assert s.node[0] == hh.HS.N_AUTOBED
    pos = s.node.context[0]
    label = s._label(pos)
    assert sorted(s.action_targets()) == sorted(f"bed:{label}:{b}" for b, g in enumerate(s.beds[pos]) if not g)
    # both automata cards are drawn on their rooms (dashed) as targets bid:<room>:<k>
    t = targets(s)
    assert [k for k in t if k.startswith("bid:")] == ["bid:3A:0", "bid:1A:0"]


def _panels_and_fonts(svg: str):
    root = ET.fromstring(svg)
    panels = [float(e.get("width")) for e in root if e.get("class") == "hl-panel"]
    fonts = [float(e.get("font-size")) for e in root.iter() if e.get("font-size") is not None]
    return panels, fonts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_panel_fits_and_no_text_is_small_over_random_states(players):
    """Every panel at most PANEL_MAX_WIDTH (360) px wide, every font-size at least MIN_FONT
    (12) px, every target labelled and drawn once, in the omniscient view and the deciding
    seat's view of random states."""
    game = hl.load_game("hostil_hostal", num_players=players)
    rng = random.Random(players)
    s = game.new_initial_state()
    seen = 0
    for step in range(400):
        if s.is_terminal:
            break
        if step % 7 == 0:
            for p in (None, s.current_player if s.current_player >= 0 else 0):
                svg = game.render_svg(s.view(p))
                panels, fonts = _panels_and_fonts(svg)
                assert panels and max(panels) <= PANEL_MAX_WIDTH
                assert min(fonts) >= MIN_FONT, s.status_text()
                board_targets(svg)  # raises on a target drawn twice or without a label
                seen += 1
        s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
    assert seen > 20
