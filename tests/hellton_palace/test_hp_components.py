"""Counted components (issue 24): every count of the rulebook's component list is enforced by
the engine and by the position reader, or ruled on (docs/rulings/hellton_palace.md, "Counted
components").

The rulebook's list (Hellton Palace rulebook, "Game Components"):

| component | count | held by |
|---|---|---|
| "2 Hotel boards" | 2 hotels (Red's, Blue's): rooms 1-9, a Hall counter of "up to 3 Doorbell tokens", "3 groups of 4 Pillars" | `Game.max_players`; `position.py` `_read_hotel` |
| "36 Guest cards" | cards 1-36; 18 in play (display and hotels), each in one place ("Put 18 back in the box") | `position.py` `_check_cards`; `state.py` `_pool` |
| "18 Irritation tokens" | at most 1 per guest, at most 18 guests: never short (ruling HP-08) | structural (one bit per room) |
| "6 Doorbell tokens" | 3 per hotel; 0-3 in a Hall, the others beside the hotel | `position.py` (`doorbells` 0-3); Collect offers a doorbell only below 3 (HP-15) |
| "2 Groom pawns" | one per hotel | structural (`groom_room`, `last_room_served` per hotel) |
| "10 Groom tiles" | 5 per player, each hired at most once | `position.py` (`grooms_hired`: known ids, once each) |
| "36 Coin tokens" | not a limit: the supply never runs out (ruling HP-08) | coins are a number >= 0 |
| "24 Pillar tokens" | 12 per hotel, 3 groups of 4 | `position.py` (`pillars`: 3 groups of 0-4) |

Tests of the kind: over 200 seeded games (random and greedy agents, every option), no count is
ever exceeded in any state's position and every conserved count is reached; and a position
beyond each count is refused, naming the field and the rule.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter

import pytest

import hotellab as hl
from hotellab import testing

# -- the counts, from the rulebook's component list ("Game Components") ------------------------
HOTELS = ("Red", "Blue")  # "2 Hotel boards"
ROOMS = range(1, 10)  # "each floor has 3 rooms, numbered from 1 to 9 in all"
GUEST_CARDS = 36  # "36 Guest cards"
IN_PLAY = 18  # Setup 6: "Put 18 back in the box. Place the remaining 18 face up"
IRRITATION_TOKENS = 18  # "18 Irritation tokens"
DOORBELLS = 6  # "6 Doorbell tokens"
HALL = 3  # "a counter that can hold up to 3 Doorbell tokens"
GROOM_TILES = 10  # "10 Groom tiles": "Each player has an identical set of 5 Groom tiles."
PILLARS = 24  # "24 Pillar tokens"
GROUPS, PER_GROUP = 3, 4  # "They are split into 3 groups of 4 Pillars"
COIN_TOKENS = 36  # "36 Coin tokens" (not a limit: ruling HP-08)

OPTIONS = [dict(cards=c, grooms=gr) for c, gr in itertools.product(("full", "intro"), ("effect", "any"))]


def counts(pos: dict) -> dict:
    """The counted components of a declared position (``state.to_position()``); None at the
    setup step, before anything is on the table."""
    if "hotels" not in pos:
        return None
    hotels = pos["hotels"]
    cards = [c for row in pos["display"].values() for c in row if c]
    cards += [g["card"] for h in hotels.values() for g in h["rooms"].values()]
    return {
        "hotels": sorted(hotels),
        "rooms": {int(r) for h in hotels.values() for r in h["rooms"]},
        "guest cards": len(cards),
        "copies of a card": max(Counter(cards).values()),
        "card numbers": set(cards),
        "irritation tokens": sum(g.get("irritated", False) for h in hotels.values() for g in h["rooms"].values()),
        "doorbells in a hall": max(h["doorbells"] for h in hotels.values()),
        "doorbells": sum(h["doorbells"] for h in hotels.values()),
        "groom tiles hired": sum(len(h["grooms_hired"]) for h in hotels.values()),
        "a groom hired twice": any(len(set(h["grooms_hired"])) < len(h["grooms_hired"]) for h in hotels.values()),
        "pillar groups": [len(h["pillars"]) for h in hotels.values()],
        "pillars in a group": max(max(h["pillars"]) for h in hotels.values()),
        "pillars": sum(sum(h["pillars"]) for h in hotels.values()),
        "coins": max(h["coins"] for h in hotels.values()),
        "coins in all": sum(h["coins"] for h in hotels.values()),
    }


def sampled_states(games: int = 200):
    """Every state of ``games`` seeded games: the options cycle, and every other game Red
    plays greedy (Blue random)."""
    return testing.sampled_states("hellton_palace", games=games, options=OPTIONS,
                                  greedy=lambda k, p: k % 2 == 1 and p == 0)


@pytest.mark.slow
def test_no_count_is_ever_exceeded_in_sampled_games():
    most = Counter()
    for s in sampled_states():
        k = counts(s.to_position())
        if k is None:
            continue
        where = s.status_text()
        assert k["hotels"] == sorted(HOTELS) and k["rooms"] <= set(ROOMS), where
        assert k["guest cards"] == IN_PLAY and k["copies of a card"] == 1, where
        assert k["card numbers"] <= set(range(1, GUEST_CARDS + 1)), where
        assert k["irritation tokens"] <= IRRITATION_TOKENS, where
        assert k["doorbells in a hall"] <= HALL and k["doorbells"] <= DOORBELLS, where
        assert k["groom tiles hired"] <= GROOM_TILES and not k["a groom hired twice"], where
        assert k["pillar groups"] == [GROUPS, GROUPS] and k["pillars in a group"] <= PER_GROUP, where
        assert k["pillars"] <= PILLARS, where
        for key in ("doorbells", "pillars", "irritation tokens", "coins", "coins in all", "groom tiles hired"):
            most[key] = max(most[key], k[key])
    # the counts set up at the start are reached (the counting is not vacuous)
    assert most["doorbells"] == DOORBELLS and most["pillars"] == PILLARS
    assert 0 < most["irritation tokens"] <= IRRITATION_TOKENS and most["groom tiles hired"] > 0
    assert most["coins"] > 0  # ruling HP-08: coins are a number; the 36 tokens are not a limit


# -- a position beyond a count is refused, naming the field and the rule ---------------------
def _base(hp):
    """Red's groom in front of room 1: Red has guests in rooms 1 and 2 (room 2 irritated),
    Blue one in room 5 and 4 coins."""
    return hp.at_room(hp.start(), 0, 1, hotels={0: {1: 1, 2: 2}, 1: {5: 3}}, irritated={0: [2]}, coins={1: 4})


_refused = testing.assert_position_refused  # shared by every game's component tests


def test_the_base_position_holds_every_count(hp):
    k = counts(_base(hp).to_position())
    assert k["guest cards"] == 18 and k["doorbells"] == 6 and k["pillars"] == 24 and k["irritation tokens"] == 1


def test_a_third_hotel_or_a_tenth_room_is_refused(hp):
    # "2 Hotel boards", each with "3 floors of rooms: each floor has 3 rooms, numbered from 1 to 9"
    s = _base(hp)
    _refused(s, lambda p: p["hotels"].update(Green=copy.deepcopy(p["hotels"]["Blue"])), "hotels.Green",
             "Game Components / 2 Hotel boards", "2 Hotel boards")
    _refused(s, lambda p: p["hotels"]["Red"]["rooms"].update({"10": {"card": 30}}), "hotels.Red.rooms.10",
             "Game Components / 2 Hotel boards", "numbered 1 to 9")
    with pytest.raises(hl.OptionError):
        hl.load_game("hellton_palace", num_players=3)


def test_a_guest_card_beyond_the_count_is_refused(hp):
    # "36 Guest cards", of which 18 are in play (Setup 6), each in one place
    s = _base(hp)
    _refused(s, lambda p: p["display"]["lowest"].__setitem__(0, 37), "display.lowest[0]", "Setup / 6",
             "must be a guest card number 1 to 36")
    out_of_play = min(set(range(1, 37)) - counts(s.to_position())["card numbers"])
    _refused(s, lambda p: p["hotels"]["Blue"]["rooms"].update({"6": {"card": out_of_play}}), "display", "Setup / 6",
             "hold 19 guest cards; the game uses 18")
    _refused(s, lambda p: p["hotels"]["Blue"]["rooms"].update({"6": {"card": 1}}), "hotels.Blue.rooms.6.card",
             "Setup / 6", "guest card 1 is already at hotels.Red.rooms.1")


def test_a_fourth_doorbell_in_a_hall_is_refused(hp):
    # "6 Doorbell tokens": 3 per hotel, on "a counter that can hold up to 3 Doorbell tokens"
    _refused(_base(hp), lambda p: p["hotels"]["Blue"].update(doorbells=4), "hotels.Blue.doorbells",
             "Game Components / 2 Hotel boards", "must be from 0 to 3")


def test_a_pillar_beyond_its_group_is_refused(hp):
    # "24 Pillar tokens ... split into 3 groups of 4 Pillars": 12 per hotel
    s = _base(hp)
    _refused(s, lambda p: p["hotels"]["Red"].update(pillars=[4, 5, 4]), "hotels.Red.pillars[1]",
             "Game Components / 2 Hotel boards", "must be from 0 to 4")
    _refused(s, lambda p: p["hotels"]["Red"].update(pillars=[4, 4, 4, 1]), "hotels.Red.pillars",
             "Game Components / 2 Hotel boards", "the pillars of the 3 groups")


def test_a_groom_tile_beyond_the_set_is_refused(hp):
    # "10 Groom tiles ... Each player has an identical set of 5 Groom tiles": each one once
    s = _base(hp)
    _refused(s, lambda p: p["hotels"]["Red"].update(grooms_hired=["mason", "mason"]), "hotels.Red.grooms_hired[1]",
             "Game Components / 10 Groom tiles", "listed twice")
    _refused(s, lambda p: p["hotels"]["Red"].update(grooms_hired=["butler"]), "hotels.Red.grooms_hired[0]",
             "Game Components / 10 Groom tiles", "unknown groom")


def test_an_irritation_token_needs_a_guest(hp):
    # "18 Irritation tokens" and at most 18 guests: a token lies on a guest, one per guest
    # ("if you must add a second Irritation token to a Guest, do not do so"), so an irritated
    # room holds a guest and a position cannot give a guest two tokens
    s = _base(hp)
    # (a shape problem cites the rule its field declares: the Irritation Tokens)
    _refused(s, lambda p: p["hotels"]["Red"]["rooms"]["2"].update(irritated=2), "hotels.Red.rooms.2.irritated",
             "Course of the Game / 4. Do the Tour of the Rooms / Irritation Tokens", "must be true or false")


@pytest.mark.parametrize("coins", [36, 37, 200])
def test_the_coin_tokens_are_not_a_limit(hp, coins):
    """Ruling HP-08: "36 Coin tokens ... Coins have a value of 1 or 3. You may make change at
    any time." A player's coins are a number; the supply never runs out, so a position may give
    a player more than the 36 tokens could show, and rents are still paid from the supply."""
    s = hp.adjust(_base(hp), coins={0: coins})
    assert s.coins[0] == coins
    assert s.game.state_from_position(s.to_position()).to_position() == s.to_position()
