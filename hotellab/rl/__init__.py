"""Reinforcement-learning adapters: every hotellab game as a PettingZoo AEC environment and
as an OpenSpiel game (``pip install "hotellab[rl]"``).

>>> from hotellab.rl import pettingzoo_env
>>> env = pettingzoo_env("perfect_hotel", num_players=3)
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'

How actions, chance, observations and rewards are encoded (the same for both) is described
in :mod:`hotellab.rl._common`; docs/rl.md is the user's page.
"""

from __future__ import annotations

from ._common import ActionSpaceError

__all__ = ["pettingzoo_env", "register_openspiel", "openspiel_name", "ActionSpaceError"]


def _require(module: str, what: str):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"{what} needs the optional package {module.split('.')[0]!r}: "
                          'pip install "hotellab[rl]"') from exc


def pettingzoo_env(game_id: str, num_players: int | None = None, options: dict | None = None, *,
                   render_mode: str | None = None, max_actions: int | None = None):
    """A PettingZoo ``AECEnv`` of game ``game_id`` (a hotellab id, see ``hl.list_games()``)
    with ``num_players`` (default: the game's smallest count) and ``options`` (checked as
    :func:`hotellab.load_game` checks them: UnknownGameError, OptionError).

    Agents ``player_0`` .. are the player seats; actions are ``Discrete(num_actions)`` numbers
    with an ``action_mask`` in each observation; ``reset(seed=...)`` seeds chance; rewards are
    +1 for a winner and -1 for the other players at the end. ``max_actions`` fixes the size of
    the action space (default: measured, see :mod:`hotellab.rl._common`).
    ImportError naming ``hotellab[rl]`` without pettingzoo/gymnasium/numpy."""
    _require("pettingzoo", "hotellab.rl.pettingzoo_env")
    _require("gymnasium", "hotellab.rl.pettingzoo_env")
    from ..core import load_game
    from ._pettingzoo import HotellabAECEnv

    return HotellabAECEnv(load_game(game_id, num_players=num_players, options=options),
                          render_mode=render_mode, max_actions=max_actions)


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a hotellab game: ``"python_hotellab_<id>"``."""
    return f"python_hotellab_{game_id}"


def register_openspiel(games=None) -> list[str]:
    """Register every hotellab game (or those ids in ``games``) as an OpenSpiel Python game
    (``pyspiel.register_game``) and return the OpenSpiel names registered, e.g.
    ``["python_hotellab_hellton_palace", ...]``. Calling it again registers nothing twice.

    ``pyspiel.load_game("python_hotellab_perfect_hotel", {"players": 3})`` then loads one;
    each game option is a parameter of the same name. ImportError naming ``hotellab[rl]``
    without open_spiel."""
    _require("pyspiel", "hotellab.rl.register_openspiel")
    from ._openspiel import register

    return register(games)
