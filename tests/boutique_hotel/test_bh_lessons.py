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


# The answer of each do / exercise / predict step, in order, derived by hand from the rulebook
# (section named) and the lesson's [position] table:
EXPECTED = {
    # Koniec gry ("wygrywa gracz, który ma najwięcej pieniędzy"): the position gives Blue
    # 500+3400+600-1800 = 2700 and Red 500+2600+400-1500 = 2000; the budget-100 walk-in is lost
    # (both hotels ask 200+ a night), so Blue (0) wins.
    "01_goal": [[0]],
    # Faza przygotowania do tygodnia 1 ("od 100 do 600 co 100"): a die has faces 1-6, so 7 is not
    # legal and 1 (100) is.
    "02_components": [False, True],
    # "Stawka dzienna dotyczy każdego pokoju": two rooms for 600 together = 300 each = face 3;
    # "Każdy gracz otrzymuje 500": Red has 500.
    "03_setup": [{"p0 price mon 3"}, 500],
    # Red's Monday die is 300 (position); a night with breakfast = day rate + breakfast die
    # ("w tym śniadanie"), 500 - 300 = 200 = face 2; after the reveal the youngest, Blue (0), takes
    # the first turn ("zaczynając od najmłodszego").
    "04_prices": [{"p1 price breakfast 2"}, 0],
    # Faza rezerwacji: the change comes at the start of the turn, so after the check-in roll no
    # change is legal; price example 100 + 100 = 200 < Red 200 + 200 = 400 -> Blue (0);
    # 500 + 200 = 700.
    "05_reservation_price": [False, 0, 700],
    # Blue's Tuesday die is 1 (100): Red matches it with "p1 price tue 1"; one and only one
    # change, so Wednesday's is not legal; card 1 from Tuesday (first room Tue+Wed, second Tue,
    # breakfast): Blue 100+200+100 + 3 x 100 = 700 < Red 100+200+100 + 3 x 200 = 1000 -> Blue (0);
    # rooms 1 and 3 are not adjacent (door symbol, BH-01 board 1-2-3): not legal; a door pair stays
    # free on Wednesday only when the 2-night room is an end room (1 or 3) beside room 2;
    # breakfast 3 room-nights x 100 = 300 (BH-06).
    "06_reservation_doors": [{"p1 price tue 1"}, False, 0, False, {"p0 block 1,2", "p0 block 3,2"}, 300],
    # Equal prices (200 each): the better rating, Red's 4 stars to Blue's 3 -> Red (1).
    "07_reservation_rating_tie": [1],
    # Red's bluff = the blank card alone (bid 0); Blue's 100 is the highest bid -> Blue (0); the
    # winner keeps its bid (BH-07): Blue still has 100; tie 2: Red bid 300 and Blue has 100 + 200 =
    # 300, so only "bid 300" keeps the guests (a tie: every tied hotel books, BH-08); money: Blue
    # 300 + 200 = 500, Red 500 + 200 = 700 (no losing bid, nothing discarded).
    "08_reservation_bids": [{"p1 bid 0"}, 0, 100, {"p0 bid 300"}, [500, 700]],
    # Card 22 from Wednesday (first room Wed+Thu, second Wed): Red's rooms 1-2 are booked Thursday
    # and 3 Wednesday, so no Red room is free both nights (no availability) -> Blue (0); Blue's room
    # 1 is booked Wednesday: not legal; rooms 3 (2 nights) and 2 leave rooms 1-2 free on Thursday
    # (adjacent), 2 and 3 leave 1 and 3 (not adjacent); Blue 800 + 3 room-nights x 300 = 1700.
    "09_reservation_full": [0, False, {"p0 block 3,2"}, 1700],
    # Blue's busiest days: Wednesday 3 rooms occupied (card 7's room 3, card 11's rooms 1 and 2),
    # Monday and Wednesday 2 check-ins, Wednesday 2 brown tokens (BH-14: a cook per brown token);
    # hiring exactly that is the best greedy value (a missing worker costs a star, an extra one
    # 300); 2300 - 7 x 300 = 200.
    "10_planning": [{"p0 hire cleaning 3"}, {"p0 hire checkin 2"}, {"p0 hire kitchen 2"}, 200],
    # Red's only stay (card 7) has no breakfast: 0 cooks; one change a day, so none after both
    # turns; ranking Blue 200 < Red 500; Monday budget 300: Blue asks 400 (no), Red 200 -> Red (1);
    # Tuesday a change is legal; one face below Blue's 400 is 300 ("p0 price tue 3"), within the
    # budget, and Blue is first -> Blue (0).
    "11_walkins": [{"p1 hire kitchen 0"}, False, 1, True, {"p0 price tue 3"}, 0],
    # The ranking bid is the decision now (no hire); both bids lost ("Wszystkie pieniądze na
    # marketing są stracone"): 1600 - 100 = 1500; still tied -> the white die, no second bid;
    # after the budget roll no change; Red rolls 5 > 2, ranks first, and fits -> Red (1).
    "12_walkin_ranking_tie": [False, 1500, False, False, 1],
    # Card 5 (1 room, 2 nights) from Sunday in Green's free rooms 1-3: an end room leaves a door
    # pair free on Monday of week 2; rating: Blue 2 rooms on Tuesday, 1 cleaner -> 1 star lost,
    # 1 -> 0, out ("przegrywa grę"); so Red (1) decides first in the expansion.
    "13_rating": [{"p2 block 1,", "p2 block 3,"}, 1],
    # Blue has 1800 >= 1000: a room may be bought; the ground-floor room touching room 3 is 4
    # (BH-01); 1800 - 1000 = 800 < 1000: no second room; Red's 800 < 1000: no room.
    "14_expansion": [True, {"p0 expand 4"}, 800, False, False],
    # Red keeps the most money by buying nothing ("done"); week 2's dice are set anew (a face of 5
    # is legal); Blue's walk-in card 5 (Sunday + 2 nights) carries one night, Monday of week 2
    # (FAQ, Faza przygotowań do tygodnia 2), so on Tuesday Blue's rooms 1-2-3 are free for card 16
    # (3 rooms in a row, doors 1-2, 2-3), and the revealed Tuesday dice (seed 1, greedy) give
    # Blue 3 x 100 = 300 < Red 3 x 600 = 1800 -> Blue (0).
    "15_week2": [{"p1 done"}, True, 0],
    # Equal money (2000 each), both fully staffed: Blue 4 -> 5, Red 3 -> 4 stars: Blue (0) wins.
    "16_end_tie": [[0]],
    # FAQ: card 9 from Saturday, 4 nights: Blue 400 + 300 + 300 + 300 = 1300 < Red 4 x 500 = 2000
    # -> Blue (0); an end room (1 or 3) leaves a door pair free; room money 1300.
    "17_faq_sunday": [0, {"p0 block 1,", "p0 block 3,"}, 1300],
    # Dodatkowe zasady, 3 players: the cheapest face is 1 (100), for Blue's Monday (the game's first
    # die) and Green's breakfast (the last die: the dice are revealed and 5 x 3 = 15 cards are
    # played); Green starts with 500 like all ("Każdy gracz otrzymuje 500").
    "18_more_players": [{"p0 price mon 1"}, {"p2 price breakfast 1"}, 500],
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


def test_a_wrong_prediction_teaches_before_it_tells():
    """Lesson 05's "Who wins the guests?": answering Red gets the authored words (the lowest total
    wins, with the Polish rule) and not the answer; the third miss shows it."""
    sc = hl.Scenario.load(SCENARIOS / "boutique_hotel_lesson_05_reservation_price.toml")
    run = LessonRun(sc)
    run.watch()
    run.watch()
    assert run.answer("no").correct          # no change after the check-in roll
    run.watch()
    fb = run.answer("Red")                   # Red asks 400, Blue 200
    assert not fb.correct and fb.level == 1
    assert "LOWEST total price wins" in fb.text and "najniższą cenę całkowitą" in fb.text
    assert "The answer is" not in fb.text
    run.answer("Red")
    fb = run.answer("Red")
    assert fb.level == 3 and "The answer is Blue" in fb.text
    assert run.answer("Blue").correct


def _notebook_lessons():
    from hotellab.lesson.practice import tutorial_scenarios

    return tutorial_scenarios(NOTEBOOKS / "boutique_hotel.ipynb", lessons_only=True)


def test_the_notebooks_lessons_teach_before_they_test_and_click_nothing():
    """tutorial_problems over the lessons in the notebook's order: no click-through step, no
    exercise every legal move passes, no do step naming its move, no answer in its own question,
    and no step depending on a rule no lesson has taught yet (each lesson's ``teaches``)."""
    from hotellab.lesson.practice import tutorial_problems

    lessons = _notebook_lessons()
    assert [Path(sc.source).name for sc in lessons] == [p.name for p in FILES]  # every lesson, in file order
    assert all(sc.teaches for sc in lessons)
    assert tutorial_problems(lessons) == []


def test_the_house_readings_a_question_depends_on_are_stated():
    """Rulings that decide an answer are named in the step: the winner's bid kept (BH-07), a cook
    per brown token (BH-14), breakfast per room-night (BH-06)."""
    def step(name, title):
        sc = hl.Scenario.load(SCENARIOS / f"boutique_hotel_lesson_{name}.toml")
        return next(s for s in sc.steps if s.title == title)

    assert "BH-07" in step("08_reservation_bids", "Does the winner pay its bid?").question
    assert "BH-07" in step("08_reservation_bids", "Each hotel's money").question
    assert "BH-14" in step("10_planning", "How many cooks?").text
    assert "BH-06" in step("06_reservation_doors", "How much breakfast money?").question


def test_the_notebook_practises_at_least_90_percent_of_the_applied_rules(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    cov = hl.coverage("boutique_hotel.ipynb")
    applied = set(cov.applied)
    left = [r.section + ": " + r.quote for r in cov.applied if r not in set(cov.practised)]
    assert cov.practised_fraction >= 0.90, left
    # the overview and the component list are the only sections marked as no move's (game.py)
    assert hl.load_game("boutique_hotel").overview_rules == {"W pigułce", "Komponenty"}
    assert len(applied) == 55  # 59 rule-table entries less W pigułce's 1 and Komponenty's 3


def test_tutorial_rule_coverage_is_at_least_90_percent(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    cov = hl.coverage("boutique_hotel.ipynb")
    assert cov.game == "boutique_hotel"
    assert cov.fraction >= 0.90, [r.section + ": " + r.quote for r in cov.missing]
    # every lesson file is named in the notebook's code cells
    named = {Path(s).name for s in cov.sources}
    assert {p.name for p in FILES} <= named
