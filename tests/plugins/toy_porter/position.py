"""Night Porter's positions as a schema: the shape (``Position``, pydantic), the writer and
the builder, which lists every rule a position breaks (``hotellab.core.position``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from hotellab.core.position import Problems

from . import rules as R
from .state import END, ROLL, SHUFFLE, TURN, ToyPorterState


class Position(BaseModel):
    """Where the keys and tips are, and whose turn it is."""

    model_config = ConfigDict(extra="forbid", strict=True)
    stage: Literal["roll", "shuffle", "turn", "end"] = Field(description="the node: roll, shuffle, turn or end")
    keys: int = Field(ge=0, le=12, description="keys on the key board", json_schema_extra={"rule": "Setup"})
    tips: list[int] = Field(description="each porter's tip card (0: not dealt yet)",
                            json_schema_extra={"rule": "Setup / Tips"})
    deck: list[int] = Field(description="the tip cards left in the deck", json_schema_extra={"rule": "Setup / Tips"})
    turn: int = Field(ge=0, le=12, description="turns taken so far")
    last_taker: int = Field(ge=-1, le=3, description="the porter who took keys last (-1: none)")


def write(s: ToyPorterState) -> dict:
    return {"stage": s.node.kind, "keys": s.keys, "tips": list(s.tips), "deck": list(s.deck),
            "turn": s.turn, "last_taker": s.last}


def build(game, p: Position, problems: Problems) -> ToyPorterState:
    s = ToyPorterState.initial(game)
    n = game.num_players
    problems.check(len(p.tips) == n, "tips", f"needs one tip per porter ({n}), got {len(p.tips)}", R.R_TIPS)
    for i, t in enumerate(p.tips + p.deck):
        where = f"tips[{i}]" if i < len(p.tips) else f"deck[{i - len(p.tips)}]"
        problems.check(0 <= t <= 6, where, f"must be from 0 to 6, got {t}", R.R_TIPS)
    dealt = p.stage in ("turn", "end")
    if dealt:
        problems.check(sorted(p.tips + p.deck) == list(R.TIPS), "deck",
                       "the tips and the deck must hold the tip cards 1-6, each once", R.R_TIPS)
    else:
        problems.check(not any(p.tips) and not p.deck, "tips", "no tip is dealt before the shuffle", R.R_TIPS)
    problems.check((p.stage == "end") == (p.keys == 0 and dealt), "keys",
                   "the game ends exactly when the last key is taken", R.R_END)
    problems.check(p.stage != "end" or p.last_taker >= 0, "last_taker",
                   "a finished game needs the porter who took the last key", R.R_END)
    problems.check(p.last_taker < n, "last_taker", f"must be a seat from -1 to {n - 1}, got {p.last_taker}")
    s.keys, s.tips, s.deck, s.turn, s.last = p.keys, tuple(p.tips), tuple(p.deck), p.turn, p.last_taker
    s.node = {"roll": ROLL, "shuffle": SHUFFLE, "end": END}.get(p.stage) or TURN[p.turn % n]
    return s
