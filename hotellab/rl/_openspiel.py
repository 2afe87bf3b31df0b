"""Every hotellab game as an OpenSpiel Python game (see :func:`hotellab.rl.register_openspiel`).

One OpenSpiel game per hotellab game id, named ``python_hotellab_<id>``, with the parameters
``players`` (default: the smallest count) and one per game option (default: the option's
default). Encoding (action numbers, shuffles as four byte-valued chance nodes, observation
features, +1/-1 returns) as described in :mod:`hotellab.rl._common`.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from . import _common as C

_REGISTERED: dict[str, type] = {}


def _game_type(cls, name: str) -> "pyspiel.GameType":
    params = {"players": cls.min_players}
    for spec in cls.OPTIONS:
        params[spec.name] = spec.default
    return pyspiel.GameType(
        short_name=name,
        long_name=f"hotellab {cls.title or cls.id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if cls.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _make_game_class(cls, name: str):
    game_type = _game_type(cls, name)
    option_names = [s.name for s in cls.OPTIONS]

    class HotellabSpielGame(pyspiel.Game):
        __doc__ = f"{cls.title or cls.id} (hotellab) as an OpenSpiel game."

        def __init__(self, params=None):
            from ..core import load_game

            params = dict(params or {})
            given = {k: v for k, v in params.items() if k in option_names}
            n = int(params.get("players", cls.min_players))
            self.hl_game = load_game(cls.id, num_players=n, options=given)
            sizes = C.sizes(self.hl_game)
            self.num_actions = sizes["num_actions"]
            self.max_chance = sizes["max_chance_outcomes"]
            info = pyspiel.GameInfo(
                num_distinct_actions=self.num_actions,
                max_chance_outcomes=self.max_chance,
                num_players=n,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=sizes["max_game_length"],
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            return HotellabSpielState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return HotellabObserver(self)

    # a module attribute of its own name, so that pickle (OpenSpiel's serialization) finds it
    HotellabSpielGame.__name__ = HotellabSpielGame.__qualname__ = f"Hotellab_{cls.id}"
    globals()[HotellabSpielGame.__name__] = HotellabSpielGame
    return game_type, HotellabSpielGame


class _Shared:
    """An immutable holder that copy.deepcopy shares instead of copying."""

    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_Shared, (self.v,))


class HotellabSpielState(pyspiel.State):
    """An OpenSpiel state wrapping an (immutable) hotellab state; cloning shares it."""

    def __init__(self, game):
        super().__init__(game)
        # pyspiel clones a Python state with copy.deepcopy: the hotellab state, the game and the
        # seed bytes are immutable, so the clone shares them (_Shared.__deepcopy__ returns self)
        self._box = _Shared((game, game.hl_game.new_initial_state(), None))

    @property
    def _g(self):
        return self._box.v[0]

    @property
    def hl(self):
        """The hotellab state."""
        return self._box.v[1]

    @property
    def _seed(self):
        """A ChanceSeed while a shuffle's seed bytes are being drawn, else None."""
        return self._box.v[2]

    def _set(self, hl_state, seed=None) -> None:
        self._box = _Shared((self._g, hl_state, seed))

    def _unlisted(self) -> bool:
        return self.hl.is_chance_node and not self.hl.chance_outcomes()

    def current_player(self):
        s = self.hl
        if s.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        if s.is_chance_node:
            return pyspiel.PlayerId.CHANCE
        return s.current_player

    def _legal_hl(self):
        acts = self.hl.legal_actions()
        C.check_count(len(acts), self._g.num_actions, self._g.hl_game)
        return acts

    def _legal_actions(self, player):
        return list(range(len(self._legal_hl())))

    def chance_outcomes(self):
        if self._unlisted():
            p = 1.0 / C.SEED_OUTCOMES
            return [(b, p) for b in range(C.SEED_OUTCOMES)]
        outs = self.hl.chance_outcomes()
        C.check_count(len(outs), self._g.max_chance, self._g.hl_game, "chance outcomes")
        return [(k, p) for k, (_, p) in enumerate(outs)]

    def _apply_action(self, action):
        s = self.hl
        if s.is_chance_node:
            if self._unlisted():
                seed = (self._seed or C.ChanceSeed()).add(int(action))
                if seed.complete:
                    self._set(s.apply(C.shuffle_action(s, seed.value())))
                else:
                    self._set(s, seed)
                return
            self._set(s.apply(s.chance_outcomes()[action][0]))
        else:
            self._set(s.apply(self._legal_hl()[action]))

    def _action_to_string(self, player, action):
        s = self.hl
        if s.is_chance_node:
            if self._unlisted():
                return f"seed byte {len((self._seed or C.ChanceSeed()).bytes) + 1}/{C.SEED_NODES}: {action}"
            return str(s.chance_outcomes()[action][0])
        acts = self._legal_hl()
        return str(acts[action]) if 0 <= action < len(acts) else f"action {action} (not legal here)"

    def is_terminal(self):
        return self.hl.is_terminal

    def returns(self):
        return C.rewards(self.hl)

    def __str__(self):
        s = self.hl
        seed = f" [shuffle seed bytes {list(self._seed.bytes)}]" if self._seed else ""
        return f"{s.status_text()} after {s.move_number} actions; scores {s.scores}{seed}"


class HotellabObserver:
    """Observation string (the seat's observation dict as sorted JSON) and tensor (its
    feature vector, :func:`hotellab.rl._common.features`)."""

    def __init__(self, game):
        self.tensor = np.zeros(C.OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = C.features(state.hl.observation(player))

    def string_from(self, state, player):
        return json.dumps(state.hl.observation(player), sort_keys=True, separators=(",", ":"))


def register(games=None) -> list[str]:
    from ..core import list_games
    from ..core.game import game_class
    from . import openspiel_name

    ids = list_games() if games is None else list(games)
    names = []
    for gid in ids:
        name = openspiel_name(gid)
        if name not in _REGISTERED:
            cls = game_class(gid)
            game_type, game_cls = _make_game_class(cls, name)
            if name not in pyspiel.registered_names():
                pyspiel.register_game(game_type, game_cls)
            _REGISTERED[name] = game_cls
        names.append(name)
    return names
