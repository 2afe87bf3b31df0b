"""Combat Phase: reveal, defeat, the two options when an infected is too strong (hit or wait),
Kill Steal, assists, the unassisted, and a player falling in battle.

Values are by hand from the rules and the reconstructed cards (conftest.py lists them).
"""

from __future__ import annotations

import pytest

import hotellab as hl
from hotellab.games.hotel_zombie import components as C

M = C.MANSION_INDEX


def test_defeat_lowers_the_damage_by_the_health_and_reveals_the_next_card(hz):
    # "they reduce their total damage by the defeated infected health then reveal another"
    cards = [["crawler", "walker"], ["crawler"]]
    s, order = hz.combat(2, damage=[40, 20], cards=cards)
    s = hz.take_all(s, order, cards)
    t = hz.texts(s)
    assert t.index("Reveal: Chris Crawler, Ada Crawler.") < t.index("Reveal: Chris Walker.")
    assert "Chris defeats the Crawler (15 health, 1 decoration): damage left 25." in t
    assert "Chris defeats the Walker (20 health, 1 decoration): damage left 5." in t
    assert "Ada defeats the Crawler (15 health, 1 decoration): damage left 5." in t
    assert s.scores == [2, 1] and s.counter == 6  # the round is over: Regroup


def test_a_hit_deals_the_infected_damage_and_is_open_to_kill_steal(hz):
    # "If that player decides to take the damage, the infected becomes available to Kill Steal"
    cards = [["hound"], ["crawler"]]
    s, order = hz.combat(2, damage=[30, 60], cards=cards)
    s = hz.take_all(s, order, cards)
    assert s.node[:2] == ("fight", 0) and s.view()["pending"]["prompt"].startswith("Chris (30 damage) cannot defeat")
    s = s.apply("p0 hit")
    assert s.health[0] == 80  # the Hound deals 20
    # Ada (60 - 15 = 45 >= 40) may Kill Steal "before revealing their next card (if any)"
    assert s.node[:2] == ("kill_steal", 1) and [str(a) for a in s.legal_actions()] == ["p1 steal", "p1 pass"]
    assert s.view()["kill_steal"] == [{"seat": 0, "id": "hound", "health": 40}]
    t = s.apply("p1 steal")
    assert t.scores == [0, 3]  # Crawler 1 + Hound 2
    assert [(C.MANSION_IDS[m], src) for m, src in t.trophies[1]] == [("crawler", 0), ("hound", 2)]
    assert ("Ada Kill Steals Chris's Hound (40 health): damage left 5.") in hz.texts(t)
    p = s.apply("p1 pass")
    assert "No one does 40 damage to Kill Steal Chris's Hound: it is discarded." in hz.texts(p)
    assert M["hound"] in p.mdisc and p.scores == [0, 1]


def test_kill_steal_is_offered_in_seat_order_after_the_hit_player(hz):
    # ruling HZ-10: Leon (seat 3) takes a hit: Chris, then Ada, then Jill are asked
    cards = [["crawler"], ["crawler"], ["crawler"], ["brute"]]
    s, order = hz.combat(4, damage=[80, 80, 20, 20], cards=cards)
    s = hz.take_all(s, order, cards)
    s = s.apply("p3 hit")
    assert s.node[:2] == ("kill_steal", 0)
    s = s.apply("p0 pass")
    assert s.node[:2] == ("kill_steal", 1)  # then Ada; Jill (20 - 15 = 5 < 55) is never asked
    s = s.apply("p1 steal")
    assert s.scores[1] == 1 + 3 and s.node[0] != "kill_steal"


def test_waiting_deals_all_damage_and_the_player_keeps_revealing_without_fighting(hz):
    # "that player deals all of their damage to that infected"; "still reveal their additional
    # mansion cards and take any of their effects but are unable to fight them"
    cards = [["hound", "green_herb", "crawler", "gunpowder"], ["crawler"]]
    s, order = hz.combat(2, damage=[30, 20], cards=cards, health=[50, 100])
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 wait")
    assert s.dmg[0] == 0 and s.queue[0] == ((M["hound"], 10, ()),)
    # Ada revealed her only card and has 5 left: she may assist now
    assert s.node[:2] == ("assist", 1)
    s = s.apply("p1 pass")
    t = hz.texts(s)
    assert "Chris finds a Green Herb: health 50 -> 70; damage 0." in t
    s = hz.run(s)  # the crawler joins the queue, the gunpowder adds 10 damage he cannot use
    while s.node[0] == "assist":
        s = s.apply(f"p{s.current_player} pass")
    # every card revealed, no assist: "takes the damage from the first infected", then the next
    assert s.counter == 6
    assert s.health[0] == 70 - 20 - 10
    assert [e for e in s.explored if e[3] == "unassisted"] == [(5, 0, M["hound"], "unassisted", ()),
                                                                (5, 0, M["crawler"], "unassisted", ())]


def test_waiting_players_take_no_damage_until_every_card_is_revealed(hz):
    # "Players that are waiting for assistance do not take damage until every player's mansion
    # cards have been revealed."
    cards = [["stalker"], ["crawler", "crawler", "crawler"]]
    s, order = hz.combat(2, damage=[20, 50], cards=cards)
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 wait")
    # Ada reveals her next two cards (she may not assist before: "players can not assist
    # other players until they have revealed all of their mansion cards"); Chris takes nothing
    t = hz.texts(s)
    assert t.count("Reveal: Ada Crawler.") == 2 and "Ada defeats the Crawler (15 health, 1 decoration): damage left 5." in t
    assert s.node[:2] == ("assist", 1) and s.down[1] == () and s.health[0] == 100
    s = s.apply("p1 pass")
    assert s.health[0] == 70 and s.counter == 6


def test_an_assist_needs_a_helper_who_revealed_all_and_rewards_skill(hz):
    # "Ada still recieves the decoration and 1 skill point. Jill recieves 2 skill points."
    cards = [["bloater"], ["crawler", "crawler"], ["crawler"]]
    s, order = hz.combat(3, damage=[20, 50, 40], cards=cards)
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 wait")  # 15 left
    # Ada (seat 1) has a card left: only Jill may assist
    assert s.node[:2] == ("assist", 2) and [str(a) for a in s.legal_actions()] == ["p2 assist 0", "p2 pass"]
    assert s.explain_illegal("p1 assist 0").startswith("p1 assist 0 is not Ada's to play")
    s = s.apply("p2 assist 0")
    assert s.skill == (1, 0, 2) and s.scores == [2, 2, 1]
    assert "(damage left 10)" in hz.texts(s)[0]  # Jill: 40 - 15 (Crawler) - 15
    assert [(C.MANSION_IDS[m], src) for m, src in s.trophies[0]] == [("bloater", 1)]


def test_helpers_pool_their_damage(hz):
    # "the group can try to assist": two partial assists defeat one infected; both helpers get 2
    cards = [["colossus"], ["crawler"], ["crawler"]]
    s, order = hz.combat(3, damage=[40, 50, 45], cards=cards)
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 wait")  # 90 - 40 = 50 left
    s = s.apply("p1 assist 0")  # Ada 35: 15 left
    assert s.queue[0] == ((M["colossus"], 15, (1,)),) and s.dmg[1] == 0
    assert s.node[:2] == ("assist", 2)
    s = s.apply("p2 assist 0")
    assert s.skill == (1, 2, 2) and s.scores == [5, 1, 1]
    assert "(damage left 15)" in hz.texts(s)[0]  # Jill: 45 - 15 (Crawler) - 15


def test_option_full_the_helpers_cover_the_whole_health(hz):
    # ruling HZ-13, option assist="full": the waiting player's damage does not count
    cards = [["walker"], ["crawler"]]
    s, order = hz.combat(2, damage=[10, 50], cards=cards, options={"assist": "full"})
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 wait")
    assert s.queue[0] == ((M["walker"], 20, ()),) and s.dmg[0] == 0
    s = s.apply("p1 assist 0")
    assert "Ada assists Chris with 20 damage" in hz.texts(s)[0] and "(damage left 15)" in hz.texts(s)[0]


def test_unassisted_the_first_infected_then_the_group_tries_the_next(hz):
    # "that player takes the damage from the first infected, then the group can try to assist
    # with the next one"
    cards = [["hound", "crawler"], ["walker"]]
    s, order = hz.combat(2, damage=[10, 30], cards=cards)
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 wait")  # Hound: 30 left; Ada defeats her Walker: 10 left
    assert s.node[:2] == ("assist", 1)
    s = s.apply("p1 pass")  # the next reveal: Chris's Crawler joins the queue
    assert s.queue[0] == ((M["hound"], 30, ()), (M["crawler"], 15, ()))
    assert s.node[:2] == ("assist", 1)  # a new window after the reveal
    s = s.apply("p1 pass")
    # the Hound hits (20), then the group is asked about the Crawler
    assert s.health[0] == 80 and s.queue[0] == ((M["crawler"], 15, ()),) and s.node[:2] == ("assist", 1)
    assert "The group cannot assist Chris: the Hound (30 health left) deals 20 damage, health 80; it is discarded." \
        in hz.texts(s)
    # "do not take damage until every player's mansion cards have been revealed": said once
    assert hz.texts(s).count("Every mansion card is revealed: the infected still waiting now deal their damage, "
                             "unless the group assists.") == 1
    s = s.apply("p1 assist 0")  # 10 of 15: not enough, and Ada has no damage left
    assert "Ada assists Chris with 10 damage: the Crawler has 5 health left." in hz.texts(s)
    assert s.health[0] == 70 and s.counter == 6  # the Crawler hits too
    assert s.skill == (0, 0) and s.explored[-1] == (5, 0, M["crawler"], "unassisted", (1,))


def test_two_waiting_players_a_helper_chooses_whom_to_assist(hz):
    # ruling HZ-15: the helper names the waiting player; helpers are asked in seat order
    cards = [["walker"], ["walker"], ["crawler"]]
    s, order = hz.combat(3, damage=[5, 5, 60], cards=cards)
    s = hz.take_all(s, order, cards)
    s = hz.run(s, "p0 wait", "p1 wait")
    assert s.node[:2] == ("assist", 2)
    assert [str(a) for a in s.legal_actions()] == ["p2 assist 0", "p2 assist 1", "p2 pass"]
    s = s.apply("p2 assist 1")
    assert s.dmg[2] == 45 - 15 and s.node[:2] == ("assist", 2)
    s = s.apply("p2 assist 0")
    assert s.skill == (1, 1, 4) and "(damage left 15)" in hz.texts(s)[0]


def test_a_player_at_0_health_falls_and_the_group_loses(hz):
    # "if any of the party members fall in battle, the group loses" (ruling HZ-19: at once)
    cards = [["colossus", "crawler"], ["crawler"]]
    s, order = hz.combat(2, damage=[10, 50], cards=cards, health=[40, 100])
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 hit")
    assert s.is_terminal and s.health[0] == 0 and s.winners() == [] and s.fallen == (0,)
    assert "Chris fell in battle: the group loses." in hz.texts(s)
    assert s.status_text() == "Game over — Chris fell: the group loses"
    assert s.view()["group_loses"] is True and s.scores == [0, 1]
    assert s.explain_illegal("p1 steal").startswith("p1 steal cannot be played: the game is over")
    try:
        s.apply("p1 steal")
    except hl.IllegalActionError as exc:
        assert exc.code == "game_over"


def test_a_player_who_asked_for_assistance_never_assists(hz):
    # "Players who didn't ask for assistance and still have left over damage can use it towards
    # helping out other players" (ruling HZ-24). The issue's example: Chris (10 damage) waits on
    # a Walker (20), Ada assists him, he reveals a Gunpowder (+10 damage) and has no card left:
    # he asked for assistance this round, so he may not assist Jill, who waits too.
    cards = [["walker", "gunpowder"], ["crawler"], ["walker", "crawler"]]
    s, order = hz.combat(3, damage=[10, 50, 5], cards=cards)
    s = hz.take_all(s, order, cards)
    s = hz.run(s, "p0 wait", "p2 wait")
    assert s.asked_assistance(0) and s.asked_assistance(2) and not s.asked_assistance(1)
    s = hz.run(s, "p1 assist 0", "p1 pass")  # Chris's Walker is defeated; Ada keeps 35 - 10 = 25
    assert s.queue[0] == () and s.dmg[0] == 10  # the Gunpowder: 0 + 10
    assert s.down[0] == () and s.queue[2] == ((M["walker"], 15, ()), (M["crawler"], 15, ()))
    # only Ada is asked; Chris is never offered "p0 assist 2"
    assert s.node[:2] == ("assist", 1) and [str(a) for a in s.legal_actions()] == ["p1 assist 2", "p1 pass"]
    # the refusal says that Ada decides now (the core's), then why Chris is never asked (the
    # game's note, citing the Combat Phase sentence above)
    why = s.explain_illegal("p0 assist 2")
    assert why.startswith("p0 assist 2 is not Chris's to play: Ada decides now") and \
        " — Chris asked for assistance this round" in why and \
        "Players who didn't ask for assistance and still have left over damage" in why and why.endswith("Combat Phase")
    assert s.group_damage(2) == 25  # Ada's 25; Chris's 10 cannot help
    v = s.view(2)
    assert v["seats"][0]["asked_assistance"] is True and v["seats"][2]["group_damage"] == 25
    assert s.to_position()["players"][0]["asked_assistance"] is True
    # Ada passes: the Walker hits Jill unassisted (HZ-16), Ada alone is asked about the Crawler
    s = s.apply("p1 pass")
    assert s.node[:2] == ("assist", 1) and s.health[2] == 90
    s = s.apply("p1 pass")
    assert s.skill == (1, 2, 0) and s.counter == 6 and s.health[2] == 100 - 10 - 10
    # a greedy or random agent is offered only the legal actions: Chris never assists
    import random
    from hotellab.agents import GreedyAgent, RandomAgent
    s = hz.take_all(hz.combat(3, damage=[10, 50, 5], cards=cards)[0], order, cards)
    s = hz.run(s, "p0 wait", "p2 wait", "p1 assist 0", "p1 pass", "p1 pass")
    assert not any(e[3] == "assisted" and 0 in e[4] for e in s.explored)
    for agent in (GreedyAgent(), RandomAgent()):
        t = hz.run(hz.take_all(hz.combat(3, damage=[10, 50, 5], cards=cards)[0], order, cards),
                   "p0 wait", "p2 wait", "p1 assist 0", "p1 pass")
        while t.node[0] == "assist":
            assert t.current_player != 0
            t = t.apply(agent.act(t, random.Random(1)))


def test_the_position_of_a_waiting_player_says_it_asked(hz):
    # ruling HZ-24: a player waiting for assistance has asked for it
    t = hz.position(2, players=[{"plan": "explore", "damage": 0, "waiting": [{"card": "walker", "health_left": 20}],
                                 "mansion_cards_taken": 1}, {"plan": "explore", "damage": 30}],
                    stage="combat", plans_revealed=True, mansion=[])
    with pytest.raises(hl.PositionError, match="has asked for it") as exc:
        hz.game(2).state_from_position(t)
    assert exc.value.field == "players[0].asked_assistance"
    t["players"][0]["asked_assistance"] = True
    s = hz.game(2).state_from_position(t)
    assert s.node[:2] == ("assist", 1)
    t["players"][1]["asked_assistance"] = True  # Ada asked too (her infected was defeated): no helper
    s = hz.game(2).state_from_position(t)
    assert s.node[:2] != ("assist", 1) and s.health[0] == 90  # the Walker hits Chris unassisted


def test_kill_steal_with_damage_exactly_the_infected_health(hz):
    # "Another exploring player that is doing enough damage to defeat it": 40 damage is enough
    # for a Hound (40 health), as a defeat is "damage >= health" (ruling HZ-08)
    cards = [["hound"], ["crawler"]]
    s, order = hz.combat(2, damage=[30, 55], cards=cards)
    s = hz.take_all(s, order, cards)
    s = s.apply("p0 hit")
    assert s.dmg[1] == 40 and s.node[:2] == ("kill_steal", 1)
    s = s.apply("p1 steal")
    assert s.dmg[1] == 0 and s.scores == [0, 1 + 2]
    # one less and no one may: the Hound is discarded
    s, order = hz.combat(2, damage=[30, 54], cards=cards)
    s = hz.take_all(s, order, cards).apply("p0 hit")
    assert "No one does 40 damage to Kill Steal Chris's Hound: it is discarded." in hz.texts(s)


def test_a_defeat_with_damage_exactly_the_infected_health(hz):
    # "If a player can defeat their revealed infected then they reduce their total damage by the
    # defeated infected health": 20 damage defeats a Walker (20 health), leaving 0
    cards = [["walker"], ["crawler"]]
    s, order = hz.combat(2, damage=[20, 14], cards=cards)
    s = hz.take_all(s, order, cards)
    assert "Chris defeats the Walker (20 health, 1 decoration): damage left 0." in hz.texts(s)
    assert s.node[:2] == ("fight", 1)  # Ada's 14 does not defeat a Crawler (15)


def test_an_assist_that_exactly_covers_the_health_defeats_it(hz):
    # the helper puts in exactly what is left: the infected is defeated (no health left)
    cards = [["walker"], ["crawler"]]
    s, order = hz.combat(2, damage=[5, 30], cards=cards)
    s = hz.take_all(s, order, cards).apply("p0 wait")  # 20 - 5 = 15 left; Ada 30 - 15 = 15
    s = s.apply("p1 assist 0")
    assert s.dmg[1] == 0 and s.skill == (1, 2) and s.scores == [1, 1] and s.counter == 6


def test_a_helper_with_no_damage_left_is_not_asked(hz):
    # "still have left over damage": Ada (exactly 0 left after her Crawler) is not asked
    cards = [["walker"], ["crawler"]]
    s, order = hz.combat(2, damage=[5, 15], cards=cards)
    s = hz.take_all(s, order, cards).apply("p0 wait")
    assert s.node[:2] != ("assist", 1) and s.health[0] == 90 and s.counter == 6
