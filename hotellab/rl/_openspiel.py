"""Every hotellab game as an OpenSpiel Python game (see :func:`hotellab.rl.register_openspiel`).

One OpenSpiel game per hotellab game id, named ``python_hotellab_<id>``, with the parameters
``players`` (default: the smallest count) and one per game option (default: the option's
default). Encoding (action numbers, shuffles as four byte-valued chance nodes, observation
features, +1/-1 returns) as described in :mod:`hotellab.rl._common`.
"""

from __future__ import annotations

import hashlib
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
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _make_game_class(cls, name: str):
    game_type = _game_type(cls, name)
    option_names = [s.name for s in cls.OPTIONS]

    def _hotellab_game(params: dict):
        from ..core import load_game

        given = {k: v for k, v in params.items() if k in option_names}
        return load_game(cls.id, num_players=int(params.get("players", cls.min_players)), options=given)

    class HotellabSpielGame(pyspiel.Game):
        __doc__ = f"{cls.title or cls.id} (hotellab) as an OpenSpiel game."

        def __init__(self, params=None):
            params = dict(params or {})
            hl_game = _hotellab_game(params)
            sizes = C.sizes(hl_game)
            info = pyspiel.GameInfo(
                num_distinct_actions=sizes["num_actions"],
                max_chance_outcomes=sizes["max_chance_outcomes"],
                num_players=hl_game.num_players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=sizes["max_game_length"],
            )
            super().__init__(game_type, info, params)
            self._hl_game = hl_game

        # pyspiel rebuilds an unpickled game without __init__: these come back from its
        # parameters and GameInfo
        @property
        def hl_game(self):
            """The hotellab Game (players and options from the OpenSpiel parameters)."""
            g = self.__dict__.get("_hl_game")
            if g is None:
                g = self.__dict__["_hl_game"] = _hotellab_game(self.get_parameters())
            return g

        @property
        def num_actions(self) -> int:
            return self.num_distinct_actions()

        @property
        def max_chance(self) -> int:
            return self.max_chance_outcomes()

        def new_initial_state(self):
            return HotellabSpielState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return HotellabObserver(self, perfect_recall=recall)

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
        # pickled as its history (OpenSpiel pickles Python states when it serializes them): a
        # hotellab state is rebuilt by replaying its actions, never copied field by field
        g, hl_state, seed, _ = self.v
        return (_rebuild, (g, [str(a) for a in hl_state.history()], seed.bytes if seed else None))


def _rebuild(game, actions, seed_bytes):
    hg = game.hl_game
    state, steps = hg.new_initial_state(), None
    for text in actions:
        action = hg.parse_action(text)
        after = state.apply(action)
        steps, state = _Step(steps, state, action, after), after
    seed = C.ChanceSeed(tuple(seed_bytes)) if seed_bytes is not None else None
    return _Shared((game, state, seed, steps))


class HotellabSpielState(pyspiel.State):
    """An OpenSpiel state wrapping an (immutable) hotellab state; cloning shares it."""

    def __init__(self, game):
        super().__init__(game)
        # pyspiel clones a Python state with copy.deepcopy: the hotellab state, the game and the
        # seed bytes are immutable, so the clone shares them (_Shared.__deepcopy__ returns self)
        self._box = _Shared((game, game.hl_game.new_initial_state(), None, None))

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

    def _set(self, hl_state, seed=None, action=None) -> None:
        """Move to ``hl_state`` (after hotellab ``action``, which extends the step chain)."""
        g, before, _, steps = self._box.v
        if action is not None:
            steps = _Step(steps, before, action, hl_state)
        self._box = _Shared((g, hl_state, seed, steps))

    def information_state(self, player: int) -> str:
        """Everything ``player`` has known, in order (perfect recall): after each action of the
        game, the action as that seat may read it (``action_to_string(action, perspective)``:
        hidden parts left out) and a digest of the seat's observation then; last, the current
        observation as JSON. Pending shuffle seed bytes are hidden from every seat."""
        lines = []
        step = self._box.v[3]
        while step is not None:
            lines.append(step.line(player))
            step = step.prev
        lines.reverse()
        lines.append(json.dumps(self.hl.observation(player), sort_keys=True, separators=(",", ":")))
        return "\n".join(lines)

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
                    a = C.shuffle_action(s, seed.value())
                    self._set(s.apply(a), action=a)
                else:
                    self._set(s, seed)
                return
            a = s.chance_outcomes()[action][0]
        else:
            a = self._legal_hl()[action]
        self._set(s.apply(a), action=a)

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


class _Step:
    """One hotellab action in a persistent chain shared by clones: the state before, the
    action, the state after, and each seat's line of its information state (computed once,
    on demand)."""

    __slots__ = ("prev", "before", "action", "after", "lines")

    def __init__(self, prev, before, action, after):
        self.prev, self.before, self.action, self.after = prev, before, action, after
        self.lines = {}

    def line(self, player: int) -> str:
        got = self.lines.get(player)
        if got is None:
            obs = json.dumps(self.after.observation(player), sort_keys=True, separators=(",", ":"))
            digest = hashlib.blake2b(obs.encode(), digest_size=8).hexdigest()
            got = self.lines[player] = f"{self.before.action_to_string(self.action, perspective=player)} | {digest}"
        return got


class HotellabObserver:
    """Observation string (the seat's observation dict as sorted JSON) and tensor (its
    feature vector, :func:`hotellab.rl._common.features`); with perfect recall, the string is
    the seat's information state (:meth:`HotellabSpielState.information_state`)."""

    def __init__(self, game, perfect_recall: bool = False):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(C.OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = C.features(state.hl.observation(player))

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.information_state(player)
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
