"""Declared positions of Perfect Hotel: where every card is, and whose decision is next.

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
43-50, Garden 51-56, the first two of each kind starred; Tourist Group 57-61; ``to_position``
writes numbers) or its name: a kind ("Bedroom", "bedroom"), the kind with a star ("Bedroom ★"
or "Bedroom *"), or "Tourist Group". A name stands for the lowest-numbered card of that sort
that no other field names. Other fields: ``first_player`` (optional, checked: seat 0 starts
game 1 and each next game starts one seat clockwise, ruling PH-24) and, at step "place",
``drawn`` (the cards the Research drew, in the player's hand; optional).

Every field is checked and a wrong one raises PositionError naming it and the rule: every one
of the 62 cards in exactly one place once the game is dealt (none before Game Setup), a Build
Card only on the Tag Row of its kind and at most one Tourist per row, every floor a set of 2+
cards of its kind (Tourists aside) with a Build Card in it, one set per kind (an Annex only
directly on its set), the House Deck not empty at a turn and empty once the game is counted,
and the Point Track of a finished game equal to its count.

:func:`resample_hidden` deals again what one seat cannot see (the contract's swap check).
"""

from __future__ import annotations

import random
import re
from collections import Counter

from ...core.errors import PositionError
from ...core.position import check_partition, check_range, check_unknown, field
from .components import CLASS, KIND, KINDS, KIND_IDS, MIN_SET, NUM_CARDS, RESEARCH_DRAW, TOURIST, card_name
from .rules import (
    N_END, N_PLACE, N_SHUFFLE, N_TURN, R_BUILD, R_CARDS, R_DRAW, R_END, R_FIRST, R_HIGH_SEASON_FLIP, R_ONE_SET,
    R_ONE_TOURIST, R_SETUP, R_TAGS, R_TOURIST_ALONE, R_TRACK, R_TRACKERS, R_TURN, R_WILD, node,
)

STEPS = {N_SHUFFLE: N_SHUFFLE, N_TURN: N_TURN, N_PLACE: N_PLACE, N_END: N_END}
"""The ``step`` words: the node kinds of :mod:`.rules`."""
_FIELDS = ("step", "player", "game_no", "first_player", "point_track", "house_deck", "hands", "tag_rows",
           "hotels", "high_season", "drawn")
_FT = TOURIST.index(1)


# == writing ===================================================================================
def to_position(s) -> dict:
    """The position of state ``s`` (card numbers; see the module doc)."""
    g = s.game
    name = g.seat_label
    n = g.num_players
    step = s.node[0]
    out: dict = {"step": step}
    if step == N_TURN or step == N_PLACE:
        out["player"] = name(s.node[1])
    out["game_no"] = s.game_no
    out["first_player"] = name(s.first)
    out["point_track"] = [list(r) for r in s.results]
    out["house_deck"] = list(s.deck[s.top:])
    out["hands"] = {name(p): list(s.hands[p]) for p in range(n)}
    out["tag_rows"] = {KIND_IDS[k]: [{"card": e & 63, "placed_by": name(e >> 6)} for e in row]
                       for k, row in enumerate(s.rows)}
    out["hotels"] = {name(p): [{"kind": KIND_IDS[k], "cards": list(cards)} for k, cards in s.hotels[p]]
                     for p in range(n)}
    out["high_season"] = [KIND_IDS[k] for k in range(6) if s.high >> k & 1]
    if step == N_PLACE:
        out["drawn"] = list(s.drawn)
    return out


# == reading ===================================================================================
_NAME_RE = re.compile(r"^\s*([a-z ]+?)\s*(\u2605|\*|star)?\s*$")


def _card_class(text: str, path: str) -> int:
    """The class (kind * 2 + star, 12 = Tourist) that a card name stands for."""
    m = _NAME_RE.match(text.lower())
    word = m.group(1) if m else ""
    if m and word in ("tourist", "tourist group") and not m.group(2):
        return 12
    for kd in KINDS:
        if m and word in (kd.id, kd.name.lower()):
            return 2 * kd.index + bool(m.group(2))
    names = ", ".join(kd.name for kd in KINDS)
    raise PositionError(f"{text!r} is not a card: a card number 0-{NUM_CARDS - 1}, or a name ({names}, a kind "
                        f"with ' ★' for a starred card, or 'Tourist Group')", field=path, rule=R_CARDS)


class _Cards:
    """Reads the card fields: numbers at once, names resolved to free cards at the end."""

    def __init__(self):
        self.places: dict[str, list] = {}  # field path -> [card number or (class, path)]

    def read(self, value, path: str, rule=R_CARDS) -> list:
        if not isinstance(value, list):
            raise PositionError(f"must be a list of cards, got {value!r}", field=path, rule=rule)
        out = []
        for i, v in enumerate(value):
            out.append(self.one(v, f"{path}[{i}]"))
        return out

    def one(self, v, path: str):
        if isinstance(v, str):
            item = [_card_class(v, path), path]
        else:
            item = check_range(v, 0, NUM_CARDS - 1, path, rule=R_CARDS)
        self.places.setdefault(path.rsplit("[", 1)[0] if path.endswith("]") else path, []).append(item)
        return item

    def resolve(self) -> None:
        """Give each named card the lowest free number of its sort, in field order."""
        used = {c for items in self.places.values() for c in items if isinstance(c, int)}
        for items in self.places.values():
            for item in items:
                if isinstance(item, list):
                    cls, path = item
                    free = [c for c in range(NUM_CARDS) if CLASS[c] == cls and c not in used]
                    if not free:
                        raise PositionError("there is no card of this sort left (every one is named elsewhere)",
                                            field=path, rule=R_CARDS)
                    item[:] = [free[0], path]
                    used.add(free[0])

    @staticmethod
    def num(item) -> int:
        return item[0] if isinstance(item, list) else item


def _seat(game, value, path: str, rule=None) -> int:
    names = [game.seat_label(s) for s in range(game.num_players)]
    if isinstance(value, str):
        for s, nm in enumerate(names):
            if value.lower() == nm.lower():
                return s
    raise PositionError(f"must be a seat of this game ({', '.join(names)}), got {value!r}", field=path, rule=rule)


def _kind(value, path: str, rule=R_CARDS) -> int:
    if isinstance(value, str):
        for kd in KINDS:
            if value.lower() in (kd.id, kd.name.lower()):
                return kd.index
    raise PositionError(f"must be a kind ({', '.join(KIND_IDS)}), got {value!r}", field=path, rule=rule)


def fill_from_position(s, table: dict) -> None:
    """Set the fields of ``s`` (a fresh initial state) from ``table``, checking every field;
    the caller recounts the scores. Raises PositionError naming the field and the rule."""
    g = s.game
    n = g.num_players
    games = g.options["games"]
    check_unknown(table, _FIELDS)
    step_word = field(table, "step", str, rule=R_TURN)
    if step_word not in STEPS:
        raise PositionError(f"must be one of {', '.join(STEPS)}, got {step_word!r}", field="step", rule=R_TURN)
    step = STEPS[step_word]
    game_no = check_range(field(table, "game_no", int, default=1), 1, games, "game_no", rule=R_TRACK)
    track = field(table, "point_track", list, default=[], rule=R_TRACK)
    results = []
    for i, row in enumerate(track):
        if not isinstance(row, list) or len(row) != n:
            raise PositionError(f"must be a list of {n} points (one per seat), got {row!r}",
                                field=f"point_track[{i}]", rule=R_TRACK)
        results.append(tuple(check_range(v, -10_000, 10_000, f"point_track[{i}][{j}]", rule=R_TRACK)
                             for j, v in enumerate(row)))
    counted = step == N_END or (step == N_SHUFFLE and len(results) == game_no)
    want = game_no if counted else game_no - 1
    if len(results) != want:
        raise PositionError(f"holds {len(results)} finished games; at step {step_word!r} of game {game_no} it holds "
                            f"{want}", field="point_track", rule=R_TRACK)
    if step == N_END and game_no != games:
        raise PositionError(f"the match ends after game {games} (option games), not game {game_no}",
                            field="game_no", rule=R_TRACK)
    if step == N_SHUFFLE and counted and game_no == games:
        raise PositionError(f"game {game_no} is the last of the match: its count ends it (step 'end')",
                            field="step", rule=R_TRACK)
    dealt = step != N_SHUFFLE or counted
    first = (game_no - 1) % n
    if "first_player" in table and _seat(g, table["first_player"], "first_player", R_FIRST) != first:
        raise PositionError(f"game {game_no} starts with {g.seat_label(first)} (seat 0 starts the first game, each "
                            f"next game one seat clockwise, ruling PH-24)", field="first_player", rule=R_FIRST)
    player = None
    if step == N_TURN or step == N_PLACE:
        player = _seat(g, field(table, "player", str, rule=R_TURN), "player", R_TURN)
    elif "player" in table:
        raise PositionError(f"no player decides at step {step_word!r}", field="player", rule=R_TURN)

    cards = _Cards()
    hands_t = field(table, "hands", dict, default={})
    hands = [[] for _ in range(n)]
    for key, value in hands_t.items():
        hands[_seat(g, key, f"hands.{key}", R_TRACKERS)] = cards.read(value, f"hands.{key}")
    rows_t = field(table, "tag_rows", dict, default={})
    rows = [[] for _ in range(6)]
    for key, value in rows_t.items():
        k = _kind(key, f"tag_rows.{key}", R_TAGS)
        if not isinstance(value, list):
            raise PositionError(f"must be a list of {{card, placed_by}} tables, got {value!r}",
                                field=f"tag_rows.{key}", rule=R_TAGS)
        for i, e in enumerate(value):
            where = f"tag_rows.{key}[{i}]"
            check_unknown(e if isinstance(e, dict) else {}, ("card", "placed_by"), where)
            card = cards.one(field(e, "card", (int, str), where, rule=R_TAGS), f"{where}.card")
            seat = _seat(g, field(e, "placed_by", str, where, rule=R_TAGS), f"{where}.placed_by", R_TAGS)
            rows[k].append((card, seat, where))
    hotels_t = field(table, "hotels", dict, default={})
    hotels = [[] for _ in range(n)]
    for key, value in hotels_t.items():
        p = _seat(g, key, f"hotels.{key}", R_TRACKERS)
        if not isinstance(value, list):
            raise PositionError(f"must be a list of floors ({{kind, cards}} tables, bottom first), got {value!r}",
                                field=f"hotels.{key}", rule=R_BUILD)
        for i, f in enumerate(value):
            where = f"hotels.{key}[{i}]"
            check_unknown(f if isinstance(f, dict) else {}, ("kind", "cards"), where)
            k = _kind(field(f, "kind", str, where, rule=R_BUILD), f"{where}.kind", R_BUILD)
            floor = cards.read(field(f, "cards", list, where, rule=R_BUILD), f"{where}.cards", R_BUILD)
            hotels[p].append((k, floor, where))
    deck = None
    if "house_deck" in table:
        deck = cards.read(field(table, "house_deck", list), "house_deck")
    high_t = field(table, "high_season", list, default=[], rule=R_HIGH_SEASON_FLIP)
    drawn = []
    if "drawn" in table:
        if step != N_PLACE:
            raise PositionError("only at step 'place' (the cards a Research drew)", field="drawn", rule=R_DRAW)
        drawn = cards.read(field(table, "drawn", list, rule=R_DRAW), "drawn", R_DRAW)
        cards.places.pop("drawn", None)  # the drawn cards are in the hand: not a place of their own
        for i, c in enumerate(drawn):
            if isinstance(c, list):
                raise PositionError("a drawn card is given by its number (it is a card of the hand)",
                                    field=f"drawn[{i}]", rule=R_DRAW)
    cards.resolve()
    num = cards.num

    # Tag Rows: a Build Card on the row of its kind; one Tourist per row
    for k, row in enumerate(rows):
        tourists = 0
        for card, _, where in row:
            c = num(card)
            if c >= _FT:
                tourists += 1
                if tourists > 1:
                    raise PositionError("a second Tourist Group card on one Tag Row", field=f"{where}.card",
                                        rule=R_ONE_TOURIST)
            elif KIND[c] != k:
                raise PositionError(f"card {c} is a {card_name(c)} card: a Build Card goes on the Tag Row of its "
                                    f"own kind ({KINDS[k].name} here)", field=f"{where}.card", rule=R_TAGS)
    # hotels: sets of 2+ cards of the floor's kind with a Build Card; one set per kind
    for p, floors in enumerate(hotels):
        seen: list[int] = []
        for k, floor, where in floors:
            cs = [num(c) for c in floor]
            if len(cs) < MIN_SET:
                raise PositionError(f"a floor is a set of {MIN_SET} cards or more, this one has {len(cs)}",
                                    field=f"{where}.cards", rule=R_BUILD)
            for j, c in enumerate(cs):
                if c < _FT and KIND[c] != k:
                    raise PositionError(f"card {c} is a {card_name(c)} card, not {KINDS[k].name} (only Tourist "
                                        f"Group cards act as another kind)", field=f"{where}.cards[{j}]", rule=R_WILD)
            if all(c >= _FT for c in cs):
                raise PositionError("a floor of Tourist Group cards alone", field=f"{where}.cards",
                                    rule=R_TOURIST_ALONE)
            if seen and seen[-1] == k:
                continue  # an Annex on its own set
            if k in seen:
                raise PositionError(f"a second {KINDS[k].name} set that is not an Annex directly on top of the "
                                    f"first", field=f"{where}.kind", rule=R_ONE_SET)
            seen.append(k)
    # every card in exactly one place (Components: 62 cards), none before Game Setup
    placed = [num(c) for items in cards.places.values() for c in items]
    if not dealt:
        if placed:
            raise PositionError("no card is on the table before Game Setup (step 'shuffle' of the first game)",
                                field=next(iter(cards.places)), rule=R_SETUP)
    else:
        if deck is None:
            taken = set(placed)
            deck = [c for c in range(NUM_CARDS) if c not in taken]
            cards.places["house_deck"] = deck
        check_partition({path: [num(c) for c in items] for path, items in cards.places.items()},
                        Counter(range(NUM_CARDS)), "card", rule=R_CARDS)
    deck = [num(c) for c in deck or []]

    # Build Tags, the House Deck and the step
    high = 0
    for i, word in enumerate(high_t):
        high |= 1 << _kind(word, f"high_season[{i}]", R_HIGH_SEASON_FLIP)
    if high and not g.options["high_season"]:
        raise PositionError("a Build Tag is upside-down only with the High-Season Advanced Rule (option "
                            "high_season)", field="high_season", rule=R_HIGH_SEASON_FLIP)
    if step == N_TURN and not deck:
        raise PositionError("the House Deck is empty at a turn: the game has ended", field="house_deck", rule=R_END)
    if dealt and step != N_TURN and step != N_PLACE and deck:
        raise PositionError("the game is counted only when the House Deck has cleared", field="house_deck",
                            rule=R_END)
    hand_of = [sorted(num(c) for c in h) for h in hands]
    drawn = [num(c) for c in drawn]
    if drawn:
        if len(drawn) > RESEARCH_DRAW or any(c not in hand_of[player] for c in drawn) or len(set(drawn)) < len(drawn):
            raise PositionError(f"the drawn cards (at most {RESEARCH_DRAW}) must be in "
                                f"{g.seat_label(player)}'s hand", field="drawn", rule=R_DRAW)

    s.game_no = game_no
    s.first = first
    s.results = tuple(results)
    s.base = tuple(sum(r[p] for r in results[: game_no - 1]) for p in range(n))
    s.deck = tuple(deck)
    s.top = 0
    s.hands = tuple(tuple(h) for h in hand_of)
    s.rows = tuple(tuple(num(c) | seat << 6 for c, seat, _ in row) for row in rows)
    s.hotels = tuple(tuple((k, tuple(num(c) for c in floor)) for k, floor, _ in floors) for floors in hotels)
    s.high = high
    s.drawn = tuple(drawn)
    s.node = node(step, player)
    if counted:  # the Point Track's last game is the count of the table
        s._recount()
        standing = tuple(s._standing())
        if results[-1] != standing:
            raise PositionError(f"game {game_no}'s points are {list(standing)} as the table stands (Point "
                                f"Calculation), not {list(results[-1])}", field=f"point_track[{game_no - 1}]",
                                rule=R_TRACK)


# == hidden information ========================================================================
def resample_hidden(s, seat: int, rng: random.Random):
    """A copy of ``s`` where what ``seat`` cannot see is dealt again at random: the cards of
    the other hands (a card with the Tourist mark stays a Tourist, ruling PH-08), the House
    Deck (its top card keeps its back), and the stars of the cards the others placed face down
    on the Tag Rows (each stays a card of its row's kind). ``seat`` sees the same view."""
    t = s._copy()
    n = s.game.num_players
    cards: list[int] = []
    ok: list = []  # per slot: a test of the cards that may go there
    is_tourist = lambda c: c >= _FT  # noqa: E731
    not_tourist = lambda c: c < _FT  # noqa: E731
    anything = lambda c: True  # noqa: E731
    hand_slots: dict[int, list[int]] = {}
    for q in range(n):
        if q == seat:
            continue
        hand_slots[q] = []
        for c in s.hands[q]:
            hand_slots[q].append(len(cards))
            cards.append(c)
            ok.append(is_tourist if c >= _FT else not_tourist)
    deck_at = len(cards)
    for i, c in enumerate(s.deck[s.top:]):
        cards.append(c)
        ok.append((is_tourist if c >= _FT else not_tourist) if i == 0 else anything)
    row_slots = []
    if s.game.options["research_face"] == "down":
        for k, row in enumerate(s.rows):
            for j, e in enumerate(row):
                c = e & 63
                if e >> 6 != seat and c < _FT:
                    row_slots.append((k, j, len(cards)))
                    cards.append(c)
                    ok.append(lambda x, k=k: x < _FT and KIND[x] == k)
    m = len(cards)
    for _ in range(3):
        for i in range(m):
            j = rng.randrange(m)
            if ok[i](cards[j]) and ok[j](cards[i]):
                cards[i], cards[j] = cards[j], cards[i]
    hands = list(s.hands)
    drawn = s.drawn
    for q, slots in hand_slots.items():
        if drawn and s.node[1] == q:
            old = s.hands[q]
            drawn = tuple(cards[slots[old.index(c)]] for c in drawn)
        hands[q] = tuple(sorted(cards[i] for i in slots))
    rows = [list(r) for r in s.rows]
    for k, j, i in row_slots:
        rows[k][j] = cards[i] | (s.rows[k][j] >> 6) << 6
    t.hands = tuple(hands)
    t.rows = tuple(tuple(r) for r in rows)
    t.deck = tuple(cards[deck_at:deck_at + len(s.deck) - s.top])
    t.top = 0
    t.drawn = drawn
    return t
