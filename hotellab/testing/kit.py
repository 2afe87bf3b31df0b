"""The test kit: the helpers every game's tests need, once (issue 22, item 7).

Each game's ``tests/<game>/conftest.py`` used to build these again: load the game with the
test's defaults, apply a list of action texts, list the legal actions and the events as text,
force a shuffle that puts chosen items at chosen places, and play a game on with random (or
given) choices until it ends or a condition holds. They are here, re-exported by
:mod:`hotellab.testing`, and the conftests keep only what one game needs.

They use only a game's public API (``load_game``, ``State.apply``, ``legal_actions``,
``events``, ``is_chance_node``, ``sample_chance``, ``is_terminal``, ``current_player``,
``status_text``), so they hold whatever a game keeps inside its state.

>>> from hotellab.testing.kit import apply_all, game_loader, legal_texts
>>> game = game_loader("boutique_hotel", 2)
>>> s = game().new_initial_state()
>>> legal_texts(s)[:2]
['p0 price mon 1', 'p0 price mon 2']
>>> apply_all(s, "p0 price mon 1", "p0 price tue 1").current_player
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence

__all__ = ["game_loader", "apply_all", "legal_texts", "event_texts", "forced_order", "uniform_choice", "playout"]


def game_loader(game_id: str, num_players: int | None = None) -> Callable:
    """A function ``game(n=num_players, **options)`` that loads ``game_id`` for ``n`` players
    (None: the game's default count) with the given options, as ``hotellab.load_game`` does.

    Args:
        game_id: a registered game id, e.g. ``"perfect_hotel"``.
        num_players: the player count a test gets when it names none.

    Returns:
        The loader. It raises what ``load_game`` raises: ``KeyError`` for an unknown game,
        ``ValueError`` for a player count or option the game does not allow.
    """
    from ..core.game import load_game

    def game(n: int | None = num_players, **options):
        return load_game(game_id, num_players=n, options=options)

    game.__doc__ = (f"The game {game_id!r} for ``n`` players (default {num_players}) with ``options``"
                    " (hotellab.testing.kit.game_loader).")
    game.__name__ = game.__qualname__ = f"game_{game_id}"
    return game


def apply_all(state, *actions):
    """The state after applying ``actions`` (action texts or :class:`~hotellab.core.actions.Action`
    objects) one after another from ``state``; ``state`` is untouched (``apply`` returns a new
    state). With no action, ``state`` itself.

    Raises:
        What ``State.apply`` raises (``IllegalActionError`` with its ``code`` and ``rule``
        unchanged), with a note naming the action that failed: its number in ``actions``,
        its text and the status of the state it was applied to.
    """
    for i, action in enumerate(actions, 1):
        try:
            state = state.apply(action)
        except Exception as exc:
            exc.add_note(f"apply_all: action {i} of {len(actions)}, {str(action)!r}, "
                         f"applied at [{state.status_text()}]")
            raise
    return state


def legal_texts(state) -> list[str]:
    """The texts of ``state``'s legal actions, sorted (``[]`` at a chance node or the end)."""
    return sorted(str(a) for a in state.legal_actions())


def event_texts(state) -> list[str]:
    """The texts of the events the last action caused (``state.events``), in order."""
    return [e.text for e in state.events]


def forced_order(size: int, fixed: Mapping[int, int] | Sequence[int]) -> list[int]:
    """The order of the items ``0 .. size-1`` that has item ``fixed[i]`` at place ``i`` and the
    other items, smallest first, at the other places: the permutation a forced ``chance
    shuffle`` gives to put chosen cards in chosen hands or on top of a deck.

    Args:
        size: how many items are shuffled.
        fixed: ``{place: item}``, or a sequence of items for places 0, 1, 2, ... (the top).

    Returns:
        A list of ``size`` items, each of ``0 .. size-1`` once.

    Raises:
        ValueError: a place or an item outside ``0 .. size-1``, or an item fixed twice.

    >>> forced_order(6, [4, 2])
    [4, 2, 0, 1, 3, 5]
    >>> forced_order(6, {1: 5, 4: 0})
    [1, 5, 2, 3, 0, 4]
    """
    if not isinstance(fixed, Mapping):
        fixed = dict(enumerate(fixed))
    bad = [p for p in fixed if not 0 <= p < size] + [c for c in fixed.values() if not 0 <= c < size]
    if bad:
        raise ValueError(f"forced_order: {bad} outside 0..{size - 1}")
    items = list(fixed.values())
    if len(set(items)) != len(items):
        twice = sorted({c for c in items if items.count(c) > 1})
        raise ValueError(f"forced_order: items {twice} are fixed at two places")
    rest = iter(c for c in range(size) if c not in set(items))
    return [fixed[p] if p in fixed else next(rest) for p in range(size)]


def uniform_choice(state, rng: random.Random):
    """One of ``state``'s legal actions, each as likely (``legal[rng.randrange(len(legal))]``):
    the default choice of :func:`playout`."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _chooser(choose) -> Callable:
    """``choose`` as a function ``(state, rng) -> action`` (see :func:`playout`)."""
    if choose is None:
        return uniform_choice
    if hasattr(choose, "act"):
        return choose.act
    if isinstance(choose, Sequence) and not isinstance(choose, str):
        seats = [_chooser(c) for c in choose]
        return lambda state, rng: seats[state.current_player](state, rng)
    if callable(choose):
        return choose
    raise TypeError(f"playout: choose must be None, an agent, a function or a list of them per seat, not {choose!r}")


def playout(state, rng: random.Random, choose=None, *, until: Callable | None = None,
            max_steps: int = 10_000) -> Iterator:
    """Play on from ``state`` and yield ``state`` and every state after it, until the game
    ends or ``until(state)`` is true (that state is yielded last). A chance node draws
    ``state.sample_chance(rng)``; a decision takes the action ``choose`` gives.

    Args:
        state: where to start (yielded first, even when it is already the end or ``until``
            holds there).
        rng: the ``random.Random`` chance and the choices draw from; the same seed gives the
            same play.
        choose: who decides: None (:func:`uniform_choice`), an agent (``agent.act(state,
            rng)``, e.g. ``hotellab.agents.RandomAgent()``), a function ``(state, rng)``
            returning an action or its text, or a list of these, one per seat.
        until: a test of a state, e.g. ``lambda s: s.phase.name == "Dawn"`` or
            ``lambda s: s.current_player == 1``; None: play to the end.
        max_steps: the most actions (chance draws included) to apply.

    Yields:
        The states, in order.

    Raises:
        AssertionError: after ``max_steps`` actions the game has not ended and ``until``
            does not hold (the message gives the status).
        What ``apply`` or ``choose`` raise.

    >>> import random, hotellab as hl
    >>> g = hl.load_game("hellton_palace")
    >>> states = list(playout(g.new_initial_state(), random.Random(1)))
    >>> states[-1].is_terminal, len(states) > 10
    (True, True)
    """
    pick = _chooser(choose)
    s = state
    yield s
    for _ in range(max_steps):
        if s.is_terminal or (until is not None and until(s)):
            return
        s = s.apply(s.sample_chance(rng) if s.is_chance_node else pick(s, rng))
        yield s
    if not (s.is_terminal or (until is not None and until(s))):
        raise AssertionError(f"playout: no end{' nor until' if until else ''} after {max_steps} actions"
                             f" ({s.status_text()})")
