"""The Hellton Palace tutorial's lessons (notebooks/scenarios/hellton_palace_lesson_*.toml).

Every lesson file loads, starts from a declared ``[position]`` table, plays to its end
(``Scenario.run()``), and at each learner step (do / exercise / predict) the answer the engine
computes is the value derived here by hand from the Hellton Palace rulebook; the comment at each
value says where it comes from. Board (ruling HP-02): rooms 1 2 3 on floor 1 (columns 1 2 3),
4 5 6 on floor 2 (columns 3 2 1), 7 8 9 on floor 3 (columns 1 2 3); "adjacent" is orthogonal.
Guest cards (reconstructed, ruling HP-03) are read from data/guests.toml; groom costs (HP-05):
Mason 2, False Reservation 2, Placer 2, False Placer 2, Diplomat 3. Red (seat 0) is the First
player, Blue (seat 1) the Second; scores are the grooms' measures (last room served, HP-10).

Exercises with ``measure = "heuristic"`` ask for the move that keeps the hotel strongest (the
greedy agent's value: doorbells, the weakest pillar group, pillars, coins and rents, less the
irritated guests); each is used where the rules alone decide between the moves (a move that ends
the game against the player, a doorbell lost against a token on a satisfied guest or against
pillars from full groups, a pillar taken from the weakest group, the same doorbell lost with one
irritated guest fewer), or where the moves differ only in the rent an irritated guest no longer
pays (then the cheapest guest is right, or for the opponent's choice the dearest). The comment
says which. Several lessons ask the learner to make Blue's choices (seat 1 goals).

The tutorial notebook's rule coverage (lessons, scenarios and the saved log it names) is at least
90% of the rule table (issue 14); the rules its learner steps practise are at least 90% of the rules
a player applies, and the lessons pass the tutorial checks (issue 19: every lesson says what it
teaches, no step tests a rule before it is taught, no click-through, no answer in its own text).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.lesson import LessonRun, answer_spec, answers, expected_answer

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCENARIOS = NOTEBOOKS / "scenarios"
LEARNER = ("do", "exercise", "predict")


def _welcomes(cards_single, cards_double, rooms, seat):
    """Every welcome of a row's cards into the free rooms of its floor (1. Welcome a New Guest;
    a double-sided card on either side)."""
    out = {f"p{seat} welcome {c} {r} a" for c in cards_single + cards_double for r in rooms}
    return out | {f"p{seat} welcome {c} {r} b" for c in cards_double for r in rooms}


# lesson -> {step index: the right moves (a set of action texts) or the predicted value}.
# Exercises with measure = "heuristic" are used only where the rules decide (see the module doc):
# "tantrum" = Irritation Tokens (a second token is never added: the token goes and a doorbell
# leaves the Hall); "token" = Do Not Serve the Guest (a satisfied guest gets one, and pays no rent:
# 5. Collect Rents); rents from data/guests.toml (HP-03).
EXPECTED = {
    "01_goal": {
        # Blue's last turn, 1 doorbell, only the Fire Imp (room 3; "remove a doorbell"). Served: the
        # last doorbell goes, Blue's measure 3 < Red's 5 (End of the Game, compare): Red wins. Not
        # served: a token (Do Not Serve), the tour completes: Blue wins.
        1: {"p1 refuse 3"},
        2: [1],  # "If this last player manages to complete the whole Tour ... they win."
    },
    "02_components": {
        0: False,  # Anubis (card 3) is in the lowest row: 1st floor; room 4 is on floor 2 (HP-02)
        1: False,  # "numbered from 1 to 9 in all"
        2: True,   # the Twins (card 15) are double-sided; highest row -> floor 3, room 7 is free
        3: False,  # the Fire Imp (card 14) is single-sided
    },
    "03_setup": {
        1: True,   # card 11 lies in the middle row (places 7-12 of the display): floor 2, room 5; double-sided
        2: False,  # Molo (card 5) lies in the lowest row: floor 1, not room 5
        # the double-sided intro cards in the display: the Sleepwalker (11, middle row: rooms 4-6)
        # and the Twins (15, highest row: rooms 7-9), on side b; the hotels are empty
        3: {"p0 welcome 11 4 b", "p0 welcome 11 5 b", "p0 welcome 11 6 b",
            "p0 welcome 15 7 b", "p0 welcome 15 8 b", "p0 welcome 15 9 b"},
    },
    "04_welcome": {
        1: False,  # "perform the following steps in order": step 1 before step 4
        2: False,  # Red's rooms 1, 2, 3 are taken: the lowest row is closed
        3: False,  # Blue's False Reservation faces the middle row, and Red's floor 2 has free rooms
        4: True,   # the Blob (13) is in the middle row; room 4 of floor 2 is free
    },
    "05_hire": {
        # pillars 4 / 2 / 4: the Mason refills column 2, the group nearest to empty (End of the
        # Game); the Diplomat (3 coins) would only soothe Molo
        0: {"p0 hire mason 2"},
        1: False,  # "an identical set of 5 Groom tiles": no porter
        2: False,  # "each Groom can only be hired once per turn"
        3: False,  # 3 - 2 = 1 coin left; the Diplomat costs 3: "cannot pay the cost in full"
    },
    "06_tour": {
        0: False,  # the groom is in front of room 2: "you can no longer go back"
        # the Drummer (satisfied): served, his row neighbours get a token: Miss Von Scream (room 1)
        # one, the irritated Werewolf (room 3) a tantrum (a doorbell); not served: one token
        1: {"p0 refuse 2"},
        # the Werewolf (irritated): not served, a tantrum (a doorbell); served, his token goes and
        # his neighbour the Drummer (room 2, irritated now) throws the tantrum instead (room 4 is
        # empty): the same doorbell, one irritated guest fewer
        2: {"p0 serve 3"},
        # Anubis (irritated): served, the satisfied Drummer (room 2) gets a token, the Snorer (8)
        # is irritated (nothing), a pillar of column 2 goes; not served, a tantrum (a doorbell)
        3: {"p0 serve 5"},
        # the Snorer (irritated): served, Anubis (5) gets a token, the Drummer (2) is irritated
        # (nothing); not served, a tantrum
        4: {"p0 serve 8"},
        # the Banshee (irritated, room 9): served, her row (7 empty, 8 the Snorer) and column (3 the
        # Werewolf, 4 empty) get tokens, both satisfied; not served, a tantrum
        5: {"p0 serve 9"},
    },
    "07_example_turn": {
        0: False,  # the False Reservation faces the lowest row: the Werewolf is in the middle row
        9: 0,      # special effect 11: "Guests of your choice": the player whose guest is served
        # the Duchess's 2 tokens (2 doorbells): satisfied Miss Von Scream (rent 1) and Anubis (2);
        # the Snorer (Anubis's token) and Molo (Miss Von Scream's) are irritated: tantrums
        10: {"p0 target 1"},
        11: {"p0 target 3"},  # Miss Von Scream has the first token now: the next cheapest, Anubis
        # Molo (irritated): served, his token goes and Miss Von Scream (room 1, his column,
        # irritated) throws the tantrum; not served, Molo's own tantrum: the same doorbell, one
        # irritated guest fewer when served (the rulebook's outcome 5)
        12: {"p0 serve 6"},
        13: True,  # 2 doorbells at the start ("one Doorbell has been broken"), one tantrum: 1 < 3
        14: {"p0 doorbell"},  # one doorbell left: recover it (the game ends with an empty Hall)
    },
    "08_collect": {
        0: True,  # 2 doorbells: "fewer than 3"
        # Blue's free rooms are on floors 1 and 2, whose rows are empty: step 1 is skipped (HP-11)
        # and the grooms dismissed, so Blue is at step 3 and may start the tour
        2: True,
        3: True,  # option grooms = "any" (HP-06): the Mason (2) is hired with nothing to act on
        # a groom hired with nothing to act on (HP-06 "any"), paid in full from Blue's 2 coins:
        # the Mason (2; every pillar of Blue's stands) and the Placer (2; no guest welcomed this
        # turn). The Diplomat costs 3; the False Placer has something to act on (Red's irritated
        # Anubis), so it is hired with a target, not 0; the False Reservation always needs a row
        4: {"p1 hire mason 0", "p1 hire placer 0"},
        6: False,  # Blue still has 3 doorbells after its tour (checked below): "fewer than 3" fails
    },
    "09_end_first": {
        # Red has 1 doorbell; the irritated Fire Imp (room 4) takes it either way: served, the
        # groom counts room 4 (HP-17), measure 4; not served, a tantrum leaves it at 3
        0: {"p0 serve 4"},
        1: 1,  # "The Second player then takes a last turn"
        # the Kraken (room 4): served, measure 4 (his neighbours 3 and 9 are satisfied); not served, 3
        5: {"p1 serve 4"},
        # Miss Von Scream (room 6, column 1, 1 pillar left): served, her pillar empties column 1
        # with Blue's groom at room 6 > 4; not served, a tantrum takes Blue's last doorbell at
        # room 4 (a tie on rooms)
        6: {"p1 serve 6"},
        7: [1],  # the higher last room served wins: 6 > 4
    },
    "10_end_second": {
        0: {"p0 doorbell"},  # Red's Hall holds 1 doorbell: recover it (an empty Hall ends the game)
        1: True,   # all 18 cards are in the hotels: step 1 skipped, Blue is at step 3
        # the satisfied Fire Imp: served, it removes Blue's last doorbell; not served, a token
        3: {"p1 serve 1"},
        4: [0],    # "If one of these conditions occurs in the Second player's Hotel: The First player wins."
    },
    "11_effects": {
        # Blue's choices (green target, HP-14): the Mother-in-Law's token: no guest of Red's is
        # irritated, so the highest rent: the Vampire Couple (3)
        1: {"p1 target 6"},
        3: {"p1 target 6"},  # the Cursed Doll: the only irritated guest, the Vampire Couple: a tantrum
        5: {"p1 target 6"},  # the Swarm of Bats: the satisfied guest with the highest rent again
        # the Poltergeist (Red's choice): the Vampire Couple is irritated (a tantrum); satisfied:
        # the Mother-in-Law 2, the Cursed Doll 2, Count Dracool 3, the Hypochondriac 1, the Blob 2
        7: {"p0 target 5"},
        # the Hypochondriac's "tantrum if irritated": on a satisfied guest nothing happens; the
        # Vampire Couple (room 6) is irritated
        9: {"p0 target 1", "p0 target 2", "p0 target 3", "p0 target 4", "p0 target 7"},
        11: {"p0 pillar 1", "p0 pillar 2"},  # pillars 4 / 3 / 2: never the weakest group, column 3
        # "irritate if satisfied": on the irritated Hypochondriac (his own special effect 7 gave him
        # a token for the irritated Vampire Couple beside him) nothing happens
        12: {"p0 target 5"},
        14: {"p1 pillar 3"},  # the Blob (Blue's choice): Red's weakest group, column 3 (2 pillars)
    },
    "12_grooms": {
        0: False,  # column 1 has its 4 pillars: no empty space for the Mason
        2: True,   # room 2 is above room 5 in column 2: orthogonally adjacent
        3: False,  # room 4 is empty: the Placer swaps two guests
        5: False,  # Blue's Duchess (room 4) is not irritated
        7: 1,      # "The opponent must then swap"
        9: False,  # Blue's 1st floor (rooms 1, 2, 3) is full: no empty room for the lowest row
        11: False,  # the Werewolf (room 6 after the Placer) has no token
    },
    "13_special_effects_1": {
        0: {"p0 serve 1"},  # special effect 1: Red has hired no groom: nothing; not served, a token
        1: {"p0 serve 2"},  # 2: Blue's Diplomat is hired: 1 pillar; not served, a tantrum (a doorbell)
        2: False,  # "3 groups of 4 Pillars": columns 1 to 3
        3: {"p0 pillar 1", "p0 pillar 2"},  # pillars 4 / 4 / 3: never from the weakest group
        4: {"p0 serve 3"},  # 3: Blue's Banshee in room 3 is irritated: nothing
        5: {"p0 serve 4"},  # 4: 2 doorbells, 2 pillars; not served, a tantrum (a doorbell)
        6: {"p0 pillar 2"},  # on the first branch pillars are 3 / 4 / 3: the only group of 4
        8: {"p0 serve 5"},  # 5: Halls 2 and 3: not as many: nothing
        # 6: copies Blue's Drummer (room 6): irritate the adjacent guests in the row: the Joneses
        # (room 5) get a token; not served, a tantrum
        9: {"p0 serve 6"},
        # 7: the Chain Rattler next door (room 8) is irritated: served, the Creature gets a token
        # and then a pillar goes; not served, only the token
        10: {"p0 refuse 7"},
    },
    "14_special_effects_2": {
        0: {"p0 serve 1"},  # 8: column 1 has 1 pillar: 1 token of Red's choice; not served, a tantrum
        # the token: the Killjoy, the Grumbler, the Gargoyle and the Werewolf are irritated
        # (tantrums); satisfied: the Tax Collector (rent 2) and the Drama Queen (1)
        1: {"p0 target 7"},
        2: {"p0 serve 2"},  # 9: satisfied neighbours the Troll (1) and the Tax Collector (5): 2 pillars of 4
        # 10: room 4 is empty (irritate if satisfied: nothing); irritated neighbours: none (the
        # Killjoy was served): no pillar; not served, a tantrum
        3: {"p0 serve 3"},
        4: {"p0 serve 5"},  # 12: Blue's 3 coins are not more than Red's 5: nothing
        5: {"p0 serve 6"},  # 13: column 1's neighbour: column 2 only: 1 pillar; not served, a tantrum
        # 14: the Werewolf (room 8, her row) is irritated: 1 token on the Drama Queen, whose
        # Troll token went when served; not served, a tantrum
        6: {"p0 serve 7"},
    },
}


def lesson_paths():
    return sorted(SCENARIOS.glob("hellton_palace_lesson_*.toml"))


def _name(path: Path) -> str:
    return path.stem.removeprefix("hellton_palace_lesson_")


def test_every_lesson_file_is_checked_here():
    assert {_name(p) for p in lesson_paths()} == set(EXPECTED)


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
            spec = answer_spec(step, state)
            if spec.get("seats"):  # seats are typed by name ("Red", "Blue"; a number is a place from 1)
                names = [spec["seats"][x] for x in (right if isinstance(right, list) else [right])]
                fb = run.answer(", ".join(names))
            else:
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
    for i, step, _state, right in _walk(SCENARIOS / f"hellton_palace_lesson_{name}.toml"):
        if step.kind in LEARNER:
            assert i in want, f"{name}: step {i} ({step.kind}) has no hand-derived value here"
            assert right == want[i], (name, i, step.kind, right)
            seen.add(i)
    assert seen == set(want)


def _events(name: str) -> list[str]:
    m = hl.Scenario.load(SCENARIOS / f"hellton_palace_lesson_{name}.toml").run()
    return [f"{e.text} [{e.rule.section}]" for s in m.states for e in s.events]


def test_the_effects_lesson_choices_have_the_effects_the_answers_assume():
    texts = _events("11_effects")
    # the learner's (first) right answers: Blue's token on the Vampire Couple, then the Cursed
    # Doll's tantrum on it, the Swarm of Bats flipped, the Hypochondriac's own special effect 7
    assert any(t.startswith("The Vampire Couple (room 6) gets an irritation token (The Mother-in-Law") for t in texts)
    assert any(t.startswith("The Vampire Couple (room 6) is irritated: tantrum (The Cursed Doll") for t in texts)
    assert any(t.startswith("Count Dracool (room 3): the card is flipped") for t in texts)
    assert any(t.startswith("The Hypochondriac (room 5): 1 irritated guest") for t in texts)


def test_blues_choices_in_the_effects_lesson_are_the_learners():
    # "chosen by your opponent" is Blue's decision (HP-14): the lesson asks the learner for it
    sc = hl.Scenario.load(SCENARIOS / "hellton_palace_lesson_11_effects.toml")
    blue = [i for i, s in enumerate(sc.steps) if s.kind == "exercise" and s.goal.get("seat") == 1]
    assert blue == [1, 3, 5, 14]


def test_the_collect_lesson_skips_blues_welcome_and_hires_a_groom_for_nothing():
    texts = _events("08_collect")
    assert any("Blue skips the welcome: no guest card is left in the lowest row (floor 1) or the middle row"
               in t and t.endswith("[Course of the Game / 1. Welcome a New Guest]") for t in texts)
    assert any("hires the Mason for 2 coins: the effect has nothing to act on" in t
               and t.endswith("[Course of the Game / 3. Hire Your Grooms]") for t in texts)
    state = hl.Scenario.load(SCENARIOS / "hellton_palace_lesson_08_collect.toml").run().state
    assert state.doorbells[1] == 3  # step 5's predict: Blue kept its 3 doorbells


def test_the_end_lessons_cite_each_end_rule():
    first = _events("09_end_first")
    assert any(t.endswith("[End of the Game / If one of these conditions occurs in the First player's Hotel]")
               and "Blue plays a last turn" in t for t in first)
    assert any(t.endswith("[End of the Game]") and "during the last turn" in t for t in first)
    assert "Last rooms served: Red 4, Blue 6: Blue wins. [End of the Game / If one of these conditions occurs " \
           "in the First player's Hotel]" in first
    second = _events("10_end_second")
    assert "Blue skips the welcome: all 18 guest cards have been taken. [Course of the Game / 1. Welcome a New " \
           "Guest]" in second
    assert any(t.endswith("[End of the Game / If one of these conditions occurs in the Second player's Hotel]")
               for t in second)


def test_tutorial_has_a_lesson_in_every_section_and_its_coverage_map():
    nb = json.loads((NOTEBOOKS / "hellton_palace.ipynb").read_text("utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"])
    assert "\u23ee" not in text and "\u23ed" not in text  # no installed font has these
    assert "using_hotellab.ipynb" in text
    for api in ("adjacency_graph", "to_json", "from_json", "def "):
        assert api not in text, api  # API material lives in using_hotellab.ipynb
    sections, current = {}, None
    for c in nb["cells"]:
        src = "".join(c["source"])
        if c["cell_type"] == "markdown" and src.startswith("## "):
            current = src.splitlines()[0]
            sections[current] = 0
        elif c["cell_type"] == "code" and "hl.widgets.Lesson(" in src and current:
            sections[current] += 1
    numbered = [h for h in sections if h[3].isdigit()]
    assert len(numbered) == 8, numbered  # Overview and Goal ... Special Effects
    assert all(sections[h] >= 1 for h in numbered), sections
    assert numbered[0].startswith("## 1. Overview and Goal") and "won" in numbered[0]
    named = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert {p.name for p in lesson_paths()} <= {p.name for p in SCENARIOS.iterdir() if p.name in named}
    assert "hl.widgets.GameView(hl.Replay(" in named and "hellton_palace_example_turn.toml" in named
    assert 'hl.coverage("hellton_palace.ipynb").figure()' in "".join(nb["cells"][-1]["source"])


def test_tutorial_rule_coverage_is_at_least_90_percent(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    cov = hl.coverage("hellton_palace.ipynb")
    assert cov.game == "hellton_palace"
    assert cov.fraction >= 0.90, [r.section + ": " + r.quote for r in cov.missing]
    assert all(p.exists() for p in map(Path, cov.sources))
    assert {str(p) for p in lesson_paths()} <= {str(Path(s)) for s in cov.sources}


def _refusal_rule(state, text):
    with pytest.raises(hl.IllegalActionError) as exc:
        state.apply(text)
    return exc.value.rule


def test_events_and_refusals_cite_the_rule_they_apply():
    # The lessons' coverage counts these citations, so each is checked against its rule object.
    from hotellab.games.hellton_palace import rules as R

    def events(name):
        m = hl.Scenario.load(SCENARIOS / f"hellton_palace_lesson_{name}.toml").run()
        return [e for s in m.states for e in s.events]

    collect = events("08_collect")
    # Blue's free rooms are on floors whose rows are empty: every row is closed (not "all 18 taken")
    assert [e.rule for e in collect if e.text.startswith("Blue skips the welcome")] == [R.R_ROW_CLOSED]
    assert [e.rule for e in collect if "nothing to act on" in e.text] == [R.R_HIRE_APPLY]
    assert [e.rule for e in events("10_end_second") if "skips the welcome" in e.text] == [R.R_SKIP]
    end = events("09_end_first")
    assert [e.rule for e in end if "during the last turn" in e.text] == [R.R_END]
    assert [e.rule for e in end if e.text.startswith("Last rooms served")] == [R.R_END_COMPARE]
    # refusals: a room, a side, a groom or a column that does not exist; a step out of order
    welcome = hl.Scenario.load(SCENARIOS / "hellton_palace_lesson_02_components.toml").match().state
    assert _refusal_rule(welcome, "p0 welcome 3 10 a") == R.R_ROOMS
    assert _refusal_rule(welcome, "p0 welcome 14 7 b") == R.R_DOUBLE_SIDED
    assert _refusal_rule(welcome, "p0 tour") == R.R_WELCOME  # a step out of order: the step due now
    hire = hl.Scenario.load(SCENARIOS / "hellton_palace_lesson_05_hire.toml").match().state
    assert _refusal_rule(hire, "p0 hire porter 1") == R.R_GROOM_TILES
    m = hl.Scenario.load(SCENARIOS / "hellton_palace_lesson_13_special_effects_1.toml").match()
    m.step("p0 serve 1")
    m.step("p0 serve 2")  # the Union Rep: a column to choose
    assert _refusal_rule(m.state, "p0 pillar 4") == R.R_PILLAR_GROUPS


def _notebook_lessons():
    from hotellab.lesson.practice import tutorial_scenarios

    return tutorial_scenarios(NOTEBOOKS / "hellton_palace.ipynb", lessons_only=True)


def test_the_notebooks_lessons_pass_the_tutorial_checks():
    # issue 19: no click-through, no answer in its own text, no rule tested before it is taught
    from hotellab.lesson.practice import tutorial_problems

    lessons = _notebook_lessons()
    assert [Path(sc.source).name for sc in lessons] == [p.name for p in lesson_paths()]  # in tutorial order
    assert all(sc.teaches for sc in lessons)
    table = {r.section for r in hl.load_game("hellton_palace").rule_table}
    assert all(t in table for sc in lessons for t in sc.teaches)
    assert tutorial_problems(lessons) == []


def test_no_do_step_names_its_move_and_mistakes_are_authored():
    steps = [s for sc in _notebook_lessons() for s in sc.steps]
    assert sum(len(s.mistakes) for s in steps) >= 40
    assert sum(s.kind == "do" for s in steps) <= 2  # a guest on its side b; a groom for its tile alone


def test_tutorial_practises_90_percent_of_the_rules_a_player_applies(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    cov = hl.coverage("hellton_palace.ipynb")
    assert cov.practised_fraction >= 0.90, [r.section + ": " + r.quote for r in cov.applied
                                            if r not in set(cov.practised)]
    # left out: the Game Components and the unnumbered Setup sentences (no move applies them)
    assert len(cov.applied) == len(cov.table) - 8
