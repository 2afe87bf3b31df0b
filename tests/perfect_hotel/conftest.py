"""Helpers for the Perfect Hotel tests (fixture ``ph``).

Card numbers (hotellab/games/perfect_hotel/components.py, data/cards.toml): the Build Cards
of each kind in the data file's order (Bedroom 0-12, Restaurant 13-23, Pool 24-33, Lounge
34-42, Spa 43-50, Garden 51-56; the first 2 cards of each kind show a star), then the five
Tourist Group Cards 57-61.

Positions are built in two ways:

1. **Forced shuffle** (preferred). ``ph.start(n, hands={seat: [cards]}, draws=[cards])``
   applies ``chance shuffle <permutation>`` chosen so that the deal gives each listed seat
   those 2 Hand Cards and the House Deck's top cards are ``draws`` in order (then every other
   card in number order). Seat 0 is the first player, so the deal goes 0, 1, ..., n-1, 0, ...

2. **Adjusting a real state**: ``ph.adjust(state, hands=, rows=, hotels=, high=)`` copies
   ``state`` with the engine's own ``_copy()`` and sets fields. Every card given is taken from
   wherever it was (House Deck, a hand, a Tag Row, a hotel), and the cards a hand gives up go
   to the bottom of the House Deck, so that every card is still in exactly one place. ``rows``
   is ``{kind: [(card, seat who placed it), ...]}``, ``hotels`` is ``{seat: [(kind, [cards]),
   ...]}`` bottom floor first. The scores are recomputed. The adjusted state keeps the history
   of ``state`` (use ``apply`` from it; ``to_json`` does not describe it).

``ph.Pick()`` hands out unused card numbers: ``pick.plain("bedroom", 4)``, ``pick.star("pool")``,
``pick.tourist(2)``.
"""

from __future__ import annotations

import types

import pytest

import hotellab as hl
from hotellab.games.perfect_hotel import components as C
from hotellab.games.perfect_hotel import state as PS

GAME = "perfect_hotel"


def game(n=3, **options):
    return hl.load_game(GAME, num_players=n, options=options)


def run(state, *texts):
    for t in texts:
        state = state.apply(t)
    return state


def card_ids(kind: str, star: bool) -> list[int]:
    k = C.KIND_INDEX[kind]
    return [c for c in range(C.NUM_CARDS) if C.KIND[c] == k and bool(C.STAR[c]) == star]


TOURISTS = [c for c in range(C.NUM_CARDS) if C.TOURIST[c]]


class Pick:
    """Hands out card numbers, each at most once."""

    def __init__(self):
        self.used: set[int] = set()

    def _take(self, pool, count):
        out = [c for c in pool if c not in self.used][:count]
        assert len(out) == count, f"not enough cards left in {pool}"
        self.used.update(out)
        return out

    def plain(self, kind, count=1):
        return self._take(card_ids(kind, False), count)

    def star(self, kind, count=1):
        return self._take(card_ids(kind, True), count)

    def tourist(self, count=1):
        return self._take(TOURISTS, count)


def perm(n=3, hands=None, draws=()) -> str:
    """The shuffle permutation (text) that deals ``hands`` and puts ``draws`` on top."""
    hands = hands or {}
    deal = [None] * (C.HAND_DEAL * n)
    for seat, cards in hands.items():
        assert len(cards) == C.HAND_DEAL
        for j, c in enumerate(cards):
            deal[seat + j * n] = c
    fixed = [c for c in deal if c is not None] + list(draws)
    assert len(set(fixed)) == len(fixed), "a card is used twice"
    rest = iter(c for c in range(C.NUM_CARDS) if c not in fixed)
    deal = [c if c is not None else next(rest) for c in deal]
    order = deal + list(draws) + list(rest)
    return ",".join(map(str, order))


def start(n=3, hands=None, draws=(), **options):
    """The state after the forced shuffle and deal (seat 0 to act)."""
    s = game(n, **options).new_initial_state()
    return s.apply(f"chance shuffle {perm(n, hands, draws)}")


def _remove(s, card):
    """Take ``card`` out of wherever it is in ``s`` (a private copy)."""
    rest = s.deck[s.top:]
    if card in rest:
        s.deck = s.deck[:s.top] + tuple(c for c in rest if c != card)
        return
    for seat, hand in enumerate(s.hands):
        if card in hand:
            s.hands = s.hands[:seat] + (tuple(c for c in hand if c != card),) + s.hands[seat + 1:]
            return
    for k, row in enumerate(s.rows):
        if any(e & 63 == card for e in row):
            s.rows = s.rows[:k] + (tuple(e for e in row if e & 63 != card),) + s.rows[k + 1:]
            return
    for seat, hotel in enumerate(s.hotels):
        for f, (kind, cards) in enumerate(hotel):
            if card in cards:
                floor = (kind, tuple(c for c in cards if c != card))
                s.hotels = s.hotels[:seat] + (hotel[:f] + (floor,) + hotel[f + 1:],) + s.hotels[seat + 1:]
                return
    raise AssertionError(f"card {card} is nowhere")


def adjust(state, *, hands=None, rows=None, hotels=None, high=None):
    """A copy of ``state`` with fields set (see the module doc). ``state`` is untouched."""
    s = state._copy()
    n = s.game.num_players
    if hands:
        for seat, cards in hands.items():
            old = [c for c in s.hands[seat] if c not in cards]
            for c in cards:
                _remove(s, c)
            hs = list(s.hands)
            hs[seat] = tuple(sorted(cards))
            s.hands = tuple(hs)
            s.deck = s.deck + tuple(old)  # the cards the hand gives up: to the deck's bottom
    if rows:
        for kind, entries in rows.items():
            k = C.KIND_INDEX[kind]
            for c, _ in entries:
                _remove(s, c)
            rs = list(s.rows)
            rs[k] = tuple(c | seat << 6 for c, seat in entries)
            s.rows = tuple(rs)
    if hotels:
        for seat, floors in hotels.items():
            for _, cards in floors:
                for c in cards:
                    _remove(s, c)
            old = [c for _, cs in s.hotels[seat] for c in cs]
            hs = list(s.hotels)
            hs[seat] = tuple((C.KIND_INDEX[kind], tuple(cards)) for kind, cards in floors)
            s.hotels = tuple(hs)
            s.deck = s.deck + tuple(old)
    if high is not None:
        s.high = sum(1 << C.KIND_INDEX[k] for k in high)
    s.summ = tuple(s._summary(s.hotels[p]) for p in range(n))
    s.hpts = tuple(s._standing(hands=False))
    s.score = s._totals()
    s._legal = None
    return s


def where_all(s) -> list[int]:
    """Every card in the House Deck, hands, Tag Rows and hotels (sorted)."""
    out = list(s.deck[s.top:])
    for h in s.hands:
        out += h
    for row in s.rows:
        out += [e & 63 for e in row]
    for hotel in s.hotels:
        for _, cards in hotel:
            out += cards
    return sorted(out)


def items(state, seat):
    """{category: points} of ``seat``'s score breakdown, after checking that the lines add up
    to the seat's score (the score and the lines are counted separately by the engine)."""
    lines = [i for i in state.score_breakdown() if i.player == seat]
    assert sum(i.points for i in lines) == state.scores[seat], (seat, lines, state.scores)
    return {i.category: i.points for i in lines}


def texts(state):
    return [e.text for e in state.events]


def legal_texts(state):
    return sorted(str(a) for a in state.legal_actions())


@pytest.fixture
def ph():
    return types.SimpleNamespace(
        game=game, run=run, start=start, perm=perm, adjust=adjust, Pick=Pick, card_ids=card_ids,
        TOURISTS=TOURISTS, where_all=where_all, items=items, texts=texts, legal_texts=legal_texts,
        C=C, PS=PS,
    )
