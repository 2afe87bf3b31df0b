"""What the PettingZoo and OpenSpiel adapters share: action numbering, the size of the action
space, shuffles as chance nodes, observation features and rewards.

**Actions are numbered by their place in the legal list.** A hotellab game has no fixed
catalogue of actions (a Hostil Hostal move names a card, a room, a bed and a seat), so action
``k`` is the ``k``-th action of ``state.legal_actions()`` (the game's own, deterministic order).
The action space has ``num_actions`` numbers: an upper bound on the number of legal actions,
measured once per game configuration from random playouts (twice the largest count seen,
rounded up to a power of two, at least 16), or given as ``max_actions``. A state with more
legal actions than that raises :class:`ActionSpaceError` naming the numbers.

**Chance.** A chance node whose outcomes the game lists (dice) is one chance node with those
outcomes and probabilities (outcome ``k`` = the ``k``-th listed outcome). A shuffle (the game
does not list its outcomes) is four chance nodes of 256 equally likely outcomes each: their
bytes make a 32-bit seed, and the shuffle is ``state.sample_chance(random.Random(seed))``,
which the game draws uniformly over its orderings (up to the generator). Every outcome is
then an explicit, replayable chance action.

**Observations.** ``state.observation(seat)`` (a JSON dict: only what the seat may see) is
turned into a fixed-length float32 vector by feature hashing: each leaf at path ``p``
(list positions included) adds its number to slot ``crc32(p) % size``, or, for text, 1 to
slot ``crc32(p + "=" + text) % size``; each list adds its length to ``crc32(p + "#len")``.
Nothing hidden from the seat can reach its vector.

**Rewards.** At the end: +1 for each winning player seat (ties share: every tied seat wins),
-1 for every other player seat; 0 before the end. A non-human seat (Hostil Hostal's
automata) is not an agent: it plays itself.
"""

from __future__ import annotations

import json
import random
import zlib

SEED_NODES = 4          # chance nodes per shuffle
SEED_OUTCOMES = 256     # outcomes per seed node (one byte each)
OBS_SIZE = 512          # observation vector length (feature hashing)
PROBE_GAMES = 20        # random playouts measured per game configuration


class ActionSpaceError(RuntimeError):
    """A state has more legal actions (or chance outcomes) than the adapter's fixed space."""


_PROBES: dict = {}


def config_key(game) -> tuple:
    return (game.id, game.num_players, json.dumps(game.options, sort_keys=True))


def probe(game, games: int = PROBE_GAMES) -> dict:
    """Largest legal-action count, largest listed chance-outcome count and longest game (in
    adapter steps: a shuffle counts as SEED_NODES) over ``games`` random playouts with fixed
    seeds (cached per configuration)."""
    key = config_key(game) + (games,)
    got = _PROBES.get(key)
    if got is not None:
        return got
    most = chance = longest = 0
    for i in range(games):
        rng = random.Random(f"hotellab-rl-probe:{i}")
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal:
            if state.is_chance_node:
                outs = state.chance_outcomes()
                if outs:
                    chance = max(chance, len(outs))
                    steps += 1
                else:
                    steps += SEED_NODES
                state = state.apply(state.sample_chance(rng))
            else:
                acts = state.legal_actions()
                most = max(most, len(acts))
                steps += 1
                state = state.apply(acts[rng.randrange(len(acts))])
        longest = max(longest, steps)
    got = _PROBES[key] = {"max_legal": most, "max_chance": chance, "max_length": longest}
    return got


def bound(n: int, floor: int = 16) -> int:
    """Twice ``n`` rounded up to a power of two, at least ``floor``."""
    b = floor
    while b < 2 * n:
        b *= 2
    return b


def sizes(game, max_actions: int | None = None) -> dict:
    """The fixed sizes of a game configuration's spaces: ``num_actions``,
    ``max_chance_outcomes`` and ``max_game_length``."""
    p = probe(game)
    if max_actions is not None and (isinstance(max_actions, bool) or not isinstance(max_actions, int)
                                    or max_actions < 1):
        raise ValueError(f"max_actions must be a positive int, got {max_actions!r}")
    return {
        "num_actions": max_actions or bound(p["max_legal"]),
        "max_chance_outcomes": max(SEED_OUTCOMES, bound(p["max_chance"])),
        # rules bound every game; four times the longest playout seen leaves room for rarer ones
        "max_game_length": max(1000, 4 * p["max_length"]),
    }


def check_count(n: int, limit: int, game, what: str = "legal actions") -> None:
    if n > limit:
        raise ActionSpaceError(
            f"{game.id}: this state has {n} {what}, more than the adapter's space of {limit} "
            "(measured from random playouts); pass max_actions= a larger number"
        )


class ChanceSeed:
    """The pending bytes of a shuffle's seed (immutable: ``add`` returns a new one)."""

    __slots__ = ("bytes",)

    def __init__(self, data: tuple = ()):
        self.bytes = data

    def add(self, b: int) -> "ChanceSeed":
        return ChanceSeed(self.bytes + (b,))

    @property
    def complete(self) -> bool:
        return len(self.bytes) == SEED_NODES

    def value(self) -> int:
        v = 0
        for b in self.bytes:
            v = v * SEED_OUTCOMES + b
        return v


def shuffle_action(state, seed: int):
    """The shuffle outcome that ``seed`` draws at ``state`` (an unlisted chance node)."""
    return state.sample_chance(random.Random(seed))


def features(obs, size: int = OBS_SIZE):
    """The float32 feature vector of an observation dict (see the module notes).

    The path hash is carried down the tree (``crc32`` continued with each key), so no path
    text is built: large views (Boutique Hotel with 8 players) stay cheap to encode.
    """
    import numpy as np

    acc = [0.0] * size
    crc32 = zlib.crc32

    def walk(x, h: int) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, crc32(f"/{k}".encode(), h))
        elif isinstance(x, (list, tuple)):
            acc[crc32(b"#len", h) % size] += len(x)
            for i, v in enumerate(x):
                walk(v, crc32(_INDEX[i] if i < len(_INDEX) else f"/{i}".encode(), h))
        elif x is True:
            acc[h % size] += 1.0
        elif x is False:
            pass
        elif isinstance(x, (int, float)):
            acc[h % size] += float(x)
        elif x is None:
            acc[crc32(b"=None", h) % size] += 1.0
        else:
            acc[crc32(f"={x}".encode(), h) % size] += 1.0

    walk(obs, 0)
    return np.asarray(acc, dtype=np.float32)


_INDEX = [f"/{i}".encode() for i in range(256)]


def rewards(state) -> list[float]:
    """+1 for each winning player seat, -1 for the other player seats (at the end)."""
    n = state.game.num_players
    if not state.is_terminal:
        return [0.0] * n
    won = set(state.winners())
    return [1.0 if s in won else -1.0 for s in range(n)]
