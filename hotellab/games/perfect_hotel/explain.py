"""Perfect Hotel's words: why an action is refused (naming the rule), the status line and the
sentence of an action, one function per action kind (the kinds' ``check`` and ``words`` in
``state.ACTIONS``). Functions of a state; imports rules and components, never the state or
view modules.

The core checks an action's grammar first (its kind, its arguments' types and words:
``hotellab.core.kinds.ActionTable.malformed``), that the deciding seat plays it (citing the rule
:func:`turn_note` names) and that the node allows its kind; a kind's check then says why the
deciding seat's action of the right shape is refused. Refusals are
:class:`~hotellab.core.state.Refusal` objects made with ``state.refuse(text, rule, code)``,
so an :class:`~hotellab.IllegalActionError` carries the RuleRef its message names and a code
(``malformed`` for an action of the wrong shape, ``not_legal`` otherwise; the core sets
``not_your_turn``).
"""

from __future__ import annotations

from ...core.state import Refusal
from .components import HIGH_SEASON_MIN, KINDS, KIND_INDEX, MIN_SET, NUM_CARDS, RESEARCH_DRAW
from .rules import (
    N_END, N_PLACE, N_SHUFFLE, R_BUILD, R_BUILD_ROW, R_DRAW, R_HIGH_SEASON, R_NEXT, R_ONE_SET, R_ONE_TOURIST, R_PLACE,
    R_SETUP, R_TOURIST_ALONE,
)

_KINDS = KINDS
_ALL = list(range(NUM_CARDS))


def is_kind(x) -> bool:
    """True when ``x`` is a kind's action word (an Action built in code may carry any object,
    a list or dict among them, which a dict lookup would reject with TypeError)."""
    return isinstance(x, str) and x in KIND_INDEX


# == refusals, one per action kind =============================================================
def turn_note(state, a):
    """The refusal of a seat's action while another seat decides cites the rule of whose turn
    it is (Gameplay / End of turn: the turn passes clockwise) and adds nothing."""
    return Refusal("", R_NEXT)


def check_shuffle(state, action):
    """None for a valid shuffle (a permutation of the 62 card numbers, the House Deck from the
    top), else why not (Game Setup / 1)."""
    if sorted(action.args[0]) != _ALL:  # well formed (the grammar passed) but not a deck: not legal
        return state.refuse(f"{action}: the shuffle must be a permutation of the card numbers 0..61 "
                            f"(the House Deck from the top)", R_SETUP)
    return None


def check_place(state, a):
    """Gameplay / A. Research / 2 and Additional Rules (one Tourist per Tag Row); at a turn,
    A. Research / 1 (the draw comes first)."""
    if state.node.kind != N_PLACE:
        return state.refuse(f"{a}: a card is placed on a Tag Row as the second step of Research: "
                            f"research first (draw {RESEARCH_DRAW})", R_DRAW)
    p = a.player
    k = KIND_INDEX[a.args[0]]
    what = a.args[1]
    counts = state.hand_classes(p)
    name = _KINDS[k].name
    who = state.game.seat_label(p)
    if what == "tourist":
        if not counts[12]:
            return state.refuse(f"{a}: {who} holds no Tourist Group card", R_PLACE)
        return state.refuse(f"{a}: the {name} Tag Row already has a Tourist Group card: only 1 Tourist Group Card "
                            f"may be placed per Tag Row", R_ONE_TOURIST)
    star = what == "star"
    held = [kd.name for kd in _KINDS if counts[2 * kd.index + star]]
    return state.refuse(f"{a}: {who} holds no {'starred ' if star else 'plain '}{name} card, and a Build Card goes "
                        f"on the Tag Row of its own kind (hand: {', '.join(held) or 'none of that sort'})", R_PLACE)


def check_build(state, a):
    """Gameplay / B. Build / 1, Additional Rules, Tourist Group Cards, High-Season."""
    p = a.player
    kid, src, na, nb, nc = a.args
    k = KIND_INDEX[kid]
    for x in (na, nb, nc):
        if x < 0:
            return state.refuse(f"{a}: <plain> <star> <tourists> are counts of hand cards (integers >= 0), "
                                f"got {x!r}", R_BUILD, "malformed")
    name = _KINDS[k].name
    who = state.game.seat_label(p)
    counts = state.hand_classes(p)
    for want, have, what in ((na, counts[2 * k], f"plain {name}"), (nb, counts[2 * k + 1], f"starred {name}"),
                             (nc, counts[12], "Tourist Group")):
        if want > have:
            return state.refuse(f"{a}: {who} holds {have} {what} card{'s' if have != 1 else ''}, not {want}", R_BUILD)
    if state.built_kinds(p) >> k & 1 and state.top_kind(p) != k:
        top = _KINDS[state.top_kind(p)].name
        return state.refuse(f"{a}: {who} already has a {name} set: a second set of a kind must be an Annex "
                            f"on top of the last-built set (the top floor is {top})", R_ONE_SET)
    return _check_set(state, a, k, name)


def _check_set(state, a, k: int, name: str):
    """The set itself (B. Build / 1): the whole row (not empty; High-Season: 2 cards or more
    shown), a Build Card with any Tourist Group card, 2 cards or more."""
    src, na, nb, nc = a.args[1:]
    row = state.rows[k]
    r = len(row) if src == "row" else 0
    rt = state.row_has_tourist(k) if src == "row" else 0
    if src == "row":
        if not row:
            return state.refuse(f"{a}: the {name} Tag Row is empty: build from hand ('hand')", R_BUILD_ROW)
        if state.high >> k & 1 and r < HIGH_SEASON_MIN:
            return state.refuse(f"{a}: the {name} Tag Row is in High-Season (its Build Tag is upside-down): no Build "
                                f"from it until at least {HIGH_SEASON_MIN} cards are displayed, it shows {r}",
                                R_HIGH_SEASON)
    if (rt or nc) and r - rt + na + nb < 1:
        return state.refuse(f"{a}: Tourist Group Cards must be combined with Build Cards to Build (not able to Build "
                            f"using solely Tourist Group Cards)", R_TOURIST_ALONE)
    total = r + na + nb + nc
    if total < MIN_SET:
        return state.refuse(f"{a}: a set needs 2 cards or more, this one has {total}", R_BUILD)
    return None


# == sentences =================================================================================
def status_text(state) -> str:
    """One line: the game of the match, who decides and what, the House Deck's size."""
    kind = state.node.kind
    name = state.game.seat_label
    games = state.game.options["games"]
    lead = f"Game {state.game_no} of {games} — " if games > 1 else ""
    if kind == N_SHUFFLE:
        if state.finished:
            return f"Game {state.game_no} of {games} over — shuffle for game {state.game_no + 1}"
        return f"{lead}Setup — shuffle and deal"
    if kind == N_END:
        return f"Game over — top hotel mogul: {', '.join(name(s) for s in state._winners())}"
    who = name(state.node.seat)
    if kind == N_PLACE:
        return f"{lead}{who} to place a card on a Tag Row (House Deck {state.deck_size})"
    return f"{lead}{who} to research or build (House Deck {state.deck_size})"


def _who(state, a) -> str:
    p = a.player
    return state.game.seat_label(p) if isinstance(p, int) and 0 <= p < state.game.num_players else f"seat {p}"


def _as_given(state, a) -> str:
    """An action whose arguments are not the kind's (an Action built in code), as given."""
    return f"{_who(state, a)}: {a.kind} {' '.join(map(str, a.args))}".rstrip()


def shuffle_words(state, a, perspective=None) -> str:
    """The shuffle; its order (the deal) only for the omniscient view."""
    return "Shuffle and deal" if perspective is not None else f"Shuffle and deal: {a.args[0] if a.args else ''}"


def research_words(state, a, perspective=None) -> str:
    return f"{_who(state, a)}: research (draw {RESEARCH_DRAW})"


def place_words(state, a, perspective=None) -> str:
    """With a ``perspective`` other than the actor, whether a face-down card shows a star is
    left out."""
    if len(a.args) != 2 or not is_kind(a.args[0]):
        return _as_given(state, a)
    who = _who(state, a)
    name = _KINDS[KIND_INDEX[a.args[0]]].name
    if a.args[1] == "tourist":
        return f"{who}: place a Tourist Group card on the {name} row"
    hidden = (perspective is not None and perspective != a.player
              and state.game.options["research_face"] == "down")
    star = " \u2605" if a.args[1] == "star" and not hidden else ""
    return f"{who}: place a {name}{star} card on the {name} row"


def build_words(state, a, perspective=None) -> str:
    if len(a.args) != 5 or not is_kind(a.args[0]):
        return _as_given(state, a)
    kid, src, na, nb, nc = a.args
    name = _KINDS[KIND_INDEX[kid]].name
    parts = ["the row"] if src == "row" else []
    if isinstance(na, int) and isinstance(nb, int) and na + nb:
        parts.append(f"{na + nb} {name}" + (f" ({nb} \u2605)" if nb else ""))
    if nc:
        parts.append(f"{nc} Tourist")
    return f"{_who(state, a)}: build {name} from {' + '.join(parts)}"
