"""Counted components (issue 24): every count of the rulebook's component list is enforced by
the engine and by the position reader, or ruled on (docs/rulings/hostil_hostal.md, "Counted
components").

The rulebook's list (Hostil Hostal Rulebook, "Components"), with where each count is held:

| component | count | held by |
|---|---|---|
| "60 playing cards, 12 of each color: blue, red, orange, green and yellow." | 12 per colour, numbers 1-12 once each; only the seats' colours | `data/cards.toml` (12 cards); `position.py` `check_components` (each card of a colour in exactly one place) and the card fields (1-12, a seat's colour) |
| "5 room boards." | 3/3/4/5 rooms of boards 1-5, each once | `position.py` `read_rooms` |
| "1 Lobby board." | one Lobby (guests in it are counted per seat) | structural |
| "5 reform boards." | 5: reform deck + rooms + the one being laid | `position.py` `check_components`; Day: no reform when the deck is empty (HH-25) |
| "5 red deterioration dice and 1 yellow misfortune die." | one wear die per room (at most 5 rooms), faces 1-6; one misfortune value 1-6 | `position.py` `read_rooms`, `read`; HH-05 |
| "1 first player token." | one seat, a player (not the automata) | `position.py` `read` (`first_player`) |
| "4 guest tokens of each color." | 4 per seat in supply, Lobby, beds or in transit | `position.py` `check_components` |
| "1 round marker." | one night, 1 to the option `nights` | `position.py` `read` (`night`) |
| "5 point markers. *The player who exceeds 40 points on the points track must flip the marker." | one marker per seat (2-5 players, +1 automata with 2); no bound on the points | `Game.max_players`; ruling HH-35 |

Tests of the kind: over 200 seeded games of every player count (random and greedy agents,
every option), no count is ever exceeded in any state's position, and every conserved count
is reached; and a position beyond each count is refused, naming the field and the rule.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter

import pytest

import hotellab as hl
from hotellab import testing

# -- the counts, from the rulebook's component list ("Components") -----------------------------
CARDS_PER_COLOUR = 12  # "60 playing cards, 12 of each color"
COLOURS = ("blue", "red", "orange", "green", "yellow")  # "... blue, red, orange, green and yellow."
ROOM_BOARDS = 5  # "5 room boards."
REFORM_BOARDS = 5  # "5 reform boards."
WEAR_DICE = 5  # "5 red deterioration dice"
DIE_FACES = range(1, 7)  # six-sided dice (ruling HH-05)
GUESTS_PER_COLOUR = 4  # "4 guest tokens of each color."
POINT_MARKERS = 5  # "5 point markers."
ROOMS_BY_PLAYERS = {2: 3, 3: 3, 4: 4, 5: 5}  # Setup 1 and "Place three rooms as if playing with three players"

OPTIONS = [dict(nights=n, sides=sd, misfortune=m)
           for n, sd, m in itertools.product((3, 5), ("A", "B", "random", "choose"), ("die", "fixed", "per_room"))]


def counts(pos: dict) -> dict:
    """The counted components of a declared position (``state.to_position()``)."""
    seats, rooms, nxt = pos["seats"], pos.get("rooms", []), pos["next"]
    cards = {seat["colour"]: seat["hand"] + seat["deck"] + seat["discard"] for seat in seats}
    guests = {seat["colour"]: seat["guests_in_supply"] + seat["guests_in_lobby"] for seat in seats}
    for room in rooms:
        for c in room.get("cards", ()):
            cards.setdefault(c["colour"], []).append(c["number"])
        for bed in room.get("beds", ()):
            for g in bed:
                colour = g.split()[0]
                guests[colour] = guests.get(colour, 0) + 1
    cards[seats[-1]["colour"]] += [c["number"] for c in pos.get("automata_cards", ())]
    for transit in ("moving", "removed"):  # a guest lifted by Move a guest or thrown out by Grrr
        if transit in nxt:
            guests[nxt[transit]["colour"]] += 1
    reforms = list(pos["reform_deck"]) + [r["reform"]["board"] for r in rooms if "reform" in r]
    if "reform" in nxt:
        reforms.append(nxt["reform"]["board"])
    return {
        "cards of a colour": max(len(v) for v in cards.values()),
        "copies of a card": max((max(Counter(v).values()) for v in cards.values() if v), default=0),
        "card colours": {colour for colour, v in cards.items() if v},
        "card numbers": {n for v in cards.values() for n in v},
        "guests of a colour": max(guests.values()),
        "room boards": len(rooms),
        "board numbers": [r["board"] for r in rooms],
        "reform boards": len(reforms),
        "reform numbers": reforms,
        "wear dice": sum(1 for r in rooms if "wear" in r),
        "wear faces": {r["wear"] for r in rooms if "wear" in r},
        "misfortune die": pos.get("misfortune_die"),
        "first player": pos["first_player"],
        "night": pos["night"],
        "point markers": len(seats),
        "rest": [seat["rest"] for seat in seats],
    }


def sampled_states(n: int, games: int = 200):
    """Every state of ``games`` seeded games with ``n`` players: the options cycle, and every
    fourth game two seats play greedy (the others random)."""
    return testing.sampled_states("hostil_hostal", n, games=games, options=OPTIONS,
                                  greedy=lambda k, p: k % 4 == 0 and p % 2 == 0, seed_base=1000 * n)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_no_count_is_ever_exceeded_in_sampled_games(n):
    most = Counter()
    low, high = 0, 0
    seats = n + 1 if n == 2 else n  # the automata is a third colour (Variation for 2 Players)
    for s in sampled_states(n):
        k = counts(s.to_position())
        where = s.status_text()
        assert k["cards of a colour"] <= CARDS_PER_COLOUR, where
        assert k["copies of a card"] <= 1, where
        assert k["card colours"] <= set(COLOURS[:seats]) and k["card numbers"] <= set(range(1, 13)), where
        assert k["guests of a colour"] <= GUESTS_PER_COLOUR, where
        assert k["room boards"] <= ROOM_BOARDS and len(set(k["board numbers"])) == k["room boards"], where
        assert set(k["board numbers"]) <= set(range(1, ROOM_BOARDS + 1)), where
        assert k["reform boards"] <= REFORM_BOARDS and len(set(k["reform numbers"])) == k["reform boards"], where
        assert k["wear dice"] <= min(WEAR_DICE, k["room boards"]) and k["wear faces"] <= set(DIE_FACES), where
        assert k["misfortune die"] is None or k["misfortune die"] in DIE_FACES, where
        assert k["first player"] in COLOURS[:n], where  # one token, always with a player
        assert 1 <= k["night"] <= s.game.options["nights"], where
        assert k["point markers"] == seats <= POINT_MARKERS, where
        for key in ("cards of a colour", "guests of a colour", "room boards", "reform boards", "wear dice"):
            most[key] = max(most[key], k[key])
        low, high = min([low] + k["rest"]), max([high] + k["rest"])
    # the conserved counts are reached (the counting above is not vacuous)
    assert most == {"cards of a colour": CARDS_PER_COLOUR, "guests of a colour": GUESTS_PER_COLOUR,
                    "room boards": ROOMS_BY_PLAYERS[n], "reform boards": REFORM_BOARDS,
                    "wear dice": ROOMS_BY_PLAYERS[n]}
    # ruling HH-35: the rest points leave the printed track (0-40, 80 with the marker flipped)
    assert low < 0 and high > 40


# -- a position beyond a count is refused, naming the field and the rule ---------------------
def _base(hh, n=3):
    """Night 1 of a forced setup (rooms 1, 2, 3; decks drawn 1, 2, 3, ...) with guests and
    face-down cards in the rooms and a reform on room 3."""
    s = hh.start(n)
    return hh.adjust(s, beds={1: {0: [0], 1: [1]}, 2: {0: [2]}}, cards={1: [(0, 3)], 2: [(1, 1)]},
                     reform={3: (5, "a")})


_refused = testing.assert_position_refused  # shared by every game's component tests


def test_the_base_position_holds_every_count(hh):
    k = counts(_base(hh).to_position())
    assert k["cards of a colour"] == 12 and k["guests of a colour"] == 4
    assert k["room boards"] == 3 and k["reform boards"] == 5 and k["wear dice"] == 3


def test_a_thirteenth_card_of_a_colour_is_refused(hh):
    # "60 playing cards, 12 of each color": a second copy of blue's Mr. Tools (in hand), or a card 13
    s = _base(hh)
    assert 12 in s.hands[0]
    _refused(s, lambda p: p["seats"][0]["discard"].append(12), "seats[0].discard", "Let's Begin (Setup) / 3",
             "blue card 12 is in more places than the game has copies of it (1)")
    _refused(s, lambda p: p["seats"][0]["deck"].append(13), f"seats[0].deck[{len(s.decks[0])}]",
             "Let's Begin (Setup) / 3", "must be from 1 to 12, got 13")
    _refused(s, lambda p: p["rooms"][0]["cards"].append({"colour": "red", "number": 13}), "rooms[0].cards[1].number",
             "Let's Begin (Setup) / 3", "must be from 1 to 12")


def test_a_card_of_a_colour_not_in_play_is_refused(hh):
    # 3 players play blue, red and orange: green's cards stay in the box
    _refused(_base(hh), lambda p: p["rooms"][0]["cards"].append({"colour": "green", "number": 2}),
             "rooms[0].cards[1].colour", "Let's Begin (Setup) / 3", "got 'green'")


def test_a_sixth_room_board_is_refused(hh):
    # "5 room boards.": boards 1-5, each once, 3 rooms with 3 players
    s = _base(hh)
    _refused(s, lambda p: p["rooms"][0].update(board=6), "rooms[0].board", "Let's Begin (Setup) / 1",
             "must be from 1 to 5")
    _refused(s, lambda p: p["rooms"][1].update(board=1), "rooms", "Let's Begin (Setup) / 1", "used twice")
    _refused(s, lambda p: p["rooms"].append(dict(copy.deepcopy(p["rooms"][0]), board=4)), "rooms",
             "Let's Begin (Setup) / 1", "3 players play with 3 rooms, got 4")


def test_a_sixth_reform_board_is_refused(hh):
    # "5 reform boards.": the deck (1-4 here) and room 3's reform 5
    s = _base(hh)
    _refused(s, lambda p: p["reform_deck"].append(6), "reform_deck[4]", "Phase 4 - Day / Reform", "from 1 to 5")
    # (the deck is counted first: the copy found after it is named)
    _refused(s, lambda p: p["reform_deck"].append(5), "rooms[2].reform", "Phase 4 - Day / Reform",
             "reform board 5 is in more places than the game has copies of it (1)")
    _refused(s, lambda p: p["rooms"][0].update(reform={"board": 1, "side": "a"}), "rooms[0].reform",
             "Phase 4 - Day / Reform", "reform board 1 is in more places")


def test_a_die_beyond_its_faces_is_refused(hh):
    # "5 red deterioration dice and 1 yellow misfortune die": six-sided (HH-05), one per room
    s = _base(hh)
    _refused(s, lambda p: p["rooms"][0].update(wear=7), "rooms[0].wear", "Let's Begin (Setup) / 2",
             "must be from 1 to 6")
    _refused(s, lambda p: p.update(misfortune_die=7), "misfortune_die", "Phase 3 - Dawn / Wear",
             "must be from 1 to 6")


def test_a_fifth_guest_of_a_colour_is_refused(hh):
    # "4 guest tokens of each color."
    s = _base(hh)
    _refused(s, lambda p: p["rooms"][2]["beds"][4].append("blue"), "seats[0]", "Let's Begin (Setup) / 3",
             "blue has 5 guests (supply, Lobby, beds), not 4")
    _refused(s, lambda p: p["seats"][1].update(guests_in_lobby=5), "seats[1].guests_in_lobby",
             "Let's Begin (Setup) / 3", "must be from 0 to 4")


def test_one_first_player_token_and_one_round_marker(hh):
    # "1 first player token." (a player's: never the automata's) and "1 round marker." (nights 1-3)
    s = _base(hh)
    _refused(s, lambda p: p.update(night=4), "night", "Let's Begin (Setup) / 4", "must be from 1 to 3")
    s2 = hh.start(2)
    _refused(s2, lambda p: p.update(first_player="orange"), "first_player", "Phase 4 - Day / End of day",
             "is the automata")


def test_one_point_marker_per_seat(hh):
    # "5 point markers.": 2-5 players (with 2, the automata takes the third colour's marker)
    s = _base(hh)
    _refused(s, lambda p: p["seats"].append(dict(copy.deepcopy(p["seats"][0]), colour="green")), "seats",
             "Let's Begin (Setup) / 3", "this game has 3 seats, got 4")
    with pytest.raises(hl.OptionError, match="2-5|2 to 5|players"):
        hl.load_game("hostil_hostal", num_players=6)
    assert [hh.game(n).num_seats for n in (2, 3, 4, 5)] == [3, 3, 4, 5]


@pytest.mark.parametrize("rest", [99, -79, 41, 81])
def test_the_rest_points_are_not_bounded_by_the_printed_track(hh, rest):
    """Ruling HH-35: "*The player who exceeds 40 points on the points track must flip the
    marker." — the rest points are plain whole numbers: past 40 (the flipped marker), past 80
    and below 0 (the sampled games reach 99 and -79) a position keeps them as they are."""
    s = hh.adjust(_base(hh), score={0: rest})
    assert s.scores[0] == rest
    again = s.game.state_from_position(s.to_position())
    assert again.scores == s.scores and again.to_position() == s.to_position()
