"""Property tests (hypothesis) over random legal play, for every player count and option.

Invariants checked at every state of every game:

- legality: a decision node offers at least one action and each is legal by
  ``explain_illegal``; the game ends; apply() leaves the old state as it was (purity).
- conservation: every player card is in exactly one of the supply, the trash, a hand, a deck,
  a discard pile, a play area or a secret turn's trashed card (the starting decks plus the
  supply; a card bought in a secret turn stays in its pile until the reveal); every mansion card in
  exactly one of the mansion deck and discard, the face-down and revealed cards, the waiting
  queues, the Kill Steal queue and the trophies.
- the rules' shape: health never above the start; damage never negative; at most 4 mansion
  cards taken; only explorers hold mansion cards; a seat's score breakdown sums to its score
  (decorations) and the events' deltas sum to each action's score change.
- hidden information: ``observation(p)`` holds no other seat's hand, no deck order, no
  face-down card and no unrevealed Game Plan: it does not change when those are dealt again
  (``resample_hidden``); the declared position round-trips.
- replay identity: a saved log, loaded and replayed, gives the same states.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hotellab as hl
from hotellab.agents import RandomAgent
from hotellab.games.hotel_zombie import components as C

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
                max_examples=12)
specs = st.fixed_dictionaries({
    "n": st.integers(2, 4),
    "assist": st.sampled_from(["remaining", "full"]),
    "counter_end": st.sampled_from(["after_20", "at_20"]),
    "seed": st.integers(0, 10_000),
})

PLAYER_CARDS = Counter({c.index: c.supply for c in C.CARDS})
MANSION_CARDS = Counter(C.MANSION_DECK)


def _game(spec):
    return hl.load_game("hotel_zombie", num_players=spec["n"],
                        options={"assist": spec["assist"], "counter_end": spec["counter_end"]})


def _play(spec, check):
    g = _game(spec)
    rng = random.Random(spec["seed"])
    agent = RandomAgent()
    s = g.new_initial_state()
    k = 0
    while not s.is_terminal:
        check(s, k)
        if s.is_chance_node:
            a = s.sample_chance(rng)
        else:
            acts = s.legal_actions()
            assert acts, s.status_text()
            a = agent.act(s, rng)
        before = json.dumps(s.to_position(), sort_keys=True)
        nxt = s.apply(a)
        assert json.dumps(s.to_position(), sort_keys=True) == before  # apply() is pure
        delta = [x - y for x, y in zip(nxt.scores, s.scores)]
        got = [0] * g.num_players
        for ev in nxt.events:
            for seat, pts in ev.deltas:
                got[seat] += pts
        assert got == delta, (str(a), nxt.events)
        s = nxt
        k += 1
    check(s, k)
    return s


def _conserved(s):
    n = s.game.num_players
    have = Counter()
    for c in range(C.NUM_CARDS):
        have[c] += s.supply[c]
    have.update(s.trash)
    for p in range(n):
        for pile in (s.hands[p], s.decks[p], s.discards[p], s.plays[p], s.trashed[p]):
            have.update(pile)
    want = PLAYER_CARDS + Counter({c: n * k for c, k in Counter(C.STARTING_DECK).items()})
    assert have == want
    m = Counter(s.mdeck) + Counter(s.mdisc) + Counter(v for _, v in s.stealq)
    for p in range(n):
        m.update(s.down[p])
        m.update(x for x, _, _ in s.queue[p])
        m.update(x for x, _ in s.trophies[p])
        if s.cur[p] >= 0:
            m[s.cur[p]] += 1
    assert m == MANSION_CARDS


@settings(**SETTINGS)
@given(specs)
def test_legality_purity_conservation_and_shape(spec):
    def check(s, k):
        _conserved(s)
        n = s.game.num_players
        assert all(h <= C.HEALTH_START for h in s.health) and all(d >= 0 for d in s.dmg)
        assert all(t <= C.MAX_REVEAL for t in s.takes)
        for p in range(n):
            if s.down[p] or s.queue[p]:
                assert s.plans[p] == 0 and s.plans_shown
            items = s.score_breakdown()
            assert sum(i.points for i in items if i.player == p) == s.scores[p]
        if not s.is_terminal and not s.is_chance_node and k % 5 == 0:
            for a in s.legal_actions():
                assert s.explain_illegal(a) is None
    _play(spec, check)


@settings(**SETTINGS)
@given(specs)
def test_hidden_information_and_position_round_trip(spec):
    g = _game(spec)
    r = random.Random(spec["seed"] + 1)

    def check(s, k):
        if k % 7:
            return
        n = s.game.num_players
        for p in range(n):
            obs = s.observation(p)
            for q in range(n):
                seat = obs["seats"][q]
                if q != p:
                    assert seat["hand"] is None
                    if not s.plans_shown:
                        assert seat["plan"] is None
            text = json.dumps(obs)
            assert '"deck": [' not in text  # no deck order anywhere
            assert s.resample_hidden(p, r).observation(p) == obs
        back = g.state_from_position(json.loads(json.dumps(s.to_position())))
        assert back.view() == s.view() and back.legal_actions() == s.legal_actions() and back.scores == s.scores
    _play(spec, check)


@settings(**dict(SETTINGS, max_examples=6))
@given(spec=specs)
def test_replay_identity(tmp_path_factory, spec):
    g = _game(spec)
    log = hl.play(g, agents=["random"] * spec["n"], seed=spec["seed"])
    path = tmp_path_factory.mktemp("hz") / "game.json"
    log.save(path)
    rep = hl.Replay(hl.GameLog.load(path))
    final = rep.final_state
    again = hl.Replay(log).final_state
    assert final.to_position() == again.to_position() and final.winners() == again.winners()
    assert rep[len(rep) - 1].view(0) == again.view(0)
