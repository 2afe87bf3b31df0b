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

2. **Declared positions** (issue 8): ``ph.adjust(state, hands=, rows=, hotels=, high=, step=,
   player=)`` writes ``state.to_position()``, changes fields and reads it back with
   ``game.state_from_position``, which checks every field. Every card given is taken from
   wherever it was (House Deck, a hand, a Tag Row, a hotel), and the cards a hand, row or
   hotel gives up go to the bottom of the House Deck, so that every card is still in exactly
   one place. ``rows`` is ``{kind: [(card, seat who placed it), ...]}``, ``hotels`` is
   ``{seat: [(kind, [cards]), ...]}`` bottom floor first. The new state's history starts at
   that position. ``ph.ended(n, hands=, hotels=, point_track=)`` declares the end of a game.

``ph.Pick()`` hands out unused card numbers: ``pick.plain("bedroom", 4)``, ``pick.star("pool")``,
``pick.tourist(2)``.
"""

from __future__ import annotations

import types

import pytest

from hotellab.games.perfect_hotel import components as C
from hotellab.games.perfect_hotel import state as PS
from hotellab.testing.kit import apply_all as run, event_texts as texts, forced_order, game_loader, legal_texts

GAME = "perfect_hotel"


game = game_loader(GAME, 3)


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
    """The shuffle permutation (text) that deals ``hands`` (one card at a time from seat 0: card
    ``j`` of ``seat`` is the deck's ``seat + j * n``) and puts ``draws`` on top of the House
    Deck; every other card in number order. A card given twice: ValueError."""
    fixed = {}
    for seat, cards in (hands or {}).items():
        assert len(cards) == C.HAND_DEAL
        fixed.update({seat + j * n: c for j, c in enumerate(cards)})
    fixed.update({C.HAND_DEAL * n + i: c for i, c in enumerate(draws)})
    return ",".join(map(str, forced_order(C.NUM_CARDS, fixed)))


def start(n=3, hands=None, draws=(), **options):
    """The state after the forced shuffle and deal (seat 0 to act)."""
    s = game(n, **options).new_initial_state()
    return s.apply(f"chance shuffle {perm(n, hands, draws)}")


def _take_out(pos, card) -> None:
    """Take ``card`` (a number) out of wherever the position table ``pos`` has it."""
    if card in pos["house_deck"]:
        pos["house_deck"].remove(card)
        return
    for hand in pos["hands"].values():
        if card in hand:
            hand.remove(card)
            return
    for row in pos["tag_rows"].values():
        for e in row:
            if e["card"] == card:
                row.remove(e)
                return
    for floors in pos["hotels"].values():
        for f in floors:
            if card in f["cards"]:
                f["cards"].remove(card)
                return
    raise AssertionError(f"card {card} is nowhere")


def adjust(state, *, hands=None, rows=None, hotels=None, high=None, step=None, player=None):
    """The state of a declared position: ``state.to_position()`` with fields changed, read
    back with ``game.state_from_position`` (which checks every field: each card in one place,
    rows, floors and sets legal). See the module doc; ``step``/``player`` set whose decision
    is next ("turn" or "place", a seat number)."""
    pos = state.to_position()
    name = state.game.seat_label
    deck = pos["house_deck"]
    if hands:
        for seat, cards in hands.items():
            old = [c for c in pos["hands"][name(seat)] if c not in cards]
            for c in cards:
                _take_out(pos, c)
            pos["hands"][name(seat)] = sorted(cards)
            deck += old  # the cards the hand gives up: to the deck's bottom
    if rows:
        for kind, entries in rows.items():
            old = [e["card"] for e in pos["tag_rows"][kind] if e["card"] not in [c for c, _ in entries]]
            for c, _ in entries:
                _take_out(pos, c)
            pos["tag_rows"][kind] = [{"card": c, "placed_by": name(seat)} for c, seat in entries]
            deck += old
    if hotels:
        for seat, floors in hotels.items():
            given = [c for _, cards in floors for c in cards]
            old = [c for f in pos["hotels"][name(seat)] for c in f["cards"] if c not in given]
            for c in given:
                _take_out(pos, c)
            pos["hotels"][name(seat)] = [{"kind": kind, "cards": list(cards)} for kind, cards in floors]
            deck += old
    if high is not None:
        pos["high_season"] = list(high)
    if step is not None:
        pos["step"] = step
        pos["player"] = name(player)
    if pos["step"] == "place" and "drawn" in pos:
        pos["drawn"] = [c for c in pos["drawn"] if c in pos["hands"][pos["player"]]]
    else:
        pos.pop("drawn", None)
    return state.game.state_from_position(pos)


def ended(n, hands=None, hotels=None, point_track=(), **options):
    """A declared position at the end of a game (step "end") of ``n`` players: ``hands``
    {seat: [cards]}, ``hotels`` {seat: [(kind, [cards])]}, every other card on the Tag Row of
    its kind (a Tourist on the first row without one), the House Deck empty. ``point_track``
    is the count of the game, which the position must state (state_from_position checks it)."""
    g = game(n, **options)
    name = g.seat_label
    hands = hands or {}
    hotels = hotels or {}
    used = {c for cs in hands.values() for c in cs} | {c for fl in hotels.values() for _, cs in fl for c in cs}
    rows = {k: [] for k in C.KIND_IDS}
    free_rows = list(C.KIND_IDS)
    for c in range(C.NUM_CARDS):
        if c in used:
            continue
        kind = free_rows.pop(0) if C.TOURIST[c] else C.KIND_IDS[C.KIND[c]]
        rows[kind].append({"card": c, "placed_by": name(0)})
    return g.state_from_position({
        "step": "end", "point_track": [list(point_track)], "house_deck": [],
        "hands": {name(s): list(cs) for s, cs in hands.items()},
        "hotels": {name(s): [{"kind": k, "cards": list(cs)} for k, cs in fl] for s, fl in hotels.items()},
        "tag_rows": rows,
    })


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


@pytest.fixture
def ph():
    return types.SimpleNamespace(
        game=game, run=run, start=start, perm=perm, adjust=adjust, Pick=Pick, card_ids=card_ids,
        TOURISTS=TOURISTS, where_all=where_all, ended=ended, items=items, texts=texts, legal_texts=legal_texts,
        C=C, PS=PS,
    )
