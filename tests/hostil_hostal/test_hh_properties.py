"""Property tests (hypothesis) over random legal play, for every player count and option.

Invariants checked at EVERY state of every game:

- legality: a decision node always offers at least one action; chance outcomes sum to 1; the
  game ends (terminal) within a bound; nothing raises.
- conservation of cards: every card 1-12 of every colour is in exactly one of hand / deck /
  discard / a room / the automata phase's drawn cards (Components: "12 of each color").
- conservation of guests: every seat has 4 guests across supply / beds / Lobby, plus one in
  transit while a moved or thrown-out guest waits for its new place (Components: "4 guest
  tokens of each color").
- provenance: each action's score changes equal the sum of its events' deltas.
- hidden information: observation(p) shows no other player's hand and no face-down card
  number of another colour unless p spied it (Bonus action: Spy) or the cards were revealed
  (Phase 3 - Dawn / Reveal); the automata phase's drawn cards only to the drawer until both
  are revealed.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hotellab as hl
from hotellab.games.hostil_hostal import state as HS

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])

games = st.fixed_dictionaries({
    "n": st.integers(2, 5),
    "nights": st.sampled_from([3, 5]),
    "sides": st.sampled_from(["A", "B", "random", "choose"]),
    "misfortune": st.sampled_from(["die", "fixed", "per_room"]),
})


def _game(spec):
    return hl.load_game("hostil_hostal", num_players=spec["n"],
                        options={k: spec[k] for k in ("nights", "sides", "misfortune")})


def _choose(state, rng, by_kind):
    if state.is_chance_node:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    assert legal, state.status_text()
    if by_kind:
        kinds = sorted({a.kind for a in legal})
        kind = kinds[rng.randrange(len(kinds))]
        legal = [a for a in legal if a.kind == kind]
    return legal[rng.randrange(len(legal))]


def check_conservation(s):
    g = s.game
    if s.stage == "setup":
        return
    for seat in range(g.num_seats):
        where = list(s.hands[seat]) + list(s.decks[seat]) + list(s.discards[seat])
        where += [c & 15 for room in s.cards for c in room if c >> 4 == seat]
        if g.is_automata(seat):
            where += [c for _, c, _ in s.auto_cards]
        assert sorted(where) == list(range(1, 13)), (seat, sorted(where), s.status_text())
        bedded = sum(1 for room in s.beds for gs in room for x in gs if x >> 1 == seat)
        transit = 0
        ctx = s.ctx[2] if s.ctx and s.ctx[0] == "pick" else s.ctx
        if ctx and ctx[0] == "move" and ctx[3] == seat:
            transit = 1
        if ctx and ctx[0] == "relocate" and ctx[1] == seat:
            transit = 1
        assert s.supply[seat] >= 0 and s.lobby[seat] >= 0
        assert s.supply[seat] + s.lobby[seat] + bedded + transit == 4, (seat, s.status_text(), s.ctx)
        if g.is_automata(seat):
            assert s.supply[seat] == 0
            if s.stage != "dusk":  # its dusk cards pass through its hand only while drawn
                assert s.hands[seat] == ()


def check_hidden(s, dump=False):
    g = s.game
    omni = s.view(None)
    for p in range(g.num_seats):
        obs = s.observation(p)
        assert obs["perspective"] == p
        if dump:
            json.dumps(obs)
        for q, seat in enumerate(obs["seats"]):
            if q != p:
                assert seat["hand"] is None
            else:
                assert [c["number"] for c in seat["hand"]] == list(s.hands[p])
            assert seat["hand_size"] == len(s.hands[q])
        for pos, (room_o, room_v) in enumerate(zip(obs["rooms"], omni["rooms"])):
            for cid, co, cv in zip(s.cards[pos], room_o["cards"], room_v["cards"]):
                assert co["seat"] == cv["seat"] == cid >> 4
                assert cv["number"] == cid & 15
                may_see = co["seat"] == p or s.revealed or cid in s.known[p]
                if may_see:
                    assert co["number"] == cv["number"]
                else:
                    assert co["number"] is None and co["name"] is None, (p, cid, s.status_text())
        if obs["automata_phase"] is not None:
            # drawn face down: only the drawer sees it, until "Both cards are revealed
            # simultaneously" (then the winner places the automata's guest: N_AUTOBED)
            revealed = s.node[0] == HS.N_AUTOBED
            for c, (seat, number, _) in zip(obs["automata_phase"]["cards"], s.auto_cards):
                assert c["seat"] == seat
                if c["seat"] == p or revealed:
                    assert c["number"] == number
                else:
                    assert c["number"] is None
        assert obs["known"] == sorted(c & 15 | (c >> 4) << 8 for c in s.known[p])


def check_destinations(s):
    """Every destination offered, for players and the automata, against its card/section text:

    - Move a guest: "to another bed in any room or to the lobby" (an unoccupied bed, HH-08,
      not the one it left);
    - #3 Grrr: "Remove any one guest from the room … another unoccupied bed or the lobby" and the
      2-player "move one of her guests from the room": never a bed of the room it left (HH-18);
    - Automata phase: "place a guest in the bed of her choice in the room she selected" (an
      unoccupied bed of that room) and "A player cannot select a filled up room".
    """
    kind = s.node[0]
    ctx = s.ctx
    if kind == HS.N_PICK and ctx[2] and ctx[2][0] == "relocate":
        offered, ctx = list(ctx[1]), ctx[2]
    elif kind in (HS.N_RELOCATE, HS.N_MOVETO, HS.N_AUTOBED, HS.N_AUTOROOM):
        offered = s.legal_actions()
    else:
        return
    for a in offered:
        if kind == HS.N_AUTOROOM:
            assert not all(s.beds[s.pos_of[a.args[0]]]), (str(a), "filled-up room")
            continue
        if kind == HS.N_AUTOBED:
            assert not s.beds[s.node.context[0]][a.args[0]], (str(a), "occupied bed")
            continue
        if a.args == ("lobby",):
            continue
        q, b = s.pos_of[a.args[0]], a.args[1]
        assert not s.beds[q][b], (str(a), "occupied bed")
        if ctx[0] == "relocate":
            assert q != ctx[2], (str(a), "Grrr: the guest must leave the room")
        else:
            assert (q, b) != (ctx[1], ctx[2]), (str(a), "Move: another bed")


def check_node(s):
    check_destinations(s)
    if s.is_terminal:
        assert s.legal_actions() == [] and s.winners()
        return
    if s.is_chance_node:
        outs = s.chance_outcomes()
        if outs:
            assert abs(sum(p for _, p in outs) - 1) < 1e-9
    else:
        legal = s.legal_actions()
        assert legal
        assert all(a.player == s.current_player for a in legal)
        for a in legal[:: max(1, len(legal) // 4)]:
            assert s.explain_illegal(a) is None


@pytest.mark.slow  # 120 whole games with every invariant checked at every state: 11-150 s
@settings(max_examples=120, **SETTINGS)
@given(spec=games, seed=st.integers(0, 2**32 - 1), by_kind=st.booleans())
def test_random_legal_play_keeps_every_invariant(spec, seed, by_kind):
    play_checked(spec, seed, by_kind)


@pytest.mark.parametrize("misfortune", ["die", "fixed", "per_room"])
@pytest.mark.parametrize("sides", ["A", "B", "random", "choose"])
@pytest.mark.parametrize("nights", [3, 5])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_player_count_and_option_combination(n, nights, sides, misfortune):
    # the hypothesis test samples combinations; this one plays each of the 96 once
    spec = {"n": n, "nights": nights, "sides": sides, "misfortune": misfortune}
    seed = 1000 * n + 100 * nights + 10 * ("A", "B", "random", "choose").index(sides) + len(misfortune)
    play_checked(spec, seed=seed, by_kind=n % 2 == 0)


def play_checked(spec, seed, by_kind):
    """One random game with every invariant checked at every state."""
    g = _game(spec)
    rng = random.Random(seed)
    s = g.new_initial_state()
    for step in range(4000):
        check_node(s)
        check_conservation(s)
        # hidden information wherever something is hidden: face-down cards in the rooms or the
        # automata phase's drawn cards (and now and then elsewhere: the hands)
        if any(s.cards) and not s.revealed or s.auto_cards or step % 10 == 0:
            check_hidden(s, dump=step % 10 == 0)
        if s.is_terminal:
            break
        a = _choose(s, rng, by_kind)
        if step % 7 == 0:
            before = s.view(None)
            s2 = s.apply(a)
            assert s.view(None) == before  # apply() is pure
        else:
            s2 = s.apply(a)
        # every change of a score is announced by the events of the action (Event.deltas)
        announced = [0] * g.num_seats
        for e in s2.events:
            for seat, pts in e.deltas:
                announced[seat] += pts
        assert [b - x for x, b in zip(s.scores, s2.scores)] == announced, (str(a), s2.events)
        s = s2
    assert s.is_terminal, s.status_text()
    assert s.night == spec["nights"]
    assert len(s.scores) == g.num_seats
    for p in range(g.num_seats):
        assert sum(i.points for i in s.score_breakdown() if i.player == p) == s.scores[p]


@settings(max_examples=40, **SETTINGS)
@given(spec=games, seed=st.integers(0, 10**6),
       agents=st.lists(st.sampled_from(["random", "greedy"]), min_size=5, max_size=5))
def test_saved_log_replays_to_an_identical_final_state(tmp_path_factory, spec, seed, agents):
    g = _game(spec)
    log = hl.play(g, agents=agents[: spec["n"]], seed=seed)
    path = tmp_path_factory.mktemp("logs") / "game.json"
    log.save(path)
    back = hl.GameLog.load(path)
    assert back.to_json() == log.to_json()
    direct = log.final_state()
    replayed = hl.Replay(back).final_state
    assert replayed.is_terminal
    assert replayed.view(None) == direct.view(None)
    assert replayed.scores == direct.scores and replayed.winners() == direct.winners()
    assert replayed.history() == direct.history()
    again = g.state_from_json(json.loads(json.dumps(replayed.to_json())))
    assert again.view(None) == replayed.view(None)


@settings(max_examples=60, **SETTINGS)
@given(spec=games, seed=st.integers(0, 10**6), k=st.integers(0, 400), junk=st.integers(0, 10**6))
def test_illegal_actions_never_change_a_state(spec, seed, k, junk):
    g = _game(spec)
    rng = random.Random(seed)
    s = g.new_initial_state()
    for _ in range(k):
        if s.is_terminal:
            break
        s = s.apply(_choose(s, rng, True))
    legal = set(s.legal_actions())
    r = random.Random(junk)
    kinds = ["place", "play", "move", "pass", "spy", "end", "moveto", "grrr", "sedate", "autoroom",
             "reform", "skip", "activate", "wear", "misfortune", "flea"]
    before = (s.view(None), [str(a) for a in s.history()])
    for _ in range(10):
        a = hl.Action(r.choice(kinds), tuple(r.randrange(0, 7) for _ in range(r.randrange(0, 4))),
                      r.choice([-1, 0, 1, 2, 3, 4]))
        if a in legal or (s.is_chance_node and s.explain_illegal(a) is None):
            continue
        reason = s.explain_illegal(a)
        assert isinstance(reason, str) and reason
        try:
            s.apply(a)
        except hl.IllegalActionError as exc:
            assert str(exc) == reason
        else:
            raise AssertionError(f"{a} was applied although {reason}")
        assert (s.view(None), [str(x) for x in s.history()]) == before
