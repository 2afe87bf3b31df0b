"""Perfect Hotel: players build hotels floor by floor from sets of cards of one kind.

Rules: ``shared/rulebooks/perfect_hotel.txt`` (2-4 players). A turn is Research (draw 2 from
the House Deck, then place 1 hand card on the Tag Row of its kind) or Build (a set of 2+ cards
of one kind: a whole Tag Row plus matching hand cards, or hand cards only; the set is a new
Floor on top of the hotel). One set per kind, except an Annex on top of the last-built set of
that kind. Tourist Group Cards are wild, -3 each in the hotel or left in hand. The game ends
when the House Deck runs out (after the last drawer's placement); each kind's points go to the
biggest set (ties: each tied player scores its card count), then the Award Cards. Variants:
High-Season mode, Star Bonus, and a match of several games on the Point Track. The deck's make-up
is reconstructed data (``data/cards.toml``) and every reading of an unclear rule is in
``docs/rulings/perfect_hotel.md`` (PH-xx).

Encodings (internal, compact so that ``apply`` copies cheaply; see :mod:`.components`):

- a card is an int 0-61 (``components.KIND[c]``: 0-5, or 6 for a Tourist Group Card);
- a hand is a sorted tuple of cards; a Tag Row a tuple of ``card | seat << 6`` (the seat that
  placed it, who alone saw its face when it went face down);
- a hotel is a tuple of floors from the bottom up, a floor ``(kind, cards)``; a floor directly
  on top of a floor of the same kind is an Annex (one set with it).

Actions (``str(action)``): ``chance shuffle <permutation of 0..61>``, ``p0 research``,
``p0 place <row> plain|star|tourist`` and ``p0 build <kind> row|hand <plain> <star> <tourists>``
(how many plain, starred and Tourist Group cards come from the hand).
"""

from __future__ import annotations

import random

from ...core.actions import CHANCE, TERMINAL, Action
from ...core.errors import IllegalActionError
from ...core.rules import RuleRef, ScoreItem
from ...core.state import State
from . import components as C

GAME_ID = "perfect_hotel"


def _r(section: str, quote: str = "") -> RuleRef:
    return RuleRef(GAME_ID, section, quote)


R_SETUP = _r("Game Setup / 1. Card Setup", "Shuffle the cards and deal 2 cards to each player as Hand Cards.")
R_FIRST = _r("Game Setup / 4. Start of Game", "move clockwise from the player to have \"stayed in a hotel most recently\"")
R_TURN = _r("Gameplay", "A player must complete either (A) Research or (B) Build during a turn.")
R_DRAW = _r("Gameplay / A. Research / 1", "Draw 2 cards from the House Deck to place in hand.")
R_PLACE = _r("Gameplay / A. Research / 2", "Place 1 card from hand onto the Tag Row of the same kind (1 card face down).")
R_BUILD = _r("Gameplay / B. Build / 1", "Create a set of 2 cards or more.")
R_BUILD_ROW = _r("Gameplay / B. Build / 1", "Take all cards in the Tag Row to create a set.")
R_BUILD_HAND = _r("Gameplay / B. Build / 1", "Create a set of 2 cards or more with cards in hand.")
R_NEXT = _r("Gameplay / End of turn", "Player turn shifts to the next player (clockwise).")
R_ONE_TOURIST = _r("Additional Rules", "Only 1 Tourist Group Card may be placed per Tag Row")
R_ANNEX = _r("Additional Rules / Annex Building", "may Annex Build on top by adding another set to the last created set, if of the same Build kind")
R_TOURIST_ALONE = _r("Tourist Group Cards (specialized cards)", "Tourist Group Cards must be combined with Build Cards to Build.")
R_END = _r("Game End", "When the House Deck clears, the game ends.")
R_LAST = _r("Game End", "The player to draw the last card of the House Deck places 1 card on a Tag Row.")
R_MAJORITY = _r("Point Calculation", "Designated points per card kind will be awarded to the player with the most amount of cards of that kind.")
R_TIE = _r("Point Calculation", "each player receives a point for each card they have for that card kind")
R_PENALTY = _r("Point Calculation", "3 points are deducted for each Tourist Group Card used for the hotel or remaining in hand.")
R_MOGUL = _r("Point Calculation", "If there exists a tie in the total points accumulated, the best hotel mogul moniker is shared.")
R_PERFECT_VIEW = _r("Award Cards / Perfect View (+5 pts. / in a tie +1 pt.)", "Awarded to the tallest hotel.")
R_SKY_ROOM = _r("Award Cards / Sky Room (+3 pts. / in a tie +0 pt.)", "most cards on the highest floor of the hotel")
R_CHEAP_HOTEL = _r("Award Cards / Cheap Hotel (-3 pts.)", "3 points are deducted for all hotels with less than 4 kinds of Build.")
R_TRACK = _r("Point Track Board", "Keeping the scores as is after each game and adding to it")
R_HIGH_SEASON = _r("Advanced Rule (High-Season Mode)", "no player will be able to Build using cards of that Tag Row until at least 2 cards get displayed")
R_STAR = _r("Advanced Rule (Star Bonus)", "+1 point to each icon \"\u2605\" at my own constructed hotel")

# -- node kinds (what the state waits for) --------------------------------------------------
N_SHUFFLE, N_TURN, N_PLACE, N_END = range(4)

_STAR, _TOUR, _CLASS = C.STAR, C.TOURIST, C.CLASS
_KINDS = C.KINDS
_IDS = C.KIND_IDS
_ALL = tuple(range(C.NUM_CARDS))
_FIRST_TOURIST = _TOUR.index(1)
assert all(_TOUR[c] for c in range(_FIRST_TOURIST, C.NUM_CARDS)), "Tourist Group Cards are numbered last"
_PLACE_WHAT = ("plain", "star", "tourist")
_SOURCES = ("row", "hand")


_BUILD_MEMO: dict = {}


def _sets(p: int, k: int, r: int, rb: int, pa: int, sa: int, t: int) -> tuple:
    """The build actions of seat ``p`` for kind ``k`` with a usable row of ``r`` cards (``rb``
    of them Build Cards; r = 0: no row) and ``pa`` plain, ``sa`` starred, ``t`` Tourist Group
    cards in hand (Gameplay / B. Build / 1; Tourist Group Cards)."""
    kid = _IDS[k]
    out = []
    if r:
        for a in range(pa + 1):
            for b in range(sa + 1):
                for c in range(t + 1):
                    if r + a + b + c >= C.MIN_SET and rb + a + b >= 1:
                        out.append(Action("build", (kid, "row", a, b, c), p))
    for a in range(pa + 1):
        for b in range(sa + 1):
            if a + b:
                for c in range(t + 1):
                    if a + b + c >= C.MIN_SET:
                        out.append(Action("build", (kid, "hand", a, b, c), p))
    return tuple(out)


def _is_kind(x) -> bool:
    """True when ``x`` is a kind's action word (an Action built in code may carry any object,
    a list or dict among them, which a dict lookup would reject with TypeError)."""
    return isinstance(x, str) and x in C.KIND_INDEX


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


R_BEDROOM_POINTS = _r("Point Calculation", R_MAJORITY.quote + " … Bedroom Build Cards (10 points)")
"""The Bedroom kind's majority: its 10 points are the rulebook's (the worked example)."""

RECONSTRUCTED_MAJORITY = R_MAJORITY
"""The majority rule of a kind whose points are reconstructed (data/cards.toml, ruling PH-02).
The quote is the rule's; the value it cites is not printed in the rulebook. (RuleRef gets a
``reconstructed`` field with the declared game contract; until then this is the list.)"""

RECONSTRUCTED_RULES = ("kind_rule(k) for every kind but Bedroom",)
"""What cites a reconstructed value (see :func:`kind_rule`)."""


def kind_rule(k: int) -> RuleRef:
    """The majority rule for kind ``k`` (Point Calculation). Bedroom's points are printed in the
    rulebook's example and quoted; the other kinds' points are reconstructed (ruling PH-02)."""
    if _KINDS[k].id == "bedroom" and _KINDS[k].points == 10:
        return R_BEDROOM_POINTS
    return RECONSTRUCTED_MAJORITY


class PerfectHotelState(State):
    """A Perfect Hotel position. Use :meth:`Game.new_initial_state`; never mutate."""

    __slots__ = (
        "deck", "top", "hands", "rows", "hotels", "high", "node", "game_no", "first",
        "results", "base", "score", "drawn", "summ", "hpts",
    )

    # ------------------------------------------------------------------ construction
    @classmethod
    def initial(cls, game) -> "PerfectHotelState":
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
        s.node = (N_SHUFFLE,)
        s.summ = (s._summary(()),) * n  # per seat: _summary of its hotel
        s.hpts = tuple(s._standing(hands=False))  # per seat: points of the hotels alone
        s.score = s._totals()
        return s

    def _copy(self) -> "PerfectHotelState":
        new = PerfectHotelState.__new__(PerfectHotelState)
        self._copy_base(new)
        new.deck = self.deck
        new.top = self.top
        new.hands = self.hands
        new.rows = self.rows
        new.hotels = self.hotels
        new.high = self.high
        new.node = self.node
        new.game_no = self.game_no
        new.first = self.first
        new.results = self.results
        new.base = self.base
        new.score = self.score
        new.drawn = self.drawn
        new.summ = self.summ
        new.hpts = self.hpts
        return new

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.game.seat_label(seat)

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
        for e in self.rows[k]:
            if _TOUR[e & 63]:
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

    def _take(self, hand: tuple, cls: int, count: int) -> tuple[tuple, tuple]:
        """(taken, rest): the first ``count`` cards of class ``cls`` out of ``hand``."""
        if not count:
            return (), hand
        taken, rest = [], []
        for c in hand:
            if len(taken) < count and _CLASS[c] == cls:
                taken.append(c)
            else:
                rest.append(c)
        return tuple(taken), tuple(rest)

    # ================================================================== the standard API
    def _current_player(self) -> int:
        kind = self.node[0]
        if kind == N_SHUFFLE:
            return CHANCE
        if kind == N_END:
            return TERMINAL
        return self.node[1]

    def _legal_actions(self) -> list[Action]:
        kind, p = self.node
        counts = self.hand_classes(p)
        if kind == N_PLACE:
            return self._place_actions(p, counts)
        return [Action("research", (), p)] + self._build_actions(p, counts)

    def _place_actions(self, p: int, counts: list[int]) -> list[Action]:
        """Research step 2: one action per kind of card in hand (plain / starred), and a
        Tourist for every row without one (Additional Rules)."""
        out = []
        for k in range(6):
            if counts[2 * k]:
                out.append(Action("place", (_IDS[k], "plain"), p))
            if counts[2 * k + 1]:
                out.append(Action("place", (_IDS[k], "star"), p))
        if counts[12]:
            for k in range(6):
                if not self.row_has_tourist(k):
                    out.append(Action("place", (_IDS[k], "tourist"), p))
        return out

    def _build_actions(self, p: int, counts: list[int]) -> list[Action]:
        """Every legal set: per kind, from the row (all of it) or from the hand only, with
        each possible number of plain, starred and Tourist cards from the hand."""
        out = []
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
            row = rows[k]
            r = len(row)
            rb = 0
            if r:
                if r < C.HIGH_SEASON_MIN and high >> k & 1:
                    r = 0  # High-Season: the row cannot be built from yet
                else:
                    rb = r
                    for e in row:
                        if e & 63 >= _FIRST_TOURIST:
                            rb -= 1
            key = (p, k, r, rb, counts[2 * k], counts[2 * k + 1], t)
            acts = memo.get(key)
            if acts is None:
                acts = memo[key] = _sets(*key)
            out += acts
        return out

    def _chance_outcomes(self):
        return None  # the only chance action is the shuffle: sample_chance draws one

    def _sample_unlisted_chance(self, rng: random.Random) -> Action:
        perm = list(_ALL)
        rng.shuffle(perm)
        return Action("shuffle", (tuple(perm),))

    def canonical_chance(self, action: Action) -> Action:
        return Action("shuffle", (tuple(int(i) for i in action.args[0]),), CHANCE)

    def explain_chance(self, action: Action) -> str | None:
        if action.kind != "shuffle" or len(action.args) != 1:
            return f"{action}: expected 'chance shuffle <permutation of 0..61>' — {R_SETUP.section}"
        perm = action.args[0]
        if (not isinstance(perm, tuple) or any(isinstance(i, bool) or not isinstance(i, int) for i in perm)
                or sorted(perm) != list(_ALL)):
            return (f"{action}: the shuffle must be a permutation of the card numbers 0..61 "
                    f"(the House Deck from the top) — {R_SETUP.section}")
        return None

    # ---------------------------------------------------------------- apply
    def _apply(self, a: Action) -> None:
        k = a.kind
        if k == "research":
            self._do_research(a)
        elif k == "place":
            self._do_place(a)
        elif k == "build":
            self._do_build(a)
        elif k == "shuffle":
            self._do_shuffle(a)
        else:  # legal_actions never offers another kind
            raise IllegalActionError(f"unknown action kind {k!r}")

    def _announce(self, text: str, rule: RuleRef) -> None:
        """Recompute the scores and emit ``text`` with every seat's change of score."""
        old = self.score
        new = self._totals()
        self.score = new
        self._emit(text, rule, [(s, new[s] - old[s]) for s in range(len(new)) if new[s] != old[s]])

    def _announce_hand(self, text: str, rule: RuleRef, p: int, tourists: int) -> None:
        """Emit ``text`` after ``p``'s hand gained ``tourists`` Tourist Group cards (negative:
        lost) and nothing else that scores changed (Research: the draw, the placement)."""
        change = C.TOURIST_PENALTY * tourists
        if change:
            sc = self.score
            self.score = sc[:p] + (sc[p] + change,) + sc[p + 1:]
            self._emit(text, rule, ((p, change),))
        else:
            self._emit(text, rule)

    def _do_shuffle(self, a: Action) -> None:
        """Game Setup / 1: shuffle, deal 2 Hand Cards each (clockwise from the first player);
        the rest is the House Deck. Between games of a match the cards are gathered first."""
        n = self.game.num_players
        if self.finished:  # the next game of a match (Point Track Board)
            self.base = tuple(self.base[s] + self.results[-1][s] for s in range(n))
            self.game_no += 1
            self.first = (self.first + 1) % n
            self.rows = ((),) * 6
            self.hotels = ((),) * n
            self.summ = (self._summary(()),) * n
            self.hpts = tuple(self._standing(hands=False))
            self.high = 0
        self.deck = a.args[0]
        hands = [[] for _ in range(n)]
        for j in range(C.HAND_DEAL * n):
            hands[(self.first + j) % n].append(self.deck[j])
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self.top = C.HAND_DEAL * n
        self.node = (N_TURN, self.first)
        games = self.game.options["games"]
        lead = f"Game {self.game_no} of {games}: the" if games > 1 else "The"
        self._announce(
            f"{lead} {C.NUM_CARDS} cards are shuffled and each player is dealt {C.HAND_DEAL} Hand Cards; "
            f"the House Deck holds {self.deck_size} cards.",
            R_SETUP,
        )
        nxt = " (one seat clockwise from the last game's first player, ruling PH-24)" if self.game_no > 1 else ""
        self._emit(f"{self._name(self.first)} starts{nxt}; play goes clockwise.", R_FIRST)

    def _do_research(self, a: Action) -> None:
        """Gameplay / A. Research / 1: draw 2 cards (what is left, at the end of the deck)."""
        p = a.player
        drawn = self.deck[self.top:self.top + C.RESEARCH_DRAW]
        self.top += len(drawn)
        self.drawn = drawn
        self.hands = self._with(self.hands, p, tuple(sorted(self.hands[p] + drawn)))
        self.node = (N_PLACE, p)
        tours = sum(_TOUR[c] for c in drawn)
        seen = f" ({tours} with the Tourist Group mark on the back)" if tours else ""
        last = " — the last card of the House Deck" if not self.deck_size else f"; {self.deck_size} left"
        self._announce_hand(f"{self._name(p)} researches: draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}{seen}{last}.",
                            R_DRAW, p, tours)

    @staticmethod
    def _with(tup: tuple, i: int, value) -> tuple:
        return tup[:i] + (value,) + tup[i + 1:]

    def _do_place(self, a: Action) -> None:
        """Gameplay / A. Research / 2: one hand card onto the Tag Row of its kind."""
        p = a.player
        k = C.KIND_INDEX[a.args[0]]
        what = a.args[1]
        cls = 12 if what == "tourist" else 2 * k + (what == "star")
        (card,), rest = self._take(self.hands[p], cls, 1)
        self.hands = self._with(self.hands, p, rest)
        self.rows = self._with(self.rows, k, self.rows[k] + (card | p << 6,))
        self.drawn = ()
        face = "face down" if self.game.options["research_face"] == "down" else "face up"
        kd = _KINDS[k]
        if what == "tourist":
            text = f"{self._name(p)} places a Tourist Group card {face} on the {kd.name} Tag Row (it counts as {kd.name})."
            rule = R_ONE_TOURIST
        else:
            star = " \u2605" if what == "star" and face == "face up" else ""
            text = f"{self._name(p)} places a {kd.name}{star} card {face} on the {kd.name} Tag Row."
            rule = R_PLACE
        self._announce_hand(text, rule, p, -1 if what == "tourist" else 0)
        self._end_turn(p)

    def _do_build(self, a: Action) -> None:
        """Gameplay / B. Build: the set becomes a new Floor on top of the hotel."""
        p = a.player
        kid, source, na, nb, nc = a.args
        k = C.KIND_INDEX[kid]
        hand = self.hands[p]
        plain, hand = self._take(hand, 2 * k, na)
        star, hand = self._take(hand, 2 * k + 1, nb)
        tour, hand = self._take(hand, 12, nc)
        from_row = ()
        if source == "row":
            from_row = tuple(e & 63 for e in self.rows[k])
            self.rows = self._with(self.rows, k, ())
        cards = from_row + plain + star + tour
        hotel = self.hotels[p]
        annex = bool(hotel) and hotel[-1][0] == k
        self.hotels = self._with(self.hotels, p, hotel + ((k, cards),))
        self.summ = self._with(self.summ, p, self._summary(self.hotels[p]))
        self.hpts = tuple(self._standing(hands=False))
        self.hands = self._with(self.hands, p, hand)
        kd = _KINDS[k]
        parts = []
        if from_row:
            parts.append(f"the whole {kd.name} Tag Row ({len(from_row)})")
        if na + nb:
            parts.append(f"{na + nb} {kd.name} from hand" + (f" ({nb} \u2605)" if nb else ""))
        if nc:
            parts.append(f"{nc} Tourist Group from hand")
        tours = sum(_TOUR[c] for c in cards)
        floor = len(hotel) + 1
        if annex:
            size = sum(len(cs) for kk, cs in hotel if kk == k) + len(cards)
            text = (f"{self._name(p)} builds an Annex of {len(cards)} {kd.name} cards ({', '.join(parts)}) on top "
                    f"of the {kd.name} set, as floor {floor}: one set of {size} cards.")
            rule = R_ANNEX
        else:
            text = (f"{self._name(p)} builds floor {floor}: {len(cards)} {kd.name} cards ({', '.join(parts)})"
                    + (f", {tours} of them Tourist Group" if tours else "") + ".")
            rule = R_BUILD_ROW if from_row else R_BUILD_HAND
        self._announce(text, rule)
        if from_row and self.game.options["high_season"] and not self.high >> k & 1:
            self.high |= 1 << k
            self._emit(f"The {kd.name} Build Tag is flipped upside-down: High-Season for the rest of the game "
                       f"(no Build from this row until it shows at least {C.HIGH_SEASON_MIN} cards).", R_HIGH_SEASON)
        self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        """Gameplay / End of turn, or Game End when the House Deck is empty."""
        if self.deck_size:
            self.node = (N_TURN, (p + 1) % self.game.num_players)
            return
        self._end_game()

    def _end_game(self) -> None:
        """Game End: the last drawer has placed; count the points (Point Calculation)."""
        n = self.game.num_players
        self._emit(f"The House Deck is empty and {self._name(self.node[1])} has placed the last card: "
                   f"the game ends.", R_LAST)
        items: list = []
        standing = self._standing(items)
        for text, rule in self._count_texts(items):
            self._emit(text, rule)
        self.results = self.results + (tuple(standing),)
        if self.game_no < self.game.options["games"]:
            track = ", ".join(f"{self._name(s)} {self.base[s] + standing[s]}" for s in range(n))
            self._emit(f"Game {self.game_no} of {self.game.options['games']} is over; on the Point Track: {track}.", R_TRACK)
            self.node = (N_SHUFFLE,)
        else:
            self.node = (N_END,)
            win = self._winners()
            self._emit("Top hotel mogul: " + " and ".join(self._name(s) for s in win)
                       + (" (shared)" if len(win) > 1 else "") + ".", R_MOGUL)

    def _count_texts(self, items) -> list:
        """One sentence per scored category (for the events of the end of a game)."""
        by_cat: dict = {}
        for seat, cat, pts, rule in items:
            by_cat.setdefault((cat, rule), []).append((seat, pts))
        out = []
        for (cat, rule), lst in by_cat.items():
            who = ", ".join(f"{self._name(s)} {pts:+d}" for s, pts in lst)
            out.append((f"{cat}: {who}.", rule))
        return out

    # ================================================================== scores
    @staticmethod
    def _summary(hotel: tuple) -> tuple:
        """(cards per kind, Tourists, stars, floors, cards on the top floor) of a hotel."""
        cnt = [0] * 6
        tour = stars = 0
        for k, cards in hotel:
            cnt[k] += len(cards)
            for c in cards:
                tour += _TOUR[c]
                stars += _STAR[c]
        return tuple(cnt), tour, stars, len(hotel), len(hotel[-1][1]) if hotel else 0

    def _standing(self, items=None, hands: bool = True) -> list[int]:
        """Points of the game on the table, as the hotels and hands stand (Point Calculation
        and Award Cards); with ``items`` (a list) also the ScoreItem fields of every line;
        with ``hands=False`` without the Tourist Group Cards in hand."""
        g = self.game
        n = g.num_players
        star_bonus = g.options["star_bonus"]
        summ = self.summ
        pts = [0] * n
        for s in range(n):
            cnt, tour, stars, _, _ = summ[s]
            in_hand = 0
            if hands:
                for c in self.hands[s]:
                    if c >= _FIRST_TOURIST:
                        in_hand += 1
            p = 0
            if tour or in_hand:
                pen = C.TOURIST_PENALTY * (tour + in_hand)
                p = pen
                if items is not None:
                    where = " + ".join(x for x in (f"{tour} in the hotel" if tour else "",
                                                   f"{in_hand} in hand" if in_hand else "") if x)
                    items.append((s, f"Tourist Group penalty ({where})", pen, R_PENALTY))
            if star_bonus and stars:
                p += stars
                if items is not None:
                    items.append((s, f"Star Bonus ({stars} \u2605)", stars, R_STAR))
            kinds = 6 - cnt.count(0)
            if kinds < C.CHEAP_HOTEL_KINDS:
                p += C.CHEAP_HOTEL
                if items is not None:
                    items.append((s, f"Cheap Hotel ({_plural(kinds, 'kind')})", C.CHEAP_HOTEL, R_CHEAP_HOTEL))
            pts[s] = p
        for k in range(6):
            col = [summ[s][0][k] for s in range(n)]
            best = max(col)
            if not best:
                continue
            if col.count(best) == 1:
                h = col.index(best)
                pts[h] += _KINDS[k].points
                if items is not None:
                    items.append((h, f"{_KINDS[k].name} majority ({best} cards)", _KINDS[k].points, kind_rule(k)))
            else:
                for s in range(n):
                    if col[s] == best:
                        pts[s] += best
                        if items is not None:
                            items.append((s, f"{_KINDS[k].name} tie ({best} cards)", best, R_TIE))
        col = [summ[s][3] for s in range(n)]
        best = max(col)
        if best:
            tied = col.count(best) > 1
            bonus = C.PERFECT_VIEW_TIE if tied else C.PERFECT_VIEW
            for s in range(n):
                if col[s] == best:
                    pts[s] += bonus
                    if items is not None:
                        items.append((s, f"Perfect View ({_plural(best, 'floor')}{', tie' if tied else ''})", bonus, R_PERFECT_VIEW))
        col = [summ[s][4] for s in range(n)]
        best = max(col)
        if best and col.count(best) == 1:
            h = col.index(best)
            pts[h] += C.SKY_ROOM
            if items is not None:
                items.append((h, f"Sky Room ({best} cards on the top floor)", C.SKY_ROOM, R_SKY_ROOM))
        return pts

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
            out.append(b + hpts[s] + C.TOURIST_PENALTY * t)
        return tuple(out)

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
        best = max(self.score)
        return [s for s, v in enumerate(self.score) if v == best]

    def _end_rule(self) -> str:
        return R_END.section

    def current_rule(self) -> RuleRef:
        """The rule that governs the current node (cited by every rejection)."""
        kind = self.node[0]
        if kind == N_SHUFFLE:
            return R_TRACK if self.finished else R_SETUP
        if kind == N_PLACE:
            return R_PLACE
        if kind == N_END:
            return R_END
        return R_TURN

    # ================================================================== views
    def _view(self, perspective):
        from .view import build_view

        return build_view(self, perspective)

    def adjacency_graph(self):
        """networkx.Graph of every hotel's floor stack; see :func:`.view.adjacency_graph`."""
        from .view import adjacency_graph

        return adjacency_graph(self)

    # ================================================================== text
    def _status_text(self) -> str:
        kind = self.node[0]
        games = self.game.options["games"]
        lead = f"Game {self.game_no} of {games} — " if games > 1 else ""
        if kind == N_SHUFFLE:
            if self.finished:
                return f"Game {self.game_no} of {games} over — shuffle for game {self.game_no + 1}"
            return f"{lead}Setup — shuffle and deal"
        if kind == N_END:
            return f"Game over — top hotel mogul: {', '.join(self._name(s) for s in self._winners())}"
        who = self._name(self.node[1])
        if kind == N_PLACE:
            return f"{lead}{who} to place a card on a Tag Row (House Deck {self.deck_size})"
        return f"{lead}{who} to research or build (House Deck {self.deck_size})"

    def action_to_string(self, action: Action, perspective: int | None = None) -> str:
        """A sentence for people. With a ``perspective`` other than the actor, hidden parts
        (whether a face-down card shows a star, a shuffle's order) are left out."""
        a = action
        if a.player == CHANCE:
            return "Shuffle and deal" if perspective is not None else f"Shuffle and deal: {a.args[0] if a.args else ''}"
        who = self._name(a.player)
        if a.kind == "research":
            return f"{who}: research (draw {C.RESEARCH_DRAW})"
        if a.kind == "place" and len(a.args) == 2 and _is_kind(a.args[0]):
            name = _KINDS[C.KIND_INDEX[a.args[0]]].name
            if a.args[1] == "tourist":
                return f"{who}: place a Tourist Group card on the {name} row"
            hidden = (perspective is not None and perspective != a.player
                      and self.game.options["research_face"] == "down")
            star = " \u2605" if a.args[1] == "star" and not hidden else ""
            return f"{who}: place a {name}{star} card on the {name} row"
        if a.kind == "build" and len(a.args) == 5 and _is_kind(a.args[0]):
            kid, src, na, nb, nc = a.args
            name = _KINDS[C.KIND_INDEX[kid]].name
            parts = ["the row"] if src == "row" else []
            if isinstance(na, int) and isinstance(nb, int) and na + nb:
                parts.append(f"{na + nb} {name}" + (f" ({nb} \u2605)" if nb else ""))
            if nc:
                parts.append(f"{nc} Tourist")
            return f"{who}: build {name} from {' + '.join(parts)}"
        return f"{who}: {a.kind} {' '.join(map(str, a.args))}".rstrip()

    # ================================================================== illegal actions
    _FORMS = {"research": 0, "place": 2, "build": 5}
    _USAGE = {
        "research": "research",
        "place": "place <row> plain|star|tourist",
        "build": "build <kind> row|hand <plain> <star> <tourists>",
    }

    def _explain(self, a: Action) -> str | None:
        kind = self.node[0]
        p = self.node[1] if kind in (N_TURN, N_PLACE) else None
        n = self.game.num_players
        if a.player == CHANCE:
            return (f"{a}: a chance outcome cannot be applied now: {self._name(p)} decides now "
                    f"({self.status_text()}){self._rule_suffix()}")
        if not 0 <= a.player < n:
            return f"{a}: there is no seat {a.player} (seats 0 to {n - 1}){self._rule_suffix()}"
        if a.player != p:
            return (f"{a} is not {self._name(a.player)}'s to play: {self._name(p)} decides now "
                    f"({self.status_text()}) — {R_NEXT.section}")
        if a.kind not in self._FORMS:
            return (f"{a}: unknown action kind {a.kind!r}; the kinds are research, place and build "
                    f"— {R_TURN.section}")
        if len(a.args) != self._FORMS[a.kind]:
            return f"{a}: '{a.kind}' takes {self._FORMS[a.kind]} argument(s): {self._USAGE[a.kind]}{self._rule_suffix()}"
        if kind == N_PLACE and a.kind != "place":
            return (f"{a}: {self._name(p)} has drawn and must now place 1 card from hand onto a Tag Row "
                    f"('{self._USAGE['place']}') — {R_PLACE.section}")
        if kind == N_TURN and a.kind == "place":
            return (f"{a}: a card is placed on a Tag Row as the second step of Research: "
                    f"research first (draw {C.RESEARCH_DRAW}) — {R_DRAW.section}")
        if a.kind == "place":
            return self._explain_place(a)
        if a.kind == "build":
            return self._explain_build(a)
        return None

    def _kind_arg(self, x, what: str):
        if not _is_kind(x):
            return None, f"{what} must be one of {', '.join(_IDS)}, got {x!r}"
        return C.KIND_INDEX[x], None

    def _explain_place(self, a: Action) -> str | None:
        p = a.player
        k, err = self._kind_arg(a.args[0], "<row>")
        if err:
            return f"{a}: {err} — {R_PLACE.section}"
        what = a.args[1]
        if what not in _PLACE_WHAT:
            return f"{a}: the card is 'plain', 'star' or 'tourist', got {what!r} — {R_PLACE.section}"
        counts = self.hand_classes(p)
        name = _KINDS[k].name
        if what == "tourist":
            if not counts[12]:
                return f"{a}: {self._name(p)} holds no Tourist Group card — {R_PLACE.section}"
            return (f"{a}: the {name} Tag Row already has a Tourist Group card: only 1 Tourist Group Card "
                    f"may be placed per Tag Row — {R_ONE_TOURIST.section}")
        star = what == "star"
        held = [KD.name for KD in _KINDS if counts[2 * KD.index + star]]
        return (f"{a}: {self._name(p)} holds no {'starred ' if star else 'plain '}{name} card, and a Build Card goes on "
                f"the Tag Row of its own kind (hand: {', '.join(held) or 'none of that sort'}) — {R_PLACE.section}")

    def _explain_build(self, a: Action) -> str | None:
        p = a.player
        kid, src, na, nb, nc = a.args
        k, err = self._kind_arg(kid, "<kind>")
        if err:
            return f"{a}: {err} — {R_BUILD.section}"
        if src not in _SOURCES:
            return f"{a}: the source is 'row' (the whole Tag Row plus hand cards) or 'hand' (hand cards only), got {src!r} — {R_BUILD.section}"
        for x in (na, nb, nc):
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                return f"{a}: <plain> <star> <tourists> are counts of hand cards (integers >= 0), got {x!r} — {R_BUILD.section}"
        name = _KINDS[k].name
        counts = self.hand_classes(p)
        for want, have, what in ((na, counts[2 * k], f"plain {name}"), (nb, counts[2 * k + 1], f"starred {name}"),
                                 (nc, counts[12], "Tourist Group")):
            if want > have:
                return f"{a}: {self._name(p)} holds {have} {what} card{'s' if have != 1 else ''}, not {want} — {R_BUILD.section}"
        if self.built_kinds(p) >> k & 1 and self.top_kind(p) != k:
            top = _KINDS[self.top_kind(p)].name
            return (f"{a}: {self._name(p)} already has a {name} set: a second set of a kind must be an Annex "
                    f"on top of the last-built set (the top floor is {top}) — {R_ANNEX.section}")
        row = self.rows[k]
        r = len(row) if src == "row" else 0
        rt = self.row_has_tourist(k) if src == "row" else 0
        if src == "row":
            if not row:
                return f"{a}: the {name} Tag Row is empty: build from hand ('hand') — {R_BUILD_ROW.section}"
            if self.high >> k & 1 and r < C.HIGH_SEASON_MIN:
                return (f"{a}: the {name} Tag Row is in High-Season (its Build Tag is upside-down): no Build from it "
                        f"until at least {C.HIGH_SEASON_MIN} cards are displayed, it shows {r} — {R_HIGH_SEASON.section}")
        if (rt or nc) and r - rt + na + nb < 1:
            return (f"{a}: Tourist Group Cards must be combined with Build Cards to Build (not able to Build using "
                    f"solely Tourist Group Cards) — {R_TOURIST_ALONE.section}")
        total = r + na + nb + nc
        if total < C.MIN_SET:
            return f"{a}: a set needs 2 cards or more, this one has {total} — {R_BUILD.section}"
        return None
