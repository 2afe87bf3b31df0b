"""Bad input: every refusal is an IllegalActionError with a code and the RuleRef it names,
explain_illegal says the same, and the state is unchanged.

Text that does not fit the grammar of the game's action table (``moves.ACTIONS``: a kind the
game does not have, too few or too many arguments, a word not among an argument's words) is
refused by the core with code "malformed" and the kind's grammar; a move the node does not
allow now names the kinds it allows; the rest is refused by the kind's check, naming its rule."""

import pytest

import hotellab as hl


def _refused(s, text, code, words):
    before = s.to_position()
    why = s.explain_illegal(text)
    assert why is not None and words in why, why
    with pytest.raises(hl.IllegalActionError) as err:
        s.apply(text)
    assert err.value.code == code, (text, err.value.code)
    assert err.value.rule is None or err.value.rule.game == "boutique_hotel"
    assert s.to_position() == before


@pytest.mark.parametrize("text, code, words", [
    ("p0 bid 150", "not_legal", "multiple of 100"),
    ("p0 bid 900", "not_legal", "has 500"),
    ("p0 bid -100", "not_legal", "multiple of 100"),
    ("p0 bid", "malformed", "bid takes 1 argument (<amount>), got 0"),
    ("p0 keep", "not_legal", "allowed now: bid"),
    ("p1 bid 0", "not_your_turn", "Blue decides now"),
])
def test_bids(bh, text, code, words):
    s = bh.reserve(bh.priced(2), 3, 3)
    _refused(s, text, code, words)


@pytest.mark.parametrize("text, code, words", [
    ("p0 block 9,1", "not_legal", "numbered 1-8"),
    ("p0 block 1,1", "not_legal", "different room"),
    ("p0 block 4,5", "not_legal", "not part of Blue's hotel"),
    ("p0 block 1", "malformed", "<rooms> must be numbers written 3,0,2, got 1"),   # one room is written "1,"
    ("p0 block 1,", "not_legal", "needs 2 rooms"),
    ("p0 block 1,2,3", "not_legal", "needs 2 rooms"),
])
def test_blocking(bh, text, code, words):
    s = bh.reserve(bh.priced(2, [bh.FLAT1, bh.FLAT2]), 1, 2)
    _refused(s, text, code, words)


def test_blocking_a_booked_room(bh):
    s = bh.reserve(bh.priced(2, [bh.FLAT1, bh.FLAT2]), 1, 2)
    s = bh.run(s, "p0 block 1,2", "p1 keep", "chance checkin 1", "chance guest 3")
    _refused(s, "p0 block 1,", "not_legal", "not free for the whole stay")


@pytest.mark.parametrize("text, code, words", [
    ("p0 hire kitchen 1", "not_legal", "next is cleaning"),
    ("p0 hire cleaning 7", "not_legal", "1-6 pips"),
    ("p0 hire cleaning 2", "not_legal", "cost 600"),
    ("p0 hire chef 1", "malformed", "<kind> must be one of cleaning, checkin, kitchen, got 'chef'"),
])
def test_hiring(bh, text, code, words):
    s = bh.edit(bh.priced(2), lambda p: (p.update(card_turn=10), p["next"].update(node="hire_staff", player=0)))
    _refused(s, text, code, words)


def test_chance_and_game_over(bh):
    s = bh.run(bh.priced(2), "p0 keep")
    _refused(s, "p0 keep", "chance_node", "chance node")
    _refused(s, "chance checkin 7", "not_legal", "not a valid chance outcome")
    s = bh.run(s, "chance checkin 1")
    _refused(s, "chance guest 29", "not_legal", "not a valid chance outcome")
    from pathlib import Path
    sc = hl.Scenario.load(Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "boutique_hotel_example_staffing.toml")
    start = sc.match().state
    end = bh.edit(start, lambda p: p["hotels"][0].update(stars=1)).apply("chance budget 1").apply("chance guest 3")
    assert end.is_terminal
    _refused(end, "p1 done", "game_over", "the game is over")


def test_expansion_refusals(bh):
    from pathlib import Path
    sc = hl.Scenario.load(Path(__file__).resolve().parents[2] / "notebooks" / "scenarios" / "boutique_hotel_example_staffing.toml")
    s = sc.run().state
    _refused(s, "p0 expand 9", "not_legal", "room number 1-8")
    _refused(s, "p0 expand 1", "not_legal", "already part")
    _refused(s, "p0 keep", "not_legal", "allowed now: done, expand")
    _refused(s, "p0 done 1", "malformed", "done takes 0 arguments (), got 1")


def test_an_unknown_kind_is_malformed_as_in_every_game(bh):
    """A word that is no move of the game at all is text that cannot be read (code
    "malformed", as the other four games say it); a real move at the wrong time stays
    "not_legal" (test_bids: "p0 keep" while bidding)."""
    s = bh.reserve(bh.priced(2), 3, 3)
    _refused(s, "p0 foo", "malformed", "'foo' is not an action of this game; its actions are price, keep, checkin, "
                                       "guest, bid, block, hire, roll, budget, expand, done")
