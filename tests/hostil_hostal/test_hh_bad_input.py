"""Bad input (issue 2, section 8): unknown game / option / value / player count, malformed logs
and scenario files, illegal actions. Every message must say what is allowed or where it is
wrong."""

from __future__ import annotations

import copy
import json

import pytest

import hotellab as hl


# ---------------------------------------------------------------- games and options
def test_unknown_game_lists_the_known_games():
    with pytest.raises(hl.UnknownGameError) as exc:
        hl.load_game("hostile_hostel", num_players=3)
    msg = str(exc.value)
    assert "unknown game 'hostile_hostel'" in msg and "hostil_hostal" in msg
    assert isinstance(exc.value, KeyError) and isinstance(exc.value, hl.HotellabError)


def test_unknown_option_lists_the_known_options():
    with pytest.raises(hl.OptionError) as exc:
        hl.load_game("hostil_hostal", num_players=3, options={"night": 3})
    assert "unknown option 'night'; known options: misfortune, nights, sides" in str(exc.value)


@pytest.mark.parametrize(
    "name,value,allowed",
    [
        ("nights", 4, "allowed: 3, 5"),
        ("nights", "3", "allowed: 3, 5"),
        ("nights", True, "allowed: 3, 5"),
        ("sides", "C", "allowed: 'A', 'B', 'random'"),
        ("misfortune", "always", "allowed: 'die', 'fixed', 'per_room'"),
    ],
)
def test_bad_option_value_lists_the_allowed_values(name, value, allowed):
    with pytest.raises(hl.OptionError) as exc:
        hl.load_game("hostil_hostal", num_players=3, options={name: value})
    msg = str(exc.value)
    assert f"option {name!r} cannot be {value!r}" in msg and allowed in msg


def test_float_option_value_is_refused_or_normalised():
    # Setup 4: "the number of nights you want to play (3 or 5)"
    try:
        g = hl.load_game("hostil_hostal", num_players=3, options={"nights": 3.0})
    except hl.OptionError as exc:
        assert "allowed: 3, 5" in str(exc)
        return
    assert type(g.options["nights"]) is int
    m = hl.Match(g, seed=1, agents=["random"] * 3)
    m.run(until=lambda s: s.stage == "night")
    assert "Night 1 of 3," in m.state.status_text()


@pytest.mark.parametrize("n", [0, 1, 6, 7])
def test_bad_player_count(n):
    # Game Overview: "Players: 2-5."
    with pytest.raises(hl.OptionError, match="the rulebook allows 2 to 5 players"):
        hl.load_game("hostil_hostal", num_players=n)


@pytest.mark.parametrize("n", ["3", 3.0, True])
def test_player_count_must_be_an_int(n):
    with pytest.raises(hl.OptionError, match="num_players must be an int from 2 to 5"):
        hl.load_game("hostil_hostal", num_players=n)


def test_bad_seat_for_a_view(hh):
    s = hh.start(3)
    for bad in (3, -1, "0", True):
        with pytest.raises(ValueError, match="seat must be an int from 0 to 2"):
            s.observation(bad)
    s2 = hh.start(2)
    assert s2.observation(2)["perspective"] == 2  # the automata's seat exists


# ---------------------------------------------------------------- illegal actions
def test_play_a_card_message_names_the_rule(hh):
    # issue 2 section 8: '"Play a card needs at least two cards in hand — Phase 2, Night"'
    s = hh.adjust(hh.start(3), beds={1: {0: [0]}}, hands={0: (12,)})
    with pytest.raises(hl.IllegalActionError) as exc:
        s.apply("p0 play 12 1")
    assert str(exc.value) == (
        "p0 play 12 1: Play a card needs at least two cards in hand — Phase 2 - Night / Play a card"
    )
    assert exc.value.action == hl.Action("play", (12, 1), 0)


def test_unreadable_action_text(hh):
    s = hh.start(3)
    for text in ("", "p0", "x0 place 1 1", "p0 9bad"):
        with pytest.raises(ValueError, match="cannot read action"):
            s.apply(text)
        assert "cannot read action" in s.explain_illegal(text)


def test_chance_and_player_mixups_name_the_node(hh):
    s0 = hh.game(3).new_initial_state()
    assert "this is a chance node" in s0.explain_illegal("p0 place 1 1")
    s = hh.start(3)
    assert "is not Red's to play: Blue decides now" in s.explain_illegal("p1 place 1 1")
    assert "Blue decides now" in s.explain_illegal("chance wear 1 3")


# ---------------------------------------------------------------- logs
@pytest.fixture(scope="module")
def log_json():
    log = hl.play(hl.load_game("hostil_hostal", num_players=3), agents=["random"] * 3, seed=1)
    return log.to_json()


def _err(data):
    with pytest.raises(hl.LogFormatError) as exc:
        hl.GameLog.from_json(data)
    return exc.value


def test_log_wrong_format_field(log_json):
    d = copy.deepcopy(log_json)
    d["format"] = "chess-pgn"
    e = _err(d)
    assert e.field == "format" and e.entry is None
    assert "field 'format'" in str(e) and "'hotellab-log'" in str(e)


def test_log_wrong_version(log_json):
    d = dict(log_json, version=99)
    e = _err(d)
    assert e.field == "version" and "unsupported log version 99" in str(e)


def test_log_missing_and_extra_fields(log_json):
    d = copy.deepcopy(log_json)
    del d["players"]
    e = _err(d)
    assert e.field == "players" and "field 'players'" in str(e)
    e = _err(dict(log_json, colour="blue"))
    assert e.field == "colour"
    e = _err(dict(log_json, num_players="3"))
    assert e.field == "num_players"
    e = _err(dict(log_json, players=["Blue"]))
    assert e.field == "players" and "1 player names for 3 seats" in str(e)


def test_log_unknown_game_and_bad_options(log_json):
    e = _err(dict(log_json, game="nope"))
    assert e.field == "game" and "known games: " in str(e) and "hostil_hostal" in str(e)
    e = _err(dict(log_json, options={"nights": 4}))
    assert e.field == "options" and "allowed: 3, 5" in str(e)


@pytest.mark.parametrize("k", [0, 5, 40])
def test_log_illegal_action_at_entry_k(log_json, k):
    d = copy.deepcopy(log_json)
    d["actions"][k] = "p2 place 3 4" if not d["actions"][k].startswith("p2 place") else "p0 pass"
    e = _err(d)
    assert e.entry == k and e.field == "actions"
    assert str(e).startswith(f"entry {k}, field 'actions': illegal action")


def test_log_unreadable_and_non_string_action(log_json):
    d = copy.deepcopy(log_json)
    d["actions"][7] = "place"
    e = _err(d)
    assert (e.entry, e.field) == (7, "actions") and "cannot read action 'place'" in str(e)
    d["actions"][7] = 12
    e = _err(d)
    assert (e.entry, e.field) == (7, "actions")


def test_log_not_an_object():
    with pytest.raises(hl.LogFormatError, match="a log must be a JSON object, got an array"):
        hl.GameLog.from_json([])


def test_log_file_bad_json(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"format": "hotellab-log",\n  oops}', "utf-8")
    with pytest.raises(hl.LogFormatError) as exc:
        hl.GameLog.load(p)
    msg = str(exc.value)
    assert str(p) in msg and "not JSON" in msg and "line 2" in msg


def test_log_file_missing(tmp_path):
    with pytest.raises(hl.LogFormatError, match="cannot read"):
        hl.GameLog.load(tmp_path / "nope.json")


def test_log_file_illegal_action_names_file_entry_and_field(tmp_path, log_json):
    d = copy.deepcopy(log_json)
    d["actions"][40] = "p0 fly"
    p = tmp_path / "g.json"
    p.write_text(json.dumps(d), "utf-8")
    with pytest.raises(hl.LogFormatError) as exc:
        hl.GameLog.load(p)
    assert str(exc.value).startswith(f"{p}: entry 40, field 'actions': illegal action 'p0 fly'")


def test_log_file_error_keeps_entry_and_field_attributes(tmp_path, log_json):
    d = copy.deepcopy(log_json)
    d["actions"][40] = "p0 fly"
    p = tmp_path / "g.json"
    p.write_text(json.dumps(d), "utf-8")
    with pytest.raises(hl.LogFormatError) as exc:
        hl.GameLog.load(p)
    assert (exc.value.entry, exc.value.field) == (40, "actions")


def test_replay_of_an_unchecked_bad_log(log_json):
    d = copy.deepcopy(log_json)
    d["actions"][40] = "p0 fly"
    log = hl.GameLog.from_json(d, check=False)
    with pytest.raises(hl.LogFormatError) as exc:
        hl.Replay(log)
    assert (exc.value.entry, exc.value.field) == (40, "actions")


def test_state_from_json_errors(hh):
    g = hh.game(3)
    d = hh.start(3).to_json()
    with pytest.raises(hl.LogFormatError) as exc:
        g.state_from_json({k: v for k, v in d.items() if k != "actions"})
    assert exc.value.field == "actions"
    with pytest.raises(hl.LogFormatError) as exc:
        hh.game(4).state_from_json(d)
    assert exc.value.field == "options"
    bad = dict(d, actions=d["actions"][:3] + ["chance wear 1 9"])
    with pytest.raises(hl.LogFormatError) as exc:
        g.state_from_json(bad)
    assert (exc.value.entry, exc.value.field) == (3, "actions")


# ---------------------------------------------------------------- scenarios
GOOD = """
game = "hostil_hostal"
num_players = 3
seed = 7
position = ["chance shuffle rooms 0,1,2,3,4", "until Night 1"]

[options]
nights = 3

[[steps]]
action = "p0 place 1 0"
text = "Blue takes the best bed."
"""


def test_scenario_loads_and_runs(tmp_path):
    p = tmp_path / "ok.toml"
    p.write_text(GOOD, "utf-8")
    sc = hl.Scenario.load(p)
    m = sc.run()
    assert m.state.history()[-1] == hl.Action("place", (1, 0), 0)
    assert m.state.boards == (1, 2, 3)


@pytest.mark.parametrize(
    "text,where",
    [
        ("game = ", "not valid TOML"),
        ("num_players = 3", "field 'game': Field required"),
        ('game = "hostil_hostal"\nnum_players = "three"', "field 'num_players'"),
        ('game = "hostil_hostal"\nnum_players = 3\n[[steps]]\nactoin = "auto"', "field 'steps.0.actoin'"),
        ('game = "hostil_hostal"\nnum_players = 3\ncolour = 1', "field 'colour'"),
        ('game = "nope"\nnum_players = 3', "unknown game 'nope'; known games: "),
        ('game = "hostil_hostal"\nnum_players = 3\n[options]\nnights = 4', "option 'nights' cannot be 4; allowed: 3, 5"),
        ('game = "hostil_hostal"\nnum_players = 6', "allows 2 to 5 players"),
    ],
)
def test_malformed_scenario_names_the_field(tmp_path, text, where):
    p = tmp_path / "bad.toml"
    p.write_text(text, "utf-8")
    with pytest.raises(hl.ScenarioError) as exc:
        hl.Scenario.load(p)
    assert str(exc.value).startswith(f"{p}: ")
    assert where in str(exc.value)


def test_scenario_illegal_step_names_the_step(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text(GOOD.replace("p0 place 1 0", "p1 place 1 0"), "utf-8")
    sc = hl.Scenario.load(p)
    with pytest.raises(hl.ScenarioError) as exc:
        sc.run()
    assert "steps[0].action = 'p1 place 1 0'" in str(exc.value)
    assert "Blue decides now" in str(exc.value)


def test_scenario_illegal_position_and_agents(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text(GOOD.replace('"until Night 1"', '"p0 place 1 1"'), "utf-8")
    with pytest.raises(hl.ScenarioError, match=r"position\[1\] = 'p0 place 1 1'"):
        hl.Scenario.load(p).match()
    p.write_text(GOOD.replace("seed = 7", 'seed = 7\nagents = ["robot", "random", "random"]'), "utf-8")
    with pytest.raises(hl.ScenarioError, match=r"field 'agents': agents\[0\]: unknown agent 'robot'"):
        hl.Scenario.load(p).match()


def test_scenario_missing_file(tmp_path):
    with pytest.raises(hl.ScenarioError, match="cannot read"):
        hl.Scenario.load(tmp_path / "none.toml")


# ---------------------------------------------------------------- every rejection names a rule
# DESIGN: "explain_illegal(action) # None if legal, else a sentence naming the rule that forbids
# it"; "every rejected action says which rule forbids it". The sections of the rulebook:
SECTIONS = ("Let's Begin (Setup)", "Phase 1 - Dusk", "Phase 2 - Night", "Phase 3 - Dawn",
            "Phase 4 - Day", "End of the Game", "Variation for 2 Players", "Event Card Guide")


def _autobed(hh):
    s = hh.turn(hh.start(2), "p0 place 1 0", "p1 place 1 1")
    return hh.run(s, "p0 autoroom 1", "p1 autoroom 1")


def _reform(hh):
    night, s = hh.to_dawn(beds={1: {0: [0]}}, cards={1: [(0, 12)]})
    return s.apply("chance misfortune 1")


def _forced_grrr(hh):
    night, s = hh.to_dawn(2, beds={1: {0: [0], 3: [0], 1: [1]}}, cards={1: [(2, 3)], 2: [], 3: []})
    return s.apply("chance rolloff 1 6")


def _misfortune(hh):
    return hh.to_dawn(beds={1: {0: [0]}})[1]


def _wear(hh):
    return hh.game(3).new_initial_state().apply("chance shuffle rooms 0,1,2,3,4")


def _flea(hh):
    return hh.to_dawn(beds={1: {0: [0]}}, cards={1: [(0, 10)]})[1]


def _night(hh):
    return hh.start(3)


_NAMED_NOW = [
    (_night, "p0 place 1 7"),
    (_night, "p0 pass"),
    (_night, "p0 play 3 2"),
]
_NOT_NAMED = [
    (_autobed, "p1 autobed 0", "an occupied bed in the automata phase"),
    (_reform, "p0 reform c", "a reform side that does not exist"),
    (_forced_grrr, "p0 grrr 1 1", "the roll-off loser's Grrr on the other player's guest"),
    (_misfortune, "chance misfortune 7", "a misfortune die face 7"),
    (_wear, "chance wear 1 7", "a wear die face 7"),
    (_flea, "chance flea 0", "a Scratch Scratch roll of 0"),
    (_night, "p1 place 1 0", "a player acting out of turn"),
]


@pytest.mark.parametrize("make,text", _NAMED_NOW)
def test_night_rejections_name_the_rule(hh, make, text):
    msg = make(hh).explain_illegal(text)
    assert any(sec in msg for sec in SECTIONS), msg


@pytest.mark.parametrize(
    "make,text",
    [pytest.param(m, t, id=t.replace(" ", "_")) for m, t, why in _NOT_NAMED],
)
def test_every_rejection_names_a_rule(hh, make, text):
    msg = make(hh).explain_illegal(text)
    assert msg is not None
    assert any(sec in msg for sec in SECTIONS), msg
