"""hotellab.rl: every game and player count passes PettingZoo's own api_test and seed_test,
every game passes OpenSpiel's random_sim_test with serialization (issue 13), and the
encodings (action numbers, chance, rewards) say what docs/rl.md says.
"""

from __future__ import annotations

import random
import sys

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

import hotellab as hl  # noqa: E402
from hotellab.core.game import game_class  # noqa: E402
from hotellab.rl import ActionSpaceError, openspiel_name, pettingzoo_env, register_openspiel  # noqa: E402
from hotellab.rl import _common as C  # noqa: E402

CELLS = [(gid, n) for gid in hl.list_games()
         for n in range(game_class(gid).min_players, game_class(gid).max_players + 1)]


# ----------------------------------------------------------------------------- PettingZoo
@pytest.mark.slow
@pytest.mark.parametrize("gid, n", CELLS, ids=[f"{g}-{n}p" for g, n in CELLS])
# api_test's notes on any Dict observation space (PettingZoo's classic games, with action
# masks, have the same): not failures
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning",
                            "ignore:Observation space for each agent probably should be:UserWarning")
def test_pettingzoo_api_and_seed_tests(gid, n):
    from pettingzoo.test import api_test, seed_test

    # 60 cycles: a few hundred steps, enough to reach the end of the shorter games
    api_test(pettingzoo_env(gid, n), num_cycles=60)
    seed_test(lambda: pettingzoo_env(gid, n), num_cycles=60)


def test_pettingzoo_actions_are_the_legal_list_and_rewards_the_winners():
    env = pettingzoo_env("perfect_hotel", 3)
    env.reset(seed=5)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    rng = random.Random(0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        state = env.state
        legal = state.legal_actions()
        # the mask marks exactly the first len(legal) numbers; info lists their texts
        assert obs["action_mask"].sum() == len(legal) and obs["action_mask"][: len(legal)].all()
        assert info["legal_actions"] == [str(a) for a in legal]
        assert env.possible_agents[state.current_player] == agent
        assert np.array_equal(obs["observation"], C.features(state.observation(state.current_player)))
        k = rng.randrange(len(legal))
        env.step(k)
        steps += 1
        if not env.state.is_terminal:  # number k was legal[k] (chance outcomes may follow)
            assert env.state.history()[state.move_number] == legal[k]
    final = env.state
    assert final.is_terminal and steps > 10
    won = final.winners()
    # +1 for each winner, -1 for the others (docs/rl.md)
    assert C.rewards(final) == [1.0 if s in won else -1.0 for s in range(3)]


def test_pettingzoo_rewards_reach_every_agent():
    env = pettingzoo_env("hellton_palace")
    env.reset(seed=2)
    got = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        got[agent] = got.get(agent, 0.0) + reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    won = env.state.winners()
    assert got == {f"player_{s}": (1.0 if s in won else -1.0) for s in range(2)}


def test_pettingzoo_refuses_an_illegal_number_and_a_too_small_space():
    env = pettingzoo_env("perfect_hotel")
    env.reset(seed=1)
    n = len(env.state.legal_actions())
    with pytest.raises(ValueError, match=f"legal numbers are 0..{n - 1}"):
        env.step(n)
    small = pettingzoo_env("perfect_hotel", max_actions=1)
    with pytest.raises(ActionSpaceError, match="more than the adapter's space of 1.*pass max_actions="):
        small.reset(seed=1)
        for _ in range(500):  # the first state with two legal actions raises
            small.step(0)


def test_the_automata_is_not_an_agent():
    env = pettingzoo_env("hostil_hostal", 2)
    assert env.game.num_seats == 3 and env.possible_agents == ["player_0", "player_1"]


# ----------------------------------------------------------------------------- OpenSpiel
pyspiel = pytest.importorskip("pyspiel")


def test_register_openspiel_names_every_game_once():
    names = register_openspiel()
    assert names == [openspiel_name(g) for g in hl.list_games()]
    assert register_openspiel() == names
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.slow
@pytest.mark.parametrize("gid", hl.list_games())
def test_openspiel_random_sim_test(gid):
    """Every game (at its default parameters: the smallest player count). random_sim_test asks
    every seat's observation and information state at every state, so large player counts
    cost seconds each (Boutique Hotel with 8: over ten on this machine); the adapter code is the same
    for every count, and PettingZoo's tests cover every count."""
    register_openspiel()
    game = pyspiel.load_game(openspiel_name(gid))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_parameters_are_players_and_options():
    register_openspiel()
    g = pyspiel.load_game(openspiel_name("hostil_hostal"), {"players": 4, "nights": 5})
    assert g.num_players() == 4 and g.hl_game.options["nights"] == 5
    with pytest.raises(Exception, match="nights"):
        pyspiel.load_game(openspiel_name("hostil_hostal"), {"nights": 4})


def test_openspiel_chance_nodes_are_the_games_chance():
    """Listed outcomes (dice) keep their probabilities; a shuffle is four 256-way chance nodes
    whose bytes seed sample_chance (docs/rl.md)."""
    register_openspiel()
    game = pyspiel.load_game(openspiel_name("perfect_hotel"))
    s = game.new_initial_state()
    assert s.is_chance_node() and s.hl.chance_outcomes() == []  # the deck shuffle
    outs = s.chance_outcomes()
    assert len(outs) == 256 and all(p == 1 / 256 for _, p in outs)
    for b in (1, 2, 3):
        s.apply_action(b)
        assert s.is_chance_node() and s.hl.move_number == 0
    s.apply_action(4)
    seed = ((1 * 256 + 2) * 256 + 3) * 256 + 4
    want = game.hl_game.new_initial_state().sample_chance(random.Random(seed))
    assert s.hl.history() == [want]
    # a die: Hostil Hostal's misfortune die lists its six faces at 1/6 each
    hh = pyspiel.load_game(openspiel_name("hostil_hostal"), {"players": 3})
    st = hh.new_initial_state()
    rng = random.Random(3)
    while not st.is_terminal():
        if st.is_chance_node() and st.hl.chance_outcomes():
            listed = st.hl.chance_outcomes()
            assert [p for _, p in st.chance_outcomes()] == [p for _, p in listed]
            assert [st.action_to_string(pyspiel.PlayerId.CHANCE, k) for k, _ in st.chance_outcomes()] == \
                [str(a) for a, _ in listed]
            break
        acts = [a for a, _ in st.chance_outcomes()] if st.is_chance_node() else st.legal_actions()
        st.apply_action(rng.choice(acts))
    else:
        pytest.fail("no listed chance node in a Hostil Hostal game")


def test_openspiel_clone_shares_the_hotellab_state_and_returns_are_the_winners():
    register_openspiel()
    game = pyspiel.load_game(openspiel_name("hellton_palace"))
    s = game.new_initial_state()
    rng = random.Random(4)
    while not s.is_terminal():
        c = s.clone()
        before = (s.hl, s._seed)
        assert c.hl is s.hl and c.history() == s.history()
        acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(rng.choice(acts))
        assert (c.hl, c._seed) == before != (s.hl, s._seed)  # the clone did not move
    won = s.hl.winners()
    assert s.returns() == [1.0 if p in won else -1.0 for p in range(2)]


def test_openspiel_information_state_and_pickle():
    """The information state of a seat lists every action as that seat may read it (a shuffle
    without its order) and then its observation; a pickled state (OpenSpiel serializes Python
    states that way) comes back as the same game."""
    import pickle

    register_openspiel()
    game = pyspiel.load_game(openspiel_name("perfect_hotel"), {"players": 3})
    assert game.get_type().provides_information_state_string
    s = game.new_initial_state()
    rng = random.Random(2)
    while s.hl.move_number < 12:
        acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(rng.choice(acts))
    hist = s.hl.history()
    for p in range(3):
        lines = s.information_state_string(p).split("\n")
        assert len(lines) == len(hist) + 1
        replay = game.hl_game.new_initial_state()
        for line, action in zip(lines, hist):
            assert line.split(" | ")[0] == replay.action_to_string(action, perspective=p)
            replay = replay.apply(action)
        assert lines[-1] == s.observation_string(p)
    shuffle = str(hist[0])
    assert shuffle.startswith("chance shuffle") and shuffle[15:40] not in s.information_state_string(0)
    assert s.information_state_string(0) != s.information_state_string(1)
    back = pickle.loads(pickle.dumps(s))
    assert back.history() == s.history() and back.hl.history() == hist
    assert back.information_state_string(2) == s.information_state_string(2)


# ----------------------------------------------------------------------------- without the extra
def test_missing_extra_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError, match=r'pip install "hotellab\[rl\]"'):
        pettingzoo_env("perfect_hotel")
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(ImportError, match=r'pip install "hotellab\[rl\]"'):
        register_openspiel()
