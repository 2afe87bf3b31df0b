"""Bad input (each rejection names its rule), the card data, the view, the SVG and the graph."""

from __future__ import annotations

import json

import pytest

import hotellab as hl
from hotellab.games.hellton_palace import components as C
from hotellab.games.hellton_palace.render import render_svg


# -- bad input ------------------------------------------------------------------------------------
# The grammar (arity, types, the side's words) is the action table's, checked by the core
# (hotellab.core.kinds); so is a step out of order: "On your turn, perform the following steps
# in order" (Course of the Game), named by the kinds the node allows, with the current step's rule.
@pytest.mark.parametrize("text, words, code", [
    ("p0 welcome 7 4 a", "no free room on floor 2, so the middle row is closed", "not_legal"),
    ("p0 welcome 1 7 a", "a guest from the lowest row goes on floor 1; room 7 is on floor 3", "not_legal"),
    ("p0 welcome 99 1 a", "guest cards are numbered 1 to 36", "malformed"),
    ("p0 welcome 1 1", "welcome takes 3 arguments (<card> <room> <side>), got 2", "malformed"),
    ("p0 welcome 1 1 c", "<side> must be one of a, b, got 'c'", "malformed"),
    ("p1 welcome 1 1 a", "is not Blue's to play: Red decides now", "not_your_turn"),
    ("p0 hire mason 1", "cannot be played now: Turn 1, Red: 1. welcome a guest — Red to act; allowed now: welcome",
     "not_legal"),
    ("p0 dance", "'dance' is not an action of this game; its actions are display, welcome, hire, tour, serve, "
                 "refuse, rents, doorbell, target, pillar, swap", "malformed"),
    ("chance display 1", "<cards> must be numbers written 3,0,2, got 1", "malformed"),
    ("chance display " + ",".join(map(str, range(19, 37))), "a chance outcome cannot be applied now",
     "not_your_turn"),
])
def test_illegal_actions_name_the_rule(hp, text, words, code):
    s = hp.adjust(hp.start(), hotels={0: {4: 19, 5: 20, 6: 21}})
    msg = s.explain_illegal(text)
    assert words in msg, msg
    assert " — " in msg  # "... — <rulebook section>"
    with pytest.raises(hl.IllegalActionError) as exc:
        s.apply(text)
    assert str(exc.value) == msg
    # the error carries the RuleRef its message names, and a code a program can act on
    assert exc.value.rule is not None and exc.value.rule.game == "hellton_palace"
    assert msg.endswith(exc.value.rule.section), (msg, exc.value.rule)
    assert exc.value.code == code
    assert s.node[0] == hp.HS.N_WELCOME and s.guests[0][1] == 0  # untouched


def test_hire_and_tour_rejections(hp):
    s = hp.at_hire(hp.start(), 0, coins={0: 9})
    assert "is full (4 pillars)" in s.explain_illegal("p0 hire mason 2")
    assert "no guest was welcomed this turn" in s.explain_illegal("p0 hire placer 2")
    assert "holds no irritated guest" in s.explain_illegal("p0 hire diplomat 2")
    assert "unknown groom 'butler'" in s.explain_illegal("p0 hire butler 1")
    assert "holds no guest" in s.explain_illegal("p0 hire false_placer 3")
    assert "The Different Grooms / The False Placer" in s.explain_illegal("p0 hire false_placer 3")


# -- data -------------------------------------------------------------------------------------------
def test_the_cards_cover_every_effect():
    gs = C.guests()
    assert len(gs) == 36 and len(C.intro_ids()) == 18
    effects = [e for g in gs.values() for side in g.sides for e in side.hanger]
    assert {e.what for e in effects} >= set(C.BASIC) | set(C.SPECIALS)  # all 6 "What?" and 14 specials
    wheres = {e.where for e in effects if e.what in ("irritate", "irritate_satisfied", "tantrum")}
    assert wheres == set(C.WHERES)
    assert {e.where for e in effects if e.what == "pillar"} == {None, "choice", "opponent_choice"}
    assert any(g.double for g in gs.values()) and all(
        any(e.what == "flip" for side in g.sides for e in side.hanger) for g in gs.values() if g.double)
    names = {g.sides[0].name for g in gs.values()}
    assert {"Miss Von Scream", "The Snorer", "Anubis", "The Duchess", "Molo"} <= names
    assert all(1 <= side.rent <= 3 for g in gs.values() for side in g.sides)


def test_bad_data_is_refused():
    with pytest.raises(ValueError, match="guests.toml"):
        C.parse_effect("irritate sideways")
    with pytest.raises(ValueError, match="takes no where"):
        C.parse_effect("doorbell all")


# -- view, SVG, graph ---------------------------------------------------------------------------------
def test_view_render_and_graph(hp):
    s = hp.at_room(hp.start(), 0, 5, hotels={0: {5: 8, 1: 6}})
    s = s.apply("p0 serve 5")  # the Mother-in-Law: Blue chooses
    v = s.view()
    json.dumps(v)
    assert v["pending"] == {"player": 1, "prompt": s.prompt(), "opponent_choice": True, "hotel": 0}
    assert v["seats"][0]["groom"] == 5 and v["seats"][1]["groom"] == "hall"
    assert v["seats"][0]["rooms"][4]["guest"]["hanger"][0]["where"] == "opponent_choice"
    svg = render_svg(v)
    # the choice is flagged in the hotel it concerns (Red's), and the board is made of panels
    assert "Opponent&#x27;s choice: Blue, " in svg and "The Mother-in-Law" in svg
    assert svg.count('class="hl-panel"') == 6  # 2 hotels, 3 display rows, the key
    bad = render_svg({"status": "<script>", "seats": [{"name": "<b>x</b>", "rooms": []}], "display": []})
    assert "<script>" not in bad and "&lt;b&gt;" in bad
    G = s.adjacency_graph()
    kinds = {}
    for _, _, k in G.edges(data="kind"):
        kinds[k] = kinds.get(k, 0) + 1
    assert kinds == {"row": 12, "column": 12, "pillars": 18, "same_number": 9}
    assert G.has_edge("h0:room:1", "h0:room:6") and G.edges["h0:room:1", "h0:room:6"]["kind"] == "column"
    assert G.nodes["h0:room:5"]["guest"] == "The Mother-in-Law"
    fig = hl.viz.adjacency_figure(s)
    assert any(t.name == "edge: same_number" for t in fig.data)


def test_widget_frames(hp):
    log = hl.play(hp.game(), agents=["random", "random"], seed=4)
    from hotellab.widgets._frames import frames

    fs = frames(log, perspective=1)
    assert len(fs) == len(hl.Replay(log)) and fs[-1]["svg"].startswith("<svg")
    assert fs[-1]["scores"] == list(hl.Replay(log).final_state.scores)


# -- review: rejections that named the wrong problem ---------------------------------------------
def test_display_rejections_name_the_repeated_or_non_number_cards(hp):
    # Setup 6: "Place the remaining 18 face up near the boards, in 3 rows of 6 cards": 18
    # different cards. A repeated card is named as such (it used to read "got 18" for 18 cards).
    s = hp.game().new_initial_state()
    msg = s.explain_illegal("chance display " + ",".join(["1", "1"] + [str(i) for i in range(3, 19)]))
    assert "card(s) 1 appear more than once" in msg and "Setup / 6" in msg
    # an Action built in code with non-numbers: an IllegalActionError, not a ValueError/TypeError
    # (the grammar's check, hotellab.core.kinds: the display is a list of whole numbers)
    for bad in (("a",) * 18, (None,) * 18, (1.5,) + tuple(range(2, 19))):
        a = hl.Action("display", (bad,), hl.CHANCE)
        msg = s.explain_illegal(a)
        assert f"<cards> must be numbers written 3,0,2, got {bad!r}" in msg and "Setup / 6" in msg, msg
        with pytest.raises(hl.IllegalActionError):
            s.apply(a)
    assert s.is_chance_node


def test_false_reservation_facing_an_empty_row_says_the_row_is_empty(hp):
    # The False Reservation: "Place this Groom tile facing the row of available Guests of your
    # choice". The lowest row is empty while floor 1 of Blue's hotel has free rooms: the message
    # must not claim that floor is full.
    s = hp.adjust(hp.start(), hotels={0: {1: 1, 2: 2, 3: 3, 7: 4, 8: 5, 9: 6}})
    s = hp.at_hire(s, 0, coins={0: 9})
    assert "p0 hire false_reservation 1" not in hp.texts(s)
    msg = s.explain_illegal("p0 hire false_reservation 1")
    assert "the lowest row has no guest card left" in msg and "is full" not in msg, msg


def test_placer_on_the_welcomed_guest_itself_and_hire_zero_text(hp):
    s = hp.at_hire(hp.start(grooms="any"), 0, hotels={0: {1: 1, 2: 2}}, coins={0: 9}, welcomed=1)
    msg = s.explain_illegal("p0 hire placer 1")
    assert "the guest welcomed this turn itself" in msg and "holds no guest" not in msg, msg
    # option grooms="any": a groom hired with nothing to act on (HP-06) is not "column 0"
    text = s.action_to_string(s.game.parse_action("p0 hire mason 0"))
    assert text == "Red: hire the Mason (2) with nothing to act on", text


def test_pending_hotel_of_the_false_placer_swap_is_the_opponents(hp):
    # The False Placer: "Designate an irritated customer in the opposing Hotel. The opponent must
    # then swap its room with one of their orthogonally adjacent Guests": Blue's decision, in
    # Blue's hotel; docs/dev/view_model.md: "hotel: whose hotel the choice concerns".
    s = hp.at_hire(hp.start(), 0, hotels={0: {1: 1}, 1: {1: 3, 2: 4}}, irritated={1: [1]}, coins={0: 9})
    s = s.apply("p0 hire false_placer 1")
    assert s.view()["pending"] == {"player": 1, "prompt": s.prompt(), "opponent_choice": True, "hotel": 1}


def test_an_unhashable_groom_argument_is_an_illegal_action(hp):
    # an Action built in code with a list or dict for the groom: IllegalActionError saying a
    # groom is a word (the grammar's check, hotellab.core.kinds), never a TypeError
    s = hp.at_hire(hp.start(), 0, coins={0: 9})
    for bad in ({"x": 1}, ["mason"]):
        a = hl.Action("hire", (bad, 1), 0)
        assert f"<groom> must be a word, got {bad!r} — Course of the Game / 3. Hire Your Grooms" in s.explain_illegal(a)
        with pytest.raises(hl.IllegalActionError):
            s.apply(a)
