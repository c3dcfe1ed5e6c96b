"""The OpenSpiel registration: OpenSpiel's own tools on our games."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import abstracta  # noqa: E402
from abstracta import openspiel as ao  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

GAMES = [
    ("abstracta_escabel", {"size": 5}),
    ("abstracta_escabel", {"size": 7, "pie": "on"}),
    ("abstracta_swack", {"size": 4}),
    ("abstracta_swack", {"size": 4, "variant": "free"}),
    ("abstracta_ecalper", {"size": 3}),
    ("abstracta_epaminondas", {}),
    ("abstracta_whirlwind", {"size": 6}),
]


def test_every_game_is_registered():
    names = pyspiel.registered_names()
    for game in abstracta.main_game_names():
        assert f"abstracta_{game}" in names
    game = pyspiel.load_game("abstracta_escabel", {"size": 7})
    assert game.num_distinct_actions() == 5 * 49 + 1
    assert game.num_players() == 2
    assert game.max_game_length() == abstracta.State("escabel:size=7").length_cap
    assert game.observation_tensor_shape() == [5, 7, 7]


@pytest.mark.parametrize("name,params", GAMES)
def test_openspiel_random_simulation_test(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_bad_parameters_are_errors():
    with pytest.raises(Exception, match="expected a whole number"):
        pyspiel.load_game("abstracta_escabel", {"size": 99})
    with pytest.raises(Exception):
        pyspiel.load_game("abstracta_escabel", {"colour": "red"})


def test_states_follow_the_abstracta_state():
    game = pyspiel.load_game("abstracta_whirlwind", {"size": 6})
    state = game.new_initial_state()
    inner = abstracta.State("whirlwind:size=6")
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        assert state.current_player() == inner.current_seat()
        assert state.legal_actions() == inner.legal_actions()
        action = rng.choice(state.legal_actions())
        assert state.action_to_string(state.current_player(), action) == inner.ply_of(action)
        clone = state.clone()
        state.apply_action(action)
        inner.play_action(int(action))
        assert str(clone) != str(state)
        obs = np.array(state.observation_tensor(0), dtype=np.float32)
        assert np.array_equal(obs, inner.observation().ravel())
    assert state.returns() == inner.returns()


def test_mcts_bot_and_random_bots_play_through_evaluate_bots():
    game = pyspiel.load_game("abstracta_escabel", {"size": 5})
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    their_mcts = mcts.MCTSBot(game, 1.4, 30, evaluator, random_state=rng)
    python_random = uniform_random.UniformRandomBot(1, rng)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [their_mcts, python_random], rng)
    assert sorted(returns) == [-1.0, 1.0]
    cpp_random = pyspiel.make_uniform_random_bot(0, 7)
    ours = RecordingBot("mcts:iters=300,threads=1")
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [cpp_random, ours], rng)
    assert sorted(returns) == [-1.0, 1.0]
    assert ours.results and ours.results[0].iterations > 0
    for result in ours.results:
        assert result.iterations <= 300
        # The bot keeps its tree between turns: once that tree proves the
        # position, the search has nothing left to run.
        assert result.iterations > 0 or result.proof is not None, result


class RecordingBot(ao.AbstractaBot):
    """Our bot, keeping every search result of the game."""

    def __init__(self, options):
        super().__init__(options)
        self.results = []

    def step(self, state):
        action = super().step(state)
        self.results.append(self.last)
        return action


def test_our_bot_beats_uniform_random():
    game = pyspiel.load_game("abstracta_escabel", {"size": 5})
    rng = np.random.RandomState(9)
    wins = 0
    for i in range(4):
        ours = ao.AbstractaBot("mcts:iters=500,threads=1")
        rand = uniform_random.UniformRandomBot(1 - i % 2, rng)
        bots = [ours, rand] if i % 2 == 0 else [rand, ours]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        wins += returns[i % 2] > 0
    assert wins >= 3


def test_the_game_prints_only_the_parameters_given():
    game = pyspiel.load_game("abstracta_escabel", {"size": 7})
    assert str(game) == "abstracta_escabel(size=7)"
    assert str(pyspiel.load_game("abstracta_epaminondas")) == "abstracta_epaminondas()"
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == game.num_distinct_actions()


def test_the_observer_takes_the_mover_view():
    game = pyspiel.load_game("abstracta_whirlwind", {"size": 6})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # Black's one stone; White moves
    observer = game.make_py_observer(None, {"view": "mover"})
    observer.set_from(state, 1)
    assert np.array_equal(observer.dict["observation"], state.inner.observation("mover"))
    with pytest.raises(ValueError, match="view"):
        game.make_py_observer(None, {"view": "sideways"})
    assert "Observation planes: Whirlwind: 3 x n x n" in type(game).__doc__
