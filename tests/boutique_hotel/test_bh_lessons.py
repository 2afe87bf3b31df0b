"""The tutorial's lessons (notebooks/scenarios/boutique_hotel_lesson_*.toml): each loads from its
declared position, plays, and every learner step's computed answer is the value worked out by hand
from the rulebook ("Jak grać w Boutique Hotel Manager") and the lesson's position; the tutorial's
rule coverage is at least 90%.

Seat 0 is Blue, seat 1 Red. A do/exercise answer is the set of right moves the engine computes
(``hotellab.lesson.answers``); a predict answer is what the engine reads from the state
(``hotellab.lesson.expected_answer``). Block moves name rooms in the card's room order
("p0 block 2,3"; one room: "p0 block 3,").
"""

from __future__ import annotations

from pathlib import Path

import pytest

import hotellab as hl
from hotellab.lesson import LessonRun, answers, expected_answer

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCENARIOS = NOTEBOOKS / "scenarios"


def blocks(seat, *rooms):
    return {f"p{seat} block {r}" for r in rooms}


def faces(seat, die):
    return {f"p{seat} price {die} {f}" for f in range(1, 7)}


# The answer of each do / exercise / predict step, in order, derived by hand:
EXPECTED = {
    # Koniec gry: the most money wins; the position gives Blue 500+3400+600-1800 = 2700 and Red
    # 500+2600+400-1500 = 2000 (the walk-in is lost: budget 100 < both hotels' 200+ a night).
    "01_goal": [[0]],
    # Komponenty / Faza przygotowania: a price die shows 1-6 (100-600): 7 is not a face, 6 is;
    # setting Monday's die takes any face.
    "02_components": [False, True, faces(0, "mon")],
    # Faza rezerwacji: the youngest (seat 0) starts; the do step's one move; everyone starts with 500.
    "03_setup": [0, {"p0 price mon 2"}, 500],
    # Any breakfast face; after the reveal the youngest, Blue, takes the first reservation turn.
    "04_prices": [faces(0, "breakfast"), 0],
    # Price example: Blue 100 + 100 = 200 < Red 200 + 200 = 400, so Blue (0) wins; any 2 of its 3
    # free rooms (no door); 500 + 200 = 700.
    "05_reservation_price": [{"p0 keep"}, 0, blocks(0, "1,2", "1,3", "2,3"), 700],
    # Red may change one die only (so a second change is not legal); card 1 from Tuesday: Blue
    # 100+200 (room held 2 nights) + 100 + 3 breakfasts x 100 = 700 < Red 100+200+100 + 3 x 200 =
    # 1000: Blue (0); rooms 1 and 3 are not adjacent (door symbol): not legal; the adjacent pairs
    # (1-2, 2-3) either way round; breakfast money 3 x 100 = 300.
    "06_reservation_doors": [{"p1 price tue 1"}, False, 0, False, blocks(0, "1,2", "2,1", "2,3", "3,2"), 300],
    # Equal prices (200 each): the better rating, Red's 4 stars to Blue's 3 -> Red (1); Red's only
    # stay is Tuesday, so all 3 rooms are free on Thursday.
    "07_reservation_rating_tie": [{"p0 keep"}, 1, blocks(1, "1,", "2,", "3,")],
    # Equal prices and ratings: Blue bids 100, Red the blank card (0): the highest bid, Blue (0),
    # wins and keeps its bid (BH-07): 500; Blue blocks any free room on Thursday. Next card: both
    # bid 100, still tied: every tied hotel books, Red first (its turn, BH-08); all rooms free on
    # Friday; Blue 500 + 200 + 200 = 900, Red 500 + 200 = 700.
    "08_reservation_bids": [{"p0 keep"}, {"p0 bid 100"}, {"p1 bid 0"}, 0, 500, blocks(0, "1,", "2,", "3,"),
                            {"p1 keep"}, {"p0 bid 100"}, 1, blocks(1, "1,", "2,", "3,"),
                            blocks(0, "1,", "2,", "3,"), [900, 700]],
    # Red is full on Wednesday, Blue has only room 3 free: only Blue prices card 3 -> Blue (0),
    # room 3; card 16 then finds no hotel (lost); all 10 cards played, planning starts with Blue.
    "09_reservation_full": [{"p0 keep"}, 0, blocks(0, "3,"), {"p1 keep"}, 0],
    # Blue's busiest days: Wednesday 3 rooms occupied (card 7's room 3, card 11's rooms 1 and 2),
    # Monday and Wednesday 2 check-ins, Wednesday 2 breakfasts; hiring exactly that is the best
    # greedy value (each missing worker costs a star, each extra one 300); 2300 - 7 x 300 = 200.
    "10_planning": [{"p0 hire cleaning 3"}, {"p0 hire checkin 2"}, {"p0 hire kitchen 2"}, 200],
    # Ranking: Blue 200 < Red 500, Blue first. Monday, budget 300: Blue asks 400 (no), Red 200 ->
    # Red (1), any room (Red's stay is Thursday on). Tuesday: a change is legal; Blue cuts Tuesday
    # to 300, within the budget, and is first -> Blue (0); room 1 is held on Tuesday by card 4.
    "11_walkins": [{"p0 keep"}, 1, blocks(1, "1,", "2,", "3,"), True, {"p0 price tue 3"}, 0,
                   blocks(0, "2,", "3,")],
    # Equal money 1600: both bids of 100 are lost: 1500; Red rolls 5 > 2 and ranks first, so the
    # walk-ins (budget 600) take Red (1), all of whose rooms are free on Monday.
    "12_walkin_ranking_tie": [{"p0 bid 100"}, 1500, 1, blocks(1, "1,", "2,", "3,")],
    # Blue needed 2 check-in workers and hired 0: 2 stars lost (BH-14), 2 -> 0: Blue loses the game
    # whatever its money; Red (1) wins.
    "13_rating": [[1]],
    # Blue has 1800 >= 1000: room 4 may be bought; 1800 - 1000 = 800 < 1000: no second room; Red's
    # 800 < 1000: no room.
    "14_expansion": [True, {"p0 expand 4"}, 800, False, {"p0 done"}, False, {"p1 done"}],
    # Week 2's dice are set anew (a face of 5 is legal); card 16 needs 3 rooms on Monday, and Blue's
    # room 1 holds the carried card 9 (Saturday + 4 nights) -> only Red (1) can take it.
    "15_week2": [{"p1 done"}, True, 1],
    # Equal money (2000 each), both fully staffed: Blue 4 -> 5, Red 3 -> 4 stars: Blue (0) wins.
    "16_end_tie": [[0]],
    # FAQ: card 9 from Saturday, 4 nights: Blue 400 + 300 + 300 + 300 = 1300 < Red 4 x 500 = 2000
    # -> Blue (0); any of its 3 rooms; room money 1300.
    "17_faq_sunday": [{"p0 keep"}, 0, blocks(0, "1,", "2,", "3,"), 1300],
    # 3 players: the youngest, Blue, sets the first die and takes the first turn.
    "18_more_players": [0, {"p0 price mon 2"}, 0],
}

FILES = sorted(SCENARIOS.glob("boutique_hotel_lesson_*.toml"))


def _name(path: Path) -> str:
    return path.stem.removeprefix("boutique_hotel_lesson_")


def test_every_lesson_file_is_checked():
    assert FILES, "no lesson files"
    assert {_name(p) for p in FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_lesson_loads_from_a_position_and_plays(path):
    sc = hl.Scenario.load(path)
    assert sc.game == "boutique_hotel"
    assert sc.start is not None, "a lesson starts from a declared [position] table"
    assert all(step.text for step in sc.steps), "every step has its text"
    learner = [s for s in sc.steps if s.kind in ("do", "exercise", "predict")]
    assert learner, "the learner acts at least once"
    m = sc.run()
    assert m.state is not None


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_learner_answers_are_the_hand_derived_values(path):
    sc = hl.Scenario.load(path)
    run = LessonRun(sc)
    want = list(EXPECTED[_name(path)])
    got = []
    while not run.done:
        step = run.step
        if step.kind == "watch":
            run.watch()
            continue
        if step.kind == "predict":
            value = expected_answer(step, run.state)
            got.append(value)
            fb = run.answer(value if not isinstance(value, bool) else ("yes" if value else "no"))
        else:
            right = answers(step, run.state)
            got.append({str(a) for a in right})
            wrong_before = run.progress["wrong"]
            legal = run.state.legal_actions()
            wrong = [a for a in legal if a not in right]
            if wrong:  # a legal move that is not right is refused, and the lesson stays on the step
                index = run.index
                assert not run.answer(wrong[0]).correct
                assert run.index == index and run.progress["wrong"] == wrong_before + 1
            fb = run.answer(right[0])
        assert fb.correct, f"steps[{run.index}]: {fb.text}"
    assert got == want


def test_a_wrong_prediction_names_the_answer():
    sc = hl.Scenario.load(SCENARIOS / "boutique_hotel_lesson_05_reservation_price.toml")
    run = LessonRun(sc)
    run.answer("p0 keep")
    run.watch()
    run.watch()
    fb = run.answer("1")  # Red? No: Blue's 200 is the lowest price
    assert not fb.correct and "0" in fb.text
    assert run.answer("0").correct


def test_tutorial_rule_coverage_is_at_least_90_percent(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    cov = hl.coverage("boutique_hotel.ipynb")
    assert cov.game == "boutique_hotel"
    assert cov.fraction >= 0.90, [r.section + ": " + r.quote for r in cov.missing]
    # every lesson file is named in the notebook's code cells
    named = {Path(s).name for s in cov.sources}
    assert {p.name for p in FILES} <= named
