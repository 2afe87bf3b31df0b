"""Rule parts the issue-15 audit found untested: each test fails if its rule is changed.

Expected values are worked by hand from the rulebook's sentences (Hellton Palace rulebook,
the sections named in each test). Card numbers are those of ``data/guests.toml``.
"""

from __future__ import annotations

SLEEPWALKER, BAND = 11, 32
MIRROR, SNOB, UNION, JONESES, HYPO, BANSHEE = 21, 22, 23, 25, 26, 31


# -- 5. Collect Rents: "as many Coin tokens as indicated on the doors of your satisfied Guests" ----
def test_rent_comes_from_the_current_side_of_a_flipped_card(hp):
    # The Sleepwalker (side a, rent 1): "irritate if satisfied: adjacent", then "Flip this card
    # over" -> the Night Terror (side b, rent 2). Alone in the hotel, served, it stays satisfied:
    # the door now shows 2 coins, so the rent collected is 2 (not side a's 1).
    s = hp.at_room(hp.start(display=tuple(range(19, 37))), 0, 5, hotels={0: {5: (SLEEPWALKER, "a")}}, coins={0: 0})
    s = s.apply("p0 serve 5")
    assert s.side_of(0, 5).name == "The Night Terror" and s.rents(0) == 2
    assert s.apply("p0 rents").coins[0] == 2
    # the other way: the Marching Band (rent 2) flips to the Band on Strike (rent 1)
    s = hp.at_room(hp.start(display=tuple(range(1, 19))), 0, 5, hotels={0: {5: (BAND, "a")}}, coins={0: 0})
    s = s.apply("p0 serve 5")
    assert s.side_of(0, 5).name == "The Band on Strike" and s.apply("p0 rents").coins[0] == 1


# -- Special Effects 2, by legal play -----------------------------------------------------------------
def test_special_2_the_opponents_grooms_stay_hired_through_your_turn(hp):
    # "Remove one of your Pillar tokens (in the column of your choice) for each Groom currently
    # hired by your opponent." Blue hires two grooms on its turn; Blue takes them back only at
    # its own next step 2 ("2. Dismiss Your Grooms"), so during Red's next turn Blue has 2 hired
    # grooms and the Union Rep costs Red 2 pillars. One turn earlier, with no Blue groom hired,
    # the same guest costs nothing.
    s = hp.start(display=tuple(range(19, 37)))  # lowest row 19-24, middle 25-30, highest 31-36
    s = hp.run(
        s,
        "p0 welcome 21 1 a", "p0 tour", "p0 serve 1", "p0 rents",                       # Red 1 coin
        "p1 welcome 31 7 a", "p1 tour", "p1 serve 7", "p1 rents",                       # Blue 3
        "p0 welcome 22 2 a", "p0 tour", "p0 serve 1", "p0 serve 2", "p0 rents",
        "p1 welcome 25 6 a", "p1 tour", "p1 serve 6", "p1 refuse 7", "p1 rents",        # Blue 5
        "p0 welcome 23 3 a", "p0 tour", "p0 serve 1", "p0 serve 2",
    )
    assert s.hired[1] == 0
    s = s.apply("p0 serve 3")  # the Union Rep with no Blue groom hired: nothing happens
    assert s.pillars[0] == [4, 4, 4] and s.node[0] == hp.HS.N_COLLECT
    s = hp.run(s, "p0 rents", "p1 welcome 26 5 a",
               "p1 hire false_reservation 3", "p1 hire placer 6",   # 2 + 2 coins
               "p1 tour", "p1 serve 5", "p1 refuse 6", "p1 serve 7", "p1 rents")
    assert s.current_player == 0 and s.coins[1] == 7
    # Red's turn: the False Reservation still faces the highest row (HP-07), Blue's grooms are hired
    assert {a.args[0] for a in s.legal_actions()} == {32, 33, 34, 35, 36}  # the highest row, less the Banshee
    s = hp.run(s, "p0 welcome 32 7 a", "p0 tour", "p0 serve 1", "p0 serve 2", "p0 serve 3")
    assert hp.texts(s) == ["p0 pillar 1", "p0 pillar 2", "p0 pillar 3"]
    s = s.apply("p0 pillar 2")
    assert s.node[0] == hp.HS.N_PILLAR  # a second pillar: 2 grooms hired by Blue
    s = s.apply("p0 pillar 2")
    assert s.pillars[0] == [4, 2, 4] and s.node[0] == hp.HS.N_SERVE  # then on to room 7


# -- 3. Hire Your Grooms -------------------------------------------------------------------------------
def test_each_groom_once_per_turn_under_the_default_option(hp):
    # "each Groom can only be hired once per turn": with 9 coins and two irritated guests, the
    # Diplomat (3 coins) soothes one; then no Diplomat is offered although a second irritated
    # guest is there and 6 coins are left (default option grooms="effect").
    s = hp.at_hire(hp.start(), 0, coins={0: 9}, hotels={0: {2: 19, 4: 20}}, irritated={0: [2, 4]})
    assert [t for t in hp.texts(s) if "diplomat" in t] == ["p0 hire diplomat 2", "p0 hire diplomat 4"]
    s = s.apply("p0 hire diplomat 2")
    assert s.coins[0] == 6 and hp.tokens(s, 0) == [4]
    assert not [t for t in hp.texts(s) if "diplomat" in t]
    assert "already hired this turn" in s.explain_illegal("p0 hire diplomat 4")


def test_paying_the_exact_cost_hires_the_groom(hp):
    # "Pay the cost shown on the chosen tile ... If you cannot pay the cost in full, you cannot
    # hire this Groom": 3 coins pay the Diplomat's 3 in full (ruling HP-05: Diplomat 3), leaving 0;
    # 2 coins pay the Mason's 2.
    s = hp.at_hire(hp.start(), 0, coins={0: 3}, hotels={0: {2: 19}}, irritated={0: [2]}, pillars={0: [3, 4, 4]})
    assert "p0 hire diplomat 2" in hp.texts(s)
    t = s.apply("p0 hire diplomat 2")
    assert t.coins[0] == 0 and hp.tokens(t, 0) == []
    t = s.apply("p0 hire mason 1")
    assert t.coins[0] == 1 and t.pillars[0] == [4, 4, 4]
