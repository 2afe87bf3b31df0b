"""A GameView has its perspective's authority, enforced in the kernel (issue 11, fault 2).

docs/dev/authority.md is the specification: a seat's view decides only for its own seat,
undoes only back to its own last decision, never chooses a chance outcome; forcing outcomes
is for the omniscient view or a teacher-mode view. Every request here goes through
``GameView._on_msg`` exactly as the page's messages do, so hiding buttons in the front end
plays no part.
"""

from __future__ import annotations

import pickle
import random

import pytest

import hotellab as hl
from hotellab.widgets import GameView
from hotellab.widgets._authority import Authority, AuthorityError


class Sent(list):
    def __call__(self, content, buffers=None):
        self.append(content)


def view_of(match, perspective=None, **kw) -> GameView:
    v = GameView(match, perspective=perspective, **kw)
    v.send = Sent()
    return v


def ask(v, **msg) -> str:
    v._on_msg(v, msg, [])
    assert v.send[-1] == {"type": "done", "error": v._error}
    return v._error


def to_seat(match, seat):
    """Step the match (first legal action for people, the seed for chance) until ``seat``
    decides."""
    while match.state.current_player != seat:
        s = match.state
        match.step(None if s.is_chance_node else s.legal_actions()[0])


# -- fault 1 of the issue: "step" in a seat's view while another person must decide -------------
def test_step_in_a_seat_view_names_none_of_another_seats_actions():
    # The example: Perfect Hotel, 3 players, no agents; Red (seat 1) to decide.
    g = hl.load_game("perfect_hotel", num_players=3)
    m = hl.Match(g, seed=2)
    m.run()
    to_seat(m, 1)
    red_actions = [str(a) for a in m.state.legal_actions()]
    v = view_of(m, 0)
    n = len(m.states)
    err = ask(v, type="step")
    assert err == "waiting for Red, who has no agent: Red decides in Red's own view (or in the omniscient view)"
    assert not any(a in err for a in red_actions) and len(m.states) == n
    # the omniscient view may read Match.step's own message, which lists choices
    o = view_of(m)
    assert "has no agent" in ask(o, type="step") and red_actions[0] in o._error
    # the seat's own decision: it is told to choose, with no list either
    to_seat(m, 0)
    v2 = view_of(m, 0)
    assert ask(v2, type="step") == "Blue (this view's seat) has no agent: choose one of the legal actions below"


# -- fault 2: a seat's view can rig the game ------------------------------------------------------
def rigged_match():
    """Perfect Hotel, 3 players, Blue a person and the others agents, a few turns in."""
    g = hl.load_game("perfect_hotel", num_players=3)
    m = hl.Match(g, seed=2, agents=[None, "random", "random"])
    rng = random.Random(0)
    for _ in range(12):
        m.run()
        if m.state.is_terminal:
            break
        m.step(rng.choice(m.state.legal_actions()))
    m.run()
    return m


def test_a_seat_view_cannot_undo_into_setup_and_rechoose_the_shuffle():
    # The attack of the issue: undo the other seats' moves and the chance actions back into
    # setup, then apply a chosen "chance shuffle ..." to pick the others' hands.
    m = rigged_match()
    setup = m.states[1]  # after the setup shuffle
    shuffle = m.log.actions[0]
    assert shuffle.startswith("chance shuffle")
    v = view_of(m, 0)
    refused = None
    for _ in range(40):
        err = ask(v, type="undo")
        if err:
            refused = err
            break
    assert refused == ("nothing of Blue's to take back: Blue has made no decision in this match, and a "
                       "seat's view undoes only back to its own last decision (the omniscient view can "
                       "undo further)")
    # back to just before Blue's first decision, never before it: the shuffle stands
    assert m.states[1] is setup and m.state.current_player == 0 and len(m.states) == 2
    # choosing a chance outcome is refused, even at a chance node reached by undo elsewhere
    err = ask(v, type="apply", action=shuffle)
    assert err.startswith("this view is Blue's: a seat's view never chooses a chance outcome")
    assert len(m.states) == 2


def test_seat_undo_takes_back_its_own_decision_and_what_followed():
    m = rigged_match()
    v = view_of(m, 0)
    n = len(m.states)
    acts = m.log.actions
    last_own = max(i for i, a in enumerate(acts) if a.startswith("p0 "))
    assert ask(v, type="undo") == ""
    # everything from Blue's last decision on is gone, and nothing before it
    assert len(m.states) == last_own + 1 < n
    assert m.log.actions == acts[:last_own]
    assert v.index == len(v) - 1 == last_own


def test_undo_stops_at_another_persons_decision():
    g = hl.load_game("hostil_hostal", num_players=3)
    m = hl.Match(g, seed=4, agents=[None, None, "random"])
    m.run()
    while True:  # Blue and Red (both people) decide in turn; stop after a Red decision
        s = m.state
        m.step(None if s.is_chance_node or s.current_player == 2 else s.legal_actions()[0])
        if m.log.actions[-1].startswith("p1 ") and any(a.startswith("p0 ") for a in m.log.actions):
            break
    m.run()
    v = view_of(m, 0)
    n = len(m.states)
    err = ask(v, type="undo")
    assert err.startswith("Red has decided since Blue's last decision:") and len(m.states) == n
    # Red's own view may take back Red's decision; the omniscient view one action
    r = view_of(m, 1)
    assert ask(r, type="undo") == "" and len(m.states) < n
    o = view_of(m)
    k = len(m.states)
    assert ask(o, type="undo") == "" and len(m.states) == k - 1


def test_omniscient_and_teacher_views_may_force_outcomes():
    g = hl.load_game("hostil_hostal", num_players=3)
    for kw in ({"perspective": None}, {"perspective": 0, "teacher": True}):
        m = hl.Match(g, seed=4, agents=[None, "random", "random"])
        m.run()
        v = view_of(m, **kw)
        while len(m.states) > 1:  # undo to the very start, through the setup chance actions
            assert ask(v, type="undo") == ""
        outcome = m.state.sample_chance(random.Random(99))
        assert ask(v, type="apply", action=str(outcome)) == ""
        assert m.log.actions == [str(outcome)]
    # a teacher-mode view lists the dice at a chance node with listed outcomes; a plain seat view does not
    m = hl.Match(g, seed=4, agents=[None, "random", "random"])
    for _ in range(400):
        if m.state.is_chance_node and m.state.chance_outcomes():
            break
        m.step(None if m.state.is_chance_node or m.state.current_player else m.state.legal_actions()[0])
    assert m.state.chance_outcomes()
    assert {a["value"] for a in view_of(m, 0, teacher=True)._actions} == {str(a) for a, _ in m.state.chance_outcomes()}
    assert view_of(m, 0)._actions == []
    with pytest.raises(ValueError, match="teacher=True is for a seat's view"):
        GameView(m, teacher=True)
    # teacher mode still decides only for its own seat
    m = hl.Match(g, seed=4, agents=[None, None, None])
    m.run()
    to_seat(m, 1)
    t = view_of(m, 0, teacher=True)
    own = str(m.state.legal_actions()[0])
    assert "another seat's action" in ask(t, type="apply", action=own)


def test_refusals_carry_a_code():
    g = hl.load_game("hostil_hostal", num_players=3)
    m = hl.Match(g, seed=4)
    m.run()
    auth = Authority(1)
    with pytest.raises(AuthorityError) as e:
        auth.check_apply(m, m.state.legal_actions()[0])  # Blue's action from Red's authority
    assert e.value.code == "other_seat"
    with pytest.raises(AuthorityError) as e:
        auth.undo_count(m)
    assert e.value.code == "undo"
    with pytest.raises(AuthorityError) as e:
        auth.check_apply(m, hl.Action("place", (0, 0), player=1))
    assert e.value.code == "not_your_turn" and str(e.value) == "it is not Red's decision now: Blue decides next"


# -- the front end's other ways in --------------------------------------------------------------
def test_the_page_may_set_only_index_perspective_and_speed():
    g = hl.load_game("hostil_hostal", num_players=3)
    m = hl.Match(g, seed=4, agents=["random"] * 3)
    m.run(max_steps=20)
    v = view_of(m, 0)
    chunks, meta, actions = list(v._chunks), dict(v._meta), list(v._actions)
    v.set_state({"_chunks": ["x"], "_meta": {"live": False}, "_actions": [{"value": "p1 x"}],
                 "_error": "fake", "_head": {"k": 1}, "index": 3, "speed": 2})
    assert v._chunks == chunks and v._meta == meta and v._actions == actions and v._head == {}
    assert v.index == 3 and v.speed == 2.0 and v._error == ""
    # a perspective outside the view's frames: an error in the widget, no exception
    v.set_state({"perspective": 1})
    assert v.perspective == 0 and "not in this widget's frames" in v._error
    v.set_state({"speed": "fast"})
    assert v.speed == 2.0 and v._error.startswith("the page sent a value this view cannot take")
    v.set_state(["not", "a", "dict"])  # ignored


@pytest.mark.parametrize("content", ["step", ["step"], 3, None, 2.5, True])
def test_a_message_that_is_not_an_object_gets_an_error_reply(content):
    g = hl.load_game("hostil_hostal", num_players=3)
    v = view_of(hl.Match(g, seed=1))
    n = len(v.match.states)
    v._on_msg(v, content, [])
    assert v.send[-1]["type"] == "done" and v.send[-1]["error"].startswith("a request must be a JSON object")
    assert len(v.match.states) == n


def test_pickling_a_gameview_says_what_to_save():
    g = hl.load_game("hostil_hostal", num_players=3)
    v = GameView(hl.Match(g, seed=1))
    with pytest.raises(TypeError, match=r"cannot be pickled.*view\.match\.log\.save"):
        pickle.dumps(v)


# -- rules messages in a seat's view ------------------------------------------------------------
def test_a_rules_message_shows_only_when_it_reads_the_same_after_a_redeal(monkeypatch):
    g = hl.load_game("hostil_hostal", num_players=3)
    m = hl.Match(g, seed=4)
    m.run()
    cls = type(m.state)
    bad = "p0 place 99 99"
    rules_text = m.state.explain_illegal(bad)
    assert rules_text
    # a redeal that changes nothing the message says: the rules' own message is shown
    monkeypatch.setattr(cls, "resample_hidden", lambda self, seat, rng: self, raising=False)
    v = view_of(m, 0)
    assert ask(v, type="apply", action=bad) == rules_text
    # a message that depends on what Blue cannot see: a generic sentence instead
    calls = []
    real = cls.explain_illegal

    def depends(self, action):
        calls.append(1)
        return real(self, action) + f" (hidden detail {len(calls)})"

    monkeypatch.setattr(cls, "explain_illegal", depends)
    err = ask(v, type="apply", action=bad)
    assert err.startswith("p0 place 99 99 is not a legal action now") and "hidden detail" not in err
    # no resample_hidden at all: generic too (nothing is shown that was not checked)
    monkeypatch.undo()
    monkeypatch.setattr(cls, "resample_hidden",
                        lambda self, seat, rng: (_ for _ in ()).throw(NotImplementedError("x")), raising=False)
    assert ask(view_of(m, 0), type="apply", action=bad).startswith("p0 place 99 99 is not a legal action now")
    # the omniscient view reads the rules' message as it is
    assert ask(view_of(m), type="apply", action=bad) == rules_text


# -- every game: a seat's view never gets past its limits -----------------------------------------
GAMES = [gid for gid in hl.list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_seat_view_keeps_its_authority(game_id):
    cls = type(hl.load_game(game_id))
    rng = random.Random(11)
    for n in sorted({cls.min_players, cls.max_players}):
        g = hl.load_game(game_id, num_players=n)
        m = hl.Match(g, seed=3, agents=[None] + ["random"] * (g.num_players - 1))
        v = view_of(m, 0)
        first_own = None
        for _ in range(400):
            s = m.state
            if s.is_terminal:
                break
            before = list(m.states)
            if s.is_chance_node:
                assert v._actions == []  # no dice to choose from in a seat's view: step decides
                forced = s.sample_chance(rng)
                assert ask(v, type="apply", action=str(forced)).startswith("this view is")
                assert m.states == before  # never applied
                assert ask(v, type="step") == ""
            elif s.current_player == 0:
                mine = rng.choice(s.legal_actions())
                assert ask(v, type="apply", action=str(mine)) == ""
                if first_own is None:
                    first_own = len(before)
                if rng.random() < 0.15:  # take it back: exactly what followed it goes
                    assert ask(v, type="undo") == ""
                    assert m.states == before[: len(m.states)] and m.state.current_player == 0
            else:
                other = s.legal_actions()[0]
                assert "another seat's action" in ask(v, type="apply", action=str(other))
                assert m.states == before
                assert ask(v, type="step") == ""
            if first_own is not None:  # the states before Blue's first decision never change
                assert len(m.states) >= first_own
        # undo until refused: it stops at Blue's first decision of the match, never earlier
        while not ask(v, type="undo"):
            pass
        assert first_own is None or len(m.states) == first_own
        assert v._error.startswith("nothing of ") or v._error.startswith("nothing to undo")
