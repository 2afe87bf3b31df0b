"""Helpers for the Hostil Hostal tests (fixture ``hh``).

Positions for rule tests are built in two ways:

1. **Forced actions** (preferred). ``hh.start(n, ...)`` plays the whole setup with forced
   chance outcomes: ``chance shuffle rooms 0,1,2,3,4`` (so the rooms in play are boards 1, 2,
   3, ... in position order), one forced ``chance wear B F`` per room, a forced shuffle of
   every deck (by default the identity, so a deck is drawn 1, 2, 3, ...; ``hands=`` puts the
   chosen three cards on top) and the identity shuffle of the reform deck. It returns the
   state at Night 1, round 1, with seat 0 (the first player) to act.

2. **Adjusting a real state** for dawn and day effects: ``hh.adjust(state, ...)`` takes a
   state reached by actions, writes its declared position (``state.to_position()``), changes
   the table and reads it back with ``game.state_from_position`` (so the adjusted state passes
   every position check: each card and guest in exactly one place). It sets:

   - ``beds={board: {bed: [guest, ...]}}`` replaces the occupancy of the listed rooms
     (a guest is a seat number, or ``hh.sed(seat)`` for a sedated guest). Unless ``supply``
     / ``lobby`` are given, every human seat's unbedded guests are put in the Lobby (supply 0,
     so the seat may pass; Lobby guests are untouched by every rule) and the automata's
     unbedded guests are in the Lobby too: 4 guests per seat are conserved.
   - ``cards={board: [(seat, number), ...]}`` replaces the face-down cards of the listed rooms;
     each card is taken from wherever it was (hand, deck, discard, another room), so every
     card still exists exactly once.
   - ``hands={seat: (numbers...)}`` sets a hand (cards taken from deck/discard/rooms; the
     cards it replaces go to that seat's discard). ``decks={seat: (numbers...)}`` likewise
     sets a deck, top first (the cards it replaces go to the discard).
   - ``score={seat: points}`` sets the rest points (the score breakdown's "Start" item is
     moved by the same amount so the breakdown still sums to the score).
   - ``wear={board: value}``, ``reform={board: (id, side)}``, ``first=seat``,
     ``supply=[...]``, ``lobby=[...]``.

   The adjusted state starts its history at that position (``state.start_position``).

   Fields of the state (hotellab/games/hostil_hostal/state.py): ``node`` is what the state
   waits for, a core Node: ``node.kind`` (the ``N_*`` constants, reachable as
   ``hh.HS.N_TURN``), ``node.seat`` and ``node.context`` (e.g. ``("deck0",)`` of a shuffle);
   ``stage`` is "setup", "dusk", "night", "dawn", "resolve", "day", "reform" or "end"; ``item`` is ``(number, pos, card
   id)`` of the card being resolved; ``ctx`` holds a guest in transit (``("move", pos, bed,
   seat)``, ``("relocate", seat, pos, bed)``) or pending rolls.

Other helpers:

- ``hh.run(state, *texts)`` applies action texts in order.
- ``hh.turn(state, *texts)`` applies night actions (each mandatory action ends its turn).
- ``hh.pass_all(state)`` makes every player pass (ending their turn after the mandatory action
  when Spy is still offered) until the night ends, and stops there (it never plays into the
  next night).
- ``hh.to_dawn(n, hands=, options=, **adjust_kwargs)`` -> ``(night, dawn)``: a Night-1 state
  (``start`` + ``adjust``) and the state after everyone passed.
- ``hh.skip_night(state)``: every guest to the Lobby, everyone passes, misfortune die 1, the
  day runs; returns the next Night (or a dusk reshuffle node, or the end).
- ``hh.scores_delta(a, b)`` is ``b.scores - a.scores`` per seat; ``hh.guests_of(s, board)``
  the seats on each occupied bed; ``hh.legal_texts(s)`` the sorted legal action texts;
  ``hh.all_events(s)`` the texts of the last action's events; ``hh.playout(state, rng)``
  plays on with uniformly random actions (hotellab.testing.kit, as are ``run``, ``turn``,
  ``legal_texts`` and ``all_events``).

Rooms: with ``hh.start`` the board at position i is board i + 1, laid at
``components.POSITIONS[n][i]`` (3 players: board 1 at floor 1 col 1, board 2 at floor 1
col 2, board 3 at floor 2 col 1 above board 1).
"""

from __future__ import annotations

import types

import pytest

from hotellab.games.hostil_hostal import components as C
from hotellab.games.hostil_hostal import state as HS
from hotellab.testing.kit import apply_all, event_texts as all_events, forced_order, game_loader, legal_texts, playout

GAME = "hostil_hostal"


game = game_loader(GAME, 3)
run = apply_all
turn = apply_all  # night actions in order (a mandatory action ends its player's turn)


def deck_perm(first, top=11):
    """A shuffle permutation of the sorted items 1..top that puts ``first`` on top in order."""
    return ",".join(map(str, forced_order(top, [c - 1 for c in first])))


def setup_actions(n=3, *, rooms=(0, 1, 2, 3, 4), wear=None, hands=None, decks=None, room_sides=None,
                  side_chooser="chance"):
    """The forced chance actions of a whole setup (see the module doc)."""
    g = game(n)
    R = len(C.POSITIONS[n])
    boards = [rooms[i] + 1 for i in range(R)]
    wear = list(wear) if wear is not None else [6] * R
    out = ["chance shuffle rooms " + ",".join(map(str, rooms))]
    if room_sides is not None:  # only with the option sides="random" (chance) or "choose" ("p0")
        out += [f"{side_chooser} side {b} {sd}" for b, sd in zip(boards, room_sides)]
    out += [f"chance wear {b} {w}" for b, w in zip(boards, wear)]
    for s in range(g.num_seats):
        top = 12 if g.is_automata(s) else 11
        if decks is not None and s in decks:
            out.append(f"chance shuffle deck{s} {decks[s]}")
        elif hands is not None and s in hands:
            out.append(f"chance shuffle deck{s} {deck_perm(hands[s], top)}")
        else:
            out.append(f"chance shuffle deck{s} {deck_perm([], top)}")
    out.append("chance shuffle reforms 0,1,2,3,4")
    return out


def start(n=3, *, rooms=(0, 1, 2, 3, 4), wear=None, hands=None, decks=None, room_sides=None, **options):
    """State at Night 1, round 1 after a fully forced setup (see the module doc).

    ``hands={seat: (a, b, c)}`` puts those cards on top of the seat's deck (for the automata:
    the three cards dealt face down to the rooms at dusk, in position order); ``decks`` gives
    whole permutations; ``wear`` the forced wear die of each room; ``room_sides`` the forced
    side of each room when the option ``sides="random"`` (a chance coin) or ``"choose"`` (seat 0's
    choice); ``options`` are game options.
    """
    if options.get("sides") in ("random", "choose") and room_sides is None:
        room_sides = "A" * len(C.POSITIONS[n])
    chooser = "p0" if options.get("sides") == "choose" else "chance"
    s = game(n, **options).new_initial_state()
    return run(s, *setup_actions(n, rooms=rooms, wear=wear, hands=hands, decks=decks, room_sides=room_sides,
                                 side_chooser=chooser))


class _Sedated(int):
    pass


def sed(seat):
    """A sedated guest of ``seat`` for :func:`adjust`'s ``beds``."""
    return _Sedated(seat)


def _take_card(t, seat, number):
    """Remove card (seat, number) from wherever it is in the position table ``t``."""
    colour = C.COLOURS[seat]
    st = t["seats"][seat]
    for place in ("hand", "deck", "discard"):
        if number in st[place]:
            st[place].remove(number)
            return
    for room in t["rooms"]:
        for c in room["cards"]:
            if c == {"colour": colour, "number": number}:
                room["cards"].remove(c)
                return
    raise AssertionError(f"card {number} of seat {seat} is nowhere")


def adjust(state, *, beds=None, cards=None, hands=None, decks=None, score=None, wear=None,
           reform=None, first=None, supply=None, lobby=None):
    """The state of ``state``'s declared position with fields set (see the module doc);
    ``state`` is untouched. Built with ``game.state_from_position``, so every adjusted state
    passes the position checks (cards and guests conserved)."""
    t = state.to_position()
    g = state.game
    room_of = {r["board"]: r for r in t["rooms"]}
    seats = t["seats"]
    if decks:
        for seat, numbers in decks.items():
            old = list(seats[seat]["deck"])
            seats[seat]["deck"] = []
            for c in numbers:
                if c in old:
                    old.remove(c)
                else:
                    _take_card(t, seat, c)
            seats[seat]["deck"] = list(numbers)
            seats[seat]["discard"] += old
    if hands:
        for seat, numbers in hands.items():
            old = list(seats[seat]["hand"])
            seats[seat]["hand"] = []
            for c in numbers:
                if c in old:
                    old.remove(c)
                else:
                    _take_card(t, seat, c)
            seats[seat]["discard"] += old
            seats[seat]["hand"] = sorted(numbers)
    if cards:
        for board, lst in cards.items():
            room = room_of[board]
            for c in room["cards"]:  # cards replaced go back to the owner's discard
                seats[C.COLOURS.index(c["colour"])]["discard"].append(c["number"])
            room["cards"] = []
            new = []
            for seat, number in lst:
                _take_card(t, seat, number)
                new.append({"colour": C.COLOURS[seat], "number": number})
            room["cards"] = new
    if beds is not None:
        for board, spec in beds.items():
            room = room_of[board]
            lst = [[] for _ in room["beds"]]
            for bed, guests in spec.items():
                lst[bed] = [C.COLOURS[int(x)] + (" sedated" if isinstance(x, _Sedated) else "") for x in guests]
            room["beds"] = lst
        for seat in range(g.num_seats):
            bedded = sum(1 for r in t["rooms"] for gs in r["beds"] for x in gs if x.split()[0] == C.COLOURS[seat])
            seats[seat]["guests_in_supply"] = 0
            seats[seat]["guests_in_lobby"] = C.GUESTS_PER_PLAYER - bedded
    if supply is not None:
        for seat, v in enumerate(supply):
            seats[seat]["guests_in_supply"] = v
    if lobby is not None:
        for seat, v in enumerate(lobby):
            seats[seat]["guests_in_lobby"] = v
    if score:
        for seat, v in score.items():
            seats[seat]["breakdown"]["Start"] += v - seats[seat]["rest"]
            seats[seat]["rest"] = v
    if wear:
        for board, v in wear.items():
            room_of[board]["wear"] = v
    if reform:
        for board, (rid, side) in reform.items():
            room_of[board]["reform"] = {"board": rid, "side": side}
            t["reform_deck"].remove(rid)
    if first is not None:
        nxt = t["next"]
        if nxt["kind"] == "turn" and nxt["seat"] == t["first_player"] and not t["passed"]:
            nxt["seat"] = C.COLOURS[first]
        t["first_player"] = C.COLOURS[first]
    return g.state_from_position(t)


def pass_all(state, max_steps=100):
    """Every player passes until the night ends."""
    s = state
    for _ in range(max_steps):
        if s.stage != "night" or s.node[0] != HS.N_TURN or s.night != state.night:
            return s
        p = s.current_player
        legal = {str(a) for a in s.legal_actions()}
        if f"p{p} pass" in legal:
            s = s.apply(f"p{p} pass")
        else:
            raise AssertionError(f"p{p} cannot pass: {sorted(legal)[:8]} ({s.status_text()})")
    raise AssertionError("pass_all did not end the night")


def skip_night(state, misfortune=1):
    """From a Night's first turn: every guest to the Lobby, everyone passes, the misfortune die
    rolls ``misfortune`` and the day runs; returns the next state that needs a decision or a
    chance outcome (normally the next Night, or a reshuffle at Dusk, or the end)."""
    s = pass_all(adjust(state, beds={}))
    if s.node[0] == HS.N_MISFORTUNE:
        s = s.apply(f"chance misfortune {misfortune}")
    return s


def to_dawn(n=3, *, hands=None, options=None, **adjust_kwargs):
    """``(night, dawn)``: ``night`` is ``hh.start(n, hands=hands, **options)`` (every wear die 6)
    adjusted with ``adjust_kwargs`` (beds, cards, score, ...); ``dawn`` is the state after
    every player passed (the first dawn decision, chance roll or the misfortune die)."""
    night = adjust(start(n, hands=hands, **(options or {})), **adjust_kwargs)
    return night, pass_all(night)


def scores_delta(a, b):
    return [y - x for x, y in zip(a.scores, b.scores)]


def guests_of(state, board):
    """{bed: [seat, ...]} of the room with board number ``board`` (sedated included)."""
    pos = state.pos_of[board]
    return {b: [x >> 1 for x in gs] for b, gs in enumerate(state.beds[pos]) if gs}


HH = types.SimpleNamespace(
    GAME=GAME, C=C, HS=HS, game=game, run=run, deck_perm=deck_perm, setup_actions=setup_actions,
    start=start, sed=sed, adjust=adjust, pass_all=pass_all, scores_delta=scores_delta,
    legal_texts=legal_texts, all_events=all_events, guests_of=guests_of,
    playout=playout, turn=turn, skip_night=skip_night, to_dawn=to_dawn,
)


@pytest.fixture(scope="session")
def hh():
    """The helper namespace documented in this module's docstring."""
    return HH
