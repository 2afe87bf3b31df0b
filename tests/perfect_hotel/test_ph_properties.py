"""Property tests (hypothesis) over random legal play, for every player count and option.

Invariants checked at every state of every game:

- legality: a decision node offers at least one action, each of them legal by
  ``explain_illegal``; the game ends; nothing raises.
- conservation of cards: after the shuffle, every card 0-61 is in exactly one of the House
  Deck, a hand, a Tag Row or a hotel (Components: 62 cards).
- the rules' shape: at most one Tourist per Tag Row; every floor holds 2+ cards of its kind
  (Tourists aside) with at least one Build Card; each kind's floors are one run on top of each
  other (one set per kind, Annex on the last-built set); High-Season tags only with the option.
- provenance: each action's score changes equal the sum of its events' deltas; a seat's score
  breakdown sums to its score; apply() leaves the old state as it was.
- hidden information: observation(p) does not change when another player's hidden cards are
  exchanged (in a declared position) for other cards with the same back (a card in their hand against one in the House
  Deck; the face of a card they placed face down), and it shows their hand only as its size
  and its number of Tourist Group Cards (the marked backs).
- replay identity: a saved log, loaded and replayed, gives the same final state.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hotellab as hl
from hotellab.games.perfect_hotel import components as C

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])

specs = st.fixed_dictionaries({
    "n": st.integers(2, 4),
    "high_season": st.booleans(),
    "star_bonus": st.booleans(),
    "games": st.sampled_from([1, 2, 3]),
    "research_face": st.sampled_from(["down", "up"]),
})


def _game(spec):
    return hl.load_game("perfect_hotel", num_players=spec["n"], options={k: v for k, v in spec.items() if k != "n"})


def _choose(s, rng, by_kind):
    if s.is_chance_node:
        return s.sample_chance(rng)
    legal = s.legal_actions()
    if by_kind:
        kinds = sorted({a.kind for a in legal})
        kind = kinds[rng.randrange(len(kinds))]
        legal = [a for a in legal if a.kind == kind]
    return legal[rng.randrange(len(legal))]


def where_all(s) -> list[int]:
    """Every card in the House Deck, hands, Tag Rows and hotels (sorted)."""
    out = list(s.deck[s.top:])
    for h in s.hands:
        out += h
    for row in s.rows:
        out += [e & 63 for e in row]
    for hotel in s.hotels:
        for _, cards in hotel:
            out += cards
    return sorted(out)


def check_cards(s, where_all):
    if not s.deck:
        return
    assert where_all(s) == list(range(C.NUM_CARDS)), s.status_text()
    for k, row in enumerate(s.rows):
        assert sum(C.TOURIST[e & 63] for e in row) <= 1
    if not s.game.options["high_season"]:
        assert s.high == 0
    for hotel in s.hotels:
        seen = []
        for kind, cards in hotel:
            assert len(cards) >= 2
            assert all(C.KIND[c] in (kind, C.T) for c in cards)
            assert any(C.KIND[c] == kind for c in cards)
            if not seen or seen[-1] != kind:
                assert kind not in seen, "a second set of a kind that is not an Annex"
                seen.append(kind)


def perturbed(s, p, rng):
    """The state of a declared position: ``s.to_position()`` with another seat's hidden cards
    exchanged for House Deck cards with the same back (a hand's Build Cards; the star of a card
    placed face down); None when there is nothing to exchange. Independent of the engine's own
    ``resample_hidden``."""
    pos = s.to_position()
    name = s.game.seat_label
    deck = pos["house_deck"]
    drawn = pos.get("drawn", [])
    changed = False
    free = [i for i in range(len(deck)) if not C.TOURIST[deck[i]]]
    for q in range(s.game.num_players):
        if q == p:
            continue
        h = pos["hands"][name(q)]
        for j, c in enumerate(h):
            if C.TOURIST[c] or not free or c in drawn:
                continue
            i = free.pop(rng.randrange(len(free)))
            h[j], deck[i] = deck[i], c
            changed = True
        h.sort()
    if s.game.options["research_face"] == "down":
        for k, kind in enumerate(C.KIND_IDS):
            for e in pos["tag_rows"][kind]:
                c = e["card"]
                if e["placed_by"] == name(p) or C.TOURIST[c]:
                    continue
                same = [i for i in range(len(deck)) if C.KIND[deck[i]] == k and C.STAR[deck[i]] != C.STAR[c]]
                if same:
                    i = same[0]
                    e["card"], deck[i] = deck[i], c
                    changed = True
    return s.game.state_from_position(pos) if changed else None


def check_hidden(s, rng):
    omni = s.view(None)
    for p in range(s.game.num_players):
        obs = s.observation(p)
        json.dumps(obs)
        for q, seat in enumerate(obs["seats"]):
            assert seat["hand_size"] == len(s.hands[q])
            assert seat["hand_tourists"] == sum(C.TOURIST[c] for c in s.hands[q])
            if q == p:
                assert [c["id"] for c in seat["hand"]] == list(s.hands[p])
            else:
                assert seat["hand"] is None and seat["drawn"] is None
        assert omni["seats"][p]["hand"] is not None
        t = perturbed(s, p, rng)
        if t is not None:
            assert t.observation(p) == obs, (p, s.status_text())


def play_checked(spec, seed, by_kind, where_all):
    g = _game(spec)
    rng = random.Random(seed)
    s = g.new_initial_state()
    for step in range(3000):
        if s.is_terminal:
            break
        check_cards(s, where_all)
        if not s.is_chance_node:
            legal = s.legal_actions()
            assert legal and all(a.player == s.current_player for a in legal)
            for a in legal[:: max(1, len(legal) // 3)]:
                assert s.explain_illegal(a) is None
        if step % 9 == 0:
            check_hidden(s, rng)
        if step % 4 == 0:  # the kept-up-to-date score is the full count (breakdown lines)
            for p in range(g.num_players):
                assert sum(i.points for i in s.score_breakdown() if i.player == p) == s.scores[p]
        a = _choose(s, rng, by_kind)
        if step % 11 == 0:
            before = s.view(None)
            s2 = s.apply(a)
            assert s.view(None) == before
        else:
            s2 = s.apply(a)
        announced = [0] * g.num_players
        for e in s2.events:
            assert e.rule.game == "perfect_hotel" and e.rule.section
            for seat, pts in e.deltas:
                announced[seat] += pts
        assert [b - x for x, b in zip(s.scores, s2.scores)] == announced, (str(a), s2.events)
        s = s2
    assert s.is_terminal
    assert len(s.results) == spec["games"]
    check_hidden(s, rng)
    for p in range(g.num_players):
        assert sum(i.points for i in s.score_breakdown() if i.player == p) == s.scores[p]
    assert s.winners() == [p for p, v in enumerate(s.scores) if v == max(s.scores)]


@pytest.mark.slow  # about 5-8 s: 40 whole games, every invariant checked at every state
@settings(max_examples=40, **SETTINGS)
@given(spec=specs, seed=st.integers(0, 2**32 - 1), by_kind=st.booleans())
def test_random_legal_play_keeps_every_invariant(spec, seed, by_kind):
    play_checked(spec, seed, by_kind, where_all)


@pytest.mark.parametrize("research_face", ["down", "up"])
@pytest.mark.parametrize("star_bonus", [False, True])
@pytest.mark.parametrize("high_season", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_player_count_and_variant(n, high_season, star_bonus, research_face):
    spec = {"n": n, "high_season": high_season, "star_bonus": star_bonus, "games": 1 + n % 2,
            "research_face": research_face}
    play_checked(spec, seed=n * 100 + high_season * 10 + star_bonus * 3 + len(research_face), by_kind=True,
                 where_all=where_all)


@settings(max_examples=20, **SETTINGS)
@given(spec=specs, seed=st.integers(0, 10**6),
       agents=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4))
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
    assert replayed.to_json() == direct.to_json()
    assert g.state_from_json(json.loads(json.dumps(direct.to_json()))).view(None) == direct.view(None)
