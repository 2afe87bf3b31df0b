"""Hostil Hostal components, read from the TOML files in ``data/``.

Every record carries ``provenance`` ("rulebook" or "reconstructed") and a reason; see
``docs/rulings/hostil_hostal.md``. Replace a data file with the printed values of your
copy of the game to play with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.data import read_data

DATA = Path(__file__).with_name("data")

COLOURS = ("blue", "red", "orange", "green", "yellow")
"""Player colours in seat order (the rulebook's component list: blue, red, orange, green, yellow)."""
COLOUR_HEX = {"blue": "#2b6cd4", "red": "#d43b2b", "orange": "#f08c1a", "green": "#2f9e44", "yellow": "#e6c619"}

# Inn positions (floor, column), in the order rooms are laid: "Floor 1: Lobby, Room (2-5),
# Room (3-5), Room (5)"; "Floor 2: Room (2-5), Room (4-5)". The Lobby is column 0 of floor 1.
# Floor-2 rooms stand above the first floor-1 rooms (ruling HH-04).
POSITIONS = {
    2: ((1, 1), (1, 2), (2, 1)),  # 2-player variant: "Place three rooms as if playing with three players"
    3: ((1, 1), (1, 2), (2, 1)),
    4: ((1, 1), (1, 2), (2, 1), (2, 2)),
    5: ((1, 1), (1, 2), (1, 3), (2, 1), (2, 2)),
}

TOOLS = 12
"""Card number of Mr. Tools."""
MAX_WEAR = 6
START_REST = 15
GUESTS_PER_PLAYER = 4
CARDS_DRAWN_AT_DUSK = 3


@dataclass(frozen=True)
class Card:
    number: int
    name: str
    effect: str
    lock: bool
    guest_icon: bool


@dataclass(frozen=True)
class RoomSide:
    """One side of a room board: ``beds`` is a tuple of (row, col, value)."""

    number: int
    side: str
    rug: int
    beds: tuple
    adjacent: tuple  # per bed: tuple of orthogonally adjacent bed indices


def _check(cond: bool, file: str, msg: str) -> None:
    if not cond:
        raise ValueError(f"hostil_hostal data/{file}: {msg}")


@lru_cache(maxsize=None)
def cards() -> dict[int, Card]:
    """The 12 event cards by number."""
    data = read_data(DATA, "cards.toml")
    out = {}
    for rec in data["card"]:
        out[rec["number"]] = Card(rec["number"], rec["name"], rec["effect"], bool(rec["lock"]), bool(rec["guest_icon"]))
    _check(sorted(out) == list(range(1, 13)), "cards.toml", "needs cards numbered 1 to 12")
    return out


@lru_cache(maxsize=None)
def rooms() -> dict[tuple[int, str], RoomSide]:
    """The 10 room sides by (number, side)."""
    data = read_data(DATA, "rooms.toml")
    out = {}
    for rec in data["room"]:
        beds = tuple((b["row"], b["col"], b["value"]) for b in rec["beds"])
        adj = tuple(
            tuple(j for j, (r2, c2, _) in enumerate(beds) if abs(r - r2) + abs(c - c2) == 1)
            for (r, c, _) in beds
        )
        out[(rec["number"], rec["side"])] = RoomSide(rec["number"], rec["side"], rec["rug"], beds, adj)
    _check(
        sorted(out) == [(n, s) for n in range(1, 6) for s in "AB"],
        "rooms.toml",
        "needs rooms 1-5, each with an A and a B side",
    )
    return out


@lru_cache(maxsize=None)
def dice() -> dict[str, tuple[int, ...]]:
    """Faces of the wear dice and of the misfortune die: {"wear": (...), "misfortune": (...)}."""
    data = read_data(DATA, "dice.toml")
    out = {name: tuple(data[name]["faces"]) for name in ("wear", "misfortune")}
    for name, faces in out.items():
        _check(bool(faces) and all(isinstance(f, int) for f in faces), "dice.toml", f"{name}: faces must be integers")
    return out


@lru_cache(maxsize=None)
def reforms() -> dict[int, dict[str, int]]:
    """The 5 reform boards: id -> {"a": rug value, "b": rug value}."""
    data = read_data(DATA, "reforms.toml")
    out = {rec["id"]: {"a": rec["a"], "b": rec["b"]} for rec in data["reform"]}
    _check(len(out) == 5, "reforms.toml", "needs 5 reform boards")
    return out
