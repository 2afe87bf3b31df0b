"""The declared game contract for Hostil Hostal (issue 8): the phase table and rule table in
rulebook order, node kinds, round labels, refusals carrying their rule and code, the card
handlers in card-number order, and copy-on-write apply steps."""

from __future__ import annotations

import random

import pytest

import hotellab as hl
from hotellab.games.hostil_hostal import cards as CARDS
from hotellab.games.hostil_hostal import rules as R


def test_phase_table_in_rulebook_order(hh):
    # "Each round is composed of 4 phases": Dusk, Night, Dawn, Day, after the Setup and before
    # the End of the Game; the 2-player Automata phase is played inside the Night.
    g = hh.game()
    assert [p.name for p in g.phases] == ["Setup", "Dusk", "Night", "Automata phase", "Dawn", "Day",
                                          "End of the Game"]
    kinds = [k for p in g.phases for k in p.nodes]
    assert sorted(kinds) == sorted(R.NODE_KINDS) and len(kinds) == len(set(kinds))  # each kind once
    assert g.rule_table == R.RULE_TABLE
    assert [r.section for r in R.RULE_TABLE[-12:]] == [f"Event Card Guide / #{n} {hh.C.cards()[n].name}"
                                                       for n in range(1, 13)]


def test_phase_and_round_label_follow_a_game(hh):
    g = hh.game(3)
    rng = random.Random(3)
    s = g.new_initial_state()
    seen = []
    while not s.is_terminal:
        name = s.phase.name
        if not seen or seen[-1][0] != name:
            seen.append((name, s.round_label()))
        s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
    assert seen[0] == ("Setup", None)
    assert seen[1] == ("Night", "Night 1")
    # Night, Dawn, Day of nights 1 and 2, then Night and Dawn of the last night (no Day)
    names = [n for n, _ in seen]
    assert names[1:] == ["Night", "Dawn", "Day", "Night", "Dawn", "Day", "Night", "Dawn"]
    assert [lab for n, lab in seen if n == "Dawn"] == ["Night 1", "Night 2", "Night 3"]
    assert s.phase.name == "End of the Game" and s.round_label() == "Night 3"


def test_refusals_carry_the_rule_and_a_code(hh):
    s = hh.start(3)
    with pytest.raises(hl.IllegalActionError) as err:
        s.apply("p0 pass")  # Pass: "If a player has placed all of their own guests, they can pass."
    assert err.value.code == "not_legal" and err.value.rule == R.R_PASS
    with pytest.raises(hl.IllegalActionError) as err:
        s.apply("p1 place 1 0")  # seat 0 acts first
    assert err.value.code == "not_your_turn"
    with pytest.raises(hl.IllegalActionError) as err:
        s.apply("p0 place 1")
    assert err.value.code == "malformed"
    with pytest.raises(hl.IllegalActionError) as err:
        s.apply("p0 play 3 1")  # Play a card: "in a room where they own at least one guest"
    assert err.value.rule == R.R_PLAY
    with pytest.raises(hl.IllegalActionError) as err:
        s.apply("chance misfortune 3")
    assert err.value.code == "not_your_turn"


def test_card_handlers_one_per_card_in_card_number_order():
    # Event Card Guide: cards #1 to #12, each handler citing its card's text
    assert list(CARDS.CARDS) == list(range(1, 13))
    for n, handler in CARDS.CARDS.items():
        assert handler.number == n
    for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11):
        doc = CARDS.CARDS[n].effect.__doc__
        assert doc and f"#{n} " in doc, n


def test_an_apply_step_shares_the_lists_it_does_not_change(hh):
    # issue 8: "Each of Hostil Hostal's apply steps stops copying every list: share what does
    # not change". Placing a guest changes the beds and the supply only.
    s = hh.start(3)
    t = s.apply("p0 place 1 0")
    for name in ("wear", "reform", "cards", "hands", "decks", "discards", "score", "lobby", "known"):
        assert getattr(t, name) is getattr(s, name), name
    assert t.beds is not s.beds and t.supply is not s.supply
    assert s.beds[0][0] == () and t.beds[0][0] == (0,)  # the old state is unchanged
    assert s.supply[0] == 4 and t.supply[0] == 3
