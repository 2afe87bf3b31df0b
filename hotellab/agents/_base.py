"""The base agent and the two simple players (see :mod:`hotellab.agents`)."""

from __future__ import annotations

import random


def legal_or_raise(state) -> list:
    """The legal actions of ``state``; ValueError when there is none (a chance node or the end
    is no decision for an agent)."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError(f"no legal action for seat {state.current_player} ({state.status_text()})")
    return actions


class Agent:
    """An agent: ``act(state, rng) -> Action`` for the state's current player."""

    name = "agent"

    def act(self, state, rng: random.Random):
        raise NotImplementedError  # abstractmethod

    def __repr__(self) -> str:
        return f"<agent {self.name}>"


class RandomAgent(Agent):
    """Uniform over action kinds, then uniform within the kind."""

    name = "random"

    def act(self, state, rng):
        actions = legal_or_raise(state)
        kinds = sorted({a.kind for a in actions})
        kind = kinds[rng.randrange(len(kinds))] if len(kinds) > 1 else kinds[0]
        pool = [a for a in actions if a.kind == kind] if len(kinds) > 1 else actions
        return pool[rng.randrange(len(pool))]


class GreedyAgent(Agent):
    """One-ply: best own value after the action, ties at random."""

    name = "greedy"

    def act(self, state, rng):
        actions = legal_or_raise(state)
        p = state.current_player
        best, best_v = [], None
        for a in actions:
            v = state.apply(a).heuristic_value(p)
            if best_v is None or v > best_v:
                best, best_v = [a], v
            elif v == best_v:
                best.append(a)
        return best[rng.randrange(len(best))]
