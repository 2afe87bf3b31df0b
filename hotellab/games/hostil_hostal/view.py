"""Hostil Hostal view models and the room adjacency graph (pure functions of a state).

The view model's shape is documented in ``docs/dev/view_model.md``. Hidden things are
``None``: another player's hand, a face-down card's number (unless the perspective owns
it or has spied it), the order of every deck, an automata card drawn by someone else.
"""

from __future__ import annotations

import hotellab.games.hostil_hostal.components as C
from .encoding import KNOWN, card_number, card_seat, guest_seat, is_sedated
from .rules import (
    N_AUTOBED, N_AUTOROOM, N_CARD, N_END, N_FORCED_GRRR, N_MOVETO, N_REFORM, N_RELOCATE, N_SIDE_CHOICE, N_TURN,
)

_PROMPTS = {
    N_SIDE_CHOICE: "choose the side (A or B) of the next room",
    N_TURN: "place a guest, play a card, move a guest or pass (and spy)",
    N_MOVETO: "choose where the moved guest goes",
    N_RELOCATE: "Grrr: choose where your removed guest goes",
    N_AUTOROOM: "choose a room for the automata card",
    N_AUTOBED: "choose a bed for the automata's guest",
    N_CARD: "activate the card or skip",
    N_FORCED_GRRR: "Grrr: choose which of your guests leaves the room",
    N_REFORM: "choose the reform's side",
}


_PHASE_WORDS = {"Setup": "setup", "Dusk": "dusk", "Night": "night", "Automata phase": "automata", "Dawn": "dawn",
                "Day": "day", "End of the Game": "end"}
"""The view's ``phase`` word for each row of ``rules.PHASES`` (docs/dev/view_model.md)."""


def _card_visible(state, cid: int, perspective) -> bool:
    if perspective is None or state.revealed:
        return True
    return card_seat(cid) == perspective or cid in state.known[perspective]


def _seat_view(state, s: int, perspective) -> dict:
    """A seat's track, guests and cards; its hand only for itself (and the omniscient view)."""
    g = state.game
    cards = C.cards()
    colour = g.colour(s)
    show_hand = perspective is None or perspective == s
    return {
        "seat": s,
        "name": g.seat_label(s),
        "colour": colour,
        "color": C.COLOUR_HEX[colour],
        "automata": g.is_automata(s),
        "score": state.score[s],
        "hand": [{"number": n, "name": cards[n].name} for n in state.hands[s]] if show_hand else None,
        "hand_size": len(state.hands[s]),
        "deck_size": len(state.decks[s]),
        "discard": list(state.discards[s]),
        "guests_in_supply": state.supply[s],
        "guests_in_lobby": state.lobby[s],
        "first_player": s == state.first,
        "passed": s in state.passed,
    }


def _room_view(state, pos: int, lay, perspective) -> dict:
    """A room: its board, wear, rug, reform, total, beds with their guests and its cards (a
    face-down card's number only for its owner, a spy who saw it, or after the reveal)."""
    cards = C.cards()
    floor, col = state.positions[pos]
    ref = state.reform[pos]
    room_cards = []
    for cid in state.cards[pos]:
        vis = _card_visible(state, cid, perspective)
        n = card_number(cid)
        room_cards.append({
            "seat": card_seat(cid),
            "number": n if vis else None,
            "name": cards[n].name if vis else None,
            "face_up": state.revealed,
        })
    return {
        "number": lay.number,
        "side": lay.side,
        "label": f"{lay.number}{lay.side}",
        "floor": floor,
        "col": col,
        "wear": state.wear[pos],
        "rug": state._rug(pos),
        "base_rug": lay.rug,
        "reform": {"id": ref[0], "side": ref[1], "rug": C.reforms()[ref[0]][ref[1]]} if ref else None,
        "total": state._total(pos),
        "beds": [
            {"index": b, "row": r, "col": c, "value": v,
             "guests": [{"seat": guest_seat(x), "sedated": bool(is_sedated(x))} for x in state.beds[pos][b]]}
            for b, (r, c, v) in enumerate(lay.beds)
        ],
        "cards": room_cards,
    }


def _pending(state, perspective) -> dict | None:
    """The pending decision: the deciding seat and what it is asked."""
    kind = state.node.kind
    pending = None
    if kind in _PROMPTS:
        pending = {"player": state.node.seat, "prompt": _PROMPTS[kind]}
        if kind == N_CARD and state.item is not None:
            pending["prompt"] = f"{state._card_name(state.item[0])}: activate it or skip"
        elif kind == N_REFORM and state.ctx:
            pos, rid = state.ctx[1], state.ctx[2]
            sides = C.reforms()[rid]
            pending["prompt"] = (f"choose the side of reform {rid} for room {state._label(pos)}: "
                                 f"a (rug {sides['a']:+d}) or b (rug {sides['b']:+d})")
        elif kind == N_AUTOROOM and state.auto_cards and perspective in (None, state.node.seat):
            pending["prompt"] = f"you drew automata card #{state.auto_cards[-1][1]}: choose a room for it"
    return pending


def build_view(state, perspective=None) -> dict:
    """The JSON-able view model of ``state`` seen by ``perspective`` (None = omniscient)."""
    g = state.game
    seats = [_seat_view(state, s, perspective) for s in range(g.num_seats)]
    rooms = []
    if state.layouts is not None:
        rooms = [_room_view(state, pos, lay, perspective) for pos, lay in enumerate(state.layouts)]
    lobby = [s for s in range(g.num_seats) for _ in range(state.lobby[s])]
    kind = state.node.kind
    pending = _pending(state, perspective)
    auto = None
    if state.auto_cards:
        auto = {"cards": [
            {"seat": s, "room": state.boards[q] if q is not None else None,
             "number": c if perspective is None or perspective == s or kind == N_AUTOBED else None}
            for s, c, q in state.auto_cards
        ]}
    phase = _PHASE_WORDS[state.phase.name]  # the phase table (rules.PHASES), in the view's words
    return {
        "game": g.id,
        "title": g.title,
        "perspective": perspective,
        "status": state.status_text(),
        "phase": phase,
        "night": state.night,
        "nights": g.options["nights"],
        "round": state.round,
        "current_player": state.current_player,
        "first_player": state.first,
        "seats": seats,
        "lobby": {"guests": lobby},
        "rooms": rooms,
        "misfortune": state.misfortune,
        "pending": pending,
        "automata_phase": auto,
        "reform_deck_size": len(state.reform_deck),
        "winners": state.winners() if kind == N_END else None,
        "known": (sorted(KNOWN.pack(number=card_number(c), seat=card_seat(c)) for c in state.known[perspective])
                  if perspective is not None else None),
    }


def adjacency_graph(state):
    """networkx.Graph of rooms, beds and the Lobby.

    Nodes: ``"lobby"`` (kind "lobby"), ``"room:<n>"`` (kind "room"; floor, col, label, wear,
    total) and ``"bed:<n>:<i>"`` (kind "bed"; room, index, row, col, value, guests).
    Edges: kind "orthogonal" between rooms side by side on a floor (Party), kind "below"
    from a floor-2 room to the room immediately below it (Tap Tippity-Tap, also orthogonal
    for Party), "contains" from a room to its beds, "bed" between orthogonally adjacent
    beds (Sniff) and "lobby" from the Lobby to the floor-1 room next to it.
    Before setup has chosen the rooms the graph holds only the Lobby.
    """
    import networkx as nx

    G = nx.Graph()
    G.add_node("lobby", kind="lobby", floor=1, col=0, label="Lobby")
    if state.layouts is None:
        return G
    at = {}
    for pos, lay in enumerate(state.layouts):
        floor, col = state.positions[pos]
        rid = f"room:{lay.number}"
        at[(floor, col)] = rid
        G.add_node(rid, kind="room", floor=floor, col=col, label=f"{lay.number}{lay.side}",
                   number=lay.number, wear=state.wear[pos], total=state._total(pos))
        for b, (r, c, v) in enumerate(lay.beds):
            bid = f"bed:{lay.number}:{b}"
            G.add_node(bid, kind="bed", room=lay.number, index=b, row=r, col=c, value=v,
                       guests=[guest_seat(x) for x in state.beds[pos][b]])
            G.add_edge(rid, bid, kind="contains")
        for b, adj in enumerate(lay.adjacent):
            for j in adj:
                if j > b:
                    G.add_edge(f"bed:{lay.number}:{b}", f"bed:{lay.number}:{j}", kind="bed")
    for (floor, col), rid in at.items():
        if (floor, col + 1) in at:
            G.add_edge(rid, at[(floor, col + 1)], kind="orthogonal")
        if floor == 2 and (1, col) in at:
            G.add_edge(rid, at[(1, col)], kind="below")
    if (1, 1) in at:
        G.add_edge("lobby", at[(1, 1)], kind="lobby")
    return G
