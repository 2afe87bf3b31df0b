"""Game Plan: the secret choice, the turns (actions, buys, weapons), Inventory Management,
and how many mansion cards each explorer takes."""

from __future__ import annotations

import pytest

import hotellab as hl
from hotellab.games.hotel_zombie import components as C


IDS = C.CARD_IDS


def _plan_start(hz, n=3, **kw):
    return hz.start(n, **kw)


def test_the_plan_is_chosen_one_seat_at_a_time_and_stays_secret(hz):
    # "each player must choose to either Explore the Hotel or do Inventory Management" — in secret
    s = _plan_start(hz, 3)
    assert s.current_player == 0 and [str(a) for a in s.legal_actions()] == ["p0 plan explore", "p0 plan inventory"]
    with pytest.raises(hl.IllegalActionError) as exc:
        s.apply("p1 plan explore")
    assert exc.value.code == "not_your_turn"
    s = s.apply("p0 plan inventory")
    assert s.events[0].text == "Chris chooses a Game Plan in secret."
    assert s.view(1)["seats"][0]["plan"] is None and s.view(1)["seats"][0]["plan_chosen"] is True
    assert s.observation(2)["seats"][0]["plan"] is None
    assert s.view(0)["seats"][0]["plan"] == "inventory" and s.view()["seats"][0]["plan"] == "inventory"
    assert s.action_to_string(s.history()[-1] if s.history() else hl.Action("plan", ("inventory",), 0), 1) == \
        "Chris: choose a Game Plan (secret)"
    s = hz.run(s, "p1 plan explore", "p2 plan explore")
    # revealed once every seat has chosen
    assert "The Game Plans are revealed — Explore the Hotel: Ada, Jill; Inventory Management: Chris." in hz.texts(s)
    assert [st["plan"] for st in s.view(1)["seats"]] == ["inventory", "explore", "explore"]


def test_inventory_management_draws_two_and_may_trash_one_but_not_declare(hz):
    # "+2 card draw and 1 free option Trash" ... "they can not declare weapons"
    s = hz.run(_plan_start(hz, 2, players=[{"hand": ["ammo10", "ammo10", "ammo10", "pistol", "knife"],
                                     "deck": ["pistol", "ammo10", "ammo10", "ammo10", "ammo10"]}]),
            "p0 plan inventory", "p1 plan explore")
    assert s.current_player == 0 and s.node[0] == "turn"
    assert [IDS[c] for c in s.hands[0]] == ["ammo10"] * 4 + ["knife", "pistol", "pistol"]  # 5 + 2
    acts = [str(a) for a in s.legal_actions()]
    assert "p0 trash knife" in acts and not any(a.startswith("p0 declare") for a in acts)
    assert "Inventory Management can not declare weapons" in s.explain_illegal("p0 declare pistol")
    s = s.apply("p0 trash knife")
    # the trashed card leaves the hand at once and joins the trash when the turns are revealed (HZ-03)
    assert [IDS[c] for c in s.trashed[0]] == ["knife"] and s.t_trash == 0 and s.trash == ()
    assert not any(str(a).startswith("p0 trash") for a in s.legal_actions())  # only 1 free Trash
    assert "the 1 free Trash is used" in s.explain_illegal("p0 trash pistol")
    s = s.apply("p0 done")
    assert s.current_player == 1 and s.node[0] == "turn"
    s = s.apply("p1 done")
    assert [IDS[c] for c in s.trash] == ["knife"] and s.trashed == ((), ())
    # "These players will skip the combat phase": only Ada chooses mansion cards
    assert s.node[0] == "count" and s.current_player == 1 and s.order == (1,)


def test_an_explorer_plays_actions_then_buys_then_declares(hz):
    # "playing actions, buy resources, and declare weapons" (ruling HZ-02: 1 action, 1 buy, in that order)
    hand = ["ammo20", "ammo20", "aim", "pistol", "shotgun"]
    s = hz.run(_plan_start(hz, 2, players=[{"hand": hand}]), "p0 plan explore", "p1 plan inventory")
    assert (s.t_gold, s.t_ammo, s.t_acts, s.t_buys) == (40, 40, 1, 1)
    acts = [str(a) for a in s.legal_actions()]
    assert acts[:1] == ["p0 play aim"] and "p0 buy ammo20" in acts and "p0 buy hurry" in acts
    assert "p0 buy shotgun" not in acts  # 50 gold > 40
    assert "p0 declare shotgun" in acts and "p0 declare pistol" in acts and acts[-1] == "p0 done"
    s = s.apply("p0 play aim")  # +1 action, +10 damage with a weapon
    assert s.t_acts == 1 and s.t_bonus == 10 and IDS[s.plays[0][0]] == "aim"
    s = s.apply("p0 buy ammo20")
    # the card is bought in secret: it leaves its pile when the turns are revealed (HZ-03)
    assert s.t_gold == 10 and s.t_buys == 0 and [IDS[c] for c in s.bought[0]] == ["ammo20"]
    assert s.supply[C.CARD_INDEX["ammo20"]] == 20 - 2  # 2 in the hand (bought before)
    assert s.supply_seen(0)[C.CARD_INDEX["ammo20"]] == 20 - 2 - 1 and s.supply_seen(1) == s.supply
    assert "actions are played before buying" in (s.explain_illegal("p0 play aim") or "") or \
        "holds no" in s.explain_illegal("p0 play aim")
    s = s.apply("p0 declare shotgun")  # 30 + the aim's 10
    assert s.dmg[0] == 40 and s.t_ammo == 20
    s = s.apply("p0 declare pistol")
    assert s.dmg[0] == 55 and s.t_ammo == 10
    assert "weapons are declared after buying" in s.explain_illegal("p0 buy ammo10")
    assert s.view(1)["seats"][0]["damage"] is None  # secret until every turn is done
    s = hz.run(s, "p0 done", "p1 done")
    assert s.node[0] == "count" and s.current_player == 0
    assert s.view(1)["seats"][0]["damage"] == 55
    assert IDS[s.discards[0][-1]] == "ammo20" and s.supply[C.CARD_INDEX["ammo20"]] == 20 - 2 - 1
    assert "Chris reveals the turn: played Take Aim; bought Ammo Crate; declared Shotgun, Pistol: 55 damage." \
        in hz.texts(s)


def test_action_cards_draw_and_add_buys_and_gold(hz):
    hand = ["search", "barter", "ammo10", "ammo10", "ammo10"]
    s = hz.run(_plan_start(hz, 2, players=[{"hand": hand, "deck": ["pistol", "knife", "ammo10", "ammo10", "pistol"]}]),
            "p0 plan explore", "p1 plan explore")
    s = s.apply("p0 play search")  # +2 cards from the top of the deck
    assert [IDS[c] for c in s.hands[0]] == ["ammo10"] * 3 + ["knife", "pistol", "barter"]  # sorted by card
    assert s.t_acts == 0 and "p0 play barter" not in [str(a) for a in s.legal_actions()]
    assert s.explain_illegal("p0 play barter").startswith("p0 play barter: no action left this turn")


def test_a_deck_that_runs_out_is_shuffled_from_the_discard_pile(hz):
    s = hz.run(_plan_start(hz, 2, players=[{"hand": ["search", "ammo10", "ammo10", "ammo10", "ammo10"],
                                     "deck": ["pistol"], "discard": ["pistol", "knife", "ammo10", "ammo10"]}]),
            "p0 plan explore", "p1 plan explore", "p0 play search")
    assert s.is_chance_node and (s.node.kind, s.node.context) == ("turn_shuffle", (0,)) and s.phase.name == "Game Plan"
    # search draws the Pistol, then the sorted discard (ammo10, ammo10, knife, pistol) is shuffled
    s = s.apply("chance shuffle p0 1,0,2,3")
    assert [IDS[c] for c in s.hands[0]] == ["ammo10"] * 5 + ["pistol"]
    assert [IDS[c] for c in s.decks[0]] == ["ammo10", "knife", "pistol"] and s.discards[0] == ()


def test_the_turns_give_the_choosing_order_by_damage(hz):
    # "starting with the player doing the most damage": Ada 30, Chris 15 and Leon 15 (a tie:
    # seat order, ruling HZ-06), Jill none
    hands = [["ammo10"] * 3 + ["knife", "pistol"], ["ammo10"] * 3 + ["pistol", "pistol"],
             ["ammo10"] * 5, ["ammo10"] * 4 + ["pistol"]]
    s = hz.start(4, players=[{"hand": h} for h in hands])
    s = hz.run(s, "p0 plan explore", "p1 plan explore", "p2 plan explore", "p3 plan explore",
               "p0 declare pistol", "p0 done", "p1 declare pistol", "p1 declare pistol", "p1 done",
               "p2 done", "p3 declare pistol", "p3 done")
    assert s.dmg == (15, 30, 0, 15) and s.order == (1, 0, 3, 2) and s.current_player == 1
    t = s.to_position()
    t["choosing_order"] = [0, 1, 3, 2]
    with pytest.raises(hl.PositionError, match="must be the explorers from the most damage down, "
                                               r"\[1, 0, 3, 2\]") as exc:
        s.game.state_from_position(t)
    assert exc.value.field == "choosing_order"


def test_explorers_choose_from_the_most_damage_down_at_most_4(hz):
    # "starting with the player doing the most damage ... (Max of 4)"; ties in seat order (HZ-06)
    s, order = hz.combat(3, damage=[30, 50, 30], cards=[["walker"], ["walker"], ["walker"]])
    assert order == [1, 0, 2] and s.current_player == 1
    assert [str(a) for a in s.legal_actions()] == ["p1 take 1", "p1 take 2", "p1 take 3", "p1 take 4"]
    assert "at most 4 mansion cards" in s.explain_illegal("p1 take 5")
    assert "takes at least 1" in s.explain_illegal("p1 take 0")


INFECTED = [C.MANSION_IDS[m] for m in C.MANSION_DECK if C.INFECTED[m]]


def test_the_count_is_capped_by_the_mansion_cards_left(hz):
    # ruling HZ-06: only what the mansion deck and discard hold can be dealt. Every infected is
    # a trophy: the 11 items are left; Chris and Ada take 4 each, Jill at most 3, Leon none.
    trophies = [{"card": c, "source": "own"} for c in INFECTED]
    players = [{"plan": "explore", "damage": 40 - p, "trophies": trophies if p == 0 else []} for p in range(4)]
    s = hz.start(4, players=players, stage="mansion cards", plans_revealed=True, choosing_order=[0, 1, 2, 3])
    assert s.mansion_available() == 11
    s = hz.run(s, "p0 take 4", "p1 take 4")
    assert [str(a) for a in s.legal_actions()] == ["p2 take 1", "p2 take 2", "p2 take 3"]
    s = s.apply("p2 take 3")
    assert [str(a) for a in s.legal_actions()] == ["p3 take 0"]
    assert "only 0 mansion cards can still be dealt" in s.explain_illegal("p3 take 1")


def test_dealing_shuffles_the_mansion_discard_when_the_deck_runs_out(hz):
    # ruling HZ-07: the mansion deck holds 2 items, its discard the other 9
    items = [C.MANSION_IDS[m] for m in C.MANSION_DECK if not C.INFECTED[m]]
    trophies = [{"card": c, "source": "own"} for c in INFECTED]
    s = hz.start(2, players=[{"plan": "explore", "damage": 10, "trophies": trophies}, {"plan": "explore", "damage": 5}],
                 stage="mansion cards", plans_revealed=True, choosing_order=[0, 1],
                 mansion=items[:2], mansion_discard=items[2:])
    assert len(s.mdeck) == 2 and len(s.mdisc) == 9
    s = hz.run(s, "p0 take 4", "p1 take 1")
    assert (s.node.kind, s.node.context) == ("deal_shuffle", (-1,)) and s.is_chance_node and s.phase.name == "Game Plan"
    s = s.apply("chance shuffle mansion " + ",".join(str(i) for i in range(9)))
    assert "The mansion deck is shuffled." in hz.texts(s)
    assert "Chris is dealt 4 mansion cards face down." in hz.texts(s)
    assert "Ada is dealt 1 mansion card face down." in hz.texts(s)


def test_inventory_management_can_still_play_actions_and_buy(hz):
    # "They can still play actions and buy resources however they can not declare weapons."
    s = hz.run(_plan_start(hz, 2, players=[{"hand": ["search", "barter", "ammo10", "ammo10", "pistol"],
                                            "deck": ["ammo10"] * 5 + ["knife", "pistol"]}]),
               "p0 plan inventory", "p1 plan explore")
    acts = [str(a) for a in s.legal_actions()]
    assert "p0 play search" in acts and "p0 play barter" in acts
    s = s.apply("p0 play barter")  # +1 buy +20 gold (Barter); the +2 draw gave 2 more Ammo Boxes
    assert [IDS[c] for c in s.plays[0]] == ["barter"] and s.t_buys == 2 and s.t_gold == 4 * 10 + 20
    s = s.apply("p0 buy hurry")  # 30 gold
    assert [IDS[c] for c in s.bought[0]] == ["hurry"] and s.t_gold == 30
    assert s.explain_illegal("p0 declare pistol").startswith("p0 declare pistol: Inventory Management can not "
                                                              "declare weapons")


def test_a_buy_with_exactly_the_cost_and_a_weapon_with_exactly_the_ammo(hz):
    # buying needs gold >= cost; declaring needs ammo >= what the weapon needs (ruling HZ-02):
    # 2 Ammo Boxes give 20 gold and 20 ammo — a Pistol costs 20, and needs 10 ammo
    s = hz.run(_plan_start(hz, 2, players=[{"hand": ["ammo10", "ammo10", "pistol", "pistol", "knife"]}]),
               "p0 plan explore", "p1 plan explore")
    assert (s.t_gold, s.t_ammo) == (20, 20)
    acts = [str(a) for a in s.legal_actions()]
    assert "p0 buy pistol" in acts and "p0 buy search" not in acts  # 20 <= 20; 30 > 20
    s = hz.run(s, "p0 buy pistol", "p0 declare pistol")
    assert s.t_gold == 0 and s.t_ammo == 10
    assert "p0 declare pistol" in [str(a) for a in s.legal_actions()]  # 10 ammo, exactly what it needs
    s = s.apply("p0 declare pistol")
    assert s.t_ammo == 0 and s.dmg[0] == 30
    assert "needs 10 ammo" in s.explain_illegal("p0 declare pistol") or "holds no" in s.explain_illegal("p0 declare pistol")
