"""The declared game contract, checked on every registered game (bundled and plug-in), every
player count (default options) and every option value (each non-default value once, at 3
players or the nearest count the game allows).

A new game gets these checks by registering under the ``hotellab.games`` entry point; the
toy plug-in in tests/plugins/ proves it. The checks themselves live in
:mod:`hotellab.testing` (``bench/soak.py`` runs them at scale):

- purity: ``apply`` leaves the old state unchanged;
- legality: ``explain_illegal(a) is None`` <=> ``a in legal_actions()`` <=> ``apply(a)``
  succeeds, on every legal action and on mutated ones, with a known error code;
- JSON and declared-position round trips give the same views, legal actions and scores;
- hidden information: ``resample_hidden(seat)`` changes nothing the seat sees;
- the breakdown sums to the scores (games with points); views are JSON and render as SVG;
- a replay of the log gives the same states.
"""

import pytest

import hotellab as hl
from hotellab.core.game import game_class
from hotellab.testing import check_game, option_variants


def _cases():
    """Every player count with the default options, and every non-default option value at
    one player count (3, or the nearest the game allows): each rule variant and each table
    size is played, without the product of the two."""
    out = []
    for gid in hl.list_games():
        try:
            cls = game_class(gid)
        except hl.PluginError as exc:  # reported by its own test, not as a collection error
            out.append(pytest.param(gid, None, {"_load_error": str(exc)}, id=f"{gid}-load"))
            continue
        for n in range(cls.min_players, cls.max_players + 1):
            out.append(pytest.param(gid, n, {}, id=f"{gid}-{n}p-defaults"))
        n = min(max(3, cls.min_players), cls.max_players)
        for opts in option_variants(cls)[1:]:
            label = ",".join(f"{k}={v}" for k, v in opts.items())
            out.append(pytest.param(gid, n, opts, id=f"{gid}-{n}p-{label}"))
    return out


@pytest.mark.parametrize("game_id,num_players,options", _cases())
def test_contract(game_id, num_players, options):
    if "_load_error" in options:
        pytest.fail(options["_load_error"])
    game = hl.load_game(game_id, num_players=num_players, options=options)
    steps = check_game(game, seed=num_players * 101 + len(options), deep_every=11)
    assert steps > 0


def test_every_game_declares_its_tables():
    """Each game's phase table covers its node kinds and its rule table is not empty; each
    phase's rule is in the rule table."""
    for gid in hl.list_games():
        cls = game_class(gid)
        assert cls.phases, f"{gid}: no phase table (Game.phases)"
        assert cls.rule_table, f"{gid}: no rule table (Game.rule_table)"
        assert cls.rulebook, f"{gid}: Game.rulebook does not name the rulebook"
        sections = {r.section for r in cls.rule_table}
        assert any(ph.nodes for ph in cls.phases), f"{gid}: no phase holds a node kind"
        for ph in cls.phases:  # a phase with no node kinds is played out automatically
            assert ph.rule.section in sections, f"{gid}: phase {ph.name!r} cites {ph.rule.section!r}, not in the rule table"


# The hooks the core runs on a game's declarations (contract v2, issue 22): no game writes
# its own. A game writes the REQUIRED_HOOKS and may write the OPTIONAL_HOOKS, nothing more.
CORE_HOOKS = ("_current_player", "_node_kind", "_legal_actions", "_apply", "_explain", "explain_chance",
              "canonical_chance", "action_to_string", "_action_target", "_view", "adjacency_graph",
              "_to_position", "_from_position", "_observation")


def test_the_contract_is_small():
    """At most 10 required hooks (OpenSpiel's Python games need about 7), and the optional ones
    are hooks some game needs (a hook every game wrote the same way went into the core; one no
    game wrote is gone)."""
    from hotellab.core.state import OPTIONAL_HOOKS, REQUIRED_HOOKS

    assert len(REQUIRED_HOOKS) <= 10
    assert len(set(REQUIRED_HOOKS) | set(OPTIONAL_HOOKS)) == len(REQUIRED_HOOKS) + len(OPTIONAL_HOOKS)
    assert not any(h.split(".")[1] in CORE_HOOKS for h in REQUIRED_HOOKS + OPTIONAL_HOOKS)


@pytest.mark.parametrize("game_id", hl.list_games())
def test_every_game_declares_its_moves_position_and_pictures(game_id):
    """Each game declares its action table, position schema, view, graph and picture, keeps its
    pending decision in a core Node, and writes none of the hooks the core runs on them (no
    forwarding methods, no dispatch of its own, no copy of its own: the core compiles it)."""
    from hotellab.core.game import Game
    from hotellab.core.kinds import ActionTable
    from hotellab.core.node import Node
    from hotellab.core.position import PositionSchema
    from hotellab.core.state import State

    cls = game_class(game_id)
    assert isinstance(cls.actions, ActionTable), f"{game_id}: Game.actions is not an ActionTable"
    assert isinstance(cls.position, PositionSchema), f"{game_id}: Game.position is not a PositionSchema"
    for name in ("build_view", "adjacency_graph_of", "render_svg"):
        assert getattr(cls, name) is not getattr(Game, name), f"{game_id}: Game.{name} is not declared"
    state_cls = cls.state_class
    written = [h for h in CORE_HOOKS if any(h in k.__dict__ for k in state_cls.__mro__ if k is not State)]
    assert not written, f"{game_id}: writes hooks the core runs: {written}"
    own_copy = [k.__name__ for k in state_cls.__mro__ if k is not State and "_copy" in k.__dict__
                and not k.__dict__["_copy"].__code__.co_filename.startswith("<")]  # "<X._copy>": compiled
    assert not own_copy, f"{game_id}: writes its own _copy in {own_copy} (declare SHARED and OWNED: core.storage)"
    game = cls(num_players=cls.min_players)
    s = game.new_initial_state()
    for _ in range(30):
        assert type(s.node) is Node, f"{game_id}: state.node is a {type(s.node).__name__}, not a core Node"
        if s.is_terminal:
            break
        kinds = {a.kind for a in s.legal_actions()}
        assert kinds <= set(s.node.actions) | {k.name for k in cls.actions if k.listed_with in s.node.actions}
        s = s.apply(s.sample_chance(0) if s.is_chance_node else s.legal_actions()[0])


def test_the_toy_plugin_is_found_through_its_entry_point():
    """tests/plugins holds a dist-info with entry_points.txt, as pip would install it."""
    from importlib import metadata

    eps = {ep.name: ep.value for ep in metadata.entry_points(group="hotellab.games")}
    assert eps["toy_porter"] == "toy_porter:ToyPorterGame"
    assert "toy_porter" in hl.list_games()
    g = hl.load_game("toy_porter", num_players=3)
    assert g.title == "Night Porter (toy)"


def test_the_guides_scenario_example_runs():
    """docs/dev/new_game.md's [position] scenario sets up the toy's position and its step
    ends the game: Amber (seat 0) takes the last 2 keys and scores her tip, 5."""
    import re
    from pathlib import Path

    guide = (Path(__file__).resolve().parent.parent / "docs" / "dev" / "new_game.md").read_text("utf-8")
    toml = re.search(r"```toml\n(game = \"toy_porter\".*?)```", guide, re.S).group(1)
    sc = hl.Scenario.from_toml(toml, source="new_game.md")
    m = sc.match()
    assert m.state.status_text() == "Round 3 — Amber to act"
    assert [str(a) for a in m.state.legal_actions()] == ["p0 take 1", "p0 take 2"]
    final = sc.run().state
    assert final.is_terminal and final.scores == [5, 0] and final.winners() == [0]
    bad = toml.replace("deck = [1, 2, 4, 6]", "deck = [1, 2, 4, 4]")
    with pytest.raises(hl.ScenarioError, match=r"\[position\]: field 'deck': the tips and the deck"):
        hl.Scenario.from_toml(bad, source="bad.toml")


def test_a_broken_plugin_is_named_and_the_other_games_still_load(tmp_path, monkeypatch):
    """A plug-in whose module cannot be imported: list_games still lists it, load_game raises
    PluginError naming its entry point, and every other game loads."""
    import sys

    from hotellab.core.game import reload_plugins

    info = tmp_path / "broken_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n", "utf-8")
    (info / "entry_points.txt").write_text("[hotellab.games]\nbroken_game = no_such_module_xyz:Game\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert "broken_game" in reload_plugins()
        with pytest.raises(hl.PluginError) as err:
            hl.load_game("broken_game")
        assert "broken_game" in str(err.value) and "no_such_module_xyz:Game" in str(err.value)
        assert hl.load_game("perfect_hotel").title == "Perfect Hotel"
    finally:
        monkeypatch.undo()
        sys.path[:] = [p for p in sys.path if p != str(tmp_path)]
        reload_plugins()
    assert "broken_game" not in hl.list_games()


def _copy_cases():
    out = []
    for gid in hl.list_games():
        try:
            cls = game_class(gid)
        except hl.PluginError:
            continue
        for n in range(cls.min_players, cls.max_players + 1):
            out.append(pytest.param(gid, n, id=f"{gid}-{n}p"))
    return out


@pytest.mark.parametrize("game_id,num_players", _copy_cases())
def test_every_state_survives_pickle_copy_and_deepcopy(game_id, num_players):
    """Issue 24, item 1 (PettingZoo #1307): after ``pickle.loads(pickle.dumps(s))`` 30 of 76
    states of a 3-player Perfect Hotel game (seed 1) read another decision (node kinds were
    compared by identity, and unpickled strings are new objects), and the initial state raised
    TypeError in status_text. The kind, for every game and player count: every state of a
    random game is the same position after a pickle round trip (each protocol in turn),
    ``copy.copy`` and ``copy.deepcopy`` (see :func:`hotellab.testing.check_copy`)."""
    import copy
    import pickle

    from hotellab.testing import check_copy

    game = hl.load_game(game_id, num_players=num_players)
    replay = hl.Replay(hl.play(game, seed=num_players))
    protocols = range(2, pickle.HIGHEST_PROTOCOL + 1)
    stride = max(1, len(replay) // 150)  # every state of a game up to 150 actions, else 150 of them
    for k in [*range(0, len(replay) - 1, stride), len(replay) - 1]:
        state = replay.state_at(k)
        proto = protocols[k % len(protocols)]
        check_copy(state, lambda s: pickle.loads(pickle.dumps(s, protocol=proto)), f"pickle protocol {proto}")
        if k % (3 * stride) == 0:
            check_copy(state, copy.copy, "copy.copy")
            check_copy(state, copy.deepcopy, "copy.deepcopy")


def test_a_copied_match_is_independent():
    """Issue 24, item 1: after ``copy.copy(match)``, stepping the copy extended the original's
    history. A shallow copy, a deep copy and a pickled copy of a Match each play on alone."""
    import copy
    import pickle

    game = hl.load_game("perfect_hotel", num_players=3)
    match = hl.Match(game, seed=1, agents=["random"] * 3)
    match.run(max_steps=10)
    before = [str(a) for a in match.state.history()]
    for twin in (copy.copy(match), copy.deepcopy(match), pickle.loads(pickle.dumps(match))):
        assert len(twin) == len(match) == 10
        twin.step()
        twin.step()
        assert len(twin) == 12 and len(match) == 10
        assert [str(a) for a in match.state.history()] == before
        twin.undo()
        assert len(twin) == 11 and len(match) == 10
    match.step()
    assert len(match) == 11
