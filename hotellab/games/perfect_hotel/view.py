"""Perfect Hotel view models and the hotel floor graph (pure functions of a state).

The view model's shape is documented in ``docs/dev/view_model.md``. Hidden things are
``None``: another player's hand (its size and how many Tourist Group Cards it holds show,
since those have a marked back), the star of a card placed face down on a Tag Row by someone
else, and the order of the House Deck (only whether its top card has the Tourist mark).
"""

from __future__ import annotations

from .components import (
    CHEAP_HOTEL, CHEAP_HOTEL_KINDS, COLOUR_HEX, KIND, KINDS, KIND_IDS, PERFECT_VIEW, PERFECT_VIEW_TIE,
    ROW_CARD, SKY_ROOM, STAR, T, TOURIST, TOURIST_NAME, card_name,
)
from .rules import N_END, N_PLACE, N_TURN, R_CHEAP_HOTEL, R_PERFECT_VIEW, R_SKY_ROOM, R_STAR

_T = T


def _card(c: int, visible: bool = True) -> dict:
    """A card seen face up (``visible``) or by its back (kind from its row, Tourist mark)."""
    k = KIND[c]
    tourist = k == _T
    if not visible:
        return {"id": None, "kind": None, "tourist": tourist, "star": None, "name": TOURIST_NAME if tourist else None}
    return {"id": c, "kind": None if tourist else KIND_IDS[k], "tourist": tourist,
            "star": bool(STAR[c]), "name": card_name(c)}


def _tally(state) -> dict:
    """Per seat: cards per kind in the hotel, floors, top floor size, kinds, Tourists, stars."""
    out = []
    for s in range(state.game.num_players):
        cnt = [0] * 6
        tour = stars = 0
        for k, cards in state.hotels[s]:
            cnt[k] += len(cards)
            tour += sum(TOURIST[c] for c in cards)
            stars += sum(STAR[c] for c in cards)
        hotel = state.hotels[s]
        out.append({"counts": cnt, "floors": len(hotel), "top": len(hotel[-1][1]) if hotel else 0,
                    "kinds": 6 - cnt.count(0), "tourists": tour, "stars": stars,
                    "hand_tourists": sum(TOURIST[c] for c in state.hands[s])})
    return out


_PHASE_WORD = {"Game Setup": "setup", "Gameplay": "turn", "A. Research": "research", "Game End": "end"}
"""phase name (rules.PHASES) -> the view's ``phase`` word."""


def _holders(values: list[int]) -> list[int]:
    best = max(values) if values else 0
    return [s for s, v in enumerate(values) if v == best] if best else []


def _rows(state, perspective, tally: list) -> list:
    """The Tag Rows (Game Setup / 3): each card with the seat that placed it; a face-down
    card's star only for that seat (Gameplay / A. Research / 2, ruling PH-07)."""
    face_down = state.game.options["research_face"] == "down"
    rows = []
    for k, row in enumerate(state.rows):
        cards = []
        for e in row:
            c, seat = ROW_CARD.get(e, "card"), ROW_CARD.get(e, "seat")
            vis = not face_down or perspective is None or perspective == seat
            d = _card(c, vis)
            d["kind"] = KIND_IDS[k]  # the row tells the kind of every card in it
            d["seat"] = seat
            d["face_up"] = not face_down
            cards.append(d)
        counts = [t["counts"][k] for t in tally]
        rows.append({"kind": KIND_IDS[k], "name": KINDS[k].name, "points": KINDS[k].points,
                     "count": KINDS[k].count, "colour": KINDS[k].colour,
                     "high_season": bool(state.high >> k & 1), "cards": cards,
                     "leaders": _holders(counts)})
    return rows


def _seats(state, perspective, tally: list) -> list:
    """Each seat: its score, hand (hidden from the others but for its size and Tourist
    marks), the cards it just drew, its hotel's floors from the ground up and its sets."""
    g = state.game
    node = state.node
    seats = []
    for s in range(g.num_players):
        colour = g.colour(s)
        hand = state.hands[s]
        show = perspective is None or perspective == s
        floors = []
        prev = None
        for level, (k, cards) in enumerate(state.hotels[s], start=1):
            floors.append({"level": level, "kind": KIND_IDS[k], "name": KINDS[k].name,
                           "colour": KINDS[k].colour, "size": len(cards),
                           "tourists": sum(TOURIST[c] for c in cards), "stars": sum(STAR[c] for c in cards),
                           "annex": prev == k, "cards": [_card(c) for c in cards]})
            prev = k
        t = tally[s]
        seats.append({
            "seat": s, "name": g.seat_label(s), "colour": colour, "color": COLOUR_HEX[colour],
            "score": state.score[s], "first_player": s == state.first,
            "hand": [_card(c) for c in hand] if show else None,
            "hand_size": len(hand), "hand_tourists": t["hand_tourists"],
            "drawn": [_card(c) for c in state.drawn] if show and node.kind == N_PLACE and node.seat == s else None,
            "hotel": floors, "sets": {KIND_IDS[k]: t["counts"][k] for k in range(6) if t["counts"][k]},
            "kinds": t["kinds"], "stars": t["stars"],
        })
    return seats


def _awards(n: int, tally: list) -> list:
    """The three Award Cards with the seats that would get them now (Award Cards)."""
    heights = [t["floors"] for t in tally]
    tops = [t["top"] for t in tally]
    pv, sky = _holders(heights), _holders(tops)
    return [
        {"id": "perfect_view", "name": "Perfect View", "text": "+5 pts. / in a tie +1 pt.", "rule": R_PERFECT_VIEW.section,
         "holders": pv, "points": (PERFECT_VIEW if len(pv) == 1 else PERFECT_VIEW_TIE) if pv else 0},
        {"id": "sky_room", "name": "Sky Room", "text": "+3 pts. / in a tie +0 pt.", "rule": R_SKY_ROOM.section,
         "holders": sky if len(sky) == 1 else [], "tied": sky if len(sky) > 1 else [],
         "points": SKY_ROOM if len(sky) == 1 else 0},
        {"id": "cheap_hotel", "name": "Cheap Hotel", "text": "-3 pts. under 4 kinds", "rule": R_CHEAP_HOTEL.section,
         "holders": [s for s in range(n) if tally[s]["kinds"] < CHEAP_HOTEL_KINDS], "points": CHEAP_HOTEL},
    ]


_PROMPTS = {N_TURN: "research (draw 2, then place 1) or build a set of 2+ cards of one kind",
            N_PLACE: "place 1 card from hand onto the Tag Row of its kind"}


def build_view(state, perspective=None) -> dict:
    """The JSON-able view model of ``state`` seen by ``perspective`` (None = omniscient)."""
    g = state.game
    n = g.num_players
    opts = g.options
    tally = _tally(state)
    kinds = [{"id": kd.id, "name": kd.name, "points": kd.points, "count": kd.count, "colour": kd.colour}
             for kd in KINDS]
    breakdown = [{"player": it.player, "category": it.category, "points": it.points, "rule": it.rule.section,
                  **({"reconstructed": True} if it.rule.reconstructed else {})}
                 for it in state.score_breakdown()]
    kind = state.node.kind
    pending = {"player": state.node.seat, "prompt": _PROMPTS[kind]} if kind in _PROMPTS else None
    deck_top = state.deck[state.top] if state.deck_size else None
    phase = _PHASE_WORD[state.phase.name]
    if phase == "setup" and state.finished:
        phase = "between games"  # the next game's Game Setup (Point Track Board)
    return {
        "game": g.id,
        "title": g.title,
        "perspective": perspective,
        "status": state.status_text(),
        "phase": phase,
        "game_no": state.game_no,
        "games": opts["games"],
        "options": {"high_season": opts["high_season"], "star_bonus": opts["star_bonus"],
                    "research_face": opts["research_face"]},
        "current_player": state.current_player,
        "first_player": state.first,
        "deck": {"size": state.deck_size, "top_tourist": bool(TOURIST[deck_top]) if deck_top is not None else None},
        "kinds": kinds,
        "rows": _rows(state, perspective, tally),
        "seats": _seats(state, perspective, tally),
        "awards": _awards(n, tally),
        "star_rule": R_STAR.section if opts["star_bonus"] else None,
        "breakdown": breakdown,
        "point_track": [list(r) for r in state.results],
        "pending": pending,
        "winners": state.winners() if kind == N_END else None,
    }


def adjacency_graph(state):
    """networkx.Graph of every player's hotel as a stack of floors.

    Nodes ``"floor:<seat>:<level>"`` (level 1 is the ground floor), attribute ``kind`` =
    "floor", plus ``seat``, ``level``, ``floor`` (= level) and ``col`` (= seat + 1: one column
    per hotel, for :func:`hotellab.viz.layout.board_layout`), ``build`` (the Build kind id, e.g.
    "bedroom"), ``label``, ``size`` (cards), ``tourists``, ``stars``, ``annex`` (True on an
    Annex floor) and ``set_size`` (cards in the whole set, Annex floors included).
    Edges: kind "above" from each floor to the floor directly below it, with ``annex`` True
    where both belong to one set (Additional Rules / Annex Building).
    An empty hotel has no node.
    """
    import networkx as nx

    G = nx.Graph()
    for s, hotel in enumerate(state.hotels):
        sets: dict = {}
        for k, cards in hotel:
            sets[k] = sets.get(k, 0) + len(cards)
        prev = None
        for level, (k, cards) in enumerate(hotel, start=1):
            node = f"floor:{s}:{level}"
            kd = KINDS[k]
            G.add_node(node, kind="floor", seat=s, level=level, floor=level, col=s + 1, build=kd.id,
                       label=f"{kd.name} {len(cards)}", name=kd.name, size=len(cards),
                       tourists=sum(TOURIST[c] for c in cards), stars=sum(STAR[c] for c in cards),
                       annex=prev == k, set_size=sets[k], colour=kd.colour)
            if level > 1:
                G.add_edge(node, f"floor:{s}:{level - 1}", kind="above", annex=prev == k)
            prev = k
    return G
