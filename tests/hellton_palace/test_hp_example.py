"""The rulebook's "Example of a Turn", from notebooks/scenarios/hellton_palace_example_turn.toml.

The scenario starts from a declared position (its ``[position]`` table); LEGAL_PLAY reaches the
same position by legal play from setup (the tutorial plays it). Each assertion quotes the
rulebook.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import hotellab as hl
from hotellab.games.hellton_palace import rules as R

SCENARIO = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "hellton_palace_example_turn.toml"
VS, SNORER, ANUBIS, DUCHESS, MOLO = 1, 2, 3, 4, 5


LEGAL_PLAY = [
    # Setup: the display, lowest row first (Anubis, the Snorer, Molo, the Drummer, the Cursed
    # Doll, the Hypochondriac), then the middle row, then the highest row.
    "chance display 3,2,5,6,16,26,4,1,10,9,13,20,12,14,17,11,15,33",
    # Turn 1. Red: Anubis into room 3, served (a pillar of column 3 falls), rent 2.
    "p0 welcome 3 3 a", "p0 tour", "p0 serve 3", "p0 rents",
    "p1 welcome 6 1 a", "p1 tour", "p1 serve 1", "p1 rents",
    # Turn 2. Red: the Snorer into room 2; Anubis irritates him and a second pillar falls.
    "p0 welcome 2 2 a", "p0 tour", "p0 serve 2", "p0 serve 3", "p0 rents",
    "p1 welcome 16 3 a", "p1 tour", "p1 serve 1", "p1 serve 3", "p0 target 1", "p1 rents",
    # Turn 3. Red: the Duchess into room 4; her 3 tokens go to the Snorer (a tantrum), a doorbell back.
    "p0 welcome 4 4 a", "p0 tour", "p0 serve 2", "p0 refuse 3", "p0 serve 4",
    "p0 target 2", "p0 target 2", "p0 target 2", "p0 doorbell",
    "p1 welcome 26 2 a", "p1 tour", "p1 serve 1", "p1 serve 2", "p1 target 1", "p1 serve 3", "p0 target 1", "p1 rents",
    # Turn 4. Red: Miss Von Scream into room 6; Anubis's tantrum breaks the doorbell.
    "p0 welcome 1 6 a", "p0 tour", "p0 serve 2", "p0 refuse 3", "p0 refuse 4", "p0 refuse 6", "p0 rents",
    # Blue: the Chain Rattler into room 5, and the False Reservation facing the lowest row.
    "p1 welcome 10 5 a", "p1 hire false_reservation 1", "p1 tour", "p1 serve 1", "p1 serve 2", "p1 target 1",
    "p1 serve 3", "p0 target 1", "p1 serve 5", "p1 rents",
]


def test_the_declared_position_is_reached_by_legal_play():
    sc = hl.Scenario.load(SCENARIO)
    declared = sc.match().state
    assert declared.history() == [] and declared.start_position is not None
    s = sc.game_object().new_initial_state()
    for text in LEGAL_PLAY:
        s = s.apply(text)
    assert s.to_position() == declared.to_position()
    assert s.view() == declared.view() and s.legal_actions() == declared.legal_actions()


def room_of(state, card):
    return next(r for r in range(1, 10) if state.guests[0][r] >> 1 == card)


def irritated(state, card):
    return state.irritated(0, room_of(state, card))


@pytest.fixture(scope="module")
def steps():
    sc = hl.Scenario.load(SCENARIO)
    start = sc.match().state
    return start, {step.title: m.state for step, m in sc.walk()}


def test_the_starting_position(steps):
    s, _ = steps
    assert s.round == 5 and s.active == 0 and s.status_text().startswith("Turn 5, Red")   # "We are on the 5th turn."
    assert sum(s.pillars[0]) == 10                                        # "Only two Pillars are missing"
    assert s.doorbells[0] == 2                                            # "one Doorbell has been broken"
    floor2 = [r for r in (4, 5, 6) if s.guests[0][r]]
    assert len(floor2) == 2 and all(s.irritated(0, r) for r in floor2)    # "the two Guests on the 2nd floor are irritated"
    assert s.fr_row[1] == 1                                               # "The opposing Hotel made a False Reservation"
    assert [c for c in s.display[0] if c] == [MOLO]                       # "Molo, the only customer left in the lowest row"
    assert {str(a) for a in s.legal_actions()} == {"p0 welcome 5 1 a"}    # "... forcing us to take Molo ... on the 1st floor"
    assert s.coins[0] >= 5


def test_the_preparation(steps):
    _, st = steps
    s = st["A False Reservation"]
    assert any("nothing" in e.text or "none was hired" in e.text for e in s.events)  # "Morning briefing ... nothing to report"
    s = st["The Placer (2 coins)"]
    assert room_of(s, MOLO) == 6 and room_of(s, VS) == 1
    assert s.coins[0] == st["A False Reservation"].coins[0] - 2           # "For 2 coins, we hire the Placer"
    s = st["The Diplomat (3 coins)"]
    assert not irritated(s, VS) and s.coins[0] == st["The Placer (2 coins)"].coins[0] - 3
    assert s.irritated_count(0) == 1                                      # "the service begins with a single irritated Guest"


def test_outcome_1_miss_von_scream(steps):
    _, st = steps
    before, s = st["The tour begins"], st["1. Miss Von Scream"]
    assert irritated(s, MOLO)                                              # "Molo, just above, gets irritated"
    assert sum(s.pillars[0]) == sum(before.pillars[0]) - 1                 # "and 1 Pillar is destroyed"
    assert not irritated(s, SNORER)


def test_outcome_2_the_snorer(steps):
    _, st = steps
    before, s = st["1. Miss Von Scream"], st["2. The Snorer"]
    assert s.tokens == before.tokens and s.pillars == before.pillars and s.doorbells == before.doorbells  # no one irritated


def test_outcome_3_anubis(steps):
    _, st = steps
    before, s = st["2. The Snorer"], st["3. Anubis"]
    assert irritated(s, SNORER)                                            # "irritate their neighbour the Snorer"
    assert sum(s.pillars[0]) == sum(before.pillars[0]) - 1                 # "and destroy 1 Pillar"
    assert s.doorbells[0] == 2


def test_outcome_4_the_duchess(steps):
    _, st = steps
    s = st["4. The Duchess"]
    assert s.current_player == 0 and s.node[0] == R.N_TARGET                       # the Hotel's (Red's) choice, twice
    s = st["4. ... and Miss Von Scream"]
    assert not irritated(s, DUCHESS)                                        # served: her token went back
    assert irritated(s, ANUBIS) and irritated(s, VS)                        # "It will be Anubis and Miss Von Scream."


def test_outcome_5_molo_and_the_end_of_the_service(steps):
    _, st = steps
    before, s = st["4. ... and Miss Von Scream"], st["5. Molo"]
    assert s.doorbells[0] == before.doorbells[0] - 1 == 1                   # "destroys 1 Doorbell"
    assert not irritated(s, VS) and not irritated(s, MOLO)                  # "she feels much better. Just like Molo"
    satisfied = sorted(s.side_of(0, r).name for r in range(1, 10) if s.guests[0][r] and not s.irritated(0, r))
    assert satisfied == ["Miss Von Scream", "Molo", "The Duchess"]          # "3 customers are satisfied"
    assert s.rents(0) == 4                                                  # "collecting their rents (4 coins)"
    assert sorted(str(a) for a in s.legal_actions()) == ["p0 doorbell", "p0 rents"]  # "or recovering 1 Doorbell"
    assert st["Rents or a doorbell"].coins[0] == s.coins[0] + 4
