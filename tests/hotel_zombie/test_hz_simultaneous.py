"""The simultaneous choices (issue 24, item 6; rulings HZ-03, HZ-04, HZ-09, HZ-23).

"Players perform actions at the same time instead of taking turns" and the Game Plan is chosen
"Before any cards are played". Three kinds of choice are secret until every seat concerned has
chosen: the Game Plan, the turns, and hit-or-wait after a reveal. For each, two states that
differ only in one seat's secret choice must look the same to every other seat — observation,
view, legal actions, refusals, action texts and events — and once revealed every seat sees it.
"""

from __future__ import annotations

import json
import random

import pytest

import hotellab as hl
from hotellab.games.hotel_zombie import components as C

IDS = C.CARD_IDS


def _probes(n):
    """Actions of every kind and every seat, to compare the refusals two states give."""
    out = []
    for p in range(n):
        out += [f"p{p} plan explore", f"p{p} plan inventory", f"p{p} done", f"p{p} take 1", f"p{p} take 4",
                f"p{p} hit", f"p{p} wait", f"p{p} steal", f"p{p} pass", f"p{p} assist 0"]
        out += [f"p{p} {k} {c}" for k in ("play", "trash", "buy", "declare") for c in IDS]
    return out


def _same_for(a, b, seats):
    """What each of ``seats`` may read of states ``a`` and ``b`` is the same."""
    n = a.game.num_players
    for q in seats:
        assert json.dumps(a.observation(q), sort_keys=True) == json.dumps(b.observation(q), sort_keys=True), q
        assert a.view(q) == b.view(q), q
        assert [e.text for e in a.events_for(q)] == [e.text for e in b.events_for(q)], q
        ha, hb = a.history(), b.history()
        assert [a.action_to_string(x, q) for x in ha[-8:]] == [b.action_to_string(x, q) for x in hb[-8:]] or \
            len(ha) != len(hb)
    assert a.current_player == b.current_player and a.status_text() == b.status_text()
    if a.current_player in seats:
        assert a.legal_actions() == b.legal_actions()
    for text in _probes(n):
        p = int(text.split()[0][1:])
        if p in seats:
            assert a.explain_illegal(text) == b.explain_illegal(text), text


# -- the Game Plan (HZ-04) ----------------------------------------------------------------------
def test_the_game_plan_is_secret_until_every_seat_has_chosen(hz):
    s = hz.start(3)
    a, b = s.apply("p0 plan explore"), s.apply("p0 plan inventory")
    _same_for(a, b, [1, 2])
    assert a.view(0)["seats"][0]["plan"] == "explore" and b.view(0)["seats"][0]["plan"] == "inventory"
    a, b = hz.run(a, "p1 plan explore"), hz.run(b, "p1 plan explore")
    _same_for(a, b, [1, 2])
    # revealed together once the last seat has chosen: every seat sees them
    a, b = a.apply("p2 plan explore"), b.apply("p2 plan explore")
    assert [a.view(q)["seats"][0]["plan"] for q in range(3)] == ["explore"] * 3
    assert [b.view(q)["seats"][0]["plan"] for q in range(3)] == ["inventory"] * 3


# -- the turns (HZ-03) --------------------------------------------------------------------------
HANDS = [["ammo20", "ammo20", "search", "pistol", "shotgun"], ["ammo10"] * 4 + ["pistol"],
         ["ammo10"] * 3 + ["knife", "pistol"]]


def _turns(hz):
    players = [{"hand": h} for h in HANDS]  # the rest of each starting deck is the deck, sorted
    return hz.run(hz.start(3, players=players), "p0 plan explore", "p1 plan explore", "p2 plan inventory")


def test_seat_2_sees_nothing_of_the_turns_before_its_own(hz):
    # The issue: "seat 2, before its own turn, sees seat 0's choice, declared weapon and damage".
    s = _turns(hz)
    # Chris: two different turns — Search, buy a Shotgun, declare both weapons (55 damage) ...
    a = hz.run(s, "p0 play search", "p0 buy shotgun", "p0 declare shotgun", "p0 declare pistol", "p0 done")
    # ... or nothing but a Pistol (15 damage)
    b = hz.run(s, "p0 declare pistol", "p0 done")
    assert a.dmg[0] == 45 and b.dmg[0] == 15 and a.node == b.node and a.node[:2] == ("turn", 1)
    _same_for(a, b, [1, 2])
    seen = a.view(2)["seats"][0]
    assert seen["damage"] is None and seen["play_area"] is None and seen["hand_size"] is None
    assert seen["bought"] is None and seen["discard"] is None and seen["deck_size"] is None
    shotguns = s.supply[C.CARD_INDEX["shotgun"]]  # the pile less Chris's own Shotgun
    assert a.view(2)["supply"][C.CARD_INDEX["shotgun"]]["count"] == shotguns
    assert a.view(0)["supply"][C.CARD_INDEX["shotgun"]]["count"] == shotguns - 1
    assert [e.text for e in a.events_for(2)] == ["Chris plays the turn in secret (revealed when every turn is "
                                                 "done)."]
    assert a.action_to_string(hl.Action("declare", ("pistol",), 0), 2) == \
        "Chris: a turn action (secret until every turn is done)"
    # Chris himself and the omniscient view see it
    assert a.view(0)["seats"][0]["damage"] == 45 and a.view(0)["seats"][0]["bought"] == ["shotgun"]
    assert a.view()["seats"][0]["damage"] == 45
    # Ada's turn differs too; Jill (Inventory Management) still sees nothing before her turn
    a1, b1 = hz.run(a, "p1 declare pistol", "p1 done"), hz.run(b, "p1 done")
    _same_for(a1, b1, [2])
    assert a1.node[:2] == ("turn", 2) and a1.view(2)["turn"] is not None and a1.view(0)["turn"]["gold"] is None
    # after the last turn the turns are revealed together: every seat sees them
    a2, b2 = a1.apply("p2 done"), b1.apply("p2 done")
    assert a2.node[0] == b2.node[0] == "count"
    for q in range(3):
        assert a2.view(q)["seats"][0]["damage"] == 45 and b2.view(q)["seats"][0]["damage"] == 15
        assert a2.view(q)["seats"][0]["play_area"] == ["search", "shotgun", "pistol"]
        assert a2.view(q)["supply"][C.CARD_INDEX["shotgun"]]["count"] == shotguns - 1
    ev = hz.texts(a2)
    assert "Chris reveals the turn: played Search the Room; bought Shotgun; declared Shotgun, Pistol: 45 damage." \
        in ev
    assert "Ada reveals the turn: played no action; bought nothing; declared Pistol: 15 damage." in ev
    assert "Jill reveals the turn: played no action; bought nothing; Inventory Management." in ev
    assert IDS[a2.discards[0][-1]] == "shotgun" and a2.bought == ((), (), ())


def test_a_pile_is_shared_in_seat_order_when_the_turns_are_revealed(hz):
    # Each seat sees the pile less its own purchases only; the last Magnum goes to the first
    # seat that bought it (ruling HZ-03), the other purchase is not filled.
    magnum = C.CARD_INDEX["magnum"]
    s = _turns(hz)
    t = s.to_position()
    t["supply"]["magnum"] = 1
    t["players"][2]["discard"] = t["players"][2]["discard"] + ["magnum"] * (C.SUPPLY[magnum] - 1)
    s = s.game.state_from_position(_with_gold(t, 0, 100))  # the Magnum costs 100
    s = hz.run(s, "p0 buy magnum")
    assert s.supply_seen(0)[magnum] == 0 and s.supply_seen(1)[magnum] == 1
    assert "pile of the supply is empty" in s.explain_illegal("p0 buy magnum") or s.t_buys == 0
    s = hz.run(s, "p0 done")
    s = s.game.state_from_position(_with_gold(s.to_position(), 1, 100))
    assert "p1 buy magnum" in [str(a) for a in s.legal_actions()]  # Ada cannot tell it is gone
    s = hz.run(s, "p1 buy magnum", "p1 done", "p2 done")
    assert s.supply[magnum] == 0 and IDS[s.discards[0][-1]] == "magnum" and "magnum" not in \
        [IDS[c] for c in s.discards[1]]
    assert "The Magnum pile ran out before Ada's purchase: it is not filled (the piles are shared in seat order, " \
           "ruling HZ-03)." in hz.texts(s)


def _with_gold(t, seat, gold):
    t["turn"]["gold"] = gold
    return t


# -- hit or wait (HZ-09) ------------------------------------------------------------------------
def test_hit_or_wait_is_secret_until_every_fighting_player_has_chosen(hz):
    cards = [["hound"], ["hound"], ["crawler"]]
    s, order = hz.combat(3, damage=[10, 20, 60], cards=cards)
    s = hz.take_all(s, order, cards)
    assert s.node[:2] == ("fight", 0)
    a, b = s.apply("p0 hit"), s.apply("p0 wait")
    assert a.node == b.node and a.node[:2] == ("fight", 1)
    _same_for(a, b, [1, 2])
    assert a.view(1)["seats"][0]["fight_choice"] is None and a.view(1)["seats"][0]["fight_chosen"] is True
    assert a.view(0)["seats"][0]["fight_choice"] == "hit" and b.view()["seats"][0]["fight_choice"] == "wait"
    assert a.health[0] == 100 and b.dmg[0] == 10  # nothing takes effect before the reveal
    assert a.action_to_string(hl.Action("hit", (), 0), 1) == "Chris: take the hit or wait (secret)"
    # revealed together, in seat order, once Ada has chosen
    a, b = a.apply("p1 wait"), b.apply("p1 wait")
    assert "The choices are revealed: Chris takes the hit, Ada waits for assistance." in hz.texts(a)
    assert "The choices are revealed: Chris waits for assistance, Ada waits for assistance." in hz.texts(b)
    assert a.health[0] == 80 and b.queue[0] == ((C.MANSION_INDEX["hound"], 30, ()),)
    for q in range(3):
        assert a.view(q)["seats"][0]["health"] == 80 and b.view(q)["seats"][0]["asked_assistance"] is True


# -- every secret choice of whole games ---------------------------------------------------------
def _alternatives(state, rng):
    """Two different secret choices of the deciding seat, each played to the next decision of
    another seat (a turn to its end, chance drawn alike), or None."""
    kind, p = state.node.kind, state.node.seat
    if kind in ("plan", "fight"):
        acts = state.legal_actions()
        outs = [state.apply(a) for a in acts[:2]]
    elif kind == "turn":
        outs = []
        for k in range(2):
            s, r = state, random.Random(k)
            while not s.is_terminal and (s.current_player == p or (s.node.kind, s.node.context) == (
                    "turn_shuffle", (p,))):
                if s.is_chance_node:
                    s = s.apply(s.sample_chance(random.Random(s.move_number)))
                    continue
                acts = s.legal_actions()
                s = s.apply(acts[-1] if k == 0 else r.choice(acts))  # 'done' at once, or a random turn
            outs.append(s)
    else:
        return None
    a, b = outs
    while a.is_chance_node and b.is_chance_node and a.node == b.node:  # the same shuffle of another pile
        r = a.sample_chance(random.Random(0))
        a, b = a.apply(r), b.apply(r)
    return a, b


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_secret_choice_shows_before_its_reveal_in_random_games(hz, n):
    g = hz.game(n)
    compared = {"plan": 0, "turn": 0, "fight": 0}
    for seed in range(6):
        rng = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal and s.move_number < 400:
            kind = s.node[0]
            secret = (kind == "plan" and s.plans.count(-1) > 1) or (kind == "turn" and s.tp < n - 1) or (
                kind == "fight" and sum(1 for q in s.fightq if s.fchoice[q] < 0) > 1)
            if secret and rng.random() < 0.5:
                pair = _alternatives(s, rng)
                if pair and pair[0].node == pair[1].node:
                    p = s.current_player
                    _same_for(pair[0], pair[1], [q for q in range(n) if q != p])
                    compared[kind] += 1
            s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
    assert compared["plan"] and compared["turn"], compared


def test_resample_hidden_deals_the_others_secret_choices_again(hz):
    # resample_hidden(seat) keeps what the seat sees and deals the others' secret turns again:
    # each is a turn its seat could have played (the position reader checks its counts)
    s = _turns(hz)
    s = hz.run(s, "p0 play search", "p0 buy shotgun", "p0 declare shotgun", "p0 declare pistol", "p0 done",
               "p1 declare pistol")
    dmg0, seen = set(), s.observation(2)
    for k in range(40):
        o = s.resample_hidden(2, random.Random(k))
        assert o.observation(2) == seen and o.view(2) == s.view(2)
        back = s.game.state_from_position(json.loads(json.dumps(o.to_position())))
        assert back.view() == o.view()
        dmg0.add(o.dmg[0])
        assert o.node == s.node
    assert len(dmg0) > 1  # Chris's turn is played again, not copied
    # secret Game Plans and hit-or-wait choices are dealt again too
    p = hz.start(3).apply("p0 plan explore")
    assert {p.resample_hidden(1, random.Random(k)).plans[0] for k in range(20)} == {0, 1}
    cards = [["hound"], ["hound"], ["crawler"]]
    f, order = hz.combat(3, damage=[10, 20, 60], cards=cards)
    f = hz.take_all(f, order, cards).apply("p0 hit")
    assert {f.resample_hidden(1, random.Random(k)).fchoice[0] for k in range(20)} == {0, 1}
    assert {f.resample_hidden(0, random.Random(k)).fchoice[0] for k in range(20)} == {0}
