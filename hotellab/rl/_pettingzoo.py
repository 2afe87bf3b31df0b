"""A PettingZoo AEC environment for any hotellab game (see :func:`hotellab.rl.pettingzoo_env`)."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from . import _common as C


class HotellabAECEnv(AECEnv):
    """One hotellab game as a PettingZoo AEC environment.

    - agents ``"player_0"`` .. ``"player_{n-1}"`` are the player seats in turn order; a
      non-human seat plays itself;
    - ``action_space(agent)``: ``Discrete(num_actions)``; action ``k`` is the ``k``-th legal
      action (see :mod:`hotellab.rl._common`);
    - ``observation_space(agent)``: ``Dict(observation=Box(float32, (512,)),
      action_mask=Box(int8 0/1, (num_actions,)))``; the mask marks the legal numbers of the
      agent to act (all zeros for the others);
    - chance (dice, shuffles) is drawn from the generator seeded by ``reset(seed=...)``;
    - rewards at the end: +1 for each winner, -1 for the other players;
    - ``infos[agent]``: ``{"legal_actions": [text, ...]}`` for the agent to act (the
      canonical text of each legal number, in order), ``{}`` for the others;
    - ``render()`` with ``render_mode="ansi"`` returns the status line and scores.
    """

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "name": "hotellab_v0"}

    def __init__(self, game, render_mode: str | None = None, max_actions: int | None = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"hotellab_{game.id}_v0")
        sizes = C.sizes(game, max_actions)
        self.num_actions = sizes["num_actions"]
        self.possible_agents = [f"player_{i}" for i in range(game.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (C.OBS_SIZE,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.num_actions,), np.int8),
            }) for a in self.possible_agents
        }
        self.state = None
        self._rng = random.Random()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------
    def _advance(self) -> None:
        """Play chance nodes with the env's generator until a seat decides or the game ends."""
        s = self.state
        while s.is_chance_node:
            s = s.apply(s.sample_chance(self._rng))
        if not s.is_terminal and s.current_player >= self.game.num_players:
            raise RuntimeError(f"{self.game.id}: seat {s.current_player} is not a player seat but has "
                               "a decision; the adapter gives agents only to player seats")
        self.state = s

    def _legal(self):
        acts = self.state.legal_actions()
        C.check_count(len(acts), self.num_actions, self.game)
        return acts

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self._advance()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]
        self._set_info()

    def _set_info(self) -> None:
        for a in self.agents:
            self.infos[a] = {}
        if not self.state.is_terminal:
            self.infos[self.agent_selection] = {"legal_actions": [str(x) for x in self._legal()]}

    def observe(self, agent):
        seat = self._seat[agent]
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not self.state.is_terminal and self.state.current_player == seat:
            mask[: len(self._legal())] = 1
        return {"observation": C.features(self.state.observation(seat)), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        acts = self._legal()
        if action is None or not 0 <= int(action) < len(acts):
            raise ValueError(f"{self.game.id}: action {action!r} is not legal for {agent}: "
                             f"the legal numbers are 0..{len(acts) - 1} ({self.state.status_text()})")
        self._cumulative_rewards[agent] = 0.0
        self.state = self.state.apply(acts[int(action)])
        self._advance()
        if self.state.is_terminal:
            for a, r in zip(self.possible_agents, C.rewards(self.state)):
                self.rewards[a] = r
                self.terminations[a] = True
            # the agents then leave one by one through dead steps, from this one on
            self.agent_selection = agent
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._set_info()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without render_mode; make the env with render_mode='ansi'")
            return None
        s = self.state
        return f"{s.status_text()} | scores {s.scores}"

    def close(self):
        self.state = None
