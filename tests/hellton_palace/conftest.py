"""Helpers for the Hellton Palace tests (fixture ``hp``).

Positions are built in two ways:

1. **Forced actions** (preferred). ``hp.start(display=...)`` applies a forced display (by
   default cards 1-18 in order: the lowest row holds cards 1-6, the middle row 7-12, the
   highest row 13-18) and returns Red's first welcome; ``hp.run(state, *texts)`` applies
   action texts.

2. **Adjusting a real state** for effect and groom tests: ``hp.adjust(state, ...)`` copies a
   state with ``state._copy()`` (every mutable list is fresh) and sets fields:

   - ``hotels={seat: {room: card | (card, "b") | None}}`` puts guests (side a unless
     given) in rooms of that hotel (None empties the room); cards are taken out of the display
     (their slot becomes empty) so every card is in one place only;
   - ``irritated={seat: [rooms]}`` sets exactly those irritation tokens;
   - ``pillars={seat: [c1, c2, c3]}``, ``doorbells={seat: n}``, ``coins={seat: n}``,
     ``hired={seat: ["placer", ...]}``, ``fr_row={seat: row}``, ``welcomed=room``.

   ``hp.at_room(state, seat, room, **adjust)`` then puts ``seat``'s groom in front of
   ``room`` (the tour node); ``hp.at_hire(state, seat, **adjust)`` puts ``seat`` at the hire
   step. The adjusted state carries the history of the state it came from (so ``to_json``
   does not describe it: only use ``apply`` from there).

Other helpers: ``hp.texts(s)`` sorted legal action texts; ``hp.events(s)`` the texts of the
last action's events; ``hp.tokens(s, seat)`` the irritated rooms.
"""

from __future__ import annotations

import types

import pytest

import hotellab as hl
from hotellab.games.hellton_palace import components as C
from hotellab.games.hellton_palace import state as HS

GAME = "hellton_palace"
DEFAULT_DISPLAY = tuple(range(1, 19))


def game(**options):
    return hl.load_game(GAME, options=options)


def run(state, *texts):
    for t in texts:
        state = state.apply(t)
    return state


def start(display=DEFAULT_DISPLAY, **options):
    s = game(**options).new_initial_state()
    return s.apply("chance display " + ",".join(map(str, display)))


def adjust(state, *, hotels=None, irritated=None, pillars=None, doorbells=None, coins=None,
           hired=None, fr_row=None, welcomed=None):
    s = state._copy()
    for seat, rooms in (hotels or {}).items():
        for room, card in rooms.items():
            if card is None:
                s.guests[seat][room] = 0
                continue
            side = 0
            if isinstance(card, tuple):
                card, side = card[0], "ab".index(card[1])
            s.display = tuple(tuple(0 if c == card else c for c in row) for row in s.display)
            s.guests[seat][room] = card * 2 + side
    for seat, rooms in (irritated or {}).items():
        s.tokens[seat] = sum(1 << r for r in rooms)
    for seat, v in (pillars or {}).items():
        s.pillars[seat] = list(v)
    for seat, v in (doorbells or {}).items():
        s.doorbells[seat] = v
    for seat, v in (coins or {}).items():
        s.coins[seat] = v
    for seat, names in (hired or {}).items():
        s.hired[seat] = sum(1 << HS.GROOM_INDEX[n] for n in names)
    for seat, v in (fr_row or {}).items():
        s.fr_row[seat] = v
    if welcomed is not None:
        s.welcomed = welcomed
    s._legal = None
    return s


def at_room(state, seat, room, **kw):
    s = adjust(state, **kw)
    s.active = seat
    s.round = max(s.round, 1)
    s.cursor = room
    s.serving = 0
    s.todo = ()
    s.node = (HS.N_SERVE, seat)
    s._legal = None
    assert s.guests[seat][room], "at_room needs a guest in the room"
    return s


def at_hire(state, seat, **kw):
    s = adjust(state, **kw)
    s.active = seat
    s.round = max(s.round, 1)
    s.cursor = 0
    s.node = (HS.N_HIRE, seat)
    s._legal = None
    return s


def texts(s):
    return sorted(str(a) for a in s.legal_actions())


def events(s):
    return [e.text for e in s.events]


def tokens(s, seat):
    return [r for r in range(1, 10) if s.tokens[seat] >> r & 1]


@pytest.fixture
def hp():
    return types.SimpleNamespace(
        game=game, run=run, start=start, adjust=adjust, at_room=at_room, at_hire=at_hire,
        texts=texts, events=events, tokens=tokens, C=C, HS=HS, GAME=GAME,
    )
