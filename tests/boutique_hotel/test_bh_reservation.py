"""Faza rezerwacji: prices, availability, the lowest price, ties (rating, marketing bid, all
tied hotels), blocking rooms, nights past Sunday (FAQ). Values worked out by hand from the
rulebook and the reconstructed cards (data/guests.toml)."""

import pytest

import hotellab as hl


def test_the_rulebook_price_example_100_plus_100(bh):
    """'Ostateczna cena dla gracza niebieskiego wynosi 100 + 100 = 200': guest card 2 (two
    rooms, one night, 'śniadanie nie jest wliczone') at a day rate of 100 costs 200 at Blue;
    Red's rate of 200 makes 400, so Blue wins the guests."""
    s = bh.priced(2, [bh.FLAT1, bh.FLAT2])
    s = bh.reserve(s, 2, 2)
    assert [(q["seat"], q["price"]) for q in s.view()["quotes"]] == [(0, 200), (1, 400)]
    assert s.current_player == 0 and s.view()["pending"]["prompt"].startswith("block rooms")
    # two rooms anywhere among the 3 Start rooms: {1,2}, {1,3}, {2,3} (order does not matter)
    assert [str(a) for a in s.legal_actions()] == ["p0 block 1,2", "p0 block 1,3", "p0 block 2,3"]
    s = s.apply("p0 block 1,3")
    assert s.scores == [700, 500]
    seat = s.view()["seats"][0]
    assert seat["rooms"][0]["days"] == ".s........" and seat["rooms"][2]["days"] == ".s........"
    assert seat["rooms"][1]["days"] == ".........."


def test_the_rulebook_blocking_example(bh):
    """'ten pobyt wymaga 2 sąsiadujących pokoi pierwszego dnia, tylko jednego pokoju drugiego
    dnia oraz śniadania' (card 1). On Monday at 100 a night and 100 breakfast: rooms 100 + 100
    (the room held 2 nights) + 100 = 300, breakfast 3 room-nights x 100 = 300: 600."""
    s = bh.priced(2, [bh.FLAT1, bh.FLAT2])
    s = bh.reserve(s, 1, 1)
    assert s.view()["quotes"][0] == {"seat": 0, "price": 600}
    # the first room holds 2 nights; the door symbol makes the rooms adjacent: 1-2 and 2-3
    assert [str(a) for a in s.legal_actions()] == ["p0 block 1,2", "p0 block 2,1", "p0 block 2,3", "p0 block 3,2"]
    why = s.explain_illegal("p0 block 1,3")
    assert "must be adjacent" in why and "Faza rezerwacji" in why
    s = s.apply("p0 block 2,1")
    seat = s.view()["seats"][0]
    assert seat["rooms"][1]["days"].startswith("SC")   # brown square Monday, brown circle Tuesday
    assert seat["rooms"][0]["days"].startswith("S.")
    assert seat["connections"] == [[2, 1, 1]]          # the transparent token on Monday
    # room 2 (the card's first room) is held Monday and Tuesday, room 1 Monday only
    assert s.occ[0][:3] == (0b01, 0b11, 0)
    assert s.score_breakdown()[1:3] == [
        hl.ScoreItem(0, "Room revenue", 300, s.score_breakdown()[1].rule),
        hl.ScoreItem(0, "Breakfast revenue", 300, s.score_breakdown()[2].rule)]


def test_change_exactly_one_die_then_roll(bh):
    """'może zmienić jedną i tylko jedną kość ceny': keep, or one die to another face (8 dice x
    5 other faces = 40 changes), then the check-in die is rolled."""
    s = bh.priced(2)
    acts = s.legal_actions()
    assert len(acts) == 41 and str(acts[0]) == "p0 keep"
    assert "already shows 1" in s.explain_illegal("p0 price mon 1")
    s = s.apply("p0 price sun 5")
    assert s.is_chance_node and s.view()["seats"][0]["prices"][6] == 5
    assert s.explain_illegal("p1 keep") is not None   # only the active player changes a die


def test_lowest_total_wins_and_sunday_rate_past_sunday(bh):
    """FAQ: 'Użyj stawki niedzielnej na dodatkowe dni'. Card 9 (one room, 4 nights, room only)
    checking in on Saturday: Saturday + Sunday + 2 nights at Sunday's rate. Blue: Sat 200, Sun
    300 -> 200 + 3 x 300 = 1100; Red 100 a night -> 400: Red wins."""
    s = bh.priced(2, [[1, 1, 1, 1, 1, 2, 3, 1], bh.FLAT1])
    s = bh.reserve(s, 6, 9)
    assert [(q["seat"], q["price"]) for q in s.view()["quotes"]] == [(0, 1100), (1, 400)]
    assert s.current_player == 1
    s = s.apply("p1 block 1,")
    assert s.scores == [500, 900]
    assert s.view()["seats"][1]["rooms"][0]["days"] == ".....sccc."   # 2 nights beside the board
    assert any("past Sunday" in e.text for e in s.events)


def test_equal_prices_better_rating_wins(bh):
    """'Jeśli cena jest równa, goście wybierają hotel z najlepszą oceną.'"""
    s = bh.priced(2)
    s = bh.edit(s, lambda p: p["hotels"][1].update(stars=4))
    s = bh.reserve(s, 3, 3)
    assert s.current_player == 1 and s.node[0] == "block_rooms"


def test_equal_rating_goes_to_a_secret_bid_losers_pay(bh):
    """'rywalizują w marketingu poprzez licytację Karty pieniędzy zakryte'; 'Przegrani
    licytanci odrzucają swoje oferty' (BH-07: the winner keeps its bid)."""
    s = bh.reserve(bh.priced(2), 3, 3)
    assert s.node[0] == "marketing_bid" and s.current_player == 0
    assert [str(a) for a in s.legal_actions()][:3] == ["p0 bid 0", "p0 bid 100", "p0 bid 200"]
    assert len(s.legal_actions()) == 6          # 0..500 in steps of 100
    s = s.apply("p0 bid 200")
    # hidden from Red until revealed; Blue sees its own bid
    assert s.view(1)["seats"][0]["bid"] is None and s.view(1)["seats"][0]["bid_placed"]
    assert s.view(0)["seats"][0]["bid"] == 200
    assert s.observation(1)["seats"][0]["bid"] is None
    s = s.apply("p1 bid 100")
    assert s.current_player == 0 and s.node[0] == "block_rooms"
    assert s.scores == [500, 400]               # Red's losing 100 is gone; Blue keeps 200
    s = s.apply("p0 block 1,")
    assert s.scores == [600, 400]               # card 3: one night at 100


def test_winning_bid_paid_option(bh):
    s = bh.reserve(bh.priced(2, winning_bid="paid"), 3, 3)
    s = bh.run(s, "p0 bid 200", "p1 bid 100")
    assert s.scores == [300, 400]


def test_equal_bids_every_tied_hotel_gets_the_guests(bh):
    """'Jeśli nadal jest remis, wszyscy remisujący gracze otrzymują gości' (BH-08): each tied
    hotel books the whole stay and is paid its own price; the blank card (0) is a bid."""
    s = bh.reserve(bh.priced(2), 3, 3)
    s = bh.run(s, "p0 bid 0", "p1 bid 0")
    assert s.current_player == 0
    s = s.apply("p0 block 2,")
    assert s.current_player == 1 and s.node[0] == "block_rooms"
    s = s.apply("p1 block 3,")
    assert s.scores == [600, 600]
    assert s.current_player == 1 and s.node[0] == "change_price"   # Red's turn (card 2 of 10)


def test_no_hotel_with_the_same_rooms_free_loses_the_guests(bh):
    """'aby mieć dostępność, gracze muszą oferować te same pokoje przez cały pobyt': card 16
    needs rooms 1-2-3 (door symbols) for one night. Red holds room 2 Tuesday-Thursday (card 7),
    so only Blue quotes on Wednesday; once Blue is full that day too, the guests are lost."""
    s = bh.reserve(bh.priced(2), 2, 7)            # card 7: one room, 3 nights, Tuesday: 300 each
    s = bh.run(s, "p0 bid 0", "p1 bid 100", "p1 block 2,")   # Red wins the bid (kept, BH-07): 800
    s = bh.reserve(s, 3, 16)                     # Red's turn; card 16 on Wednesday
    assert [q["seat"] for q in s.view()["quotes"]] == [0]
    s = s.apply("p0 block 1,2,3")
    assert s.scores == [800, 800]                # 3 rooms x 100
    assert any("full on Wednesday" in e.text for e in s.events)   # 'hotel jest pełny tego dnia'
    s = bh.reserve(s, 3, 26)                     # Blue's turn: card 26, 3 rooms from Wednesday
    assert s.view()["quotes"] == [] and s.view()["lost_guests"] == 1
    assert s.current_player == 1 and s.node[0] == "change_price"   # Red's turn, card 4 of 10


def test_a_room_must_be_free_on_every_night_of_the_stay(bh):
    """'aby mieć dostępność, gracze muszą oferować te same pokoje przez cały pobyt': Blue holds
    room 1 Tuesday-Thursday (card 7); card 5 (one room, 2 nights) from Monday cannot have room 1,
    free on Monday but not on Tuesday: rooms 2 and 3 only."""
    s = bh.reserve(bh.priced(2, [bh.FLAT1, bh.FLAT2]), 2, 7)
    s = s.apply("p0 block 1,")
    s = bh.reserve(s, 1, 5)                      # Red's turn: Blue 200, Red 400
    assert [str(a) for a in s.legal_actions()] == ["p0 block 2,", "p0 block 3,"]
    assert "not free for the whole stay" in s.explain_illegal("p0 block 1,")


def test_after_the_tenth_card_the_planning_begins(bh):
    """'Powtórz dla wszystkich 10 Kart Gości': the 10th card (Red's 5th turn) is the last of
    the reservation phase; then Faza planowania."""
    s = bh.edit(bh.priced(2, [bh.FLAT1, bh.FLAT2]), lambda p: (p.update(card_turn=9), p["next"].update(player=1)))
    assert s.view()["status"].startswith("Week 1, guest card 10 of 10")
    s = bh.run(bh.reserve(s, 3, 3), "p0 block 1,")
    assert s.node[:2] == ("hire_staff", 0) and s.phase.name == "Faza planowania"


def test_a_blank_bid_shows_only_as_placed(bh):
    """'pusta karta służy do blefowania przeciwnika': the blank card alone (a bid of 0) lies
    face down like any bid: the others see that a bid is placed, not that it is blank."""
    s = bh.reserve(bh.priced(2), 3, 3).apply("p0 bid 0")
    seen = s.view(1)["seats"][0]
    assert seen["bid_placed"] is True and seen["bid"] is None
    assert s.view(0)["seats"][0]["bid"] == 0


def test_ten_cards_with_two_players_fifteen_with_three(bh):
    """'Powtórz dla wszystkich 10 Kart Gości'; 'dobierz 5-krotność liczby graczy'."""
    assert bh.priced(2).cards_this_week() == 10
    assert bh.priced(3).cards_this_week() == 15
    assert bh.priced(3).view()["deck_left"] == 56   # two sets of 28 cards for 3 players


@pytest.mark.parametrize("text, code", [
    ("p1 keep", "not_your_turn"),
    ("p0 price moon 3", "malformed"),   # no die "moon": the grammar's words are mon .. sun, breakfast
    ("p0 price mon 7", "not_legal"),
    ("p0 hire cleaning 1", "not_legal"),
    ("chance checkin 3", "not_your_turn"),
])
def test_refusals_name_a_rule(bh, text, code):
    s = bh.priced(2)
    with pytest.raises(hl.IllegalActionError) as err:
        s.apply(text)
    assert err.value.code == code
    assert err.value.rule is not None and err.value.rule.game == "boutique_hotel"


def test_the_price_example_scenario_file():
    """notebooks/scenarios/boutique_hotel_example_price.toml plays the rulebook's price example:
    Blue's quote is 100 + 100 = 200, it wins and ends with 500 + 200 = 700."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "boutique_hotel_example_price.toml"
    states = [m.state for _, m in hl.Scenario.load(path).walk()]
    assert states[2].view()["quotes"] == [{"seat": 0, "price": 200}, {"seat": 1, "price": 400}]
    assert states[-1].scores == [700, 500]
    assert states[-1].view()["seats"][0]["rooms"][0]["days"].startswith(".s")
