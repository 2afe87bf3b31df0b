"""The rulebook's 4-player example (Combat Phase), step by step, from its scenario file.

Every number asserted is the rulebook's (quoted beside it), except where ruling HZ-14 says the
example's text contradicts itself: "Jill ... uses 10 of her damage" (so 30 - 10 = 20 left) and
"15 (5 from Chris and 10 from Jill)" (so she kept 10). Option ``assist="full"`` (the scenario's)
reproduces the printed 15; the default ``assist="remaining"`` gives 25 (Jill keeps 20).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import hotellab as hl
from hotellab.games.hotel_zombie import components as C

SCENARIO = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "hotel_zombie_example_combat.toml"
CHRIS, ADA, JILL, LEON = range(4)


def _state(assist):
    sc = hl.Scenario.load(SCENARIO)
    sc.options = {**sc.options, "assist": assist}
    return sc, sc.match().state


def _trophies(state, seat):
    return [(C.MANSION_IDS[m], src) for m, src in state.trophies[seat]]


@pytest.mark.parametrize("assist", ["full", "remaining"])
def test_worked_example_step_by_step(assist):
    sc, s = _state(assist)
    assert [s.game.seat_label(p) for p in range(4)] == ["Chris", "Ada", "Jill", "Leon"]
    # "Chris is doing 60 damage ... Ada is doing 50 ... Jill is only doing 30 ... Leon is doing 80"
    assert s.dmg == (60, 50, 30, 80)
    # "starting with the player doing the most damage each player chooses": Leon, Chris, Ada, Jill
    assert s.current_player == LEON and s.order == (LEON, CHRIS, ADA, JILL)
    assert [str(a) for a in s.legal_actions()] == ["p3 take 1", "p3 take 2", "p3 take 3", "p3 take 4"]  # Max of 4
    s = s.apply("p3 take 3")
    assert s.current_player == CHRIS
    s = s.apply("p0 take 2").apply("p1 take 2")
    assert s.current_player == JILL
    s = s.apply("p2 take 1")
    ev = [e.text for e in s.events]
    # "each player is dealt facedown mansion cards equal to the number they picked"
    assert ev[1:5] == ["Leon is dealt 3 mansion cards face down.", "Chris is dealt 2 mansion cards face down.",
                       "Ada is dealt 2 mansion cards face down.", "Jill is dealt 1 mansion card face down."]
    # first reveal, "at the same time"
    assert "Reveal: Chris Walker, Ada Hound, Jill Yellow Herb, Leon Brute." in ev
    # "Chris pulls an infected with 20 health and is able to defeat it. This lowers his total damage to 40."
    assert "Chris defeats the Walker (20 health, 1 decoration): damage left 40." in ev
    # "Ada pulls an infected with 40 health ... lowers her total damage to 10."
    assert "Ada defeats the Hound (40 health, 2 decorations): damage left 10." in ev
    # "Jill finds a yellow herb and her total damage remains unchanged."
    assert "Jill finds a Yellow Herb: health 80 -> 100; damage 30." in ev
    # "Leon pulls an infected with 55 health ... lowers his total damage to 25."
    assert "Leon defeats the Brute (55 health, 3 decorations): damage left 25." in ev
    # "Jill has no more cards left to reveal so now she can use her remaining damage": the group check
    assert "Before the reveal, the group's remaining damage (players who revealed all their cards): Jill 30 = 30." in ev
    # second reveal: Chris, Ada and Leon only
    assert "Reveal: Chris Bloater, Ada Walker, Leon Hound." in ev
    # "Chris reveals an infected with 35 health and is able to defeat it. This lowers his total damage to 5."
    assert "Chris defeats the Bloater (35 health, 2 decorations): damage left 5." in ev
    assert s.dmg == (5, 10, 30, 25)
    # "Ada reveals an infected with 20 health and is not able to defeat it": hit or wait
    assert s.current_player == ADA and s.node[0] == "fight"
    assert [str(a) for a in s.legal_actions()] == ["p1 hit", "p1 wait"]
    s = s.apply("p1 wait")
    # "Players perform actions at the same time": Ada's choice stays secret until Leon has
    # chosen too (ruling HZ-09); Leon sees that she has chosen, not what
    assert s.view(LEON)["seats"][ADA]["fight_choice"] is None and s.view(LEON)["seats"][ADA]["fight_chosen"]
    assert s.view(ADA)["seats"][ADA]["fight_choice"] == "wait" and s.view(LEON)["seats"][ADA]["damage"] == 10
    # "Leon reveals an infected with 40 health ans is not able to defeat it ... just takes the hit"
    assert s.current_player == LEON and s.node[0] == "fight"
    s = s.apply("p3 hit")
    assert "The choices are revealed: Ada waits for assistance, Leon takes the hit." in [e.text for e in s.events]
    # "that player deals all of their damage to that infected"
    assert s.dmg[ADA] == 0
    left = 10 if assist == "remaining" else 20
    assert s.queue[ADA] == ((C.MANSION_INDEX["walker"], left, ()),)
    assert s.health[LEON] == 100 - 20  # the Hound deals 20 (reconstructed)
    # "no one is able to do 40 damage to the infected so it is discarded."
    assert "No one does 40 damage to Kill Steal Leon's Hound: it is discarded." in [e.text for e in s.events]
    assert C.MANSION_INDEX["hound"] in s.mdisc
    # "players can not assist other players until they have revealed all of their mansion cards":
    # Chris and Jill may (Leon still has a card); Chris first, in seat order (ruling HZ-15)
    assert s.current_player == CHRIS and s.node[0] == "assist"
    assert [str(a) for a in s.legal_actions()] == ["p0 assist 1", "p0 pass"]
    s = s.apply("p0 pass")
    assert s.current_player == JILL and [str(a) for a in s.legal_actions()] == ["p2 assist 1", "p2 pass"]
    before = s
    s = s.apply("p2 assist 1")
    ev = [e.text for e in s.events]
    # "Ada still recieves the decoration and 1 skill point. Jill recieves 2 skill points."
    assert s.skill == (0, 1, 2, 0)
    assert ("walker", 1) in _trophies(s, ADA)  # source 1: an assisted kill
    # "he checks the groups total remaining damage which is 15 (5 from Chris and 10 from Jill)"
    if assist == "full":
        assert "Before the reveal, the group's remaining damage (players who revealed all their cards): " \
               "Chris 5, Jill 10 = 15." in ev
    else:  # Jill "uses 10 of her damage": 30 - 10 = 20 (ruling HZ-14)
        assert "Before the reveal, the group's remaining damage (players who revealed all their cards): " \
               "Chris 5, Jill 20 = 25." in ev
    # "Leon reveals an infected with 20 health and is able to defeat it."
    assert "Reveal: Leon Walker." in ev
    assert "Leon defeats the Walker (20 health, 1 decoration): damage left 5." in ev
    # "The Combat phase is over." Then Regroup: counter 8 -> 9, new hands of 5
    assert "The Combat phase is over (Hotel counter 8)." in ev
    assert s.counter == 9 and all(len(h) == 5 for h in s.hands)
    # decorations: Chris Walker 1 + Bloater 2; Ada Hound 2 + assisted Walker 1; Jill 0; Leon Brute 3 + Walker 1
    assert s.scores == [3, 3, 0, 4]
    assert _trophies(s, LEON) == [("brute", 0), ("walker", 0)]
    # the view before Jill's assist shows what Leon counts on: Chris 5 + Jill 30
    assert before.view(LEON)["seats"][LEON]["group_damage"] == 35


def test_worked_example_scenario_steps_play_through():
    sc = hl.Scenario.load(SCENARIO)
    s = sc.match().state
    for step in sc.steps:
        s = s.apply(step.action)
    assert s.counter == 9 and s.skill == (0, 1, 2, 0)
    assert s.group_damage(LEON) == 0  # a new round: no one has damage yet


def test_worked_example_breakdown_by_source():
    sc, s = _state("full")
    for step in sc.steps:
        s = s.apply(step.action)
    lines = [(it.player, it.category, it.points, it.rule.section) for it in s.score_breakdown()]
    assert (1, "Decorations: own kills (1 infected)", 2, "Combat Phase") in lines
    assert (1, "Decorations: assisted kills (1 infected)", 1, "Combat Phase / example") in lines
    assert (2, "Skill points: 2 (not decorations)", 0, "Combat Phase / example") in lines
    for p in range(4):
        assert sum(it.points for it in s.score_breakdown() if it.player == p) == s.scores[p]
