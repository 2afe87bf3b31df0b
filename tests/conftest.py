"""Shared test setup: the toy game plug-in under tests/plugins/ is put on ``sys.path`` so
that its ``hotellab.games`` entry point (tests/plugins/hotellab_toy_porter-0.1.dist-info)
registers it the way an installed plug-in registers; the contract test then covers it with
the bundled games. Done at import time, so every xdist worker collects the same tests.
"""

import sys
from pathlib import Path

PLUGINS = Path(__file__).resolve().parent / "plugins"
if str(PLUGINS) not in sys.path:
    sys.path.insert(0, str(PLUGINS))
# the browser tests' helper modules (offline_browser, lab_server): `import lab_server as lab`
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

from hotellab.core.game import reload_plugins  # noqa: E402

reload_plugins()

BUNDLED = ("hotellab.games.",)


def is_bundled(game_id: str) -> bool:
    """True for a game shipped in the hotellab package (not a test plug-in)."""
    from hotellab.core.game import game_class

    return game_class(game_id).__module__.startswith(BUNDLED)


# -- the quick tier (``bash scripts/test.sh --quick``: ``-m "not slow and not browser and not
# notebook"``) -------------------------------------------------------------------------------
# Tests outside the games' own folders that take more than about 2 s, by node id prefix, with
# the seconds measured (``--durations``, 2 workers, 2026-12-02); each is marked ``slow`` here,
# beside those marked with ``@pytest.mark.slow`` in their files. The quick tier still runs at
# least one cell of each of these tests' files, so every module is covered; CI runs all.
SLOW = (
    "tests/test_textsafe.py::test_swap_check_every_state_of_whole_games",  # 6-222 s a game
    "tests/test_simulate_faults.py::test_with_other_threads_workers_start_clean",  # 122 s
    "tests/test_simulate_faults.py::test_a_killed_forkserver",  # 83 s
    "tests/test_simulate_faults.py::test_a_guarded_script_with_another_thread",  # 6 s
    "tests/test_simulate_faults.py::test_dask_in_a_script_on_stdin",  # 6 s
    "tests/test_simulate_faults.py::test_a_script_on_stdin_with_another_thread",  # 5 s
    "tests/test_simulate_faults.py::test_dask_a_scheduler_that_cannot_be_reached",  # 4 s
    "tests/test_simulate_faults.py::test_a_killed_worker_process_loses_no_game",  # 3 s
    "tests/test_simulate_faults.py::test_a_forked_worker_that_hangs",  # 3 s
    "tests/test_simulate_faults.py::test_dask_in_a_script_without_a_main_guard",  # 2 s
    "tests/test_widgets.py::test_marks_are_checked_against_the_replay",  # 49 s
    "tests/test_widgets.py::test_marks_from_costly_moves_travel_with_exported_pages",  # 6 s
    "tests/test_widgets.py::test_gameview_from_every_source",  # 5 s
    "tests/test_widgets.py::test_marks_of_a_seat_view_are_its_own_moves_only",  # 3 s
    "tests/test_widgets.py::test_omniscient_widget_ships_every_perspective",  # 2 s
    "tests/test_action_targets.py::test_every_target_is_drawn_and_every_listed_action_legal[boutique_hotel]",  # 30 s
    "tests/test_action_targets.py::test_every_target_is_drawn_and_every_listed_action_legal[hotel_zombie]",  # 10 s
    "tests/test_action_targets.py::test_every_target_is_drawn_and_every_listed_action_legal[hostil_hostal]",  # 8 s
    "tests/test_action_targets.py::test_every_target_is_drawn_and_every_listed_action_legal[perfect_hotel]",  # 6 s
    "tests/test_contract.py::test_every_state_survives_pickle_copy_and_deepcopy[boutique_hotel",  # 3-26 s a count
    "tests/test_contract.py::test_every_state_survives_pickle_copy_and_deepcopy[hostil_hostal-4p",  # 3 s
    "tests/test_contract.py::test_every_state_survives_pickle_copy_and_deepcopy[hostil_hostal-5p",  # 3 s
    "tests/test_contract.py::test_every_state_survives_pickle_copy_and_deepcopy[hellton_palace-2p",  # 3 s
    "tests/test_contract.py::test_contract[boutique_hotel-4p", "tests/test_contract.py::test_contract[boutique_hotel-5p",
    "tests/test_contract.py::test_contract[boutique_hotel-6p", "tests/test_contract.py::test_contract[boutique_hotel-7p",
    "tests/test_contract.py::test_contract[boutique_hotel-8p",  # 3-15 s a count
    "tests/test_contract.py::test_contract[boutique_hotel-3p-",  # 2 s an option value
    "tests/test_contract.py::test_contract[perfect_hotel-3p-games=",  # 2-5 s
    "tests/test_tutorials.py::test_every_right_answer_of_every_step_is_followed_to_the_end",  # 2-22 s a game
    "tests/test_tutorials.py::test_the_lessons_teach_before_they_test_and_are_no_click_through",  # 6 s a game
    "tests/test_tutorials.py::test_at_least_90_percent_of_the_rules",  # 2-5 s a game
    "tests/test_readme.py::test_readme_python_block_runs[4]",  # 20 s
    "tests/test_readme.py::test_readme_python_block_runs[3]",  # 3 s
    "tests/test_readme.py::test_readme_python_block_runs[2]",  # 3 s
    "tests/test_authority.py::test_every_game_seat_view_keeps_its_authority[boutique_hotel]",  # 14 s
    "tests/test_authority.py::test_every_game_seat_view_keeps_its_authority[hostil_hostal]",  # 5 s
    "tests/test_authority.py::test_every_game_seat_view_keeps_its_authority[hotel_zombie]",  # 3 s
    "tests/test_mcts.py::test_mcts_beats_random_in_perfect_hotel",  # 11 s
    "tests/test_mcts.py::test_a_whole_game_by_mcts_is_legal_and_repeatable[boutique_hotel]",  # 4 s
    "tests/test_render.py::test_every_state_of_real_games_renders[5]",  # 7 s
    "tests/test_render.py::test_every_state_of_real_games_renders[2]",  # 3 s
    "tests/test_render.py::test_every_state_of_real_games_renders[3]",  # 3 s
    "tests/test_sweep.py::test_an_override_changes_the_scores_by_what_the_rules_say",  # 7 s
    "tests/test_sweep.py::test_the_same_sweep_with_one_and_two_worker_processes",  # 5 s
    "tests/test_skill.py::test_skill_matrix_of_a_real_game",  # 3 s
    "tests/test_skill.py::test_costly_moves_rows_are_the_moves_played",  # 3 s
    "tests/test_lesson.py::test_every_learner_step_copied_to_the_end_plays_or_names_its_step[hellton_palace",  # 2-3 s
    "tests/test_static_html.py::test_hotellab_html_template_asks_no_other_host",  # 3 s
    "hotellab/analysis/skill.py::hotellab.analysis.skill",  # doctest, 8 s
    "hotellab/analysis/tutor.py::hotellab.analysis.tutor",  # doctest, 6 s
)


def pytest_collection_modifyitems(config, items):
    import pytest

    slow = pytest.mark.slow
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(slow)
