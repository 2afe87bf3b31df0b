"""Perfect Hotel: players build hotels floor by floor from sets of cards of one kind.

Rules: the Perfect Hotel Rulebook (2-4 players). A turn is Research (draw 2 from the House
Deck, then place 1 hand card on the Tag Row of its kind) or Build (a set of 2+ cards of one
kind: a whole Tag Row plus matching hand cards, or hand cards only; the set is a new Floor on
top of the hotel). One set per kind, except an Annex on top of the last-built set of that
kind. Tourist Group Cards are wild, -3 each in the hotel or left in hand. The game ends when
the House Deck runs out (after the last drawer's placement); each kind's points go to the
biggest set (ties: each tied player scores its card count), then the Award Cards. Variants:
High-Season mode, Star Bonus, and a match of several games on the Point Track. The deck's
make-up is reconstructed data (``data/cards.toml``) and every reading of an unclear rule is in
``docs/rulings/perfect_hotel.md`` (PH-xx).

This module holds the rules in the rulebook's order (Game Setup, Gameplay: A. Research,
B. Build, End of turn; Game End; Point Calculation and Award Cards; Point Track Board), one
method per step, and the moves as data (:data:`ACTIONS`, contract v2: the core parses,
checks, lists, applies, words and targets every action through it). Refusals and sentences
are in :mod:`.explain`, declared positions in :mod:`.position` (read only by the game's
position schema: this module never imports it, nor the view).

Encodings (internal, compact so that ``apply`` copies cheaply; see :mod:`.components`):

- a card is an int 0-61 (``components.KIND[c]``: 0-5, or 6 for a Tourist Group Card);
- a hand is a sorted tuple of cards; a Tag Row a tuple of cards packed with the seat that
  placed it (``components.ROW_CARD``: who alone saw its face when it went face down);
- a hotel is a tuple of floors from the bottom up, a floor ``(kind, cards)``; a floor directly
  on top of a floor of the same kind is an Annex (one set with it);
- ``node`` is a core :class:`~hotellab.core.node.Node` (kind, seat, the action kinds allowed):
  :data:`SHUFFLE`, :data:`TURN` and :data:`PLACE` (one per seat) or :data:`END`;
- the award columns ``ck`` pack one count per seat (:data:`COLUMN`).

The actions' text forms are :data:`ACTIONS`' grammar (``docs/games/perfect_hotel-actions.md``).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from operator import add, sub

from ...core.actions import CHANCE, TERMINAL, Action
from ...core.kinds import INT, INTS, WORD, ActionKind, ActionTable, Arg
from ...core.node import Node
from ...core.rules import Event, RuleRef, ScoreItem
from ...core.state import State
from ...core.storage import Packing, replaced
from . import explain as X
from .components import (
    CHEAP_HOTEL, CHEAP_HOTEL_KINDS, CLASS, HAND_DEAL, HIGH_SEASON_MIN, KIND, KINDS, KIND_IDS, KIND_INDEX,
    MIN_SET, NUM_CARDS, PERFECT_VIEW, PERFECT_VIEW_TIE, RESEARCH_DRAW, ROW_CARD, SKY_ROOM, STAR, TOURIST,
    TOURIST_PENALTY,
)
from .rules import (
    N_END, N_PLACE, N_SHUFFLE, N_TURN, R_ANNEX, R_BUILD, R_BUILD_HAND, R_BUILD_ROW, R_CARDS, R_CHEAP_HOTEL, R_COUNT,
    R_DRAW, R_END, R_FIRST, R_HIGH_SEASON, R_HIGH_SEASON_FLIP, R_HOUSE_DECK, R_LAST, R_MAJORITY, R_MOGUL, R_NEXT,
    R_ONE_TOURIST, R_PENALTY, R_PERFECT_VIEW, R_PLACE, R_PLAYERS, R_ROUNDS, R_SETUP, R_SKY_ROOM, R_STAR, R_TAGS,
    R_TIE, R_TOURIST_ALONE, R_TOURIST_BACK, R_TRACK, R_TRACKERS, R_TURN, R_WILD, kind_rule,
)

_STAR, _TOUR, _CLASS = STAR, TOURIST, CLASS
_KINDS = KINDS
_IDS = KIND_IDS
_ALL = tuple(range(NUM_CARDS))
_FIRST_TOURIST = _TOUR.index(1)
assert all(_TOUR[c] for c in range(_FIRST_TOURIST, NUM_CARDS)), "Tourist Group Cards are numbered last"
_EMPTY_SUMMARY = ((0,) * 6, 0, 0, 0, 0)
_KIND_POINTS = tuple(k.points for k in _KINDS)
_CLASS_LO = tuple(_CLASS.index(cls) for cls in range(13))
"""The lowest card number of each class: a class's cards are numbered in a row (checked below)."""
assert all(_CLASS[c] == cls for cls in range(13) for c in range(_CLASS_LO[cls], _CLASS_LO[cls] + _CLASS.count(cls)))

_KIND_LO = tuple(min(_CLASS_LO[2 * k], _CLASS_LO[2 * k + 1]) for k in range(6))
"""The lowest card number of each kind (its starred and plain cards are numbered in a row)."""

_BUILD_MEMO: dict = {}
_EMPTY_TABLE: dict = {}  # (players, star_bonus) -> (summ, ck, hpts, score) of the table before Game Setup
_PLACE_MEMO: dict = {}  # (seat, classes in hand, rows without a Tourist) -> the place actions
_CLASS_BIT = tuple(1 << cls for cls in _CLASS)
_TOURIST_BIT = 1 << 12
SHUFFLE = Node(N_SHUFFLE, CHANCE, ("shuffle",))
"""Game Setup / 1: chance shuffles and deals (each game of a match)."""
TURN = tuple(Node(N_TURN, p, ("research", "build", "place")) for p in range(4))
"""Gameplay: seat p researches or builds. It names ``place`` too (listed with ``research``,
whose generator lists no placement before the draw): so that a placement before the draw is
refused by the place check, citing A. Research / 1 ("research first"), not by the core's
generic "cannot be played now" (the tutorial's lesson 3 asks exactly that)."""
PLACE = tuple(Node(N_PLACE, p, ("place",)) for p in range(4))
"""A. Research / 2: seat p places 1 card on a Tag Row."""
END = Node(N_END, TERMINAL)
"""Game End: the match is over."""
_CARD_BITS = ROW_CARD.mask["card"]
_SEAT_SHIFT = ROW_CARD.shift["seat"]
"""A Tag Row card's parts (``components.ROW_CARD``), read in the hot steps without a call."""
COLUMN = Packing(*((f"seat{s}", 6) for s in range(4)))
"""An award column (:func:`_column_keys`): one count per seat (cards of a kind, floors, cards
on the top floor; each below 64)."""
_COL_SHIFT = tuple(COLUMN.shift[f"seat{s}"] for s in range(4))
_COL_GET = tuple(COLUMN.accessor(f"seat{s}") for s in range(4))
_RESEARCH = tuple(Action("research", (), p) for p in range(4))
"""Each seat's Research action (Actions are immutable: every state shares them)."""
_PLACE = tuple(
    tuple(Action("place", (_IDS[cls // 2], ("plain", "star")[cls % 2]), p) for cls in range(12))
    + tuple(Action("place", (_IDS[k], "tourist"), p) for k in range(6))
    for p in range(4)
)
"""Per seat, the place actions: index kind * 2 + star (a Build Card on its own row), then
12 + row (a Tourist Group card on that row)."""


_AWARD_MEMO: dict = {}


def _award(award: int, col: tuple) -> list:
    """Per seat, the points one award gives for ``col`` (one count per seat): ``award`` 0-5 the
    majority of that kind (its points to a sole leader; in a tie each tied seat gets its
    count of cards), 6 Perfect View (most floors: 5, tied: 1 each), 7 Sky Room (most cards on
    the top floor: 3, tied: 0) (Point Calculation; Award Cards)."""
    best = max(col)
    out = [0] * len(col)
    if best:
        sole = col.count(best) == 1
        if award < 6:
            for s, v in enumerate(col):
                if v == best:
                    if sole:
                        out[s] = _KIND_POINTS[award]  # the kind's points to the sole leader
                    else:
                        out[s] = best  # a tie: each tied seat its count of cards
        elif award == 6:
            for s, v in enumerate(col):
                if v == best:
                    out[s] = PERFECT_VIEW if sole else PERFECT_VIEW_TIE
        elif sole:
            out[col.index(best)] = SKY_ROOM
    return out


def _column_keys(summ: tuple) -> tuple:
    """The award columns of the hotel summaries, each one int packing one count per seat
    (:data:`COLUMN`): the cards of each kind (6 columns), the floors, the cards on the top
    floor. :meth:`PerfectHotelState._rescored` keeps them up to date."""
    out = [0] * 8
    for s, (cnt, _, _, floors, top) in enumerate(summ):
        sh = _COL_SHIFT[s]
        for k in range(6):
            out[k] += cnt[k] << sh
        out[6] += floors << sh
        out[7] += top << sh
    return tuple(out)


def _own_lines(kinds: int, tour: int, stars: int, in_hand: int, star_bonus: bool) -> list:
    """A seat's own score lines, (category, points, rule) each, from its hotel (``kinds``
    built, ``tour`` Tourist Group Cards and ``stars`` starred cards in it) and the ``in_hand``
    Tourist Group Cards in its hand: the Tourist Group penalty (Tourist Group Cards: -3 per
    card in the hotel or in hand), the Star Bonus (option ``star_bonus``: +1 per star) and
    Cheap Hotel (Award Cards: -3 for fewer than 4 kinds)."""
    out = []
    if tour or in_hand:
        where = " + ".join(x for x in (f"{tour} in the hotel" if tour else "",
                                       f"{in_hand} in hand" if in_hand else "") if x)
        out.append((f"Tourist Group penalty ({where})", TOURIST_PENALTY * (tour + in_hand), R_PENALTY))
    if star_bonus and stars:
        out.append((f"Star Bonus ({stars} \u2605)", stars, R_STAR))
    if kinds < CHEAP_HOTEL_KINDS:
        out.append((f"Cheap Hotel ({_plural(kinds, 'kind')})", CHEAP_HOTEL, R_CHEAP_HOTEL))
    return out


_OWN_MEMO: dict = {}


def _own_points(summary: tuple, star_bonus: bool) -> int:
    """The points of :func:`_own_lines` of a hotel ``summary`` without a hand (memoised by
    ``(summary, star_bonus)``)."""
    key = (summary, star_bonus)
    hit = _OWN_MEMO.get(key)
    if hit is None:
        if len(_OWN_MEMO) > 200_000:
            _OWN_MEMO.clear()
        hit = _OWN_MEMO[key] = sum(p for _, p, _ in _own_lines(6 - summary[0].count(0), summary[1], summary[2], 0,
                                                                star_bonus))
    return hit


def _award_change(award: int, n: int, before: int, after: int) -> tuple:
    """Per seat (``n`` seats), the change of :func:`_award`'s points when its column goes from
    ``before`` to ``after`` (see :func:`_column_keys`; memoised: columns repeat, and a pair not
    seen yet is made from the points of each column, memoised too)."""
    if before == after:
        return _ZEROS[n]
    key = (award, n, before, after)
    hit = _AWARD_MEMO.get(key)
    if hit is None:
        if len(_AWARD_MEMO) > 200_000:
            _AWARD_MEMO.clear()
        hit = _AWARD_MEMO[key] = tuple(map(sub, _award_points(award, n, after), _award_points(award, n, before)))
    return hit


_POINTS_MEMO: dict = {}


def _award_points(award: int, n: int, column: int) -> tuple:
    """Per seat (``n`` seats), :func:`_award`'s points for a packed ``column`` (memoised)."""
    key = (award, n, column)
    pts = _POINTS_MEMO.get(key)
    if pts is None:
        if len(_POINTS_MEMO) > 200_000:
            _POINTS_MEMO.clear()
        pts = _POINTS_MEMO[key] = tuple(_award(award, tuple([_COL_GET[s](column) for s in range(n)])))
    return pts


_ZEROS = tuple((0,) * n for n in range(9))


# ---------------------------------------------------------------- the events of the hot steps
# Research and Build tell what happened through these makers, called only when someone reads
# the events (State._emit_later): each is a pure function of the values the step passed.
def _draw_event(name: str, p: int, n: int, tours: int, left: int, change: int) -> Event:
    """Gameplay / A. Research / 1: "<Seat> researches: draws 2 cards (1 with the Tourist
    Group mark on the back); 40 left."."""
    seen = f" ({tours} with the Tourist Group mark on the back)" if tours else ""
    last = " — the last card of the House Deck" if not left else f"; {left} left"
    return Event(f"{name} researches: draws {n} card{'s' if n != 1 else ''}{seen}{last}.", R_DRAW,
                 ((p, change),) if change else ())


def _place_event(name: str, p: int, k: int, what: str, research_face: str, change: int) -> Event:
    """Gameplay / A. Research / 2 (and Additional Rules for a Tourist Group card)."""
    face = "face down" if research_face == "down" else "face up"
    kind = _KINDS[k].name
    if what == "tourist":
        return Event(f"{name} places a Tourist Group card {face} on the {kind} Tag Row (it counts as {kind}).",
                     R_WILD, ((p, change),) if change else ())
    star = " \u2605" if what == "star" and face == "face up" else ""
    return Event(f"{name} places a {kind}{star} card {face} on the {kind} Tag Row.", R_PLACE,
                 ((p, change),) if change else ())


def _build_event(name: str, k: int, from_row: int, na: int, nb: int, nc: int, tours: int, floor: int,
                 annex_size: int, change: tuple) -> Event:
    """Gameplay / B. Build / 2 (from the row or the hand), or Annex Building when
    ``annex_size`` (the cards of the one set after it) is not 0; ``change``: every seat's
    change of score."""
    deltas = tuple([(s, d) for s, d in enumerate(change) if d])
    kind = _KINDS[k].name
    parts = []
    if from_row:
        parts.append(f"the whole {kind} Tag Row ({from_row})")
    if na + nb:
        parts.append(f"{na + nb} {kind} from hand" + (f" ({nb} \u2605)" if nb else ""))
    if nc:
        parts.append(f"{nc} Tourist Group from hand")
    size = from_row + na + nb + nc
    if annex_size:
        return Event(f"{name} builds an Annex of {size} {kind} cards ({', '.join(parts)}) on top of the {kind} set, "
                     f"as floor {floor}: one set of {annex_size} cards.", R_ANNEX, deltas)
    return Event(f"{name} builds floor {floor}: {size} {kind} cards ({', '.join(parts)})"
                 + (f", {tours} of them Tourist Group" if tours else "") + ".",
                 R_BUILD_ROW if from_row else R_BUILD_HAND, deltas)


def _setup_texts(labels: tuple, first: int, deck_size: int, marks: tuple, game_no: int, games: int) -> list:
    """The events of Game Setup after the deal (see ``PerfectHotelState._setup_events``):
    ``labels`` the seats' names in seat order, ``first`` the first player's seat, ``marks``
    the (seat, Tourist Group cards) of each hand that has some."""
    n = len(labels)
    names = [labels[(first + j) % n] for j in range(n)]
    tourists = sum(TOURIST)
    out = [Event(f"They are {NUM_CARDS - tourists} Build Cards of {len(_KINDS)} kinds and {tourists} "
                 f"Tourist Group Cards.", R_CARDS),
           Event(f"The other {deck_size} cards are the House Deck, face down.", R_HOUSE_DECK)]
    if marks:
        out.append(Event("The Tourist Group mark on the back shows who holds Tourist Group Cards: "
                         + ", ".join(f"{labels[s]} {m}" for s, m in marks) + ".", R_TOURIST_BACK))
    out.append(Event(f"The {len(_KINDS)} Build Tags are lined up ({', '.join(k.name for k in _KINDS)}): each kind's "
                     f"cards go in the Tag Row under its tag.", R_TAGS))
    if game_no == 1:
        out.append(Event(f"{n} players (Perfect Hotel is for 2 to 4): {_and(names)}.", R_PLAYERS))
        out.append(Event("Each player's Score Tracker, in the seat's colour, starts at 0.", R_TRACKERS))
        if games > 1:
            out.append(Event(f"A match of {games} games: each game's points are added on the Point Track Board.",
                             R_ROUNDS))
    nxt = " (one seat clockwise from the last game's first player, ruling PH-24)" if game_no > 1 else ""
    out.append(Event(f"{names[0]} starts{nxt}.", R_FIRST))
    out.append(Event(f"Play goes clockwise: {', '.join(names)}, then {names[0]} again.", R_NEXT))
    return out


def _standing_of(summ: tuple, hands: tuple | None, star_bonus: bool, items: list | None = None) -> list[int]:
    """Points of the game on the table for the hotel summaries ``summ`` (one per seat) and
    ``hands`` (the hands, or None for the hotel points without the Tourist Group Cards in
    hand), Point Calculation and Award Cards; with ``items`` (a list) also the ScoreItem
    fields of every line. The rules are :func:`_own_lines` and :func:`_award` (Build's
    ``_rescored`` uses them too)."""
    n = len(summ)
    pts = [0] * n
    for s in range(n):
        in_hand = 0
        if hands is not None:
            for c in hands[s]:
                if c >= _FIRST_TOURIST:
                    in_hand += 1
        cnt, tour, stars, _, _ = summ[s]
        for cat, p, rule in _own_lines(6 - cnt.count(0), tour, stars, in_hand, star_bonus):
            pts[s] += p
            if items is not None:
                items.append((s, cat, p, rule))
    for k, col in enumerate(zip(*[x[0] for x in summ])):
        best = max(col)
        sole = col.count(best) == 1
        for s, v in enumerate(_award(k, col)):
            if v:
                pts[s] += v
                if items is not None:
                    name = _KINDS[k].name
                    items.append((s, f"{name} majority ({best} cards)", v, kind_rule(k)) if sole
                                 else (s, f"{name} tie ({best} cards)", v, R_TIE))
    col = tuple([x[3] for x in summ])
    best = max(col)
    tied = ", tie" if col.count(best) > 1 else ""
    for s, v in enumerate(_award(6, col)):
        if v:
            pts[s] += v
            if items is not None:
                items.append((s, f"Perfect View ({_plural(best, 'floor')}{tied})", v, R_PERFECT_VIEW))
    col = tuple([x[4] for x in summ])
    best = max(col)
    for s, v in enumerate(_award(7, col)):
        if v:
            pts[s] += v
            if items is not None:
                items.append((s, f"Sky Room ({best} cards on the top floor)", v, R_SKY_ROOM))
    return pts


def _count_events_of(labels: tuple, summ: tuple, hands: tuple, star_bonus: bool) -> list:
    """:func:`_count_events` with the lines of :func:`_standing_of` (made when the events are read)."""
    items: list = []
    _standing_of(summ, hands, star_bonus, items)
    return _count_events(labels, summ, tuple(items))


def _count_events(labels: tuple, summ: tuple, items: tuple) -> list:
    """The events of Point Calculation at Game End: every hotel's cards per kind (an Annex
    counted with its set), who has the most of each kind (ties named), then one sentence per
    scored category of ``items`` ((seat, category, points, rule) of ``_standing``)."""
    parts = []
    for s, x in enumerate(summ):
        cnt = x[0]
        sets = ", ".join(f"{_KINDS[k].name} {cnt[k]}" for k in range(6) if cnt[k])
        parts.append(f"{labels[s]} {sets or 'no set'}")
    out = [Event("Cards per kind (an Annex counts with its set): " + "; ".join(parts) + ".", R_COUNT)]
    most = []
    for k, col in enumerate(zip(*[x[0] for x in summ])):
        best = max(col)
        if best:
            who = [labels[s] for s, v in enumerate(col) if v == best]
            most.append(f"{_KINDS[k].name} {_and(who)} ({best}{', tie' if len(who) > 1 else ''})")
    out.append(Event("The most cards of a kind: " + "; ".join(most) + "." if most
                     else "Nobody has built: no kind's points are won.", R_MAJORITY))
    by_cat: dict = {}
    for seat, cat, pts, rule in items:
        by_cat.setdefault((cat, rule), []).append((seat, pts))
    for (cat, rule), lst in by_cat.items():
        who = ", ".join(f"{labels[s]} {pts:+d}" for s, pts in lst)
        out.append(Event(f"{cat}: {who}.", rule))
    return out


def _tourist_event(k: int, tours: int, size: int) -> Event:
    """Tourist Group Cards: they count as the set's kind and never build alone."""
    kind = _KINDS[k].name
    return Event(f"{_plural(tours, 'Tourist Group Card')} {'counts' if tours == 1 else 'count'} as {kind}, "
                 f"combined with {_plural(size - tours, kind + ' Build Card')} (Tourists never build alone).",
                 R_TOURIST_ALONE)


def _sets(p: int, k: int, r: int, rb: int, pa: int, sa: int, t: int) -> tuple:
    """The build actions of seat ``p`` for kind ``k`` with a usable row of ``r`` cards (``rb``
    of them Build Cards; r = 0: no row) and ``pa`` plain, ``sa`` starred, ``t`` Tourist Group
    cards in hand (Gameplay / B. Build / 1: "Take all cards in the Tag Row … a player can use
    as many cards in hand of the same kind"; "Create a set of 2 cards or more with cards in
    hand"; Tourist Group Cards: "Multiple … may be used at one time", "must be combined with
    Build Cards")."""
    kid = _IDS[k]
    out = []
    if r:
        for a in range(pa + 1):
            for b in range(sa + 1):
                for c in range(t + 1):
                    if r + a + b + c >= MIN_SET and rb + a + b >= 1:
                        out.append(Action("build", (kid, "row", a, b, c), p))
    for a in range(pa + 1):
        for b in range(sa + 1):
            if a + b:
                for c in range(t + 1):
                    if a + b + c >= MIN_SET:
                        out.append(Action("build", (kid, "hand", a, b, c), p))
    return tuple(out)


def _and(names: list) -> str:
    """'Blue', 'Blue and Red', 'Blue, Red and Green'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


_LINE_ORDER = {R_TRACK.section: 0, "Point Calculation": 1, R_STAR.section: 3, R_PERFECT_VIEW.section: 4,
               R_SKY_ROOM.section: 5, R_CHEAP_HOTEL.section: 6}


def _line_rank(item) -> tuple:
    """Order of a seat's score lines: Point Track, kinds, Tourist penalty, Star Bonus, awards."""
    rank = _LINE_ORDER.get(item.rule.section, 1)
    if item.category.startswith("Tourist"):
        rank = 2
    return item.player, rank


class PerfectHotelState(State):
    """A Perfect Hotel position. Use :meth:`Game.new_initial_state` or
    ``game.state_from_position(table)``; never mutate."""

    SHARED = ("deck", "top", "hands", "rows", "hotels", "high", "node", "game_no", "first",
              "results", "base", "score", "drawn", "summ", "hpts", "ck")
    """Every field holds an immutable value (ints and tuples): a step replaces what it changes."""
    OWNED = ()
    __slots__ = SHARED + OWNED + ("_own",)

    # ================================================================== construction
    @classmethod
    def initial(cls, game) -> "PerfectHotelState":
        """The table before Game Setup: no card dealt, every Score Tracker at 0."""
        s = cls.__new__(cls)
        State.__init__(s, game)
        n = game.num_players
        s.deck = ()  # the cards in House Deck order (top first) from ``top`` on
        s.top = 0
        s.hands = ((),) * n
        s.rows = ((),) * 6
        s.hotels = ((),) * n
        s.high = 0  # bit k: the Build Tag of row k is upside-down (High-Season)
        s.game_no = 1  # the game whose cards are on the table (1-based)
        s.first = 0
        s.results = ()  # one tuple of points per finished game (the Point Track)
        s.base = (0,) * n  # points of the finished games no longer on the table
        s.drawn = ()  # the cards the current Research drew (shown to the drawer)
        s.node = SHUFFLE
        s._own = 0
        key = (n, game.options["star_bonus"])  # all the empty table's points depend on
        counted = _EMPTY_TABLE.get(key)
        if counted is None:
            s._recount()
            counted = _EMPTY_TABLE[key] = (s.summ, s.ck, s.hpts, s.score)
        s.summ, s.ck, s.hpts, s.score = counted
        return s

    def _recount(self) -> None:
        """Set the derived fields (hotel summaries, hotel points, scores) from the table."""
        self.summ = tuple(self._summary(h) for h in self.hotels)
        self.ck = _column_keys(self.summ)
        self.hpts = tuple(self._standing(hands=False))
        self.score = self._totals()

    # ================================================================== small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_labels[seat]

    @property
    def deck_size(self) -> int:
        """Cards left in the House Deck (0 before the shuffle)."""
        return len(self.deck) - self.top

    @property
    def finished(self) -> bool:
        """True when the game on the table has been scored (between games, or at the end)."""
        return len(self.results) >= self.game_no

    def hand_classes(self, seat: int) -> list[int]:
        """Count of each card class in ``seat``'s hand: index kind * 2 + star, 12 = Tourist."""
        counts = [0] * 13
        for c in self.hands[seat]:
            counts[_CLASS[c]] += 1
        return counts

    def row_has_tourist(self, k: int) -> bool:
        """True when Tag Row ``k`` holds a Tourist Group card (Additional Rules)."""
        for e in self.rows[k]:
            if e & _CARD_BITS >= _FIRST_TOURIST:
                return True
        return False

    def built_kinds(self, seat: int) -> int:
        """Bit mask of the kinds in ``seat``'s hotel."""
        m = 0
        for k, _ in self.hotels[seat]:
            m |= 1 << k
        return m

    def top_kind(self, seat: int):
        """Kind of ``seat``'s top floor (the last-built set), or None for an empty hotel."""
        h = self.hotels[seat]
        return h[-1][0] if h else None

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        perm = list(_ALL)
        rng.shuffle(perm)
        return Action("shuffle", (tuple(perm),))

    # ================================================================== Game Setup
    def _setup(self, a: Action) -> None:
        """Game Setup / 1. Card Setup: shuffle, deal 2 Hand Cards each (clockwise from the first
        player); the rest is the House Deck. Between games of a match (Point Track Board) the
        cards are gathered first, the Build Tags are upright again and the next seat starts."""
        n = self.game.num_players
        if self.finished:
            self.base = tuple(self.base[s] + self.results[-1][s] for s in range(n))
            self.game_no += 1
            self.first = (self.first + 1) % n
            self.rows = ((),) * 6
            self.hotels = ((),) * n
            self.summ = (_EMPTY_SUMMARY,) * n
            self.ck = (0,) * 8
            self.hpts = tuple(self._standing(hands=False))
            self.high = 0
        self.deck = a.args[0]
        hands = [[] for _ in range(n)]
        for j in range(HAND_DEAL * n):
            hands[(self.first + j) % n].append(self.deck[j])
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self.top = HAND_DEAL * n
        self.node = TURN[self.first]
        games = self.game.options["games"]
        lead = f"Game {self.game_no} of {games}: the" if games > 1 else "The"
        self._announce(
            f"{lead} {NUM_CARDS} cards are shuffled and each player is dealt {HAND_DEAL} Hand Cards.",
            R_SETUP,
        )
        self._setup_events(games)

    def _setup_events(self, games: int) -> None:
        """The events of Game Setup after the deal, each citing its own rule: the cards
        (Components), the House Deck (1. Card Setup), the Tourist marks on the hands' backs
        (Components), the Build Tags (3.), the players, their Score Trackers and the match
        (Overview, Components, Point Track Board; the first game only), the first player (4.)
        and the turn order (End of turn)."""
        n = self.game.num_players
        marks = tuple((s, m) for s in range(n) if (m := sum(1 for c in self.hands[s] if c >= _FIRST_TOURIST)))
        self._emit_later(_setup_texts, self.game.seat_labels, self.first, self.deck_size, marks, self.game_no, games)

    # ================================================================== Gameplay: A. Research
    def _research_draw(self, a: Action) -> None:
        """Gameplay / A. Research / 1: draw 2 cards from the House Deck (what is left, at its end)."""
        p = a[2]  # a.player (the hot steps read the Action's items: no property call)
        top = self.top
        drawn = self.deck[top:top + RESEARCH_DRAW]
        self.top = top = top + len(drawn)
        self.drawn = drawn
        self.hands = replaced(self.hands, p, tuple(sorted(self.hands[p] + drawn)))
        self.node = PLACE[p]
        tours = 0
        for c in drawn:
            if c >= _FIRST_TOURIST:
                tours += 1
        left = len(self.deck) - top
        change = self._hand_change(p, tours) if tours else 0
        self._emit_later(_draw_event, self.game.seat_labels[p], p, len(drawn), tours, left, change)
        if not left:
            self._emit(f"The House Deck has cleared: the game ends once {self._name(p)} has placed 1 card.", R_END)

    def _place_actions(self, node: Node) -> list[Action]:
        """Gameplay / A. Research / 2: one action per kind of card in hand (plain / starred) on
        the row of its kind, and a Tourist on every row without one (Additional Rules)."""
        p = node[1]  # only at PLACE: a turn lists place with research (see TURN)
        mask = 0  # the classes in hand, one bit each
        for c in self.hands[p]:
            mask |= _CLASS_BIT[c]
        free = 0  # the rows without a Tourist Group card (asked only with one in hand)
        if mask & _TOURIST_BIT:
            for k, row in enumerate(self.rows):
                for e in row:
                    if e & _CARD_BITS >= _FIRST_TOURIST:
                        break
                else:
                    free |= 1 << k
        key = (p, mask, free)
        out = _PLACE_MEMO.get(key)
        if out is None:
            if len(_PLACE_MEMO) > 100_000:
                _PLACE_MEMO.clear()
            acts = _PLACE[p]
            out = _PLACE_MEMO[key] = [acts[cls] for cls in range(12) if mask >> cls & 1] + [
                acts[12 + k] for k in range(6) if free >> k & 1]
        return out

    def _research_place(self, a: Action) -> None:
        """Gameplay / A. Research / 2: one hand card onto the Tag Row of its kind (face down,
        ruling PH-07); a Tourist Group card onto any row without one (Additional Rules)."""
        _, (kid, what), p = a  # (kind, (row, card), player)
        k = KIND_INDEX[kid]
        cls = 12 if what == "tourist" else 2 * k + (what == "star")
        hand = self.hands[p]
        i = bisect_left(hand, _CLASS_LO[cls])  # the class's first card: a hand is sorted, a class numbered in a row
        card = hand[i]
        self.hands = replaced(self.hands, p, hand[:i] + hand[i + 1:])
        self.rows = replaced(self.rows, k, self.rows[k] + (card | p << _SEAT_SHIFT,))
        self.drawn = ()
        tourist = what == "tourist"
        change = self._hand_change(p, -1) if tourist else 0
        self._emit_later(_place_event, self.game.seat_labels[p], p, k, what, self.game.options["research_face"],
                         change)
        kd = _KINDS[k]
        if tourist:
            self._emit(f"The {kd.name} Tag Row now holds its one Tourist Group card: no second one may go there.",
                       R_ONE_TOURIST)
        if self.high >> k & 1 and len(self.rows[k]) == HIGH_SEASON_MIN:
            self._emit(f"The {kd.name} Tag Row is High-Season and now shows {HIGH_SEASON_MIN} cards: it may be built "
                       f"from again.", R_HIGH_SEASON)
        self._end_turn(p)

    # ================================================================== Gameplay: B. Build
    def _turn_actions(self, node: Node) -> list[Action]:
        """The actions of a turn (Gameplay: "either (A) Research or (B) Build"), listed
        together: Research (first), then Gameplay / B. Build / 1 and Additional Rules: every
        legal set, per kind, from the row (all of it) or from the hand only, with each possible
        number of plain, starred and Tourist cards from the hand; a kind already built only
        as an Annex on the top floor; a High-Season row only while it shows 2 cards or more."""
        p = node[1]
        counts = [0] * 13  # the hand's cards per class (hand_classes, inlined: a hot path)
        for c in self.hands[p]:
            counts[_CLASS[c]] += 1
        out = [_RESEARCH[p]]
        built = self.summ[p][0]  # cards per kind in the hotel
        hotel = self.hotels[p]
        top = hotel[-1][0] if hotel else -1
        t = counts[12]
        high = self.high
        rows = self.rows
        memo = _BUILD_MEMO
        for k in range(6):
            if built[k] and top != k:
                continue  # one set per kind; only an Annex on the last-built set
            pa, sa = counts[2 * k], counts[2 * k + 1]
            row = rows[k]
            r = len(row)
            if not (r or pa or sa):
                continue  # nothing of the kind to build with
            rb = 0
            if r:
                if r < HIGH_SEASON_MIN and high >> k & 1:
                    r = 0  # High-Season: the row cannot be built from yet
                else:
                    rb = r
                    for e in row:
                        if e & _CARD_BITS >= _FIRST_TOURIST:
                            rb -= 1
            key = (p, k, r, rb, pa, sa, t)
            acts = memo.get(key)
            if acts is None:
                acts = memo[key] = _sets(*key)
            out += acts
        return out

    def _build(self, a: Action) -> None:
        """Gameplay / B. Build: the set becomes a new Floor on top of the hotel (B. Build / 2);
        an Annex when the top floor is of the same kind (Annex Building). High-Season: taking
        a Tag Row flips its Build Tag."""
        _, (kid, source, na, nb, nc), p = a  # (kind, args, player)
        k = KIND_INDEX[kid]
        hand = self.hands[p]
        cards = ()
        if source == "row":
            row = self.rows[k]
            cards = tuple([e & _CARD_BITS for e in row])
            self.rows = self.rows[:k] + ((),) + self.rows[k + 1:]
        nrow = len(cards)
        # the hand's cards of the set: a class's cards sit side by side in the sorted hand (numbered in a row)
        if na:
            i = bisect_left(hand, _CLASS_LO[2 * k])
            cards += hand[i:i + na]
            hand = hand[:i] + hand[i + na:]
        if nb:
            i = bisect_left(hand, _CLASS_LO[2 * k + 1])
            cards += hand[i:i + nb]
            hand = hand[:i] + hand[i + nb:]
        if nc:
            i = bisect_left(hand, _CLASS_LO[12])
            cards += hand[i:i + nc]
            hand = hand[:i] + hand[i + nc:]
        hotel = self.hotels[p]
        annex = bool(hotel) and hotel[-1][0] == k
        self.hotels = replaced(self.hotels, p, hotel + ((k, cards),))
        was = self.summ[p]
        now = self._grow(was, k, cards)
        self.summ = replaced(self.summ, p, now)
        old_hpts = self.hpts
        self.hpts = hpts = self._rescored(was, p, k)
        self.hands = replaced(self.hands, p, hand)
        tours = now[1] - was[1]
        # the scores change by the hotel points' change, and seat p's hand lost nc Tourists
        change = tuple(map(sub, hpts, old_hpts))
        if nc:
            change = replaced(change, p, change[p] - TOURIST_PENALTY * nc)
        self.score = tuple(map(add, self.score, change))
        self._emit_later(_build_event, self.game.seat_labels[p], k, nrow, na, nb, nc, tours, len(hotel) + 1,
                         now[0][k] if annex else 0, change)
        if tours:
            self._emit_later(_tourist_event, k, tours, len(cards))
        if nrow and not self.high >> k & 1 and self.game.options["high_season"]:
            self.high |= 1 << k
            self._emit(f"The {_KINDS[k].name} Build Tag is flipped upside-down: High-Season for the rest of the game "
                       f"(no Build from this row until it shows at least {HIGH_SEASON_MIN} cards).", R_HIGH_SEASON_FLIP)
        self._end_turn(p)

    # ================================================================== End of turn, Game End
    def _end_turn(self, p: int) -> None:
        """Gameplay / End of turn: the next player clockwise; or Game End when the House Deck
        is empty (the last drawer has placed)."""
        if len(self.deck) > self.top:
            self.node = TURN[(p + 1) % self.game.num_players]
            return
        self._end_game()

    def _end_game(self) -> None:
        """Game End: the last drawer has placed; count the points (Point Calculation, Award
        Cards) and put them on the Point Track; the next game of a match, or the end."""
        n = self.game.num_players
        self._emit(f"The House Deck is empty and {self._name(self.node.seat)} has placed the last card: "
                   f"the game ends.", R_LAST)
        # the points of this game: the scores (kept up to date step by step) less the Point Track's
        standing = [sc - b for sc, b in zip(self.score, self.base)]
        self._emit_later(_count_events_of, self.game.seat_labels, self.summ, self.hands,
                         self.game.options["star_bonus"])
        self.results = self.results + (tuple(standing),)
        if self.game_no < self.game.options["games"]:
            track = ", ".join(f"{self._name(s)} {self.base[s] + standing[s]}" for s in range(n))
            self._emit(f"Game {self.game_no} of {self.game.options['games']} is over; on the Point Track: {track}.", R_TRACK)
            self.node = SHUFFLE
        else:
            self.node = END
            win = self._winners()
            self._emit("Top hotel mogul: " + " and ".join(self._name(s) for s in win)
                       + (" (shared)" if len(win) > 1 else "") + ".", R_MOGUL)

    # ================================================================== Point Calculation
    @classmethod
    def _summary(cls, hotel: tuple) -> tuple:
        """(cards per kind, Tourists, stars, floors, cards on the top floor) of a hotel (Point
        Calculation: "Annex Build to be counted as 1 whole set"; Award Cards): its floors added
        one by one (:meth:`_grow`)."""
        summary = _EMPTY_SUMMARY
        for k, cards in hotel:
            summary = cls._grow(summary, k, cards)
        return summary

    @staticmethod
    def _grow(summary: tuple, k: int, cards: tuple) -> tuple:
        """:meth:`_summary` of a hotel whose summary was ``summary`` after a new floor of kind
        ``k`` with ``cards`` (B. Build / 2; an Annex counts with its set)."""
        cnt, tour, stars, floors, _ = summary
        for c in cards:
            tour += _TOUR[c]
            stars += _STAR[c]
        return replaced(cnt, k, cnt[k] + len(cards)), tour, stars, floors + 1, len(cards)

    def _rescored(self, o: tuple, p: int, k: int) -> tuple:
        """The hotel points (``_standing(hands=False)``) after seat ``p`` built a set of kind ``k`` (its summary was
        ``o``): only seat p's own lines, kind k's majority, Perfect View and Sky Room can
        change, so only they are counted again, from the award columns ``ck`` (B. Build calls
        this on every set). Also updates ``ck``."""
        w = self.summ[p]
        n = len(self.hpts)
        ck = self.ck
        sh = _COL_SHIFT[p]
        c0, f0, t0 = ck[k], ck[6], ck[7]
        c1 = c0 + ((w[0][k] - o[0][k]) << sh)
        f1 = f0 + ((w[3] - o[3]) << sh)
        t1 = t0 + ((w[4] - o[4]) << sh)
        self.ck = ck[:k] + (c1,) + ck[k + 1:6] + (f1, t1)
        pts = self.hpts
        sb = self.game.options["star_bonus"]
        # the memos are read here first (a hot step: a call only for what is not memoised yet)
        own = _OWN_MEMO.get((w, sb))
        if own is None:
            own = _own_points(w, sb)
        was = _OWN_MEMO.get((o, sb))
        if was is None:
            was = _own_points(o, sb)
        if own != was:
            pts = replaced(pts, p, pts[p] + own - was)
        # the kind's and the floors' columns always change (cards of kind k, one floor more);
        # the top floor's may not (an Annex of as many cards as the top floor had)
        memo = _AWARD_MEMO
        pts = tuple(map(add, map(add, pts, memo.get((k, n, c0, c1)) or _award_change(k, n, c0, c1)),
                        memo.get((6, n, f0, f1)) or _award_change(6, n, f0, f1)))
        if t1 != t0:
            pts = tuple(map(add, pts, memo.get((7, n, t0, t1)) or _award_change(7, n, t0, t1)))
        return pts

    def _standing(self, items=None, hands: bool = True) -> list[int]:
        """Points of the game on the table, as the hotels and hands stand (Point Calculation
        and Award Cards); with ``items`` (a list) also the ScoreItem fields of every line;
        with ``hands=False`` without the Tourist Group Cards in hand (:func:`_standing_of`)."""
        return _standing_of(self.summ, self.hands if hands else None, self.game.options["star_bonus"], items)

    def _totals(self) -> tuple:
        """Every seat's score: the finished games on the Point Track plus the game on the
        table (its hotel points ``hpts``, kept up to date by Build, and the Tourist Group
        Cards in hand)."""
        out = []
        hpts = self.hpts
        hands = self.hands
        for s, b in enumerate(self.base):
            t = 0
            for c in hands[s]:
                if c >= _FIRST_TOURIST:
                    t += 1
            out.append(b + hpts[s] + TOURIST_PENALTY * t)
        return tuple(out)

    def _announce(self, text: str, rule: RuleRef) -> None:
        """Recompute the scores and emit ``text`` with every seat's change of score."""
        old = self.score
        new = self._totals()
        self.score = new
        self._emit(text, rule, [(s, new[s] - old[s]) for s in range(len(new)) if new[s] != old[s]])

    def _hand_change(self, p: int, tourists: int) -> int:
        """Update the scores after ``p``'s hand gained ``tourists`` Tourist Group cards
        (negative: lost) and nothing else that scores changed (Research: the draw, the
        placement); returns p's change of score."""
        change = TOURIST_PENALTY * tourists
        if change:
            sc = self.score
            self.score = sc[:p] + (sc[p] + change,) + sc[p + 1:]
        return change

    def _scores(self) -> list[int]:
        return list(self.score)

    def _score_breakdown(self) -> list[ScoreItem]:
        out = []
        finished_off_table = self.results[: self.game_no - 1]
        for g_i, res in enumerate(finished_off_table):
            for s, pts in enumerate(res):
                out.append(ScoreItem(s, f"Game {g_i + 1} (Point Track)", pts, R_TRACK))
        items: list = []
        self._standing(items)
        out += [ScoreItem(*it) for it in items]
        out.sort(key=_line_rank)
        return out

    def standing(self) -> list[int]:
        """Points of the game on the table as it stands (without earlier games of a match)."""
        return self._standing()

    def _winners(self) -> list[int]:
        """Point Calculation: the most points is the top hotel mogul; a tie shares it."""
        best = max(self.score)
        return [s for s, v in enumerate(self.score) if v == best]

    def _end_rule(self) -> str:
        return R_END.section

    def current_rule(self) -> RuleRef:
        """The rule that governs the current node (cited by every rejection)."""
        kind = self.node.kind
        if kind == N_SHUFFLE:
            return R_TRACK if self.finished else R_SETUP
        if kind == N_PLACE:
            return R_PLACE
        if kind == N_END:
            return R_END
        return R_TURN

    def round_label(self) -> str | None:
        """"Game N" in a match of several games (Point Track Board), else None."""
        if self.game.options["games"] == 1:
            return None
        no = self.game_no + 1 if self.node.kind == N_SHUFFLE and self.finished else self.game_no
        return f"Game {no}"

    _status_text = X.status_text
    _turn_note = X.turn_note

    # ================================================================== hidden information
    def resample_hidden(self, seat: int, rng: random.Random) -> "PerfectHotelState":
        """A copy where what ``seat`` cannot see is dealt again at random: the cards of the
        other hands (a card with the Tourist mark stays a Tourist, ruling PH-08), the House
        Deck (its top card keeps its back), and the stars of the cards the others placed face
        down on the Tag Rows (each stays a card of its row's kind, ruling PH-07). Marked
        Tourist backs, hand sizes and each row's kinds stay: ``seat`` sees the same view."""
        t = self._copy()
        n = self.game.num_players
        cards: list[int] = []
        ok: list = []  # per slot: a test of the cards that may go there
        is_tourist = lambda c: c >= _FIRST_TOURIST  # noqa: E731
        not_tourist = lambda c: c < _FIRST_TOURIST  # noqa: E731
        anything = lambda c: True  # noqa: E731
        hand_slots: dict[int, list[int]] = {}
        for q in range(n):
            if q == seat:
                continue
            hand_slots[q] = []
            for c in self.hands[q]:
                hand_slots[q].append(len(cards))
                cards.append(c)
                ok.append(is_tourist if c >= _FIRST_TOURIST else not_tourist)
        deck_at = len(cards)
        for i, c in enumerate(self.deck[self.top:]):
            cards.append(c)
            ok.append((is_tourist if c >= _FIRST_TOURIST else not_tourist) if i == 0 else anything)
        row_slots = []
        if self.game.options["research_face"] == "down":
            for k, row in enumerate(self.rows):
                for j, e in enumerate(row):
                    c = ROW_CARD.get(e, "card")
                    if ROW_CARD.get(e, "seat") != seat and c < _FIRST_TOURIST:
                        row_slots.append((k, j, len(cards)))
                        cards.append(c)
                        ok.append(lambda x, k=k: x < _FIRST_TOURIST and KIND[x] == k)
        m = len(cards)
        for _ in range(3):
            for i in range(m):
                j = rng.randrange(m)
                if ok[i](cards[j]) and ok[j](cards[i]):
                    cards[i], cards[j] = cards[j], cards[i]
        hands = list(self.hands)
        drawn = self.drawn
        for q, slots in hand_slots.items():
            if drawn and self.node.seat == q:
                old = self.hands[q]
                drawn = tuple(cards[slots[old.index(c)]] for c in drawn)
            hands[q] = tuple(sorted(cards[i] for i in slots))
        rows = [list(r) for r in self.rows]
        for k, j, i in row_slots:
            rows[k][j] = ROW_CARD.set(self.rows[k][j], "card", cards[i])
        t.hands = tuple(hands)
        t.rows = tuple(tuple(r) for r in rows)
        t.deck = tuple(cards[deck_at:deck_at + len(self.deck) - self.top])
        t.top = 0
        t.drawn = drawn
        return t


# ---------------------------------------------------------------- the moves as data
def _shuffle_canonical(s: PerfectHotelState, a: Action) -> Action:
    """A shuffle as the log keeps it: the card numbers as plain ints, chance's."""
    return Action("shuffle", (tuple(int(i) for i in a.args[0]),), CHANCE)


def _research_target(s: PerfectHotelState, a: Action) -> str:
    """Research draws from the House Deck (``render.py``'s target ``deck``)."""
    return "deck"


def _place_target(s: PerfectHotelState, a: Action) -> str:
    """A placement is the hand card played, the first of its class in the sorted hand
    (``hand:<seat>:<slot>``; a Tourist Group card's six rows are a menu at the card)."""
    what = a.args[1]
    cls = 12 if what == "tourist" else 2 * KIND_INDEX[a.args[0]] + (what == "star")
    return f"hand:{a.player}:{bisect_left(s.hands[a.player], _CLASS_LO[cls])}"


def _build_target(s: PerfectHotelState, a: Action) -> str:
    """A Build from a Tag Row is that row (``row:<kind>``); a Build from the hand only is the
    hand's first card of the kind (the set needs one)."""
    if a.args[1] == "row":
        return f"row:{a.args[0]}"
    return f"hand:{a.player}:{bisect_left(s.hands[a.player], _KIND_LO[KIND_INDEX[a.args[0]]])}"


ACTIONS = ActionTable([
    ActionKind("shuffle", (Arg("order", INTS, "the 62 card numbers 0-61 in House Deck order, top first"),), R_SETUP,
               "Shuffle the cards and deal 2 Hand Cards to each player, clockwise from the first player; the rest "
               "is the House Deck. Between the games of a match the cards are gathered first.",
               PerfectHotelState._setup, who="chance", check=X.check_shuffle, words=X.shuffle_words,
               canonical=_shuffle_canonical),
    ActionKind("research", (), R_DRAW,
               "Research, step 1: draw 2 cards from the House Deck into the hand (then place 1: `place`).",
               PerfectHotelState._research_draw, legal=PerfectHotelState._turn_actions, words=X.research_words,
               target=_research_target),
    ActionKind("place", (Arg("row", WORD, "the Tag Row, by its kind", choices=KIND_IDS),
                         Arg("card", WORD, "the hand card placed: a plain or starred Build Card of the row's kind, "
                                           "or a Tourist Group card", choices=("plain", "star", "tourist"))),
               R_PLACE, "Research, step 2: place 1 card from hand onto the Tag Row of its kind (face down unless "
                        "option research_face is 'up'); a Tourist Group card on any row without one.",
               PerfectHotelState._research_place, legal=PerfectHotelState._place_actions, check=X.check_place,
               words=X.place_words, target=_place_target, listed_with="research"),
    ActionKind("build", (Arg("kind", WORD, "the set's Build kind", choices=KIND_IDS),
                         Arg("source", WORD, "'row': the whole Tag Row of the kind plus hand cards; 'hand': hand "
                                             "cards only", choices=("row", "hand")),
                         Arg("plain", INT, "how many plain cards of the kind come from the hand"),
                         Arg("star", INT, "how many starred cards of the kind come from the hand"),
                         Arg("tourists", INT, "how many Tourist Group cards come from the hand")),
               R_BUILD, "Build a set of 2 cards or more of one kind as a new floor on top of the hotel (an Annex "
                        "when the top floor is of the same kind): the other choice of a turn.",
               PerfectHotelState._build, listed_with="research", check=X.check_build, words=X.build_words,
               target=_build_target),
])
"""Perfect Hotel's moves in rulebook order (Game Setup / 1, A. Research / 1 and 2, B. Build):
the core parses, checks, lists, applies, words and targets every action through this table."""
