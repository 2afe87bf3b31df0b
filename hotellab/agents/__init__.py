"""Players for :func:`hotellab.play` and :class:`hotellab.Match`, usable by name.

- ``"random"``: picks an action kind uniformly, then an action of that kind uniformly
  (so a kind with many variants, such as spying on every room, does not crowd out the rest).
- ``"greedy"``: one ply: the action whose resulting state gives the seat the best value,
  ties broken at random. The value is the state's declared hook ``heuristic_value(seat)``
  (default: the seat's score; Hostil Hostal: rest points now plus the rest the seat's guests
  would get at dawn as the rooms stand).
- ``"mcts:N"``: information-set Monte Carlo tree search with ``N`` iterations per decision,
  options after the budget (``"mcts:500:rollout=greedy:c=1.0:depth=none"``); see
  :mod:`hotellab.agents.mcts`. A ladder of budgets gives players of graded strength.
"""

from __future__ import annotations

from ..core.errors import OptionError
from ._base import Agent, GreedyAgent, RandomAgent
from .mcts import MCTSAgent

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "MCTSAgent", "AGENTS", "get_agent", "resolve_agents",
           "agent_entries"]


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


def get_agent(name_or_agent):
    """An agent object from a name (``"random"``, ``"greedy"``, ``"mcts:N[:key=value...]"``)
    or an object with ``act``. Raises OptionError for an unknown name or a bad MCTS setting."""
    if name_or_agent is None or hasattr(name_or_agent, "act"):
        return name_or_agent
    if isinstance(name_or_agent, str) and name_or_agent in AGENTS:
        return AGENTS[name_or_agent]()
    if isinstance(name_or_agent, str) and name_or_agent.split(":")[0] == "mcts":
        return MCTSAgent.from_name(name_or_agent)
    raise OptionError(f"unknown agent {name_or_agent!r}; known agents: {', '.join(sorted(AGENTS))}, "
                      "mcts:N (N iterations of information-set MCTS, e.g. mcts:200)")


def resolve_agents(game, agents) -> list:
    """One agent (or None for a human) per player seat; a non-human seat plays itself.

    ``agents``: None (every seat human), a list (or comma-separated text) with one entry per
    player seat, or a single entry, which then plays every seat. Raises
    :class:`~hotellab.core.errors.OptionError` (a ValueError) for another count or an unknown
    agent name.
    """
    if agents is None:
        return [None] * game.num_players
    return [get_agent(a) for a in agent_entries(game, agents)]


def agent_entries(game, agents, *, who: str = "") -> list:
    """``agents`` (a list, comma-separated text, or a single entry for every seat) as one entry
    per player seat, not yet resolved. Raises OptionError (field ``agents[i]``) for an entry
    that is no agent (an unknown name, or a class instead of an instance of it; named even
    when the count is wrong too), then
    (field ``agents``) for another count; ``who`` prefixes the message (e.g. "simulate: ")."""
    if isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",")]
    agents = list(agents)
    for i, a in enumerate(agents):  # an unknown name is the problem to name, before the count
        if isinstance(a, type):  # the class, not an agent: its act would miss self
            raise OptionError(f"{who}agents[{i}] is the class {a.__name__}, not an agent: pass an "
                              f"instance, {a.__name__}()", field=f"agents[{i}]")
        try:
            get_agent(a)
        except OptionError as exc:
            raise OptionError(f"{who}agents[{i}]: {exc}", field=f"agents[{i}]") from None
    if len(agents) == 1 and game.num_players > 1:
        agents = agents * game.num_players
    if len(agents) != game.num_players:
        raise OptionError(
            f"{who}{game.id} with {game.num_players} players needs {game.num_players} agents "
            f"(one per player seat), got {len(agents)}", field="agents"
        )
    return agents
