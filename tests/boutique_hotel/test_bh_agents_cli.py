"""Random and greedy agents play whole games for 2-8 players; the command line plays and
replays the game; the rules the rarer branches cite show in their events."""

import json

import pytest
from typer.testing import CliRunner

import hotellab as hl
from hotellab.cli import app
from hotellab.games.boutique_hotel import rules as R


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_random_and_greedy_agents_play_whole_games(n):
    game = hl.load_game("boutique_hotel", num_players=n)
    agents = ["greedy" if s % 2 == 0 else "random" for s in range(n)]
    log = hl.play(game, agents=agents, seed=n)
    final = hl.Replay(log).final_state
    assert final.is_terminal
    win = final.winners()
    # the winners are seats still in the game, with the most money among them
    assert all(not final.out[s] for s in win)
    if win:
        best = max(final.money[s] for s in range(n) if not final.out[s])
        assert all(final.money[s] == best for s in win)


def test_greedy_hires_to_its_bookings_demand():
    """The greedy agent's value counts a star as 400 against 300 a worker, so it hires up to
    the demand of the stays it has booked (Faza planowania's warning aside)."""
    game = hl.load_game("boutique_hotel", num_players=2)
    m = hl.Match(game, seed=3, agents=["greedy", "greedy"])
    m.run(until=lambda s: s.node[0] == "hire_staff")
    from hotellab.games.boutique_hotel.stays import demand

    need = [max(x) for x in demand(m.state.stays[0])]
    m.run(until=lambda s: s.node[0] != "hire_staff" or s.node[1] != 0)
    assert list(m.state.staff[0]) == need


def test_cli_plays_and_replays(tmp_path):
    runner = CliRunner()
    out = tmp_path / "bh.json"
    res = runner.invoke(app, ["play", "boutique_hotel", "--players", "3", "--seed", "4", "--agents",
                              "greedy,random,greedy", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "Winners:" in res.output
    data = json.loads(out.read_text())
    assert data["game"] == "boutique_hotel" and data["num_players"] == 3
    res = runner.invoke(app, ["replay", str(out), "--step", "30"])
    assert res.exit_code == 0, res.output
    assert "State 30 of" in res.output and "[Faza" in res.output
    res = runner.invoke(app, ["play", "boutique_hotel", "--options", "shortfall=per_hour"])
    assert res.exit_code != 0 and "per_worker" in res.output


def test_rare_branches_cite_their_rules(bh):
    """Equal bids: 'wszyscy remisujący gracze otrzymują gości'; ranking ties: bids, then the
    white die; the end's rating tie-break."""
    s = bh.reserve(bh.priced(2), 3, 3)
    s = bh.run(s, "p0 bid 0", "p1 bid 0")
    assert R.R_TIE_ALL in [e.rule for e in s.events]
    s = bh.priced(2)
    s = bh.edit(s, lambda p: (p.update(card_turn=10), p["next"].update(node="hire_staff", player=0)))
    s = bh.run(s, "p0 hire cleaning 0", "p0 hire checkin 0", "p0 hire kitchen 0",
               "p1 hire cleaning 0", "p1 hire checkin 0", "p1 hire kitchen 0", "p0 bid 0")
    s = s.apply("p1 bid 0")
    assert R.R_RANK_BID in [e.rule for e in s.events] and s.node[0] == "ranking_roll"
    s = bh.run(s, "chance roll 2", "chance roll 6")
    assert R.R_RANK_ROLL in [e.rule for e in s.events] and s.ranking == (1, 0)
