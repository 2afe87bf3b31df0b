"""How an agent is named in a simulation's table and messages (used by the checks made before
the workers start, ``_preflight``, and by the workers, ``_worker``)."""

from __future__ import annotations


def type_name(value) -> str:
    """``value``'s type as a reader finds it: ``int``, or ``module.Class`` outside builtins."""
    t = type(value)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def agent_name(agent) -> str:
    """An agent's name in the table: the name given (``"random"``), or its ``name``, else
    its class's name."""
    return agent if isinstance(agent, str) else str(getattr(agent, "name", type(agent).__name__))


def agent_label(k: int, agent) -> str:
    """Agent ``k`` in a message: ``agent 1 (careful, a mymod.Careful)``."""
    name = agent_name(agent)
    kind = type_name(agent)
    return f"agent {k} ({name}, a {kind})" if name != type(agent).__name__ else f"agent {k} ({kind})"
