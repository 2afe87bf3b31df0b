"""Declared positions (hotellab/games/hellton_palace/position.py): the round trip at every state
of random games, and each check of ``state_from_position`` naming its field and rule."""

from __future__ import annotations

import copy
import json
import random

import pytest

import hotellab as hl
from hotellab.agents import GreedyAgent, RandomAgent


@pytest.mark.parametrize("cards", ["full", "intro"])
@pytest.mark.parametrize("grooms", ["effect", "any"])
def test_round_trip_at_every_state_of_random_games(cards, grooms):
    g = hl.load_game("hellton_palace", options={"cards": cards, "grooms": grooms})
    steps = set()
    for seed in range(3):
        rng = random.Random(seed)
        agents = [GreedyAgent(), RandomAgent()] if seed % 2 else [RandomAgent(), RandomAgent()]
        s = g.new_initial_state()
        while True:
            pos = s.to_position()
            again = g.state_from_position(json.loads(json.dumps(pos)))
            assert again.to_position() == pos
            assert again.view() == s.view() and again.legal_actions() == s.legal_actions()
            assert again.scores == s.scores and again.winners() == s.winners()
            steps.add(pos["step"])
            if s.is_terminal:
                break
            s = s.apply(s.sample_chance(rng) if s.is_chance_node else agents[s.current_player].act(s, rng))
    assert {"display", "welcome", "hire", "serve", "collect", "end"} <= steps


def test_a_pending_choice_and_its_queue_round_trip(hp):
    # the Duchess (2 doorbells): the first of 2 guests of Red's choice; the position records the
    # decision (1 of 2) and the second choice still pending
    s = hp.at_room(hp.start(display=tuple(range(19, 37))), 0, 5, hotels={0: {5: 4, 1: 6, 9: 2}}, doorbells={0: 2})
    s = s.apply("p0 serve 5")
    pos = s.to_position()
    assert pos["step"] == "target" and pos["groom_room"] == 5
    assert pos["decision"] == {"choose": "guest", "by": "Red", "then": "irritate", "room": 5,
                               "effect": "irritate_per_doorbell", "count": [1, 2]}
    assert pos["pending"] == [{"choose": "guest", "by": "Red", "then": "irritate", "room": 5,
                               "effect": "irritate_per_doorbell", "count": [2, 2]}]
    again = s.game.state_from_position(pos).apply("p0 target 1").apply("p0 target 1")
    assert hp.tokens(again, 0) == [] and again.doorbells[0] == 1  # irritated, then a tantrum
    # Serve the Guest: the effects being applied are the served guest's (room 5)
    pos["pending"][0]["room"] = 9
    with pytest.raises(hl.PositionError) as exc:
        s.game.state_from_position(pos)
    assert exc.value.field == "pending[0].room" and "Serve the Guest" in exc.value.rule.section


def test_the_false_placer_swap_is_a_position(hp):
    s = hp.at_hire(hp.start(), 0, coins={0: 2}, hotels={1: {5: 19, 4: 20, 8: 21}}, irritated={1: [5]})
    s = s.apply("p0 hire false_placer 5")
    pos = s.to_position()
    assert pos["step"] == "swap" and pos["designated_room"] == 5 and pos["player"] == "Red"
    assert s.game.state_from_position(pos).legal_actions() == s.legal_actions()


def bad(hp, change, field, words, rule=None):
    """``change(pos)`` spoils a valid position; the error names ``field`` (and ``rule``)."""
    s = hp.at_room(hp.start(), 0, 1, hotels={0: {1: 1, 2: 2}, 1: {5: 3}}, irritated={0: [2]}, coins={1: 4})
    pos = copy.deepcopy(s.to_position())
    change(pos)
    with pytest.raises(hl.PositionError) as exc:
        s.game.state_from_position(pos)
    assert exc.value.field == field, str(exc.value)
    assert words in str(exc.value), str(exc.value)
    if rule:
        assert exc.value.rule is not None and exc.value.rule.section.startswith(rule), exc.value.rule


def test_every_card_in_exactly_one_place(hp):
    # Setup 6: 18 cards in play, each in one place
    bad(hp, lambda p: p["hotels"]["Blue"]["rooms"].update({"6": {"card": 1}}),
        "hotels.Blue.rooms.6.card", "guest card 1 is already at hotels.Red.rooms.1", "Setup / 6")
    bad(hp, lambda p: p["display"]["highest"].__setitem__(0, 0), "display", "hold 17 guest cards", "Setup / 6")
    bad(hp, lambda p: p["display"]["lowest"].__setitem__(0, 20), "display", "hold 19 guest cards", "Setup / 6")
    bad(hp, lambda p: p["display"]["middle"].append(0), "display.middle", "6 places", "Setup / 6")


def test_values_in_range(hp):
    bad(hp, lambda p: p["hotels"]["Red"].update(doorbells=4), "hotels.Red.doorbells", "from 0 to 3",
        "Game Components / 2 Hotel boards")
    bad(hp, lambda p: p["hotels"]["Red"].update(pillars=[4, 5, 4]), "hotels.Red.pillars[1]", "from 0 to 4",
        "Game Components / 2 Hotel boards")
    bad(hp, lambda p: p["hotels"]["Red"].update(coins=-1), "hotels.Red.coins", "0 or more")
    bad(hp, lambda p: p["hotels"]["Red"]["rooms"]["1"].update(side="b"), "hotels.Red.rooms.1.side", "single-sided",
        "Game Components / 36 Guest cards")
    bad(hp, lambda p: p["hotels"]["Red"]["rooms"]["1"].update(guest="Molo"), "hotels.Red.rooms.1.guest",
        "is 'Miss Von Scream'")
    bad(hp, lambda p: p["hotels"]["Red"]["rooms"].update({"10": {"card": 30}}), "hotels.Red.rooms.10",
        "numbered 1 to 9")
    bad(hp, lambda p: p["hotels"]["Red"].update(grooms_hired=["butler"]), "hotels.Red.grooms_hired[0]",
        "unknown groom 'butler'")
    bad(hp, lambda p: p["hotels"]["Red"].update(grooms_hired=[["mason"]]), "hotels.Red.grooms_hired[0]",
        "unknown groom ['mason']")  # a list is no groom id (was a TypeError)
    bad(hp, lambda p: p.update(colour="red"), "colour", "unknown field")


def test_every_problem_of_a_position_is_listed(hp):
    # python-chess's status(): a position breaking three rules names all three, in reading order
    # (Red's hotel before Blue's; in a hotel its doorbells, pillars, coins, then its grooms)
    s = hp.at_room(hp.start(), 0, 1, hotels={0: {1: 1, 2: 2}, 1: {5: 3}}, irritated={0: [2]}, coins={1: 4})
    pos = copy.deepcopy(s.to_position())
    pos["hotels"]["Red"]["doorbells"] = 4          # a counter "that can hold up to 3 Doorbell tokens"
    pos["hotels"]["Red"]["grooms_hired"] = ["butler"]  # "an identical set of 5 Groom tiles"
    pos["hotels"]["Blue"]["pillars"] = [4, 5, 4]   # "3 groups of 4 Pillars"
    found = [(p.field, p.message, p.rule.section) for p in s.game.position.problems(s.game, pos)]
    assert found == [
        ("hotels.Red.doorbells", "must be from 0 to 3, got 4", "Game Components / 2 Hotel boards"),
        ("hotels.Red.grooms_hired[0]", "unknown groom 'butler'; the grooms are mason, false_reservation, placer, "
                                       "false_placer, diplomat", "Game Components / 10 Groom tiles"),
        ("hotels.Blue.pillars[1]", "must be from 0 to 4, got 5", "Game Components / 2 Hotel boards"),
    ]
    with pytest.raises(hl.PositionError) as exc:
        s.game.state_from_position(pos)
    assert exc.value.field == "hotels.Red.doorbells" and "and 2 more problems" in str(exc.value)
    assert s.game.position.problems(s.game, s.to_position()) == []


def test_rules_of_the_board_and_the_turn(hp):
    # End of the Game: a hotel without doorbells in a game that goes on
    bad(hp, lambda p: p["hotels"]["Blue"].update(doorbells=0), "hotels.Blue", "the game would be over",
        "End of the Game")
    # The False Reservation faces a row exactly when it is hired
    bad(hp, lambda p: p["hotels"]["Red"].update(false_reservation_row="middle"), "hotels.Red.false_reservation_row",
        "exactly when it is hired", "The Different Grooms / The False Reservation")
    # the groom stops only at occupied rooms, and never goes back
    bad(hp, lambda p: p.update(groom_room=4), "groom_room", "is empty", "Course of the Game / 4.")
    bad(hp, lambda p: p["hotels"]["Red"].update(last_room_served=2), "hotels.Red.last_room_served",
        "cannot be after the groom's room 1", "Course of the Game / 4.")
    # only the Second player takes a last turn
    bad(hp, lambda p: p.update(last_turn=True), "last_turn", "only the Second player", "End of the Game")
    # option cards="intro": only the 18 cards with the asterisk
    s = hp.start(cards="intro")
    pos = s.to_position()
    pos["display"]["lowest"][0] = 36 if 36 not in pos["display"]["lowest"] else 35
    with pytest.raises(hl.PositionError, match="not one of the 18 introductory cards"):
        s.game.state_from_position(pos)


def _paths(obj, pre=()):
    if pre:
        yield pre
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, pre + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, pre + (i,))


def test_a_spoiled_position_is_refused_with_a_position_error_or_plays_on():
    # Bad input gets a clear error: one field of a real position replaced by a wrong value (or
    # removed) gives a PositionError — never another exception — or a state that plays on: it
    # has legal actions at a decision node, a view, and writes the same position back.
    g = hl.load_game("hellton_palace")
    rng = random.Random(7)
    positions = []
    for seed in range(2):
        r, s = random.Random(seed), g.new_initial_state()
        while not s.is_terminal:
            positions.append(s.to_position())
            s = s.apply(s.sample_chance(r) if s.is_chance_node else r.choice(s.legal_actions()))
    values = ["display", "hire", "serve", "target", "end", "guest", "irritate", "middle", "mason", None, -1, 0, 1,
              3, 5, 9, 10, 37, "x", "Red", "Blue", "b", True, [], {}, [1], [1, 2, 3], {"card": 1}, 1.5]
    refused = accepted = 0
    for _ in range(800):
        pos = copy.deepcopy(rng.choice(positions))
        path = rng.choice(list(_paths(pos)))
        parent = pos
        for k in path[:-1]:
            parent = parent[k]
        if isinstance(parent, dict) and rng.random() < 0.15:
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(values)
        try:
            s = g.state_from_position(pos)
        except hl.PositionError:
            refused += 1
            continue
        accepted += 1
        assert s.legal_actions() or s.is_terminal or s.is_chance_node, path
        assert g.state_from_position(json.loads(json.dumps(s.to_position()))).view() == s.view()
    assert refused > 400 and accepted > 50
