"""Game End ("When the House Deck clears, the game ends. The player to draw the last card of the
House Deck places 1 card on a Tag Row.") and the Point Track Board match ("Keeping the scores
as is after each game and adding to it").
"""

from __future__ import annotations


import pytest

import hotellab as hl


def research_until_empty(s):
    """Everyone researches and places the first card offered until the deck is empty."""
    while s.deck_size:
        s = s.apply(f"p{s.current_player} research")
        s = s.apply(s.legal_actions()[0])
    return s


def test_the_last_drawer_places_then_the_game_ends(ph):
    s = ph.start(3)
    # 56 cards: 28 Researches; the 28th is seat (28 - 1) % 3 = 0's
    while s.deck_size > 2:
        s = s.apply(f"p{s.current_player} research")
        s = s.apply(s.legal_actions()[0])
    assert s.current_player == 0
    s = s.apply("p0 research")
    assert s.deck_size == 0 and not s.is_terminal
    assert s.current_player == 0 and s.status_text().startswith("Blue to place")
    assert "the last card of the House Deck" in ph.texts(s)[0]
    end = s.apply(s.legal_actions()[0])
    assert end.is_terminal and end.legal_actions() == []
    t = ph.texts(end)
    assert "The House Deck is empty and Blue has placed the last card: the game ends." in t
    assert any(e.rule.section == "Game End" for e in end.events)
    assert t[-1].startswith("Top hotel mogul: ")
    assert end.winners() == [s for s, v in enumerate(end.scores) if v == max(end.scores)]
    assert "the game is over (Game End)" in end.explain_illegal("p1 research")


def test_ties_share_the_moniker(ph):
    # "If there exists a tie in the total points accumulated, the best hotel mogul moniker is
    # shared." A Pool floor of 2 each: Pool tie +2 each, Perfect View tie +1 each, Sky Room
    # tied (no points), Cheap Hotel -3 each: 0 and 0 (the position states that count).
    p = ph.Pick()
    s = ph.ended(2, hotels={0: [("pool", p.plain("pool", 2))], 1: [("pool", p.plain("pool", 2))]},
                 point_track=[0, 0])
    assert s.is_terminal and s.scores == [0, 0] and s.winners() == [0, 1]
    assert ph.texts(s) == [] and "Game over — top hotel mogul: Blue, Red" == s.status_text()


def test_a_match_adds_up_the_games_on_the_point_track(ph):
    g = ph.game(3, games=2)
    s = g.new_initial_state().apply("chance shuffle " + ",".join(map(str, range(62))))
    assert s.status_text().startswith("Game 1 of 2 — Blue")
    s = research_until_empty(s)
    assert s.is_chance_node and not s.is_terminal
    assert s.status_text() == "Game 1 of 2 over — shuffle for game 2"
    game1 = list(s.scores)
    assert s.results == (tuple(game1),)
    assert any("on the Point Track" in t for t in ph.texts(s))
    s = s.apply("chance shuffle " + ",".join(map(str, range(62))))
    # game 2: the first player moves one seat clockwise (ruling PH-24); empty hotels: -3 each
    assert s.first == 1 and s.current_player == 1
    assert s.deck_size == 56 and all(h == () for h in s.hotels) and all(r == () for r in s.rows)
    tourists = [sum(1 for c in h if ph.C.TOURIST[c]) for h in s.hands]
    assert s.scores == [game1[i] - 3 - 3 * tourists[i] for i in range(3)]
    assert ph.items(s, 0)["Game 1 (Point Track)"] == game1[0]
    s = research_until_empty(s)
    assert s.is_terminal
    assert s.scores == [s.results[0][i] + s.results[1][i] for i in range(3)]
    for seat in range(3):
        assert sum(i.points for i in s.score_breakdown() if i.player == seat) == s.scores[seat]


@pytest.mark.parametrize("games", [1, 3])
def test_whole_games_with_the_agents(games):
    g = hl.load_game("perfect_hotel", num_players=4, options={"games": games, "high_season": True, "star_bonus": True})
    log = hl.play(g, agents=["greedy", "random", "greedy", "random"], seed=5)
    final = hl.Replay(log).final_state
    assert final.is_terminal and len(final.results) == games
    assert final.scores == [sum(r[i] for r in final.results) for i in range(4)]
    assert final.winners()


def test_high_season_tags_stay_until_the_game_ends_and_reset_for_the_next_game(ph):
    # Advanced Rule (High-Season Mode): "Once at 'High-Season', that Tag Row will remain as such
    # until the game ends." The next game of a match starts from a new Game Setup, where "the 6
    # Build Tags" are lined up again (ruling PH-23): every tag upright.
    g = ph.game(3, games=2, high_season=True)
    s = g.new_initial_state().apply("chance shuffle " + ph.perm(3))
    s = ph.adjust(s, rows={"bedroom": [(3, 1), (4, 2)]}, hands={0: [5]})
    s = s.apply("p0 build bedroom row 1 0 0")
    assert s.high == 1 << ph.C.KIND_INDEX["bedroom"]
    s = research_until_empty(s)
    assert s.is_chance_node and s.finished
    assert s.high == 1 << ph.C.KIND_INDEX["bedroom"]  # still flipped when game 1 is counted
    s = s.apply("chance shuffle " + ph.perm(3))
    assert s.game_no == 2 and s.high == 0
    assert [r["high_season"] for r in s.view(None)["rows"]] == [False] * 6


def test_the_winner_is_the_most_points(ph):
    # Game Objective: "The player with the most points is the top hotel mogul." Blue 22, Red 12
    # (the hand count of test_ph_scoring.py::test_a_full_hand_count_and_the_breakdown_sums_to_it).
    p = ph.Pick()
    s = ph.ended(2, hands={0: p.tourist(1)}, hotels={
        0: [("bedroom", p.plain("bedroom", 5)), ("pool", p.plain("pool", 3) + p.tourist(1)),
            ("spa", p.plain("spa", 2)), ("garden", p.plain("garden", 2))],
        1: [("pool", p.plain("pool", 4)), ("restaurant", p.plain("restaurant", 3))]}, point_track=[22, 12])
    assert s.is_terminal and s.scores == [22, 12] and s.winners() == [0]
