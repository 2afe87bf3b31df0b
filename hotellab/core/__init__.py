"""The engine contract shared by every game (see DESIGN.md)."""

from .actions import CHANCE, TERMINAL, Action, parse_action
from .errors import (
    HotellabError,
    IllegalActionError,
    LogFormatError,
    OptionError,
    ScenarioError,
    UnknownGameError,
)
from .game import Game, OptionSpec, list_games, load_game, register
from .log import GameLog
from .match import Match, play
from .replay import Replay
from .rules import Event, RuleRef, ScoreItem
from .scenario import Scenario
from .state import State

__all__ = [
    "CHANCE", "TERMINAL", "Action", "parse_action", "HotellabError", "IllegalActionError",
    "LogFormatError", "OptionError", "ScenarioError", "UnknownGameError", "Game", "OptionSpec",
    "list_games", "load_game", "register", "GameLog", "Match", "play", "Replay", "Event",
    "RuleRef", "ScoreItem", "Scenario", "State",
]
