"""Declared positions (validation names the field and the rule), the view model, the SVG and
the room graph."""

import json

import pytest

import hotellab as hl
from hotellab.testing import board_targets


def _bad(bh, fn):
    s = bh.priced(2)
    pos = s.to_position()
    fn(pos)
    with pytest.raises(hl.PositionError) as err:
        s.game.state_from_position(pos)
    return err.value


def test_position_round_trip_is_toml_friendly(bh):
    import tomllib

    import tomli_w

    s = bh.reserve(bh.priced(2), 1, 1)
    pos = s.to_position()
    back = s.game.state_from_position(tomllib.loads(tomli_w.dumps(pos)))
    assert back.view() == s.view() and back.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("edit, field, words", [
    (lambda p: p["hotels"][0].update(money=900), "hotels[0].money", "sum of its sources"),
    (lambda p: p["hotels"][0].update(stars=6), "hotels[0].stars", "from 0 to 5"),
    (lambda p: p["hotels"][0].update(rooms=[1, 2]), "hotels[0].rooms", "Start"),
    (lambda p: p["hotels"][1]["price_dice"].update(mon=9), "hotels[1].price_dice.mon", "from 0 to 6"),
    (lambda p: p.update(colour="x"), "colour", "unknown field"),
    (lambda p: p["next"].update(node="nap"), "next.node", "must be one of"),
    (lambda p: p["next"].update(player=1), "next.player", "only the active player"),
    (lambda p: p["hotels"][0].update(stays=[
        {"guest": 3, "check_in": 1, "rooms": [1], "source": "reservation", "room_money": 100, "breakfast_money": 0},
        {"guest": 4, "check_in": 1, "rooms": [1], "source": "reservation", "room_money": 100, "breakfast_money": 100}]),
     "hotels[0].stays[1]", "booked twice"),
    (lambda p: p["hotels"][0].update(stays=[
        {"guest": 1, "check_in": 1, "rooms": [1, 3], "source": "reservation", "room_money": 300, "breakfast_money": 300}]),
     "hotels[0].stays[0].rooms", "adjacent"),
    (lambda p: p["hotels"][0].update(stays=[
        {"guest": 3, "check_in": 1, "rooms": [5], "source": "reservation", "room_money": 100, "breakfast_money": 0}]),
     "hotels[0].stays[0].rooms", "not part of this hotel"),
])
def test_bad_positions_name_the_field(bh, edit, field, words):
    err = _bad(bh, edit)
    assert err.field == field
    if words:
        assert words in str(err)


def test_view_hides_other_seats_secret_dice(bh):
    s = bh.game(2).new_initial_state()
    s = bh.run(s, "p0 price mon 6", "p0 price tue 1")
    v1 = s.view(1)
    assert v1["seats"][0]["secret"] is None and v1["seats"][0]["secret_set"] == 2
    assert "6" not in json.dumps(v1["seats"][0]["secret"])
    assert s.view(0)["seats"][0]["secret"] == [6, 1] and s.view()["seats"][0]["secret"] == [6, 1]
    assert s.view(1)["pending"] == {"player": 0, "prompt": "set the next price die in secret (100-600)", "die": "wed"}
    svg = s.game.render_svg(v1)
    labels = board_targets(svg)  # Red's board: Blue's two dice set face down, the third not yet
    assert labels["die:0:mon"] == "Blue's Monday price die: set face down"
    assert labels["die:0:tue"] == "Blue's Tuesday price die: set face down"
    assert labels["die:0:wed"] == "Blue's Wednesday price die: not set yet"
    assert board_targets(s.game.render_svg(s.view(0)))["die:0:mon"] == "Blue's Monday price die: set in secret: 600"


def test_adjacency_graph_is_the_board_with_connections(bh):
    """BH-01: 8 rooms a hotel, 10 adjacencies; in the Start hotel 1-2 and 2-3 are usable; a
    door stay turns its edge into a connection."""
    s = bh.priced(2)
    G = s.adjacency_graph()
    assert G.number_of_nodes() == 16 and G.number_of_edges() == 20
    usable = sorted((G.nodes[a]["number"], G.nodes[b]["number"]) for a, b, d in G.edges(data=True)
                    if d["usable"] and G.nodes[a]["seat"] == 0)
    assert usable == [(1, 2), (2, 3)]
    s = bh.run(bh.reserve(bh.priced(2, [bh.FLAT1, bh.FLAT2]), 1, 1), "p0 block 2,1")
    e = s.adjacency_graph().edges["room:0:2", "room:0:1"]
    assert e["kind"] == "connection" and e["days"] == [1] and e["guest"] == 1


def test_breakdown_sums_to_money_with_a_rule_per_line(bh):
    s = bh.reserve(bh.priced(2), 3, 3)
    s = bh.run(s, "p0 bid 0", "p1 bid 200", "p1 block 3,")
    items = s.score_breakdown()
    for seat in (0, 1):
        assert sum(i.points for i in items if i.player == seat) == s.scores[seat]
    assert all(i.rule.game == "boutique_hotel" and i.rule.quote for i in items)
    assert [(i.category, i.points) for i in items if i.player == 1] == [("Starting money", 500), ("Room revenue", 100)]


def test_events_and_actions_read_for_people(bh):
    s = bh.reserve(bh.priced(2, [bh.FLAT1, bh.FLAT2]), 1, 1)
    assert s.action_to_string(s.legal_actions()[0]) == "Blue: block rooms 1, 2"
    assert s.round_label() == "Week 1, guest card 1"
    assert s.phase.name == "Faza rezerwacji"
