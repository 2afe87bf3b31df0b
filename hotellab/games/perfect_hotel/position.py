"""Declared positions of Perfect Hotel as a schema: the shape (:class:`Position`, pydantic), the
writer (:func:`write`) and the builder (:func:`build`), which checks every rule of a position
and lists every problem it finds (:class:`hotellab.core.position.Problems`). The game declares
them (``Game.position = PositionSchema(...)``); the core reads, lists problems and writes the
docs page (``docs/games/perfect_hotel-position.md``) through them. Only the position schema
imports this module (and so pydantic).

A position (``state.to_position()``; ``game.state_from_position(table)``) is a TOML-able table
in the rulebook's words; the core adds the header (format, version, game, num_players,
options). Example (a scenario's ``[position]`` table, 3 players)::

    step = "turn"               # "shuffle", "turn", "place" or "end": the decision due
    player = "Blue"             # whose decision it is (at "turn" and "place")
    game_no = 1                 # the game of the match on the table (option games)
    house_deck = [6, 7, 8]      # top first; may be left out: then every card not placed
                                # elsewhere, in card-number order
    high_season = []            # kinds whose Build Tag is upside-down (option high_season)
    point_track = []            # the points of each finished game, one list per game

    [hands]
    Blue = ["Bedroom", "Bedroom", "Tourist Group"]
    Red = [0, 5]

    [tag_rows]                  # per kind: the cards on its Tag Row, in the order placed
    bedroom = [{ card = "Bedroom", placed_by = "Red" }]

    [hotels]                    # per seat: the floors from the bottom up
    Green = [{ kind = "pool", cards = ["Pool", "Pool ★", "Pool"] }]

A card is its number 0-61 (Bedroom 0-12, Restaurant 13-23, Pool 24-33, Lounge 34-42, Spa
43-50, Garden 51-56, the first two of each kind starred; Tourist Group 57-61; ``write``
writes numbers) or its name: a kind ("Bedroom", "bedroom"), the kind with a star ("Bedroom ★"
or "Bedroom *"), or "Tourist Group". A name stands for the lowest-numbered card of that sort
that no other field names. Other fields: ``first_player`` (optional, checked: seat 0 starts
game 1 and each next game starts one seat clockwise, ruling PH-24) and, at step "place",
``drawn`` (the cards the Research drew, in the player's hand; optional).

The rules checked, each problem naming its field and rule: every one of the 62 cards in
exactly one place once the game is dealt (none before Game Setup), a Build Card only on the
Tag Row of its kind and at most one Tourist per row, every floor a set of 2+ cards of its kind
(Tourists aside) with a Build Card in it, one set per kind (an Annex only directly on its
set), the House Deck not empty at a turn and empty once the game is counted, and the Point
Track of a finished game equal to its count. A problem is added in the order the fields are
read (the first one is the PositionError's ``field`` and ``rule``) and reading goes on.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, PlainValidator

from ...core.position import Problems
from .components import CLASS, KIND, KINDS, KIND_IDS, MIN_SET, NUM_CARDS, RESEARCH_DRAW, ROW_CARD, TOURIST, card_name
from .rules import (
    N_END, N_PLACE, N_SHUFFLE, N_TURN, R_BUILD, R_CARDS, R_DRAW, R_END, R_FIRST, R_HIGH_SEASON_FLIP, R_ONE_SET,
    R_ONE_TOURIST, R_PLACE, R_SETUP, R_TAGS, R_TOURIST_ALONE, R_TRACK, R_TURN, R_TRACKERS, R_WILD,
)
from .state import END, PLACE, SHUFFLE, TURN, PerfectHotelState

_FT = TOURIST.index(1)


# == the shape =================================================================================
def _card_value(v):
    if type(v) is int or type(v) is str:  # a bool is no card number
        return v
    raise ValueError(f"a card is its number 0-{NUM_CARDS - 1} or its name")


Card = Annotated[int | str, PlainValidator(_card_value, json_schema_input_type=int | str)]
"""A card: its number 0-61, or its name ("Bedroom", "Bedroom ★", "Tourist Group")."""


def _rule(r) -> dict:
    return {"rule": r.section}


class TagCard(BaseModel):
    """A card on a Tag Row (Game Setup / 3. Build Tags; Gameplay / A. Research / 2)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    card: Card = Field(description="the card (a Build Card of the row's kind, or a Tourist Group card)",
                       json_schema_extra=_rule(R_TAGS))
    placed_by: str = Field(description="the seat that placed it, who alone saw its face when it went face down",
                           json_schema_extra=_rule(R_PLACE))


class Floor(BaseModel):
    """A floor of a hotel: a set of one kind ("Each player will display their created sets from
    the bottom up in the order of creation")."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: str = Field(description="the set's Build kind (bedroom, restaurant, pool, lounge, spa, garden)",
                      json_schema_extra=_rule(R_BUILD))
    cards: list[Card] = Field(description="the set's cards: 2 or more, Build Cards of the kind and Tourist Group "
                                          "cards, with at least one Build Card", json_schema_extra=_rule(R_BUILD))


class Position(BaseModel):
    """Where every card is, the Build Tags, the Point Track and whose decision is next."""

    model_config = ConfigDict(extra="forbid", strict=True)
    step: Literal["shuffle", "turn", "place", "end"] = Field(
        description="the decision due: the shuffle and deal (Game Setup, each game of a match), a turn (Research "
                    "or Build), the placing of a researched card, or the end of the match",
        json_schema_extra=_rule(R_TURN))
    player: Optional[str] = Field(None, description="whose decision it is, at steps turn and place (a seat name)",
                                  json_schema_extra=_rule(R_TURN))
    game_no: int = Field(1, ge=1, description="the game of the match on the table (1 to option games)",
                         json_schema_extra=_rule(R_TRACK))
    first_player: Optional[str] = Field(
        None, description="the first player of this game (checked: Blue starts the first game, each next game one "
                          "seat clockwise, ruling PH-24)", json_schema_extra=_rule(R_FIRST))
    point_track: list[list[Annotated[int, Field(ge=-10_000, le=10_000)]]] = Field(
        default_factory=list, description="the points of each finished game, one per seat (\"Keeping the scores as "
                                          "is after each game and adding to it\")", json_schema_extra=_rule(R_TRACK))
    house_deck: Optional[list[Card]] = Field(
        None, description="the House Deck, top first; left out: every card not placed elsewhere, in number order",
        json_schema_extra=_rule(R_CARDS))
    hands: dict[str, list[Card]] = Field(default_factory=dict, description="each seat's Hand Cards",
                                         json_schema_extra=_rule(R_CARDS))
    tag_rows: dict[str, list[TagCard]] = Field(
        default_factory=dict, description="per kind, the cards on its Tag Row in the order placed",
        json_schema_extra=_rule(R_TAGS))
    hotels: dict[str, list[Floor]] = Field(default_factory=dict, description="per seat, the floors from the "
                                           "bottom up (an Annex is a floor on its own set)",
                                           json_schema_extra=_rule(R_BUILD))
    high_season: list[str] = Field(default_factory=list, description="the kinds whose Build Tag is upside-down "
                                   "(option high_season)", json_schema_extra=_rule(R_HIGH_SEASON_FLIP))
    drawn: Optional[list[int]] = Field(None, description="at step place: the cards the Research drew, by number "
                                       "(they are in the player's hand)", json_schema_extra=_rule(R_DRAW))


# == writing ===================================================================================
def write(s) -> dict:
    """The position of state ``s`` (card numbers; see the module doc)."""
    g = s.game
    name = g.seat_label
    n = g.num_players
    step = s.node.kind
    out: dict = {"step": step}
    if step == N_TURN or step == N_PLACE:
        out["player"] = name(s.node.seat)
    out["game_no"] = s.game_no
    out["first_player"] = name(s.first)
    out["point_track"] = [list(r) for r in s.results]
    out["house_deck"] = list(s.deck[s.top:])
    out["hands"] = {name(p): list(s.hands[p]) for p in range(n)}
    out["tag_rows"] = {KIND_IDS[k]: [{"card": ROW_CARD.get(e, "card"), "placed_by": name(ROW_CARD.get(e, "seat"))}
                                     for e in row] for k, row in enumerate(s.rows)}
    out["hotels"] = {name(p): [{"kind": KIND_IDS[k], "cards": list(cards)} for k, cards in s.hotels[p]]
                     for p in range(n)}
    out["high_season"] = [KIND_IDS[k] for k in range(6) if s.high >> k & 1]
    if step == N_PLACE:
        out["drawn"] = list(s.drawn)
    return out


# == reading: names and cards ==================================================================
_NAME_RE = re.compile(r"^\s*([a-z ]+?)\s*(\u2605|\*|star)?\s*$")


def _card_class(text: str) -> int | None:
    """The class (kind * 2 + star, 12 = Tourist) that a card name stands for; None for no card."""
    m = _NAME_RE.match(text.lower())
    word = m.group(1) if m else ""
    if m and word in ("tourist", "tourist group") and not m.group(2):
        return 12
    for kd in KINDS:
        if m and word in (kd.id, kd.name.lower()):
            return 2 * kd.index + bool(m.group(2))
    return None


class _Cards:
    """Reads the card fields: numbers at once, names resolved to free cards at the end. A card
    that cannot be read is a problem (and None); ``sound`` is then False."""

    def __init__(self, problems: Problems):
        self.problems = problems
        self.places: dict[str, list] = {}  # field path -> [card number or [class, path]]
        self.sound = True

    def read(self, values: list, path: str) -> list:
        return [self.one(v, f"{path}[{i}]") for i, v in enumerate(values)]

    def one(self, v, path: str):
        if isinstance(v, str):
            cls = _card_class(v)
            if cls is None:
                names = ", ".join(kd.name for kd in KINDS)
                return self._bad(path, f"{v!r} is not a card: a card number 0-{NUM_CARDS - 1}, or a name ({names}, "
                                       f"a kind with ' ★' for a starred card, or 'Tourist Group')")
            item = [cls, path]
        elif 0 <= v <= NUM_CARDS - 1:
            item = v
        else:
            return self._bad(path, f"must be from 0 to {NUM_CARDS - 1}, got {v}")
        self.places.setdefault(path.rsplit("[", 1)[0] if path.endswith("]") else path, []).append(item)
        return item

    def _bad(self, path: str, message: str) -> None:
        self.problems.add(path, message, R_CARDS)
        self.sound = False
        return None

    def resolve(self) -> None:
        """Give each named card the lowest free number of its sort, in field order."""
        used = {c for items in self.places.values() for c in items if isinstance(c, int)}
        for items in self.places.values():
            for item in items:
                if isinstance(item, list):
                    cls, path = item
                    free = [c for c in range(NUM_CARDS) if CLASS[c] == cls and c not in used]
                    if not free:
                        item[:] = [None, path]
                        self._bad(path, "there is no card of this sort left (every one is named elsewhere)")
                        continue
                    item[:] = [free[0], path]
                    used.add(free[0])

    @staticmethod
    def num(item) -> int | None:
        return item[0] if isinstance(item, list) else item


def _seat(game, value: str, path: str, rule, problems: Problems) -> int | None:
    names = game.seat_labels[:game.num_players]
    for s, nm in enumerate(names):
        if value.lower() == nm.lower():
            return s
    problems.add(path, f"must be a seat of this game ({', '.join(names)}), got {value!r}", rule)
    return None


def _kind(value: str, path: str, rule, problems: Problems) -> int | None:
    for kd in KINDS:
        if value.lower() in (kd.id, kd.name.lower()):
            return kd.index
    problems.add(path, f"must be a kind ({', '.join(KIND_IDS)}), got {value!r}", rule)
    return None


# == reading: the fields, in order =============================================================
def _match(game, p: Position, problems: Problems) -> tuple:
    """Point Track Board: the game of the match, the finished games' points and whether the
    game on the table is counted; Game Setup / 4: its first player.
    Returns (game_no, results, counted, first)."""
    n = game.num_players
    games = game.options["games"]
    step = p.step
    game_no = p.game_no
    if not problems.check(game_no <= games, "game_no", f"must be from 1 to {games}, got {game_no}", R_TRACK):
        game_no = games
    results = [tuple(row) for row in p.point_track]
    rows_ok = True
    for i, row in enumerate(p.point_track):
        rows_ok &= problems.check(len(row) == n, f"point_track[{i}]",
                                  f"must be a list of {n} points (one per seat), got {row!r}", R_TRACK)
    counted = step == N_END or (step == N_SHUFFLE and len(results) == game_no)
    want = game_no if counted else game_no - 1
    if rows_ok:
        problems.check(len(results) == want, "point_track", f"holds {len(results)} finished games; at step "
                       f"{step!r} of game {game_no} it holds {want}", R_TRACK)
    problems.check(step != N_END or game_no == games, "game_no",
                   f"the match ends after game {games} (option games), not game {game_no}", R_TRACK)
    problems.check(not (step == N_SHUFFLE and counted and game_no == games), "step",
                   f"game {game_no} is the last of the match: its count ends it (step 'end')", R_TRACK)
    first = (game_no - 1) % n
    if p.first_player is not None:
        seat = _seat(game, p.first_player, "first_player", R_FIRST, problems)
        problems.check(seat is None or seat == first, "first_player", f"game {game_no} starts with "
                       f"{game.seat_label(first)} (seat 0 starts the first game, each next game one seat clockwise, "
                       f"ruling PH-24)", R_FIRST)
    return game_no, results, counted, first


def _player(game, p: Position, problems: Problems) -> int | None:
    """Gameplay: the seat that decides at a turn or a placing; nobody at the other steps."""
    if p.step == N_TURN or p.step == N_PLACE:
        if p.player is None:
            problems.add("player", "is missing", R_TURN)
            return None
        return _seat(game, p.player, "player", R_TURN, problems)
    problems.check(p.player is None, "player", f"no player decides at step {p.step!r}", R_TURN)
    return None


def _places(game, p: Position, cards: _Cards, problems: Problems) -> tuple:
    """The hands, Tag Rows, hotels and House Deck as read (cards not yet checked): (hands per
    seat, row entries (card, seat, path) per kind, floors (kind, cards, path) per seat, the
    deck or None)."""
    n = game.num_players
    hands: list[list] = [[] for _ in range(n)]
    for key, value in p.hands.items():
        seat = _seat(game, key, f"hands.{key}", R_TRACKERS, problems)
        read = cards.read(value, f"hands.{key}")
        if seat is not None:
            hands[seat] = read
    rows: list[list] = [[] for _ in range(6)]
    for key, value in p.tag_rows.items():
        k = _kind(key, f"tag_rows.{key}", R_TAGS, problems)
        for i, e in enumerate(value):
            where = f"tag_rows.{key}[{i}]"
            card = cards.one(e.card, f"{where}.card")
            seat = _seat(game, e.placed_by, f"{where}.placed_by", R_TAGS, problems)
            if k is not None:
                rows[k].append((card, seat, where))
    hotels: list[list] = [[] for _ in range(n)]
    for key, value in p.hotels.items():
        seat = _seat(game, key, f"hotels.{key}", R_TRACKERS, problems)
        for i, f in enumerate(value):
            where = f"hotels.{key}[{i}]"
            k = _kind(f.kind, f"{where}.kind", R_BUILD, problems)
            floor = cards.read(f.cards, f"{where}.cards")
            if seat is not None:
                hotels[seat].append((k, floor, where))
    deck = cards.read(p.house_deck, "house_deck") if p.house_deck is not None else None
    return hands, rows, hotels, deck


def _drawn(p: Position, problems: Problems) -> list[int]:
    """Gameplay / A. Research / 1: the cards the Research drew (at step place only)."""
    if p.drawn is None:
        return []
    if not problems.check(p.step == N_PLACE, "drawn", "only at step 'place' (the cards a Research drew)", R_DRAW):
        return []
    return [c for i, c in enumerate(p.drawn)
            if problems.check(0 <= c <= NUM_CARDS - 1, f"drawn[{i}]", f"must be from 0 to {NUM_CARDS - 1}, got {c}",
                              R_CARDS)]


def _check_rows(rows: list, problems: Problems) -> None:
    """Game Setup / 3 and Additional Rules: a Build Card on the Tag Row of its kind; one
    Tourist per row."""
    for k, row in enumerate(rows):
        tourists = 0
        for card, _, where in row:
            c = _Cards.num(card)
            if c is None:
                continue
            if c >= _FT:
                tourists += 1
                if tourists > 1:
                    problems.add(f"{where}.card", "a second Tourist Group card on one Tag Row", R_ONE_TOURIST)
            elif KIND[c] != k:
                problems.add(f"{where}.card", f"card {c} is a {card_name(c)} card: a Build Card goes on the Tag Row "
                             f"of its own kind ({KINDS[k].name} here)", R_TAGS)


def _check_hotels(hotels: list, problems: Problems) -> None:
    """B. Build / 1 and Additional Rules: each floor a set of 2+ cards of its kind (Tourists
    act as the kind) with a Build Card in it; one set per kind, an Annex only on its set."""
    for floors in hotels:
        seen: list[int] = []
        for k, floor, where in floors:
            cs = [_Cards.num(c) for c in floor]
            if k is None or None in cs:
                continue
            if len(cs) < MIN_SET:
                problems.add(f"{where}.cards", f"a floor is a set of {MIN_SET} cards or more, this one has {len(cs)}",
                             R_BUILD)
            for j, c in enumerate(cs):
                if c < _FT and KIND[c] != k:
                    problems.add(f"{where}.cards[{j}]", f"card {c} is a {card_name(c)} card, not {KINDS[k].name} "
                                 f"(only Tourist Group cards act as another kind)", R_WILD)
            if all(c >= _FT for c in cs):
                problems.add(f"{where}.cards", "a floor of Tourist Group cards alone", R_TOURIST_ALONE)
            if seen and seen[-1] == k:
                continue  # an Annex on its own set
            if k in seen:
                problems.add(f"{where}.kind", f"a second {KINDS[k].name} set that is not an Annex directly on top "
                             f"of the first", R_ONE_SET)
            seen.append(k)


def _check_partition(places: dict, problems: Problems) -> None:
    """Components ("Game Cards: 62 cards"): each card in exactly one place, none missing."""
    seen: Counter = Counter()
    for path, items in places.items():
        for c in items:
            seen[c] += 1
            if seen[c] == 2:
                problems.add(path, f"card {c!r} is in more places than the game has copies of it (1)", R_CARDS)
    missing = [c for c in range(NUM_CARDS) if not seen[c]]
    if missing:
        problems.add(None, f"card not placed anywhere: {', '.join(sorted(map(repr, missing)))}; every card must be "
                     f"in exactly one place", R_CARDS)


def _deck(dealt: bool, deck, cards: _Cards, problems: Problems) -> list[int]:
    """Every card in exactly one place once the game is dealt, none before Game Setup; the
    House Deck, when left out, is every card placed nowhere else (in number order)."""
    num = cards.num
    placed = [num(c) for items in cards.places.values() for c in items]
    if not dealt:
        problems.check(not placed, next(iter(cards.places), None),
                       "no card is on the table before Game Setup (step 'shuffle' of the first game)", R_SETUP)
        return [num(c) for c in deck or []]
    if deck is None:
        taken = set(placed)
        deck = [c for c in range(NUM_CARDS) if c not in taken]
        cards.places["house_deck"] = deck
    if cards.sound:
        _check_partition({path: [num(c) for c in items] for path, items in cards.places.items()}, problems)
    return [num(c) for c in deck]


def _high_season(game, p: Position, problems: Problems) -> int:
    """Advanced Rule (High-Season Mode): the kinds whose Build Tag is upside-down (a bit each)."""
    high = 0
    for i, word in enumerate(p.high_season):
        k = _kind(word, f"high_season[{i}]", R_HIGH_SEASON_FLIP, problems)
        if k is not None:
            high |= 1 << k
    problems.check(not high or game.options["high_season"], "high_season", "a Build Tag is upside-down only with "
                   "the High-Season Advanced Rule (option high_season)", R_HIGH_SEASON_FLIP)
    return high


def _check_drawn(game, drawn: list, hand: list, player: int, problems: Problems) -> None:
    """Gameplay / A. Research / 1: at most 2 drawn cards, each in the researcher's hand."""
    if drawn and (len(drawn) > RESEARCH_DRAW or any(c not in hand for c in drawn) or len(set(drawn)) < len(drawn)):
        problems.add("drawn", f"the drawn cards (at most {RESEARCH_DRAW}) must be in {game.seat_label(player)}'s "
                     f"hand", R_DRAW)


# == building ==================================================================================
def build(game, p: Position, problems: Problems) -> PerfectHotelState:
    """The state ``p`` declares: every field checked, every problem added to ``problems`` in
    the order the fields are read (the state is then not filled in: the core raises)."""
    s = PerfectHotelState.initial(game)
    n = game.num_players
    step = p.step
    game_no, results, counted, first = _match(game, p, problems)
    player = _player(game, p, problems)
    cards = _Cards(problems)
    hands, rows, hotels, deck = _places(game, p, cards, problems)
    drawn = _drawn(p, problems)
    cards.resolve()
    _check_rows(rows, problems)
    _check_hotels(hotels, problems)
    deck = _deck(step != N_SHUFFLE or counted, deck, cards, problems)
    high = _high_season(game, p, problems)
    problems.check(step != N_TURN or bool(deck), "house_deck", "the House Deck is empty at a turn: the game has "
                   "ended", R_END)
    problems.check(step in (N_TURN, N_PLACE) or not deck or not (step != N_SHUFFLE or counted), "house_deck",
                   "the game is counted only when the House Deck has cleared", R_END)
    hand_of = [sorted(c for c in map(cards.num, h) if c is not None) for h in hands]
    if player is not None:
        _check_drawn(game, drawn, hand_of[player], player, problems)
    if problems:
        return s
    num = cards.num
    s.game_no, s.first, s.results = game_no, first, tuple(results)
    s.base = tuple(sum(r[q] for r in results[: game_no - 1]) for q in range(n))
    s.deck, s.top = tuple(deck), 0
    s.hands = tuple(tuple(h) for h in hand_of)
    s.rows = tuple(tuple(ROW_CARD.pack(card=num(c), seat=seat) for c, seat, _ in row) for row in rows)
    s.hotels = tuple(tuple((k, tuple(num(c) for c in floor)) for k, floor, _ in floors) for floors in hotels)
    s.high, s.drawn = high, tuple(drawn)
    s.node = SHUFFLE if step == N_SHUFFLE else END if step == N_END else (TURN if step == N_TURN else PLACE)[player]
    s._recount()
    if counted:  # the Point Track's last game is the count of the table
        standing = tuple(s._standing())
        problems.check(results[-1] == standing, f"point_track[{game_no - 1}]", f"game {game_no}'s points are "
                       f"{list(standing)} as the table stands (Point Calculation), not {list(results[-1])}", R_TRACK)
    return s
