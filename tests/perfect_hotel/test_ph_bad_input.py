"""Bad input: every rejected action says what is wrong and names the rule; the state is
left unchanged."""

from __future__ import annotations

import pytest

import hotellab as hl


@pytest.fixture
def s(ph):
    return ph.adjust(ph.start(3), hands={0: [5, 6]})


@pytest.mark.parametrize("text, words, code, section", [
    ("p1 research", ["not Red's to play: Blue decides now", "Gameplay / End of turn"], "not_your_turn",
     "Gameplay / End of turn"),
    ("p7 research", ["there is no seat 7"], "malformed", "Gameplay"),
    ("chance shuffle 1,2", ["a chance outcome cannot be applied now"], "not_your_turn", "Gameplay"),
    # the grammar is the action table's (core.kinds): a wrong count or word cites the kind's rule,
    # an unknown kind the rule of the decision at hand
    ("p0 fly", ["'fly' is not an action of this game; its actions are shuffle, research, place, build"],
     "malformed", "Gameplay"),
    ("p0 research now", ["research takes 0 arguments (), got 1"], "malformed", "Gameplay / A. Research / 1"),
    ("p0 build bedroom hand 2", ["build takes 5 arguments (<kind> <source> <plain> <star> <tourists>), got 3"],
     "malformed", "Gameplay / B. Build / 1"),
    ("p0 build suite hand 2 0 0", ["<kind> must be one of bedroom, restaurant, pool, lounge, spa, garden"],
     "malformed", "Gameplay / B. Build / 1"),
    ("p0 build bedroom deck 2 0 0", ["<source> must be one of row, hand, got 'deck'"], "malformed",
     "Gameplay / B. Build / 1"),
    ("p0 build bedroom hand x 0 0", ["<plain> must be a whole number, got 'x'"], "malformed",
     "Gameplay / B. Build / 1"),
    ("p0 build bedroom hand -1 0 0", ["counts of hand cards"], "malformed", "Gameplay / B. Build / 1"),
    ("p0 build bedroom hand 3 0 0", ["holds 2 plain Bedroom cards, not 3"], "not_legal", "Gameplay / B. Build / 1"),
    ("p0 place bedroom plain", ["research first"], "not_legal", "Gameplay / A. Research / 1"),
])
def test_messages(s, text, words, code, section):
    # issue 8: IllegalActionError carries the RuleRef its message names and a code a program
    # can act on; the state is left unchanged
    msg = s.explain_illegal(text)
    for w in words:
        assert w in msg, msg
    before = (s.hands, s.rows, s.hotels, s.scores, s.node)
    with pytest.raises(hl.IllegalActionError) as info:
        s.apply(text)
    assert str(info.value) == msg
    assert info.value.code == code
    assert info.value.rule is not None and info.value.rule.section == section and msg.endswith(section)
    assert info.value.rule in s.game.rule_table
    assert (s.hands, s.rows, s.hotels, s.scores, s.node) == before


def test_error_codes_at_chance_and_terminal_nodes(ph):
    setup = ph.game(3).new_initial_state()
    with pytest.raises(hl.IllegalActionError) as info:
        setup.apply("p0 research")
    assert info.value.code == "chance_node" and info.value.rule.section == "Game Setup / 1. Card Setup"
    with pytest.raises(hl.IllegalActionError) as info:
        setup.apply("chance shuffle 1,2")
    # a number list (well formed) that is no deck: not legal, as in every game's shuffle
    assert info.value.code == "not_legal" and "permutation of the card numbers 0..61" in str(info.value)
    p = ph.Pick()
    end = ph.ended(2, hotels={0: [("pool", p.plain("pool", 2))]}, point_track=[12, -3])
    with pytest.raises(hl.IllegalActionError) as info:
        end.apply("p0 research")
    assert info.value.code == "game_over" and info.value.rule.section == "Game End"
    with pytest.raises(hl.InvalidActionError) as info:
        end.apply("blue research")
    assert info.value.code == "malformed"


def test_place_arguments(ph, s):
    t = s.apply("p0 research")
    assert "<card> must be one of plain, star, tourist, got 'gold'" in t.explain_illegal("p0 place bedroom gold")
    assert "<row> must be one of bedroom" in t.explain_illegal("p0 place attic plain")


def test_unreadable_text(s):
    with pytest.raises(ValueError, match="the first word must be 'chance' or 'p<seat>'"):
        s.apply("blue research")
    assert "expected '<who> <kind> [args...]'" in s.explain_illegal("research")


def test_legal_actions_round_trip_through_their_text(ph):
    s = ph.adjust(ph.start(3), hands={0: [0, 5, 6, 57]}, rows={"bedroom": [(7, 1)]})
    g = s.game
    for a in s.legal_actions():
        assert g.parse_action(str(a)) == a
        assert s.explain_illegal(str(a)) is None


@pytest.mark.parametrize("args, where", [
    ((["bedroom"], "hand", 2, 0, 0), "<kind> must be a word, got ['bedroom']"),
    (("bedroom", ["hand"], 2, 0, 0), "<source> must be a word, got ['hand']"),
    (("bedroom", "hand", [2], 0, 0), "<plain> must be a whole number, got [2]"),
    ((["bedroom"], "plain"), "<row> must be a word, got ['bedroom']"),
    (({"row": "bedroom"}, "plain"), "<row> must be a word, got {'row': 'bedroom'}"),
])
def test_unhashable_arguments_are_refused_not_crashing(ph, s, args, where):
    # An Action built in code (not parsed) may carry a list or dict as an argument. The rule
    # is still "Gameplay / B. Build / 1" (build) or "Gameplay / A. Research / 2" (place): the
    # rejection must be an IllegalActionError naming the argument, never a TypeError.
    kind = "build" if len(args) == 5 else "place"
    state = s if kind == "build" else s.apply("p0 research")
    a = hl.Action(kind, args, 0)
    msg = state.explain_illegal(a)
    assert msg is not None and where in msg, msg
    before = (state.hands, state.rows, state.hotels, state.scores, state.node)
    with pytest.raises(hl.IllegalActionError):
        state.apply(a)
    assert (state.hands, state.rows, state.hotels, state.scores, state.node) == before
    assert isinstance(state.action_to_string(a, 1), str)
