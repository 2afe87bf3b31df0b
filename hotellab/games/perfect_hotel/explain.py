"""Perfect Hotel's words: why an action is refused (naming the rule), the status line and the
sentence of an action. Functions of a state; imports rules and components, never the state or
view modules.

Refusals are :class:`~hotellab.core.state.Refusal` objects made with ``state.refuse(text,
rule, code)``, so an :class:`~hotellab.IllegalActionError` carries the RuleRef its message
names and a code (``malformed`` for an action of the wrong shape, ``not_legal`` otherwise;
the core sets ``not_your_turn``).
"""

from __future__ import annotations

from ...core.actions import CHANCE
from .components import HIGH_SEASON_MIN, KINDS, KIND_IDS, KIND_INDEX, MIN_SET, NUM_CARDS, RESEARCH_DRAW
from .rules import (
    N_END, N_PLACE, N_SHUFFLE, N_TURN, R_ANNEX, R_BUILD, R_BUILD_ROW, R_DRAW, R_HIGH_SEASON, R_NEXT,
    R_ONE_SET, R_ONE_TOURIST, R_PLACE, R_SETUP, R_TOURIST_ALONE, R_TURN,
)

_KINDS = KINDS
_IDS = KIND_IDS
_ALL = list(range(NUM_CARDS))
_PLACE_WHAT = ("plain", "star", "tourist")
_SOURCES = ("row", "hand")
_FORMS = {"research": 0, "place": 2, "build": 5}
_USAGE = {
    "research": "research",
    "place": "place <row> plain|star|tourist",
    "build": "build <kind> row|hand <plain> <star> <tourists>",
}


def is_kind(x) -> bool:
    """True when ``x`` is a kind's action word (an Action built in code may carry any object,
    a list or dict among them, which a dict lookup would reject with TypeError)."""
    return isinstance(x, str) and x in KIND_INDEX


# == chance ====================================================================================
def explain_chance(state, action) -> str | None:
    """None for a valid shuffle (a permutation of the 62 card numbers, the House Deck from the
    top), else why not (Game Setup / 1)."""
    if action.kind != "shuffle" or len(action.args) != 1:
        return state.refuse(f"{action}: expected 'chance shuffle <permutation of 0..61>'", R_SETUP, "malformed")
    perm = action.args[0]
    if (not isinstance(perm, tuple) or any(isinstance(i, bool) or not isinstance(i, int) for i in perm)
            or sorted(perm) != _ALL):
        return state.refuse(f"{action}: the shuffle must be a permutation of the card numbers 0..61 "
                            f"(the House Deck from the top)", R_SETUP, "malformed")
    return None


# == refusals ==================================================================================
def explain(state, a):
    """Why ``a`` (not legal at this decision node) is refused: a Refusal naming the rule."""
    kind, p, _ = state.node
    n = state.game.num_players
    name = state.game.seat_label
    if a.player == CHANCE:
        return state.refuse(f"{a}: a chance outcome cannot be applied now: {name(p)} decides now "
                            f"({state.status_text()})")
    if not 0 <= a.player < n:
        return state.refuse(f"{a}: there is no seat {a.player} (seats 0 to {n - 1})", code="malformed")
    if a.player != p:
        return state.refuse(f"{a} is not {name(a.player)}'s to play: {name(p)} decides now "
                            f"({state.status_text()})", R_NEXT, "not_your_turn")
    if a.kind not in _FORMS:
        return state.refuse(f"{a}: unknown action kind {a.kind!r}; the kinds are research, place and build",
                            R_TURN, "malformed")
    if len(a.args) != _FORMS[a.kind]:
        return state.refuse(f"{a}: '{a.kind}' takes {_FORMS[a.kind]} argument(s): {_USAGE[a.kind]}",
                            code="malformed")
    if kind == N_PLACE and a.kind != "place":
        return state.refuse(f"{a}: {name(p)} has drawn and must now place 1 card from hand onto a Tag Row "
                            f"('{_USAGE['place']}')", R_PLACE)
    if kind == N_TURN and a.kind == "place":
        return state.refuse(f"{a}: a card is placed on a Tag Row as the second step of Research: "
                            f"research first (draw {RESEARCH_DRAW})", R_DRAW)
    if a.kind == "place":
        return _explain_place(state, a)
    if a.kind == "build":
        return _explain_build(state, a)
    return None


def _explain_place(state, a):
    """Gameplay / A. Research / 2 and Additional Rules (one Tourist per Tag Row)."""
    p = a.player
    if not is_kind(a.args[0]):
        return state.refuse(f"{a}: <row> must be one of {', '.join(_IDS)}, got {a.args[0]!r}", R_PLACE, "malformed")
    k = KIND_INDEX[a.args[0]]
    what = a.args[1]
    if not isinstance(what, str) or what not in _PLACE_WHAT:
        return state.refuse(f"{a}: the card is 'plain', 'star' or 'tourist', got {what!r}", R_PLACE, "malformed")
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


def _explain_build(state, a):
    """Gameplay / B. Build / 1, Additional Rules, Tourist Group Cards, High-Season."""
    p = a.player
    kid, src, na, nb, nc = a.args
    if not is_kind(kid):
        return state.refuse(f"{a}: <kind> must be one of {', '.join(_IDS)}, got {kid!r}", R_BUILD, "malformed")
    k = KIND_INDEX[kid]
    if not isinstance(src, str) or src not in _SOURCES:
        return state.refuse(f"{a}: the source is 'row' (the whole Tag Row plus hand cards) or 'hand' (hand cards "
                            f"only), got {src!r}", R_BUILD, "malformed")
    for x in (na, nb, nc):
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
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
    kind = state.node[0]
    name = state.game.seat_label
    games = state.game.options["games"]
    lead = f"Game {state.game_no} of {games} — " if games > 1 else ""
    if kind == N_SHUFFLE:
        if state.finished:
            return f"Game {state.game_no} of {games} over — shuffle for game {state.game_no + 1}"
        return f"{lead}Setup — shuffle and deal"
    if kind == N_END:
        return f"Game over — top hotel mogul: {', '.join(name(s) for s in state._winners())}"
    who = name(state.node[1])
    if kind == N_PLACE:
        return f"{lead}{who} to place a card on a Tag Row (House Deck {state.deck_size})"
    return f"{lead}{who} to research or build (House Deck {state.deck_size})"


def action_to_string(state, a, perspective=None) -> str:
    """A sentence for people. With a ``perspective`` other than the actor, hidden parts
    (whether a face-down card shows a star, a shuffle's order) are left out."""
    if a.player == CHANCE:
        return "Shuffle and deal" if perspective is not None else f"Shuffle and deal: {a.args[0] if a.args else ''}"
    who = state.game.seat_label(a.player) if isinstance(a.player, int) and 0 <= a.player < state.game.num_players \
        else f"seat {a.player}"
    if a.kind == "research":
        return f"{who}: research (draw {RESEARCH_DRAW})"
    if a.kind == "place" and len(a.args) == 2 and is_kind(a.args[0]):
        name = _KINDS[KIND_INDEX[a.args[0]]].name
        if a.args[1] == "tourist":
            return f"{who}: place a Tourist Group card on the {name} row"
        hidden = (perspective is not None and perspective != a.player
                  and state.game.options["research_face"] == "down")
        star = " \u2605" if a.args[1] == "star" and not hidden else ""
        return f"{who}: place a {name}{star} card on the {name} row"
    if a.kind == "build" and len(a.args) == 5 and is_kind(a.args[0]):
        kid, src, na, nb, nc = a.args
        name = _KINDS[KIND_INDEX[kid]].name
        parts = ["the row"] if src == "row" else []
        if isinstance(na, int) and isinstance(nb, int) and na + nb:
            parts.append(f"{na + nb} {name}" + (f" ({nb} \u2605)" if nb else ""))
        if nc:
            parts.append(f"{nc} Tourist")
        return f"{who}: build {name} from {' + '.join(parts)}"
    return f"{who}: {a.kind} {' '.join(map(str, a.args))}".rstrip()
