"""Property tests (hypothesis) over random legal play, for player counts 2-6 and every option.

Checked at every state of every game:

- legality: a decision node offers at least one action, each legal by ``explain_illegal``;
  the game ends; nothing raises.
- conservation: a seat's money is the sum of its sources (start, rooms, breakfast, wages,
  marketing, expansion) and never negative; the week's guest deck loses exactly one card per
  draw and is whole (28 per set) at each week's start; no room is booked twice on a day and
  every booked room is built; stars stay on the track (0-5), and a seat is out exactly at 0;
  the stay and connection tokens in use are those of the stays, within the supply (56 and 8
  per set) unless the option token_supply is "unlimited".
- provenance: each action's money changes equal the sum of its events' deltas; the score
  breakdown sums to the scores; apply() leaves the old state as it was (its position).
- hidden information: observation(p) and view(p) do not change when the other seats' secret
  price dice and sealed bids are dealt again (resample_hidden), and they show another seat's
  secret dice and bid only as counts / "placed".
- replay identity: a saved log, loaded and replayed, gives the same final state.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hotellab as hl
from hotellab.games.boutique_hotel import components as C
from hotellab.games.boutique_hotel.stays import occupancy, tokens_in_use

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=6)

specs = st.fixed_dictionaries({
    "n": st.integers(2, 6),
    "shortfall": st.sampled_from(["per_worker", "per_day"]),
    "walkin_budget": st.sampled_from(["each_night", "average"]),
    "winning_bid": st.sampled_from(["kept", "paid"]),
    "walkins": st.sampled_from(["round_up", "round_down"]),
    "token_supply": st.sampled_from(["limited", "unlimited"]),
})


def _game(spec):
    return hl.load_game("boutique_hotel", num_players=spec["n"], options={k: v for k, v in spec.items() if k != "n"})


def _choose(s, rng):
    if s.is_chance_node:
        return s.sample_chance(rng)
    legal = s.legal_actions()
    kinds = sorted({a.kind for a in legal})
    kind = kinds[rng.randrange(len(kinds))]
    legal = [a for a in legal if a.kind == kind]
    return legal[rng.randrange(len(legal))]


def _check_state(s):
    n = s.game.num_players
    for p in range(n):
        assert s.money[p] == sum(s.ledger[p]) >= 0
        assert C.MIN_STARS <= s.stars[p] <= C.MAX_STARS and s.out[p] == (s.stars[p] == 0)
        occ = [0] * C.NUM_ROOMS
        for st_ in s.stays[p]:
            one = occupancy((st_,))
            for r in range(C.NUM_ROOMS):
                assert not occ[r] & one[r], "a room booked twice on one day"
                occ[r] |= one[r]
                if one[r]:
                    assert s.built[p] >> r & 1, "a stay in a room not built"
        assert tuple(occ) == s.occ[p]
    assert all(0 <= c <= C.sets_for(n) for c in s.deck)
    assert s.used == tokens_in_use(s.stays)
    if s.game.options["token_supply"] == "limited":
        have = C.token_supply(n)
        assert s.used[0] <= have[0] and s.used[1] <= have[1]
    assert s.scores == [sum(i.points for i in s.score_breakdown() if i.player == p) for p in range(n)]


@settings(**SETTINGS)
@given(spec=specs, seed=st.integers(0, 10 ** 6))
def test_random_games_keep_every_invariant(spec, seed):
    g = _game(spec)
    rng = random.Random(seed)
    s = g.new_initial_state()
    full = C.sets_for(g.num_players) * C.CARDS_PER_SET
    steps = 0
    while not s.is_terminal:
        _check_state(s)
        if not s.is_chance_node:
            legal = s.legal_actions()
            assert legal
            assert s.explain_illegal(legal[-1]) is None
        a = _choose(s, rng)
        before = s.to_position()
        nxt = s.apply(a)
        assert s.to_position() == before, "apply changed the old state"
        moved = [nxt.money[p] - s.money[p] for p in range(g.num_players)]
        ev = [0] * g.num_players
        for e in nxt.events:
            for seat, d in e.deltas:
                ev[seat] += d
        assert ev == moved, (str(a), [e.text for e in nxt.events])
        if a.kind == "guest":
            assert sum(nxt.deck) == sum(s.deck) - 1
        if nxt.week != s.week:
            assert sum(nxt.deck) == full
        s = nxt
        steps += 1
        assert steps < 20_000
    _check_state(s)
    replayed = g.state_from_json(s.to_json())
    assert replayed.view() == s.view() and replayed.scores == s.scores


@settings(**SETTINGS)
@given(spec=specs, seed=st.integers(0, 10 ** 6), cut=st.floats(0, 1))
def test_hidden_choices_stay_hidden(spec, seed, cut):
    """At states with secret dice being set or sealed bids, every other seat's view and
    observation are the same after the secrets are dealt again."""
    g = _game(spec)
    rng = random.Random(seed)
    s = g.new_initial_state()
    seen = 0
    while not s.is_terminal and seen < 40:
        secret = any(s.draft) or any(b >= 0 for b in s.bids)
        if secret:
            seen += 1
            for p in range(g.num_players):
                other = s.resample_hidden(p, random.Random(seed + p))
                assert other.view(p) == s.view(p)
                assert other.observation(p) == s.observation(p)
                for q in range(g.num_players):
                    if q != p:
                        assert s.view(p)["seats"][q]["secret"] is None
                        assert s.view(p)["seats"][q]["bid"] is None
        s = s.apply(_choose(s, rng))
