"""The Perfect Hotel tutorial's lessons (notebooks/scenarios/perfect_hotel_lesson_*.toml).

Every lesson file loads, plays to its end (``Scenario.run()``), and at each learner step
(do / exercise / predict) the answer the engine computes is the value derived here by hand from
the Perfect Hotel Rulebook. The comment at each value says where it comes from. Points per kind
(Components, ruling PH-02): Bedroom 10 (the rulebook's example), Restaurant 8, Pool 7, Lounge 6,
Spa 5, Garden 4. Award Cards: Perfect View +5 (tie +1 each), Sky Room +3 (tie: nobody), Cheap
Hotel -3 (fewer than 4 kinds); Tourist Group -3 each in a hotel or in hand. The board counts a
game in progress as if it ended now (ruling PH-21).

The tutorial notebook's rule coverage (lessons, scenarios and the saved log it names) is at
least 90% of the rule table (issue 14).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.lesson import LessonRun, answers, expected_answer

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCENARIOS = NOTEBOOKS / "scenarios"
LEARNER = ("do", "exercise", "predict")

# lesson -> {step index: the right moves (a set of action texts) or the predicted value}
EXPECTED = {
    "overview": {
        # Blue holds a Tourist (-3 in hand) and draws 2 Gardens; Tourists lie on the Bedroom, Pool,
        # Restaurant and Spa rows (one per row), so the Tourist may go on Lounge or Garden only.
        # Placing it saves 3 points; a Spa or Garden on a row changes nothing.
        1: {"p0 place lounge tourist", "p0 place garden tourist"},
        # Blue: Bedroom 5 > 3 (+10), Pool 4 (+7), Lounge 3 (+6), Sky Room 3 cards on top > 2 (+3),
        # Cheap Hotel 3 kinds (-3) = 23. Red: Restaurant 8 + Spa 5 + Garden 4 + Perfect View
        # (4 floors > 3) 5 = 22, 4 kinds: no Cheap Hotel. Blue wins.
        2: [0],
        3: 23,
    },
    "components": {
        0: 6,    # Lounge majority: Lounge cards show 6 points
        1: 10,   # Bedroom majority: 10 points (the rulebook's example)
        2: 4,    # Garden majority: 4 points
        3: -3,   # one Tourist Group card in Red's hand: -3
    },
    "setup": {
        0: None,  # watch: the forced deal
        1: 0,     # Game Setup / 4: seat 0 (Blue) starts
        2: True,  # Blue was dealt 2 plain Pool cards: a set of 2 (B. Build, Hand Cards only)
        3: {"p0 build pool hand 2 0 0"},
    },
    "objective": {
        0: 10,  # Red's Bedroom floor of 3 is the only one: the Bedroom majority, 10
        # Bedroom row (2) + Blue's 2 Bedroom cards = 4 > Red's 3; row + 1 = 3 ties (no majority),
        # the row alone or the hand alone = 2.
        1: {"p0 build bedroom row 2 0 0"},
        2: 0,   # Red's 3 is no longer the most: the points go whole to Blue
        # Blue: Bedroom 10, Perfect View 1 floor each, a three-way tie (+1), Sky Room 4 cards on
        # top > 3, 2 (+3), Cheap Hotel (-3) = 11
        3: 11,
    },
    "research": {
        0: False,  # one Restaurant card is no set of 2
        1: {"p0 research"},
        2: {"p0 place restaurant plain", "p0 place spa plain"},  # the lesson keeps the Bedroom pair
    },
    "build": {
        # row (2) + 2 Pool from hand = 4 > Green's 3: Pool +7, Perfect View tie of 1-floor hotels
        # +1, Sky Room 4 > 3 +3, Cheap Hotel -3 = 8. Row + 1 = 3 ties Green: 3 + 1 - 3 = 1; two
        # Pool cards (row alone or hand alone): 0 + 1 - 3 = -2; Research: -3.
        0: {"p0 build pool row 2 0 0"},
        1: {"p1 build spa hand 2 0 0"},
        2: 3,  # Red: Spa 5 + Perfect View tie of three 1-floor hotels +1 - Cheap Hotel 3
    },
    "end_of_turn": {
        # Red draws the two lowest-numbered free cards, Bedroom 0 and 1 (both starred); any card
        # of its hand may go on its row
        1: {"p1 place bedroom star", "p1 place lounge plain", "p1 place spa plain"},
        2: 2,  # clockwise after Red: Green
        3: {"p2 build garden hand 2 0 0"},
        4: 0,  # clockwise after Green: Blue
    },
    "annex": {
        0: False,  # Bedroom is not Blue's last-built set: only 1 set per kind, Annex only on top
        1: {"p0 build pool hand 3 0 0"},
        2: 7,      # Pool floors 2 + 3 = one set of 5 (Point Calculation): the Pool majority, 7
        # Bedroom 10 + Pool 7 + Perfect View 3 floors > 1 (+5) - Cheap Hotel (2 kinds) 3; the Sky
        # Room is tied (Blue's Annex 3 cards, Red's Restaurant floor 3): 19
        3: 19,
    },
    "tourist": {
        0: False,  # "Not able to Build using solely Tourist Group Cards"
        # Lounge 2 + 2 Tourists = 4 cards: Lounge +6, Perfect View tie (1 floor each) +1, Sky Room
        # 4 > Red's 3 +3, Tourists -6 (used or in hand alike), Cheap Hotel -3 = 1. With one Tourist
        # (3 cards: Sky Room tied) or none: 6 + 1 - 6 - 3 = -2.
        1: {"p0 build lounge hand 2 0 2"},
        3: {"p1 place pool tourist"},
        4: True,   # the row's Tourist + Green's Pool: a set of 2 with a Build Card in it
        5: False,  # the row's Tourist + Green's Tourist: Tourists only
    },
    "game_end": {
        2: {"p1 research"},
        3: 1,  # "The player to draw the last card of the House Deck places 1 card on a Tag Row."
        # Red's Tourist in hand costs 3; the Pool, Lounge, Spa and Garden rows already hold a
        # Tourist, so it may go on Bedroom or Restaurant
        4: {"p1 place bedroom tourist", "p1 place restaurant tourist"},
        # Blue: Bedroom 6 > 4 (+10), Spa (+5), Cheap Hotel (-3) = 12. Red: Restaurant (+8), Lounge
        # (+6), Perfect View tie 3 floors (+1), Cheap Hotel (-3) = 12. Green: Pool 3 > 2 (+7),
        # Garden (+4), Perfect View tie (+1), Sky Room 4 on top (+3), Cheap Hotel (-3) = 12.
        # A tie in the total shares the title.
        5: [0, 1, 2],
    },
    "points": {
        0: 3,  # Pool: Red 3, Green 3, a tie: each scores its number of cards
        # the rulebook's Player A: the row's Bedroom + 3 from hand + 2 Tourists = 6 > 5; any
        # smaller set makes 5 at most (a tie with Green)
        1: {"p0 build bedroom row 3 0 2"},
        2: 10,  # "Player A receives the designated 10 points"
        3: -6,  # "3 points being deducted for each Tourist Group Card": 10 - 6 = 4
    },
    "awards": {
        0: 5,  # Red: 3 floors, the tallest hotel
        1: 3,  # Green: 3 cards on its top floor, more than 2 and 2
        # 4 Pool cards: a third floor (Perfect View tie with Red, +1), 4 cards on top > 3 (Sky
        # Room +3), Pool +7, with Restaurant 8 and Lounge 6, Cheap Hotel -3 = 22; 3 Pool or 2 Pool
        # cards leave the Sky Room tied or Green's: 19
        2: {"p0 build pool hand 4 0 0"},
        3: -3,  # Blue's hotel has 3 kinds (Restaurant, Lounge, Pool): Cheap Hotel
    },
    "high_season": {
        0: {"p0 build bedroom row 1 0 0"},
        3: False,  # the High-Season Bedroom row shows 1 card: "until at least 2 cards get displayed"
        4: {"p2 research"},
        5: {"p2 place bedroom plain"},
        6: True,   # 2 cards on the row; Blue's top floor is Bedroom: an Annex from the row
    },
    "star_bonus": {
        # 3 Pool cards (the star among them) > Red's 2: Pool +7, a star +1, Perfect View tie +1,
        # Sky Room 3 > 2 +3, Cheap Hotel -3 = 9; 2 cards (with the star): tie 2 + 1 + 1 - 3 = 1;
        # 2 plain cards: 2 + 1 - 3 = 0
        0: {"p0 build pool hand 2 1 0"},
        1: 1,
    },
}


def lesson_paths():
    return sorted(SCENARIOS.glob("perfect_hotel_lesson_*.toml"))


def _name(path: Path) -> str:
    return path.stem.removeprefix("perfect_hotel_lesson_")


def test_every_lesson_file_is_checked_here():
    # point_track is checked by test_point_track_lesson_adds_the_games (its game 1 is the agents')
    assert {_name(p) for p in lesson_paths()} == set(EXPECTED) | {"point_track"}


def _walk(path: Path):
    """Yield (index, step, state before it, right answer) through the lesson, answering each
    learner step right (and checking a wrong answer is refused)."""
    sc = hl.Scenario.load(path)
    run = LessonRun(sc)
    for i, step in enumerate(sc.steps):
        state = run.state
        if step.kind == "watch":
            yield i, step, state, None
            run.watch()
            continue
        if step.kind == "predict":
            right = expected_answer(step, state)
            yield i, step, state, right
            wrong = "no" if right is True else "yes" if right is False else "-99"
            assert not run.answer(wrong).correct
            fb = run.answer(", ".join(map(str, right)) if isinstance(right, list) else right)
        else:
            right = {str(a) for a in answers(step, state)}
            yield i, step, state, right
            others = [a for a in state.legal_actions() if str(a) not in right]
            if others:
                assert not run.answer(others[0]).correct
            fb = run.answer(sorted(right)[0])
        assert fb.correct, (path.name, i, fb.text)
    assert run.done


@pytest.mark.parametrize("path", lesson_paths(), ids=_name)
def test_lesson_loads_plays_and_starts_from_a_declared_position(path):
    sc = hl.Scenario.load(path)
    assert sc.start is not None, "a lesson starts from a declared [position] table"
    assert sc.steps and all(s.text for s in sc.steps)
    assert any(s.kind in LEARNER for s in sc.steps), "the learner acts at least once"
    m = sc.run()
    assert m.state is not None


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_lesson_answers_are_the_hand_derived_values(name):
    want = EXPECTED[name]
    seen = set()
    for i, step, _state, right in _walk(SCENARIOS / f"perfect_hotel_lesson_{name}.toml"):
        if step.kind in LEARNER:
            assert i in want, f"{name}: step {i} ({step.kind}) has no hand-derived value here"
            assert right == want[i], (name, i, step.kind)
            seen.add(i)
    assert seen == {i for i, v in want.items() if v is not None}


def test_point_track_lesson_adds_the_games():
    # Point Track Board: "Keeping the scores as is after each game and adding to it". The agents
    # play game 1 from the seed, so its points are read from the finished game (state.results)
    # and the rest is derived: game 2 has just been dealt, every hotel is empty (Cheap Hotel -3)
    # and each Tourist Group card in a hand costs 3.
    path = SCENARIOS / "perfect_hotel_lesson_point_track.toml"
    kinds = {}
    for i, step, state, right in _walk(path):
        kinds[i] = step.kind
        if i == 2:
            assert right == {"p0 research"} and state.deck_size == 2
        if i == 3:
            assert right == {str(a) for a in state.legal_actions()} and state.deck_size == 0
        if i == 5:
            assert state.game_no == 2 and right == state.results[0][0]
            game1 = right
        if i == 6:
            tourists = sum(1 for c in state.hands[0] if c >= 57)
            assert right == game1 - 3 - 3 * tourists
    assert [kinds[i] for i in sorted(kinds)] == ["watch", "watch", "do", "exercise", "watch", "predict", "predict"]


def test_high_season_lesson_flips_the_tag_and_reopens_the_row():
    sc = hl.Scenario.load(SCENARIOS / "perfect_hotel_lesson_high_season.toml")
    texts = [e.text for s in sc.run().states for e in s.events]
    assert any("Bedroom Build Tag is flipped upside-down" in t for t in texts)
    assert any(t.startswith("The Bedroom Tag Row is High-Season and now shows 2 cards") for t in texts)


def test_tutorial_has_a_lesson_in_every_section_and_its_coverage_map():
    nb = json.loads((NOTEBOOKS / "perfect_hotel.ipynb").read_text("utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"])
    assert "\u23ee" not in text and "\u23ed" not in text  # no installed font has these
    sections, current = {}, None
    for c in nb["cells"]:
        src = "".join(c["source"])
        if c["cell_type"] == "markdown" and src.startswith("## "):
            current = src.splitlines()[0]
            sections[current] = 0
        elif c["cell_type"] == "code" and "hl.widgets.Lesson(" in src and current:
            sections[current] += 1
    numbered = [h for h in sections if h[3].isdigit()]
    assert len(numbered) == 13, numbered  # Overview ... Advanced Rule (Star Bonus)
    assert all(sections[h] >= 1 for h in numbered), sections
    assert numbered[0].startswith("## 1. Overview") and "won" in numbered[0]
    assert 'hl.coverage("perfect_hotel.ipynb").figure()' in "".join(nb["cells"][-1]["source"])


def test_tutorial_rule_coverage_is_at_least_90_percent(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    cov = hl.coverage("perfect_hotel.ipynb")
    assert cov.game == "perfect_hotel"
    assert cov.fraction >= 0.90, [r.section + ": " + r.quote for r in cov.missing]
    assert all(p.exists() for p in map(Path, cov.sources))
    assert {str(p) for p in lesson_paths()} <= {str(Path(s)) for s in cov.sources}
