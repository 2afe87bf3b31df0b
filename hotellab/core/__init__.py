"""The engine contract shared by every game (see DESIGN.md)."""

from .actions import CHANCE, TERMINAL, Action, parse_action
from .errors import (
    ERROR_CODES,
    HotellabError,
    IllegalActionError,
    InvalidActionError,
    LogFormatError,
    OptionError,
    PluginError,
    PositionError,
    ScenarioError,
    SimulationError,
    UnknownGameError,
)
from .game import Game, OptionSpec, list_games, load_game, register, reload_plugins
from .log import GameLog
from .match import Match, play
from .replay import Replay
from .rules import Event, Phase, RuleRef, ScoreItem
from .scenario import Scenario
from .state import Refusal, State

__all__ = [
    "CHANCE", "TERMINAL", "Action", "parse_action", "ERROR_CODES", "HotellabError",
    "IllegalActionError", "InvalidActionError", "LogFormatError", "OptionError", "PluginError",
    "PositionError", "ScenarioError", "SimulationError", "UnknownGameError", "Game", "OptionSpec", "list_games",
    "load_game", "register", "reload_plugins", "GameLog", "Match", "play", "Replay", "Event",
    "Phase", "Refusal", "RuleRef", "ScoreItem", "Scenario", "State",
]
