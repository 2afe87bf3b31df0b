"""Scenario files are named one way (issue 22, item 8), as docs/dev/lessons.md states:

- ``<game>_lesson_<NN>_<slug>.toml``: lesson NN of the tutorial ``notebooks/<game>.ipynb``,
  numbered 01, 02, ... in the order the notebook plays them, no number missing or repeated;
- ``<game>_example_<slug>.toml``: any other scenario of the game (a rulebook example as a
  declared position, a position the teachers' section or the tests load).

``<game>`` is a registered game's id and the file's ``game`` field; ``<slug>`` is lower-case
words joined by ``_``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.lesson.practice import notebook_files

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SCENARIOS = NOTEBOOKS / "scenarios"
GAMES = hl.list_games()
NAME = re.compile(r"(?P<game>{})_(?:lesson_(?P<nn>\d\d)|example)_(?P<slug>[a-z0-9]+(?:_[a-z0-9]+)*)\.toml".format(
    "|".join(map(re.escape, GAMES))))
FILES = sorted(SCENARIOS.glob("*.toml"))


def test_the_scheme_reads_names_as_the_docs_say():
    """The pattern itself: a lesson, an example, and names the scheme refuses."""
    m = NAME.fullmatch("hostil_hostal_lesson_02_resting.toml")
    assert (m["game"], m["nn"], m["slug"]) == ("hostil_hostal", "02", "resting")
    m = NAME.fullmatch("perfect_hotel_example_annex.toml")
    assert (m["game"], m["nn"], m["slug"]) == ("perfect_hotel", None, "annex")
    for bad in ("misfortune_six.toml", "hostil_hostal_rest_example.toml", "hostil_hostal_lesson_2_rest.toml",
                "hostil_hostal_lesson_02.toml", "no_such_game_example_x.toml", "hotel_zombie_example_Big.toml"):
        assert NAME.fullmatch(bad) is None, bad


def test_there_are_scenario_files():
    assert len(FILES) >= 60  # five tutorials of 11 to 18 lessons each, and the examples


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_scenario_file_follows_the_scheme(path):
    m = NAME.fullmatch(path.name)
    assert m, (f"{path.name}: name a scenario <game>_lesson_<NN>_<slug>.toml (a lesson of the game's tutorial) "
               "or <game>_example_<slug>.toml (see docs/dev/lessons.md)")
    game = tomllib.loads(path.read_text("utf-8"))["game"]
    assert game == m["game"], f"{path.name} is named for {m['game']} but its game is {game}"


TUTORIALS = sorted({g for g in GAMES if (NOTEBOOKS / f"{g}.ipynb").exists()}
                   | {m["game"] for p in FILES if (m := NAME.fullmatch(p.name)) and m["nn"]})


def test_every_game_of_the_package_has_a_tutorial():
    assert {"boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "perfect_hotel"} <= set(TUTORIALS)


@pytest.mark.parametrize("game", TUTORIALS)
def test_lessons_are_numbered_in_the_order_the_tutorial_plays_them(game):
    """The notebook's Lesson cells play exactly the game's lesson files, 01 first, each once,
    numbered without a gap or a repeat."""
    lessons = [p for p in FILES if (m := NAME.fullmatch(p.name)) and m["game"] == game and m["nn"]]
    numbers = [int(NAME.fullmatch(p.name)["nn"]) for p in lessons]
    assert numbers == list(range(1, len(lessons) + 1)), f"{game}: lesson numbers {numbers}"
    played = [p.name for p in notebook_files(NOTEBOOKS / f"{game}.ipynb", lessons_only=True)]
    assert played == [p.name for p in lessons], f"{game}.ipynb plays {played}"
