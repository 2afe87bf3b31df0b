"""Refused actions name the rule (and carry it and a code); bad declared positions name the
field and the rule; the state is never half-changed."""

from __future__ import annotations

import copy
import json

import pytest

import hotellab as hl


def _turn(hz):
    s = hz.start(2, players=[{"hand": ["ammo10", "ammo10", "ammo10", "pistol", "knife"]}])
    return hz.run(s, "p0 plan explore", "p1 plan explore")


# The grammar (a kind the game has, its arguments, a card word) is the action table's
# (hotellab.core.kinds): its sentences name the argument and the kind's rule; a kind the game
# does not have lists the kinds there are and names the rule of the decision at hand.
@pytest.mark.parametrize("text, code, words, section", [
    ("p1 done", "not_your_turn", "is not Ada's to play: Chris decides now", "How the Game Works"),
    ("p0 fly", "malformed", "'fly' is not an action of this game; its actions are shuffle, plan, play",
     "Game Plan / Explore the Hotel"),
    ("p0 buy", "malformed", "buy takes 1 argument (<card>), got 0", "Game Plan / Explore the Hotel"),
    ("p0 buy dragon", "malformed", "<card> must be one of ammo10, ammo20", "Game Plan / Explore the Hotel"),
    ("p0 buy magnum", "not_legal", "Magnum costs 100 gold; Chris has 30 left", "Game Plan / Explore the Hotel"),
    ("p0 declare shotgun", "not_legal", "Chris holds no Shotgun", "Game Plan / Explore the Hotel"),
    ("p0 play pistol", "not_legal", "Pistol is not an action card", "Game Plan / Explore the Hotel"),
    ("p0 trash knife", "not_legal", "only Inventory Management gives a free Trash", "Game Plan / Inventory Management"),
    ("p0 take 2", "not_legal", "allowed now: play, trash, buy, declare, done", "Game Plan / Explore the Hotel"),
    ("p7 done", "malformed", "there is no seat 7", "Game Plan / Explore the Hotel"),
])
def test_refusals_name_the_rule(hz, text, code, words, section):
    s = _turn(hz)
    before = json.dumps(s.to_position(), sort_keys=True)
    msg = s.explain_illegal(text)
    assert words in msg and (msg.endswith(section) if section else "—" not in msg), msg
    with pytest.raises(hl.IllegalActionError) as exc:
        s.apply(text)
    assert exc.value.code == code
    assert (exc.value.rule.section == section) if section else exc.value.rule is None
    assert json.dumps(s.to_position(), sort_keys=True) == before  # never half-changed


def test_declaring_without_ammo_is_refused(hz):
    s = hz.start(2, players=[{"hand": ["knife", "pistol", "pistol", "shotgun", "ammo10"]}])
    s = hz.run(s, "p0 plan explore", "p1 plan explore", "p0 declare pistol")
    assert "Pistol needs 10 ammo; Chris has 0 left" in s.explain_illegal("p0 declare pistol")
    assert "p0 declare knife" in [str(a) for a in s.legal_actions()]  # the Knife needs no ammo


def test_chance_and_combat_refusals(hz):
    cards = [["hound"], ["crawler"]]
    s, order = hz.combat(2, damage=[30, 60], cards=cards)
    assert "<count> must be a whole number, got 'x'" in s.explain_illegal("p1 take x")
    s = hz.take_all(s, order, cards)
    assert s.explain_illegal("chance shuffle mansion 0,").startswith("chance shuffle mansion 0,: a chance outcome")
    assert "allowed now: hit, wait" in s.explain_illegal("p0 steal")
    s = s.apply("p0 wait")
    assert s.node[:2] == ("assist", 1)
    assert "'assist' names the seat of a waiting player" in s.explain_illegal("p1 assist 9")
    assert "Ada is not waiting for assistance" in s.explain_illegal("p1 assist 1")


def _pos(hz):
    return hz.position(3, players=[{"plan": "explore"}], stage="game plan")


@pytest.mark.parametrize("edit, field, words", [
    (lambda t: t["players"][0]["hand"].append("ammo10"), "players[2].deck",  # where the count runs over
     "player card 'ammo10' is in more places than the game has copies of it (51)"),
    (lambda t: t["players"][1]["deck"].pop(), None, "player card not placed anywhere"),
    (lambda t: t["players"][0].update(health=150), "players[0].health", "must be from 1 to 100"),
    (lambda t: t["players"][0].update(health=0), "players[0].health", "must be from 1 to 100"),
    (lambda t: t.update(hotel_counter=21), "hotel_counter", "must be from 1 to 20"),
    (lambda t: t.update(stage="lunch"), "stage", "must be one of"),
    (lambda t: t["players"][2].update(plan="hide"), "players[2].plan", "must be one of 'explore', 'inventory'"),
    (lambda t: t["players"][0].update(hand=["sword"]), "players[0].hand[0]", "'sword' is not a card"),
    (lambda t: t["mansion"]["deck"].pop(), None, "mansion card not placed anywhere"),
    (lambda t: t["players"][0].update(trophies=[{"card": "green_herb", "source": "own"}]),
     "players[0].trophies[0].card", "only a defeated infected is a trophy"),
    (lambda t: t["players"][0].update(name="Rebecca"), "players[0].name", "seat 0 is 'Chris'"),
    (lambda t: t.update(next={"kind": "plan", "seat": 2}), "next", "the rules reach"),
    (lambda t: t.update(colour="red"), "colour", "unknown field"),
    (lambda t: t["supply"].update(magnum=7), "supply.magnum", "must be from 0 to 6"),
])
def test_bad_positions_name_the_field(hz, edit, field, words):
    g = hz.game(3)
    t = copy.deepcopy(_pos(hz))
    g.state_from_position(copy.deepcopy(t))  # the unedited table is fine
    edit(t)
    with pytest.raises(hl.PositionError) as exc:
        g.state_from_position(t)
    assert words in str(exc.value)
    assert exc.value.field == field


def test_a_position_says_whose_decision_is_next(hz):
    g = hz.game(3)
    s = g.state_from_position(_pos(hz))
    assert s.to_position()["next"] == {"kind": "plan", "seat": 1}  # seat 0 has chosen
    t = s.to_position()
    assert g.state_from_position(t).view(1) == s.view(1)


def test_a_position_lists_every_problem_each_with_its_field_and_rule(hz):
    # like python-chess's status(): every problem at once, the first one raised with the rest listed
    g = hz.game(3)
    t = hz.position(3)
    # "Set your Hotel counter to 1" (Setup) ... "until the Hotel Counter reaches 20": 1-20
    t["hotel_counter"] = 21
    # health starts at 100, the most (reconstructed, ruling HZ-01); the reader cites Game Phases'
    # "(Max health of 0)"
    t["players"][0]["health"] = 150
    t["players"][2]["plan"] = "hide"  # "either Explore the Hotel or do Inventory Management" (Game Plan)
    problems = g.position.problems(g, t)
    assert [(p.field, p.rule.section) for p in problems] == [
        ("hotel_counter", "Setup"), ("players[0].health", "Game Phases"), ("players[2].plan", "Game Plan")]
    with pytest.raises(hl.PositionError) as exc:
        g.state_from_position(t)
    assert exc.value.field == "hotel_counter" and "(and 2 more problems:" in str(exc.value)
    # the rules between fields too: face-down cards with no count taken ("each player is dealt
    # facedown mansion cards equal to the number they picked"), and an Inventory Management seat
    # in the choosing order, which is the explorers "starting with the player doing the most damage"
    g = hz.game(2)
    t = hz.position(2, players=[{"plan": "explore", "face_down": ["walker"]}, {"plan": "inventory"}],
                    stage="mansion cards", plans_revealed=True, choosing_order=[0, 1])
    assert [(p.field, p.message) for p in g.position.problems(g, t)] == [
        ("players[0].face_down", "face-down mansion cards need mansion_cards_taken"),
        ("choosing_order", "seat 1 is in the choosing order but did not (openly) choose Explore the Hotel"),
        ("choosing_order", "must be the explorers from the most damage down, [0], got [0, 1]")]
    assert g.position.problems(g, hz.position(2)) == []
