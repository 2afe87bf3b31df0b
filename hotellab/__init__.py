"""hotellab: explore, teach and publish the rules of hotel-themed tabletop games.

>>> import hotellab as hl
>>> 'hostil_hostal' in hl.list_games()
True

The plotting (``hl.viz``) and widget (``hl.widgets``) modules load on first use, so
``import hotellab`` stays fast.
"""

from __future__ import annotations

import importlib

from .core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    GameLog,
    HotellabError,
    IllegalActionError,
    InvalidActionError,
    LogFormatError,
    Match,
    OptionError,
    Phase,
    PluginError,
    PositionError,
    Replay,
    RuleRef,
    Scenario,
    ScenarioError,
    ScoreItem,
    SimulationError,
    State,
    UnknownGameError,
    list_games,
    load_game,
    play,
    register,
)

from .core import match as _match
from .core import scenario as _scenario

__version__ = "0.1.0"


def _resolve_agents(game, agents) -> list:
    """Match's agents by name (see :func:`hotellab.agents.resolve_agents`), imported on first
    use so that ``import hotellab`` stays fast."""
    from .agents import resolve_agents

    return resolve_agents(game, agents)


def _learner_steps():
    """The lesson module, which checks and answers a scenario's learner steps."""
    from . import lesson

    return lesson


# The core imports nothing above it: the agents and the lesson rules it uses are installed here.
_match.set_agent_resolver(_resolve_agents)
_scenario.set_learner_steps(_learner_steps)

_LAZY = {"widgets", "viz", "agents", "cli", "analysis", "rl"}


def coverage(obj, *, game: str | None = None):
    """Which rules of its game's rule table ``obj`` exercises: a
    :class:`~hotellab.rule_coverage.Coverage` with ``.fraction`` (0 to 1), ``.covered`` and
    ``.missing`` (lists of RuleRef, rulebook order) and ``.figure()``. ``obj``: a Scenario,
    Lesson, GameLog, Replay, Match, State, or a path to a notebook, scenario or log (see
    :func:`hotellab.rule_coverage.coverage`)."""
    from .rule_coverage import coverage as _coverage

    return _coverage(obj, game=game)


def simulate(game, agents=None, n_games: int = 100, seed: int = 0, workers=None,
             backend: str = "processes", scheduler=None, keep_logs=0, **kwargs):
    """Play many whole games; a pandas DataFrame, one row per game (see
    :func:`hotellab.sim.simulate`; needs ``pip install "hotellab[sim]"``)."""
    from .sim import simulate as _simulate

    return _simulate(game, agents, n_games, seed, workers, backend, scheduler, keep_logs, **kwargs)


def sweep(game_id: str, grid: dict, agents=None, n_games: int = 100, *, seed: int = 0, num_players=None,
          options=None, seating: str = "rotate", workers=None, backend: str = "processes", scheduler=None,
          progress=True, metrics=None):
    """Play ``n_games`` games in every cell of ``grid`` (options, ``num_players`` and
    component-data paths such as ``"cards.kind[id=pool].points"`` -> lists of values) and
    measure each cell's balance; a :class:`~hotellab.analysis.sweep.Sweep` with ``.table``,
    ``.tables``, ``.figure`` and ``.summary()`` (see :func:`hotellab.analysis.sweep.sweep`;
    needs ``pip install "hotellab[sim]"``)."""
    from .analysis.sweep import sweep as _sweep

    return _sweep(game_id, grid, agents, n_games, seed=seed, num_players=num_players, options=options,
                  seating=seating, workers=workers, backend=backend, scheduler=scheduler, progress=progress,
                  metrics=metrics)


def _jupyter_labextension_paths():
    """JupyterLab's hook: hotellab's prebuilt extension (hotellab/labextension), which plays
    saved game views and lessons before a kernel runs (see :mod:`hotellab.widgets.labext`)."""
    return [{"src": "labextension", "dest": "hotellab"}]


def _jupyter_server_extension_points():
    """Jupyter server's hook: :mod:`hotellab.widgets.labext` keeps JupyterLite-only front-end
    extensions out of JupyterLab's page."""
    return [{"module": "hotellab.widgets.labext"}]


def __getattr__(name):
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'hotellab' has no attribute {name!r}")


__all__ = [
    "CHANCE", "TERMINAL", "Action", "Event", "Game", "GameLog", "HotellabError",
    "IllegalActionError", "InvalidActionError", "LogFormatError", "Match", "OptionError",
    "Phase", "PluginError", "PositionError", "Replay", "RuleRef", "Scenario", "ScenarioError",
    "ScoreItem", "SimulationError", "State", "UnknownGameError", "list_games", "load_game", "play", "register",
    "widgets", "viz", "simulate", "sweep", "analysis", "coverage",
]
