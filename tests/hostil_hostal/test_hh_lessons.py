"""The Hostil Hostal tutorial's lessons (notebooks/scenarios/hostil_hostal_lesson_*.toml).

Every lesson file loads from its declared ``[position]`` and plays (``Scenario.run()``); every
learner step's answer, which the engine computes (``hotellab.lesson.answers`` /
``expected_answer``), equals a value worked out here by hand from the Hostil Hostal Rulebook and
the reconstructed room boards (``hotellab/games/hostil_hostal/data/rooms.toml``, ruling HH-01).
The lessons use rooms 1A, 2A and 3A (3A on floor 2, above 1A); beds numbered 0-4:

    1A: beds 3, 1, -1 / 2, 0, rug -1 (total 4 when empty)
    2A: beds 2, 2 / -1, 3, 0, rug +1 (total 7)
    3A: beds 1, 3, 1 / -2, 2, rug 0 (total 5)

A room pays each awake guest in it its free beds' numbers plus the rug (Phase 3 - Dawn / Rest).
Each expected value says where it comes from. The tutorial teaches (issue 19): no step that
tests nothing or names its own answer, no step that asks about a rule before a lesson teaches
it, and the learner steps practise at least 90% of the rules a player applies.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.lesson import LessonRun, answers, check_step, expected_answer
from hotellab.lesson.practice import tutorial_problems

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SCENARIOS = NOTEBOOKS / "scenarios"
LESSONS = sorted(SCENARIOS.glob("hostil_hostal_lesson_*.toml"))

# lesson -> one (value, where it comes from) per learner step (do / exercise / predict), in order, along the
# first right answer of each step (other right answers are followed by test_tutorial_teaches).
# do / exercise: the set of right moves; predict: the answer.
EXPECTED = {
    "01_goal": [
        (26, "Blue: 1A (Blue on its 3, Red on its 1) free beds -1 + 2 + 0, rug -1 = 0; 2A (Orange on its 2, Blue on "
             "its -1) free 2 + 3 + 0, rug +1 = 6: 20 + 0 + 6 (Phase 3 - Dawn / Rest)"),
        ([2], "Orange 21 + 2A 6 + 3A (Red on its 1, Orange on its 1: free 3 - 2 + 2, rug 0) 3 = 30 > Red 24 + 1A 0 + "
              "3A 3 = 27 > Blue 26; the misfortune die rolls 1, never above a wear die; 'the player with the most "
              "rest points will be the winner' (End of the Game and Winner)"),
    ],
    "02_resting": [
        ({"p0 place 2 2"}, "covering n leaves the total minus n: 2A's -1 gives 7 + 1 = 8; 3A's -2 gives 7; 1A's -1 "
                           "gives 5 (Resting in the Hostel)"),
        (False, "bed 3 of 2A holds Red's guest: 'places it in any unoccupied bed' (Place a guest)"),
        ({"p0 place 3 0", "p0 place 3 2"},
         "2A (Blue on -1, Red on 3) pays 2 + 2 + 0 + 1 = 5; 3A (Orange on -2) free 1, 3, 1, 2: covering a 1 leaves 6: "
         "5 + 6 = 11; 2A's 0 gives 5 x 2 = 10, 1A's -1 gives 5 + 5 = 10, 3A's 2 gives 5 + 5 = 10"),
    ],
    "03_setup": [
        (False, "'Rooms are chosen randomly' (Setup / 1): the draw comes before any side"),
        (2, "ruling HH-07: the first player sets the sides; the position gives Orange the first player marker "
            "(Setup / 5)"),
        (False, "'Roll a wear die for each room' (Setup / 2) comes before the night"),
        (False, "Setup / 3: the decks are being shuffled; no card is played at setup"),
        (4, "'Give each player 4 guest meeples' (Setup / 3)"),
        (False, "Phase 4 - Day / Reform: reforms are drawn from the reform deck during the Day, not chosen at setup"),
    ],
    "04_dusk": [
        (False, "Dusk: Blue holds 2 of the 3 cards to draw; 'shuffle the discard to form a new deck and continue "
                "drawing' comes first"),
        (8, "Blue's discard of 9 cards becomes the new deck and Blue draws 1 more: 9 - 1 (Phase 1 - Dusk)"),
        (False, "'Cards can only be played in rooms where they have at least 1 guest' (Dusk, Remember 2)"),
        ({"p0 place 2 2"}, "empty rooms: 2A's -1 gives 7 + 1 = 8, 3A's -2 gives 7, 1A's -1 gives 5"),
        (True, "Blue now has a guest in 2A and 4 cards in hand (Play a card: at least two)"),
    ],
    "05_place_play": [
        ({"p1 place 2 4"}, "2A pays 8 with Blue on its -1; covering its 0 keeps 8 (2 + 2 + 3, rug +1); its other "
                           "beds give 6 or 5, 3A's -2 gives 7, 1A's -1 gives 5"),
        (False, "Blue has no guest in 1A (Play a card: 'in a room where they own at least one guest')"),
        (True, "'there are no limits to the number of cards in a room'; Red's guest is in 2A, Red holds 4 cards"),
    ],
    "06_move_spy_pass": [
        (False, "one of Blue's guests is still in the supply (Pass: 'placed all of their own guests')"),
        (14, "Spy: 'spend one rest point': 15 - 1"),
        ({"p0 place 3 0", "p0 place 3 2"},
         "Blue's guest in 2A gets 2 + 2 + 3 + 1 = 8; 3A (Orange on -2) free 1, 3, 1, 2: covering a 1 leaves 6: 14; "
         "2A's 2 would leave 6 for two guests (12); 1A (Red on its 3) 1 - 1 + 2 + 0 - 1 = 1: its -1 gives 2 (10)"),
        ({"p1 moveto 2 0", "p1 moveto 2 1"},
         "2A without Red pays 2 + 2 + 3 + 0 + 1 = 8: covering a 2 leaves 6 (its 0 is the bed the guest left); 3A (Orange, Blue on a 1) pays 6: a bed "
         "there leaves at most 5; Red's guest in 1A gets 1 either way; the Lobby pays 0 (Move a guest)"),
        (True, "Orange has no guest in the supply; ruling HH-09: a guest in the Lobby counts as placed"),
    ],
    "07_dawn_reveal": [
        ({"p2 pass"}, "Spy costs 1 (14) and Orange, with one card, can neither play nor move: passing keeps 15"),
        ({"p2 sedate 1"}, "#1 Sweet Dreams: 'Win 1 rest point' (16) beats skipping (15)"),
        ({"p0 skip"}, "#2 2x1: 1A pays -2 as it stands (free -1, 0, rug -1); bringing Blue's guest from 2A's -1 "
                      "would rest it -2 instead of 2A's total: skipping is best"),
        ({"p1 grrr 3 2"}, "#3 Grrr: throwing out Orange's guest uncovers 2A's 3: Red's guest there rests 3 more; "
                          "Blue's -1 or Red's own 0 would lower or keep 2A"),
        (2, "#3 Grrr: 'The guest owner then chooses' — Orange"),
        ({"p2 relocate 3 0", "p2 relocate 3 2"},
         "3A (Orange sedated on its 3, Red on -2) free 1, 1, 2: a 1 leaves 3, minus Tap's 1 (lock); 1A is hit by "
         "Tap and Party and pays -2; the Lobby pays 0"),
        ({"p1 activate"}, "#6 Chocolate: +1 for Red's awake guest in 1A beats skipping"),
        (14, "Orange 15 + 1 (Sweet Dreams) - 1 (Tap: the guest in 3A) - 1 (Tap: the guest in 1A, below 3A) - 1 "
             "(Party: 1A beside 2A) - 2 (Rest in 1A: free -1 and 0, rug -1) + 3 (Rest in 3A: free 1 and 2, rug 0, "
             "the returned guest on a 1) = 14; the sedated guest rests nothing"),
    ],
    "08_dawn_cards": [
        ({"p2 pass"}, "Spy costs 1 and Orange, with one card, can neither play nor move: passing keeps 17"),
        ({"p0 blanket 3"}, "#7 17º then #8 TV (lock): bed 1 (two guests, +4) puts Blue on 19, ahead of Orange's 17, "
                           "and TV costs Blue's three guests in 2A 1 each: 16; bed 3 (+2) ties Blue with Orange for "
                           "behind (ruling HH-20), and TV spares Blue: 17; skipping: 15"),
        (17, "#8 TV: Orange, tied with Blue for the lowest score (17), is behind (ruling HH-20) and sleeps through"),
        (16, "Blue 15 + 2 (17º) = 17; #9 Sniff from Red's guest on 1A's bed 1: beds 0 (Blue) and 2 (Orange) beside "
             "it lose 1: 16"),
        (11, "Red 18; Scratch Scratch: Red's guest rolls 1, fleas: -2; Auuuuu -1, panic roll 2: -2 -> 13; Rest: 1A "
             "pays 0 - 1 = -1 to each of Red's two guests, 3A pays 1 + 1 - 2 + 0 = 0 -> 11"),
    ],
    "09_rest_misfortune": [
        (20, "Blue: 1A 1 - 1 + 0 - 1 = -1, 2A 2 + 3 + 0 + 1 = 6: 15 + 5 (Rest)"),
        (18, "misfortune 4 > 1A's wear 2: each guest there loses 4 - 2 = 2; 2A (5) and 3A (6) are safe (Wear)"),
    ],
    "10_misfortune_fixed": [
        (16, "option misfortune='fixed': 'every guest will lose 2 points always': Blue rests 20 (see 09), two guests "
             "lose 2 each"),
    ],
    "11_misfortune_per_room": [
        (18, "per room: 1A rolls 3 > wear 2 (-1), 2A rolls 6 > wear 5 (-1), 3A rolls 6, not > 6: Blue 20 - 1 - 1"),
    ],
    "12_day": [
        ({"p0 skip"}, "option misfortune='fixed': 3A (Orange on its 3, Blue on -2) pays 1 + 1 + 2 + 0 = 4, minus "
                      "the fixed 2: skipping gives Blue's guest +2; sedating gives +1 and no rest: Blue 26 against 25"),
        (0, "Reform: Blue and Red played Mr. Tools in 1A; turn order from the first player Orange is Orange, Blue, "
            "Red: 'the closest to the initial player' is Blue"),
        ({"p0 reform a"}, "reform 3: side a rug +1, side b +0 (data/reforms.toml, ruling HH-02)"),
        ({"p2 reform a"}, "reform 1 (drawn after reform 3; reform 2 went to the bottom): side a +2, side b -1"),
        (1, "End of day: Blue 18 + 2 + 8 + 4 - 6 = 26, Red 26 + 2 - 2 = 26, Orange 20 + 2 + 4 - 4 = 22; Blue and Red "
            "tie: 'the player further in turn order from the current first player' (Orange) is Red, who plays first"),
    ],
    "13_end_tie": [
        ({"p1 activate"}, "#6 Chocolate: +1 for Red's guest in 2A; nothing after it takes it back"),
        ([0], "Rest in 2A (free 2 + 3 + 0, rug +1 = 6) minus the fixed 2: Blue 26 + 4 = 30, Red 25 + 1 + 4 = 30; "
              "'the player with the most cards in his hand wins': Blue 3 cards, Red 1"),
    ],
    "14_two_players": [
        ({"p0 reform a"}, "reform 1: side a rug +2, side b -1 (data/reforms.toml, ruling HH-02)"),
        (4, "the automata's four guests go back to the Lobby at Day (Variation for 2 Players / Setup: 'the four "
            "guests in the Lobby')"),
        ({"p0 place 2 2"}, "2A with reform 1's side a (rug +2): 2 + 2 + 3 + 0 + 2 = 9 after covering its -1; "
                           "3A's -2 gives 7, 1A's -1 gives 5"),
        (1, "the automata's deck is #1..#6 from the top; Dusk lays #1-#3; Blue draws #4, Red #5: 'the highest "
            "numbered card' places the guest"),
        ({"p1 autobed 0", "p1 autobed 2"}, "3A with Red on its -2: free 1, 3, 1, 2; covering a 1 leaves 6, the 2 "
                                           "leaves 5, the 3 leaves 4"),
    ],
    "15_two_players_dawn": [
        ({"p0 move 9 2 3 2", "p0 move 12 2 3 2"},
         "Special action: the automata's guest on 2A's 3 uncovers 3 for Blue's guest there (+3); the one on 1A's 2 "
         "gives Blue +2; lifting Blue's own guests loses their rest; either card pays"),
        ({"p0 moveto 2 2"}, "on 2A's -1 it raises 2A by 1 for Blue's guest; on 1A's 0 nothing, on 1A's 3 -3; "
                            "the Lobby and 3A change nothing for Blue"),
        (False, "Other cards: a tie between the automata's options is settled by a die, not by a player"),
        ({"p0 skip"}, "1A (Blue on -1, Red, the automata on 2) pays 3 + 0 - 1 = 2; 2A (the automata now on -1) "
                      "pays 2 + 3 + 0 + 1 = 6: bringing Blue's guest from 2A to 1A loses rest"),
        (False, "Out! (Grrr): both players have a guest in 1A, so a roll-off decides, not a choice"),
        (0, "Out! (Grrr): Blue rolls 2 < Red's 5, so Blue moves one of her guests"),
        (16, "Variation for 2 Players / Scoring: the automata scores; its Sweet Dreams won it 1: 15 + 1"),
    ],
}


def _name(path: Path) -> str:
    return path.stem.removeprefix("hostil_hostal_lesson_")


def test_every_lesson_is_listed():
    assert sorted(_name(p) for p in LESSONS) == sorted(EXPECTED)


@pytest.mark.parametrize("path", LESSONS, ids=_name)
def test_lesson_loads_plays_and_its_answers_are_the_rules(path):
    sc = hl.Scenario.load(path)
    assert sc.start is not None, "a lesson starts from a declared [position]"
    assert all(s.text for s in sc.steps), "every step has its text"
    sc.run()
    want = EXPECTED[_name(path)]
    m = sc.match()
    got = []
    for i, step in enumerate(sc.steps):
        if step.kind in ("do", "exercise"):
            got.append({str(a) for a in answers(step, m.state)})
        elif step.kind == "predict":
            got.append(expected_answer(step, m.state))
        sc._play(m, step, i)
    assert len(got) == len(want), f"{path.name}: {len(got)} learner steps, {len(want)} expected"
    for k, (g, (w, where)) in enumerate(zip(got, want)):
        assert g == w, f"{path.name}: learner step {k}: engine says {g!r}, the rules say {w!r} ({where})"


def test_every_lesson_has_a_learner_action():
    for path in LESSONS:
        sc = hl.Scenario.load(path)
        assert any(s.kind in ("do", "exercise", "predict") for s in sc.steps), path.name


def test_the_tv_trap_is_explained():
    """Lesson 08: the greedy +4 from 17º is wrong because TV then hits Blue. The first miss says
    what the move gives (16) and the authored words, not the right bed; the third miss shows it
    (p0 blanket 3, 17 points: bed 3's +2 leaves Blue tied for the lowest, ruling HH-20)."""
    run = LessonRun(hl.Scenario.load(SCENARIOS / "hostil_hostal_lesson_08_dawn_cards.toml"))
    assert run.answer("p2 pass").correct
    fb = run.answer("p0 blanket 1")
    assert not fb.correct and fb.level == 1 and fb.best == []
    assert "16" in fb.text and "ahead of Orange" in fb.text and "blanket 3" not in fb.text
    assert any(t.startswith("TV: every guest in 2A loses 1, except Orange's") for t in fb.did)
    run.answer("p0 blanket 1")
    fb = run.answer("p0 blanket 1")
    assert fb.level == 3 and fb.best == ["p0 blanket 3"]
    run.restart()
    assert run.answer("p2 pass").correct and run.answer("p0 blanket 3").correct and run.index == 2


def test_illegal_move_is_refused_with_its_rule():
    """Lesson 06: passing with a guest in the supply is refused, citing Pass."""
    sc = hl.Scenario.load(SCENARIOS / "hostil_hostal_lesson_06_move_spy_pass.toml")
    m = sc.match()
    for i in range(3):
        sc._play(m, sc.steps[i], i)
    last_guest = sc.steps[3]
    fb = check_step(last_guest, m.state, "p0 pass")
    assert not fb.correct and fb.rule.section == "Phase 2 - Night / Pass"
    run = LessonRun(sc)
    assert not run.answer("yes").correct and run.answer("no").correct


def _notebook_lessons() -> list[Path]:
    from hotellab.lesson.practice import notebook_files

    return notebook_files(NOTEBOOKS / "hostil_hostal.ipynb", lessons_only=True)


def test_tutorial_rule_coverage(monkeypatch):
    """Every rule a player applies (the table less the overview rules: the Dawn and Day
    introductions and the choice of the game's length) is practised by a learner step: at least
    90% (issue 19); the lessons practise all 64 of them."""
    monkeypatch.chdir(NOTEBOOKS)
    cov = hl.coverage("hostil_hostal.ipynb")
    assert cov.game == "hostil_hostal"
    assert cov.fraction >= 0.90, [f"{r.section}: {r.quote}" for r in cov.missing]
    assert len(cov.applied) == len(cov.table) - 3  # Phase 3 - Dawn, Phase 4 - Day, Setup / 4
    missed = [f"{r.section}: {r.quote}" for r in cov.applied if r not in set(cov.practised)]
    assert cov.practised_fraction >= 0.90, missed
    assert not missed, missed
    lessons = {Path(s).name for s in cov.sources if "hostil_hostal_lesson_" in s}
    assert lessons == {p.name for p in LESSONS}, "the tutorial shows every lesson file"


def test_tutorial_teaches():
    """issue 19: the notebook's lessons, in its order, have no step that tests nothing (one legal
    move, every legal move right), no do step naming its move, no prediction whose answer
    stands in its question, and no step whose answer depends on a rule that no lesson has taught
    yet (each lesson's ``teaches``). This walks every right answer of every step."""
    paths = _notebook_lessons()
    assert [p.name for p in paths] == sorted(p.name for p in LESSONS), "the notebook shows the lessons in order"
    scenarios = [hl.Scenario.load(p) for p in paths]
    assert all(sc.teaches for sc in scenarios), [sc.source for sc in scenarios if not sc.teaches]
    assert tutorial_problems(scenarios) == []


def test_no_pass_is_a_click():
    """A learner step whose right answer is a pass (lessons 07, 08) also has a wrong move the
    engine can tell apart: spying costs 1 rest point that nothing repays (Bonus action: Spy)."""
    for name in ("07_dawn_reveal", "08_dawn_cards"):
        sc = hl.Scenario.load(SCENARIOS / f"hostil_hostal_lesson_{name}.toml")
        m = sc.match()
        step = sc.steps[0]
        assert {str(a) for a in answers(step, m.state)} == {"p2 pass"}
        spy = next(a for a in m.state.legal_actions() if a.kind == "spy")
        fb = check_step(step, m.state, spy)
        assert not fb.correct and "Orange would have" in fb.text


def test_tutorial_sections_each_have_a_lesson():
    """Issue 14: goal first, and the learner acts in every section of the tutorial: each '## '
    section of notebooks/hostil_hostal.ipynb before "Your first game" shows a hl.widgets.Lesson over a lesson file; the
    view's buttons are named, never drawn with symbols no installed font has; every card of the
    Event Card Guide is in the tutorial (its text or the saved card table)."""
    nb = json.loads((NOTEBOOKS / "hostil_hostal.ipynb").read_text("utf-8"))
    sections: list[list[str]] = []
    text = ""
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        text += src + "".join("".join(o.get("data", {}).get("text/markdown", "")) for o in cell.get("outputs", []))
        if cell["cell_type"] == "markdown" and re.search(r"^## ", src, re.M):
            if re.search(r"^## (For teachers|Your first game)", src, re.M):
                break  # the guided game, the review and the teacher's section close the tutorial
            sections.append([])
        if cell["cell_type"] == "code" and sections:
            sections[-1] += re.findall(r'hl\.widgets\.Lesson\("scenarios/(hostil_hostal_lesson_\w+)\.toml"', src)
        assert "\u23ee" not in src and "\u23ed" not in src
    assert len(sections) >= 8 and all(sections), sections
    first = next(c for c in nb["cells"] if c["cell_type"] == "markdown" and "## 1." in "".join(c["source"]))
    assert "the most rest points will be the winner" in " ".join("".join(first["source"]).replace("*", "").split())
    for card in ("Sweet Dreams", "2x1", "Grrr", "Tap Tippity-Tap", "Party", "Chocolate", "17º", "TV", "Sniff",
                 "Scratch Scratch", "Auuuuu", "Mr. Tools"):
        assert card in text, card


def test_a_side_choice_is_described_before_every_side_is_chosen():
    """Lesson 03 (sides="choose"): the lesson player labels each move; while the first player
    (Orange here) is still choosing the sides (Setup / 1, ruling HH-07), a room has no side yet and
    is named by its board."""
    sc = hl.Scenario.load(SCENARIOS / "hostil_hostal_lesson_03_setup.toml")
    m = sc.match()
    m.step("chance shuffle rooms 0,1,2,3,4")
    assert [m.state.action_to_string(a) for a in m.state.legal_actions()] == [
        "Orange: room 1 on its A side", "Orange: room 1 on its B side"]
    m.step("p2 side 1 B")
    assert m.state.action_to_string(m.state.legal_actions()[0]) == "Orange: room 2 on its A side"


def test_player_aid_lists_every_card_the_wear_table_and_the_reforms():
    """The printable aid (hotellab aid hostil_hostal) lists the Event Card Guide's 12 cards with
    their icons (data/cards.toml, ruling HH-03: Tap Tippity-Tap is locked, Chocolate needs a
    guest), the Day's wear table (Phase 4 - Day / Wear: 5 guests lose 3) and the 5 reform boards
    (data/reforms.toml, ruling HH-02: reform 1 is +2 / -1)."""
    aid = dict(hl.load_game("hostil_hostal", num_players=3).aid_components())
    cards = dict(next(v for k, v in aid.items() if k.startswith("Event cards")))
    assert list(cards) == ["#1 Sweet Dreams", "#2 2x1", "#3 Grrr", "#4 Tap Tippity-Tap", "#5 Party",
                           "#6 Chocolate", "#7 17º", "#8 TV", "#9 Sniff", "#10 Scratch Scratch", "#11 Auuuuu",
                           "#12 Mr. Tools"]
    assert cards["#4 Tap Tippity-Tap"].startswith("[lock]") and cards["#6 Chocolate"].startswith("[guest]")
    assert cards["#3 Grrr"].startswith("Remove any one guest")
    wear = dict(next(v for k, v in aid.items() if k.startswith("Day")))
    assert wear["5 guests"].startswith("loses 3")
    reforms = dict(next(v for k, v in aid.items() if k.startswith("Reform")))
    assert len(reforms) == 5 and reforms["Reform 1"] == "side a rug +2, side b rug -1"
