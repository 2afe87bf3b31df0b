"""Helpers for the Hellton Palace tests (fixture ``hp``).

Positions are built in two ways:

1. **Forced actions** (preferred). ``hp.start(display=...)`` applies a forced display (by
   default cards 1-18 in order: the lowest row holds cards 1-6, the middle row 7-12, the
   highest row 13-18) and returns Red's first welcome; ``hp.run(state, *texts)`` applies
   action texts.

2. **Declared positions** for effect and groom tests: ``hp.adjust(state, ...)`` writes the
   state's position (``state.to_position()``), changes fields and reads it back with
   ``game.state_from_position`` — so every test position passes the game's position checks
   (each card in one place, values in range, a step consistent with the board):

   - ``hotels={seat: {room: card | (card, "b") | FILLER | None}}`` puts guests (side a unless
     given) in rooms of that hotel (None empties the room; FILLER: a plain neighbour, a
     different card each time). A card taken from the display
     leaves an empty slot; a card from the box sends the display's last card (highest row,
     right to left, that no hotel holds) back to the box, so 18 cards stay in play;
   - ``irritated={seat: [rooms]}`` sets exactly those irritation tokens;
   - ``pillars={seat: [c1, c2, c3]}``, ``doorbells={seat: n}``, ``coins={seat: n}``,
     ``hired={seat: ["placer", ...]}``, ``fr_row={seat: row}``, ``welcomed=room``,
     ``reached={seat: last room served, or 10 for a completed tour}``;
   - ``step``, ``player``, ``groom_room``, ``turn``: the node (see ``position.py``).

   ``hp.at_room(state, seat, room, **adjust)`` puts ``seat``'s groom in front of ``room``
   (step "serve"); ``hp.at_hire(state, seat, **adjust)`` puts ``seat`` at the hire step. The
   adjusted state starts its history at that position (``state.start_position``).

Other helpers: ``hp.texts(s)`` sorted legal action texts; ``hp.events(s)`` the texts of the
last action's events; ``hp.tokens(s, seat)`` the irritated rooms; ``hp.position(s)`` a copy of
``s.to_position()``.
"""

from __future__ import annotations

import copy
import types

import pytest

from hotellab.games.hellton_palace import components as C
from hotellab.games.hellton_palace import state as HS
from hotellab.testing.kit import apply_all as run, event_texts, game_loader, legal_texts

GAME = "hellton_palace"
DEFAULT_DISPLAY = tuple(range(1, 19))
SEATS = ("Red", "Blue")
FILLER = "filler"
"""A plain neighbour in ``adjust(hotels=...)``: each FILLER becomes a different card of
FILLER_CARDS that the call does not place otherwise (a guest matters only when served)."""
FILLER_CARDS = (27, 28, 29, 30, 31, 33, 19, 20, 22, 24, 25, 26)
ROWS = ("lowest", "middle", "highest")


game = game_loader(GAME)


def start(display=DEFAULT_DISPLAY, **options):
    s = game(**options).new_initial_state()
    return s.apply("chance display " + ",".join(map(str, display)))


def position(state):
    return copy.deepcopy(state.to_position())


def adjust(state, *, hotels=None, irritated=None, pillars=None, doorbells=None, coins=None,
           hired=None, fr_row=None, welcomed=None, reached=None, step=None, player=None, groom_room=None,
           turn=None):
    pos = position(state)
    disp = pos["display"]
    placed = {(seat, room): card for seat, rooms in (hotels or {}).items() for room, card in rooms.items()}
    taken = {(c[0] if isinstance(c, tuple) else c) for c in placed.values() if c not in (None, FILLER)}
    fillers = (c for c in FILLER_CARDS if c not in taken)
    placed = {k: (next(fillers) if c == FILLER else c) for k, c in sorted(placed.items())}
    wanted = {(c[0] if isinstance(c, tuple) else c) for c in placed.values() if c is not None}
    in_hotels = {g["card"] for h in pos["hotels"].values() for g in h["rooms"].values()}
    boxed = 0  # guests replaced by another went back to the box: that many box cards come in freely
    for (seat, room), card in placed.items():
        rooms = pos["hotels"][SEATS[seat]]["rooms"]
        old = rooms.pop(str(room), None)
        if old is not None and old["card"] not in wanted:
            in_hotels.discard(old["card"])
            boxed += 1
        if card is None:
            continue
        side = "a"
        if isinstance(card, tuple):
            card, side = card
        on_display = [(r, i) for r in ROWS for i, c in enumerate(disp[r]) if c == card]
        if on_display:
            r, i = on_display[0]
            disp[r][i] = 0
        elif card not in in_hotels and boxed:
            boxed -= 1
        elif card not in in_hotels:  # from the box: the display's last card goes back to the box
            for r in reversed(ROWS):
                i = next((i for i in range(5, -1, -1) if disp[r][i] and disp[r][i] not in wanted), None)
                if i is not None:
                    disp[r][i] = 0
                    break
        else:  # moved from another room: empty that room unless this call fills it
            for h in pos["hotels"].values():
                for k, g in list(h["rooms"].items()):
                    if g["card"] == card:
                        del h["rooms"][k]
        in_hotels.add(card)
        rooms[str(room)] = {"card": card, "side": side}
    for seat, rooms in (irritated or {}).items():
        for k, g in pos["hotels"][SEATS[seat]]["rooms"].items():
            g["irritated"] = int(k) in rooms
    for key, values in (("pillars", pillars), ("doorbells", doorbells), ("coins", coins)):
        for seat, v in (values or {}).items():
            pos["hotels"][SEATS[seat]][key] = list(v) if key == "pillars" else v
    for seat, names in (hired or {}).items():
        pos["hotels"][SEATS[seat]]["grooms_hired"] = list(names)
    for seat, v in (fr_row or {}).items():
        h = pos["hotels"][SEATS[seat]]
        h.pop("false_reservation_row", None)
        if v:
            h["false_reservation_row"] = ROWS[v - 1]
    for seat, v in (reached or {}).items():
        h = pos["hotels"][SEATS[seat]]
        h["tour_complete"] = v == HS.COMPLETE
        h["last_room_served"] = 0 if v == HS.COMPLETE else v
    if welcomed is not None:
        pos["welcomed_room"] = welcomed
    for key, v in (("step", step), ("player", player), ("groom_room", groom_room), ("turn", turn)):
        if v is not None:
            pos[key] = SEATS[v] if key == "player" else v
    if pos["step"] not in ("serve", "target", "pillar"):
        pos.pop("groom_room", None)
    return state.game.state_from_position(pos)


def at_room(state, seat, room, **kw):
    """``seat``'s groom in front of ``room`` (step 4, serve or not), from a fresh tour."""
    kw.setdefault("reached", {})
    kw["reached"].setdefault(seat, 0)
    return adjust(state, step="serve", player=seat, groom_room=room, turn=max(state.round, 1), **kw)


def at_hire(state, seat, **kw):
    """``seat`` at step 3, Hire Your Grooms."""
    return adjust(state, step="hire", player=seat, turn=max(state.round, 1), **kw)


def tokens(s, seat):
    return [r for r in range(1, 10) if s.tokens[seat] >> r & 1]


@pytest.fixture
def hp():
    return types.SimpleNamespace(
        game=game, run=run, start=start, adjust=adjust, at_room=at_room, at_hire=at_hire, position=position,
        texts=legal_texts, events=event_texts, tokens=tokens, C=C, HS=HS, GAME=GAME, FILLER=FILLER,
    )
