"""Counted components (issue 24, item 7; ruling HZ-25).

The rulebook counts the players (2-4), the hand ("a 5 card Hand"), the Hotel counter (1 to 20),
the mansion cards an explorer takes ("Max of 4"), Inventory Management's free Trash (1) and
the skill points of an assist (1 and 2); the reconstructed base game (ruling HZ-01,
``data/*.toml``) counts each supply pile, each starting deck (7 Ammo Box, 2 Pistol, 1 Knife),
each mansion card, the health (100) and a turn's 1 action and 1 buy. Over many whole games
no count is exceeded, and the position reader refuses a position that exceeds one, naming the
field and the rule.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import hotellab as hl
from hotellab.games.hotel_zombie import components as C
from hotellab.games.hotel_zombie import rules as R

WANT_MANSION = Counter(C.MANSION_DECK)
ST_PLAN, ST_TURN = 1, 2


def _check_counts(s):
    n = s.game.num_players
    where = f"{s.status_text()} (move {s.move_number})"
    # the supply piles (data/cards.toml) and the starting decks: every player card once
    assert all(0 <= k <= C.SUPPLY[c] for c, k in enumerate(s.supply)), where
    for p in range(n):
        assert all(k >= 0 for k in s.supply_seen(p)), where
        assert all(s.bought[p].count(c) <= s.supply[c] for c in set(s.bought[p])), where
    have = Counter(s.trash)
    for c, k in enumerate(s.supply):
        have[c] += k
    for p in range(n):
        for pile in (s.hands[p], s.decks[p], s.discards[p], s.plays[p], s.trashed[p]):
            have.update(pile)
    assert have == Counter({c.index: c.supply + n * c.start for c in C.CARDS}), where
    # the mansion deck (data/mansion.toml): every mansion card once
    m = Counter(s.mdeck) + Counter(s.mdisc) + Counter(x for _, x in s.stealq)
    for p in range(n):
        m.update(s.down[p])
        m.update(x for x, _, _ in s.queue[p])
        m.update(x for x, _ in s.trophies[p])
        m.update([s.cur[p]] if s.cur[p] >= 0 else [])
    assert m == WANT_MANSION, where
    # "a 5 card Hand" before the turn; "Max of 4" mansion cards, dealt "equal to the number they picked"
    for p in range(n):
        if s.stage == ST_PLAN or (s.stage == ST_TURN and p > s.tp):
            assert len(s.hands[p]) <= C.HAND_SIZE, where
        assert s.takes[p] <= C.MAX_REVEAL and len(s.down[p]) <= max(0, s.takes[p]), where
        # "1 free option Trash" a round
        assert len(s.trashed[p]) <= C.INVENTORY_TRASH, where
        # health at most 100 (Max health)
        assert s.health[p] <= C.HEALTH_START, where
        # skill: 1 to the assisted player, 2 to each helper, per assisted infected
        got = sum(1 for r in s.explored if r[3] == "assisted" and r[1] == p) + \
            2 * sum(1 for r in s.explored if r[3] == "assisted" and p in r[4])
        assert s.skill[p] == got * C.ASSIST_SKILL_HELPED if False else s.skill[p] == got, where
    assert len(s.trash) <= n * s.counter, where
    # the Hotel counter 1-20
    assert 1 <= s.counter <= C.LAST_COUNTER, where
    # a turn: 1 action and 1 buy, plus what the action cards played give (ruling HZ-02)
    if s.node[0] == "turn":
        p = s.tp
        acts = [c for c in s.plays[p] if C.KIND[c] == C.ACTION]
        assert s.t_acts == C.START_ACTIONS + sum(C.PLUS_ACTIONS[c] - 1 for c in acts), where
        assert s.t_buys == C.START_BUYS + sum(C.PLUS_BUYS[c] for c in acts) - len(s.bought[p]), where
        assert s.t_trash + len(s.trashed[p]) == (C.INVENTORY_TRASH if s.plans[p] == 1 else 0), where


# 3 and 4 players take about 5 s each (the quick tier keeps 2 players)
@pytest.mark.parametrize("n", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow)])
def test_no_count_is_exceeded_in_many_games(n):
    # 200 seeded playouts in all (67 per player count), random and greedy agents
    g = hl.load_game("hotel_zombie", num_players=n)
    for seed in range(67):
        agents = [("greedy" if (seed >> i) & 1 else "random") for i in range(n)]
        rep = hl.Replay(hl.play(g, agents=agents, seed=seed))
        for k in range(len(rep)):
            s = rep.state_at(k)
            _check_counts(s)
            if k % 25 == 0 or k == len(rep) - 1:  # the reader accepts every position the rules reach
                back = g.state_from_position(json.loads(json.dumps(s.to_position())))
                assert back.view() == s.view()


# -- the position reader refuses a position that exceeds a count --------------------------------
def _turn(hz, **turn):
    t = hz.position(2, players=[{"plan": "explore"}, {"plan": "explore"}], stage="turns", plans_revealed=True)
    t["turn"] = {"seat": 0, "actions": 1, "buys": 1, "gold": 0, "ammo": 0, "step": "actions", "trash": 0, **turn}
    return t


def _combat(hz):
    return hz.position(2, players=[{"plan": "explore", "damage": 30, "mansion_cards_taken": 2,
                                    "face_down": ["walker", "crawler"]},
                                   {"plan": "explore", "damage": 30, "mansion_cards_taken": 1,
                                    "face_down": ["crawler"]}],
                       stage="combat", plans_revealed=True)


def _supply_over(hz):
    t = hz.position(2)
    t["supply"]["pistol"] = C.SUPPLY[C.CARD_INDEX["pistol"]] + 1
    return t


def _hand_of_6(hz):
    return hz.position(2, players=[{"hand": ["ammo10"] * 5 + ["knife"]}])


def _trashed_2(hz):
    t = hz.position(2, players=[{"plan": "inventory", "hand": ["ammo10"] * 5, "deck": ["ammo10", "ammo10", "pistol"],
                                 "trashed": ["knife", "pistol"]}, {"plan": "explore"}],
                    stage="turns", plans_revealed=True)
    t["turn"] = {"seat": 0, "actions": 1, "buys": 1, "gold": 50, "ammo": 50, "step": "actions", "trash": 0}
    return t


def _trash_over(hz):
    t = hz.position(2, players=[{"deck": ["ammo10"] * 4 + ["pistol", "pistol", "knife"]}])
    return t  # Chris's three missing Ammo Boxes are put in the trash by position(): 3 > 2 players x 1 round


def _bought_over(hz):
    t = _turn(hz, buys=0, step="buys")
    t["supply"]["magnum"] = 0
    t["players"][1]["discard"] = ["magnum"] * C.SUPPLY[C.CARD_INDEX["magnum"]]
    t["players"][0]["bought"] = ["magnum"]
    return t


def _taken_5(hz):
    t = hz.position(2, players=[{"plan": "explore", "damage": 10}, {"plan": "explore", "damage": 5}],
                    stage="mansion cards", plans_revealed=True, choosing_order=[0, 1])
    t["players"][0]["mansion_cards_taken"] = 5
    return t


def _face_down_over(hz):
    t = _combat(hz)
    t["players"][0]["mansion_cards_taken"] = 1
    return t


def _deal_5(hz):
    t = hz.position(2, players=[{"plan": "explore", "damage": 10, "mansion_cards_taken": 5},
                                {"plan": "explore", "damage": 5, "mansion_cards_taken": 1}],
                    stage="mansion cards", plans_revealed=True, choosing_order=[0, 1])
    t["players"][0]["mansion_cards_taken"] = 4
    t["deals"] = [{"seat": 0, "cards": 5}]
    return t


def _counter_21(hz):
    t = hz.position(2)
    t["hotel_counter"] = 21
    return t


def _health_101(hz):
    return hz.position(2, players=[{"health": 101}])


def _two_pistols_more(hz):
    t = hz.position(2)
    t["players"][0]["hand"] = t["players"][0]["hand"] + ["pistol"]  # not taken from the supply
    return t  # 12 in the supply + 2 x 2 in the starting decks = 16 Pistols: the 17th is Ada's


OVER = [
    # (what, table, field, rule)
    ("a supply pile above its size", _supply_over, "supply.pistol", R.R_BASE_GAME),
    ("a card beyond the starting decks and the supply", _two_pistols_more, "players[1].deck", R.R_BASE_GAME),
    ("a hand of 6 before the turn", _hand_of_6, "players[0].hand", R.R_SETUP_HAND),
    ("2 cards trashed in a round", _trashed_2, "players[0].trashed", R.R_INVENTORY),
    ("more trash than 1 a player a round", _trash_over, "trash", R.R_INVENTORY),
    ("more bought than the pile holds", _bought_over, "players[0].bought", R.R_BUY),
    ("5 mansion cards taken", _taken_5, "players[0].mansion_cards_taken", R.R_CHOOSE_COUNT),
    ("more face-down cards than taken", _face_down_over, "players[0].face_down", R.R_DEALT),
    ("5 mansion cards dealt", _deal_5, "deals[0].cards", R.R_CHOOSE_COUNT),
    ("2 actions with no action card played", lambda hz: _turn(hz, actions=2), "turn.actions", R.R_NORMAL_TURN),
    ("2 buys with no action card played", lambda hz: _turn(hz, buys=2), "turn.buys", R.R_NORMAL_TURN),
    ("a free Trash for an explorer", lambda hz: _turn(hz, trash=1), "turn.trash", R.R_INVENTORY),
    ("a weapon declared that is not in the play area", lambda hz: _turn(hz, weapons_declared=1),
     "turn.weapons_declared", R.R_NORMAL_TURN),
    ("Hotel counter 21", _counter_21, "hotel_counter", R.R_SETUP_COUNTER),
    ("health 101", _health_101, "players[0].health", R.R_REPEAT),
]


@pytest.mark.parametrize("what,make,field,rule", OVER, ids=[o[0] for o in OVER])
def test_the_position_reader_refuses_a_count_exceeded(hz, what, make, field, rule):
    with pytest.raises(hl.PositionError) as exc:
        hz.game(2).state_from_position(make(hz))
    assert exc.value.field == field, str(exc.value)
    assert exc.value.rule is not None and exc.value.rule.section == rule.section, str(exc.value)
    assert f"field '{field}'" in str(exc.value) and rule.section in str(exc.value)


def test_the_positions_just_within_the_counts_are_accepted(hz):
    # the same tables at the count are read: the refusals above are the counts, not the shapes
    g = hz.game(2)
    t = hz.position(2, players=[{"hand": ["ammo10"] * 4 + ["knife"]}])
    assert len(g.state_from_position(t).hands[0]) == C.HAND_SIZE
    t = _combat(hz)
    assert g.state_from_position(t).takes[0] == 2
    t = _turn(hz, buys=1)
    assert g.state_from_position(t).t_buys == 1
    t = hz.position(2)
    t["hotel_counter"] = C.LAST_COUNTER
    assert g.state_from_position(t).counter == 20
    t = _bought_over(hz)
    t["supply"]["magnum"] = 1
    t["players"][1]["discard"] = t["players"][1]["discard"][1:]
    assert g.state_from_position(t).bought[0] == (C.CARD_INDEX["magnum"],)
