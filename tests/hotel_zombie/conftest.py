"""Helpers for the Hotel Zombie tests.

Card words (``hotellab/games/hotel_zombie/data/*.toml``, reconstructed, ruling HZ-01):
player cards ``ammo10`` (gold 10, ammo 10), ``ammo20``, ``ammo30``, ``knife`` (damage 5, no
ammo), ``pistol`` (15 / 10 ammo), ``shotgun`` (30 / 20), ``rifle`` (45 / 30), ``magnum``
(60 / 40), actions ``search`` (+2 cards), ``hurry`` (+1 card +2 actions), ``barter`` (+1 buy
+20 gold), ``aim`` (+1 action +10 damage), ``scrounge`` (+1 card +1 action +10 gold +10 ammo).
A starting deck is 7 ``ammo10``, 2 ``pistol``, 1 ``knife``.
Mansion cards (health / damage dealt / decorations): ``crawler`` 15/10/1, ``walker`` 20/10/1,
``runner`` 25/15/1, ``bloater`` 35/15/2, ``hound`` 40/20/2, ``brute`` 55/25/3, ``stalker``
70/30/4, ``colossus`` 90/40/5; items ``green_herb`` (heal 20), ``yellow_herb`` (heal 30),
``gunpowder`` (+10 damage). Health starts at 100.

Positions are declared (``game.state_from_position``) with :func:`position`, which fills in
what a test leaves out so that every card is in exactly one place: a player's unlisted
starting cards go to its deck, cards beyond the starting deck come out of the supply, and
the mansion deck is the listed ``mansion`` cards on top of every other mansion card.
"""

from __future__ import annotations

import random
import types
from collections import Counter

import pytest

from hotellab.games.hotel_zombie import components as C
from hotellab.testing.kit import apply_all as run, event_texts as texts, game_loader, playout

GAME = "hotel_zombie"
START = Counter(C.CARD_IDS[c] for c in C.STARTING_DECK)


game = game_loader(GAME, 4)


def position(n=4, *, players=(), mansion=(), stage="game plan", counter=1, options=None, **extra):
    """A declared position table: ``players`` (list of dicts, missing seats default to a
    starting deck in the deck, health 100), ``mansion`` (the mansion deck's top, first card
    first), ``stage`` and any other top-level field in ``extra`` (e.g. ``turn``, ``combat``,
    ``choosing_order``, ``plans_revealed``, ``next``)."""
    supply = {c.id: c.supply for c in C.CARDS}
    table_players = []
    trash = list(extra.pop("trash", []))
    used_mansion: Counter = Counter()
    for p in range(n):
        d = dict(players[p]) if p < len(players) else {}
        d.setdefault("health", C.HEALTH_START)
        for key in ("hand", "discard", "play_area"):
            d.setdefault(key, [])
        listed = Counter(d["hand"]) + Counter(d["discard"]) + Counter(d["play_area"]) + Counter(d.get("deck", []))
        rest = START - listed
        if "deck" not in d:
            d["deck"] = sorted(rest.elements())
            listed += rest
        else:  # starting cards the test placed nowhere were trashed
            trash += list(rest.elements())
        for cid, k in (listed - START).items():
            supply[cid] -= k
        for key in ("face_down",):
            used_mansion.update(d.get(key, []))
        if d.get("fighting"):
            used_mansion[d["fighting"]] += 1
        used_mansion.update(w["card"] for w in d.get("waiting", []))
        used_mansion.update(t["card"] for t in d.get("trophies", []))
        table_players.append(d)
    comb = extra.get("combat", {})
    used_mansion.update(k["card"] for k in comb.get("kill_steal", []))
    disc = list(extra.pop("mansion_discard", []))
    used_mansion.update(disc)
    used_mansion.update(mansion)
    rest = Counter(C.MANSION_IDS[m] for m in C.MANSION_DECK) - used_mansion
    table = {
        "hotel_counter": counter,
        "stage": stage,
        "supply": supply,
        "mansion": {"deck": list(mansion) + sorted(rest.elements()), "discard": disc},
        "players": table_players,
        "trash": trash,
        **extra,
    }
    if options:
        table["options"] = options
    return table


def start(n=4, options=None, **kw):
    """The state a :func:`position` declares."""
    g = game(n, **(options or {}))
    return g.state_from_position(position(n, **kw))


def combat(n=4, *, damage, cards, options=None, health=None, plans=None, **kw):
    """A position where every explorer has played its turn with ``damage[seat]`` and will be
    dealt ``cards[seat]`` (list of mansion words, revealed first to last); seats with
    ``plans[seat] == "inventory"`` skip combat. Returns the state at the first choice of
    how many mansion cards to take (choose with ``take_all``)."""
    plans = plans or ["explore"] * n
    players = []
    mansion = []
    order = sorted((p for p in range(n) if plans[p] == "explore"), key=lambda p: (-damage[p], p))
    for p in order:
        mansion += list(cards[p])
    for p in range(n):
        players.append({"plan": plans[p], "damage": damage[p] if plans[p] == "explore" else 0,
                        "health": (health or [C.HEALTH_START] * n)[p]})
    st = start(n, options=options, players=players, mansion=mansion, stage="mansion cards",
               plans_revealed=True, choosing_order=order, counter=kw.pop("counter", 5), **kw)
    return st, order


def take_all(state, order, cards):
    for p in order:
        state = state.apply(f"p{p} take {len(cards[p])}")
    return state


def play_random(g, seed, agents=None, limit=100_000):
    """Play a whole game with random agents (or the given ones: an agent, or one per seat) from
    ``random.Random(seed)``; returns the list of states (hotellab.testing.kit.playout)."""
    from hotellab.agents import RandomAgent

    return list(playout(g.new_initial_state(), random.Random(seed), agents or RandomAgent(), max_steps=limit))


@pytest.fixture
def hz():
    """The helpers above, as a namespace (tests run in importlib mode: conftest is not
    importable by name)."""
    return types.SimpleNamespace(game=game, run=run, position=position, start=start, combat=combat,
                                 take_all=take_all, play_random=play_random, texts=texts, START=START)
