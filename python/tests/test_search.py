"""The MCTS from Python: results, options, errors, and the GIL released."""

import threading
import time

import pytest

import abstracta


def test_a_search_returns_its_statistics():
    state = abstracta.State("escabel:size=5")
    result = abstracta.Mcts("mcts:iters=1000,threads=1,seed=3").search(state)
    assert result.iterations == 1000
    assert state.is_legal(result.best)
    assert result.pv[0] == result.best
    assert result.children[0].ply == result.best
    assert sum(c.visits for c in result.children) == 1000
    assert 0.0 <= result.win_rate <= 1.0 and result.nodes > 1
    assert result.elapsed > 0 and result.iterations_per_sec > 0
    assert {c.ply for c in result.children} == set(state.legal_plies())
    # The same seed gives the same search.
    again = abstracta.Mcts("iters=1000,threads=1,seed=3").search(state)
    assert [(c.ply, c.visits) for c in again.children] == [(c.ply, c.visits) for c in result.children]


def test_the_tree_is_kept_along_a_game_until_reset():
    mcts = abstracta.Mcts("iters=500,threads=1")
    state = abstracta.State("escabel:size=5")
    first = mcts.search(state)
    state.play(first.best)
    reply = mcts.search(state)
    assert reply.iterations == 500
    assert sum(c.visits for c in reply.children) > 500  # the subtree of `best` came along
    mcts.reset()
    assert sum(c.visits for c in mcts.search(state).children) == 500
    # A position that does not continue the game starts afresh.
    other = abstracta.State("escabel:size=5")
    other.play("a1")
    assert sum(c.visits for c in mcts.search(other).children) == 500


def test_the_solver_proves_a_win():
    state = abstracta.State("tictactoe")
    state.play_list("a1 a2 b1 b2")  # crosses to move complete the first row at c1
    result = abstracta.Mcts("iters=2000,threads=1").search(state)
    assert result.best == "c1" and result.proof == "win" and result.win_rate == 1.0
    assert result.children[0].proof == "win"


def test_bad_options_and_finished_games_are_errors():
    with pytest.raises(abstracta.OptionsError, match="accepted keys"):
        abstracta.Mcts("mcts:colour=red")
    with pytest.raises(abstracta.OptionsError):
        abstracta.Mcts("iters=lots")
    assert abstracta.Mcts("iters=50").options == "mcts:iters=50"
    state = abstracta.State("tictactoe")
    state.play_list("a1 a2 b1 b2 c1")
    with pytest.raises(abstracta.GameOverError):
        abstracta.Mcts("iters=10").search(state)
    # One engine can search different games in turn.
    mcts = abstracta.Mcts("iters=100")
    assert mcts.search(abstracta.State("swack:size=4")).iterations == 100
    assert mcts.search(abstracta.State("whirlwind:size=6")).iterations == 100


def test_the_gil_is_released_while_searching():
    """A time-budgeted search in one thread leaves another Python thread
    running: it counts far more loop turns than it could if the search
    held the GIL for its 400 ms."""
    mcts = abstracta.Mcts("mcts:time=400ms,threads=1")
    state = abstracta.State("escabel:size=7")
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("r", mcts.search(state)))
    start = time.perf_counter()
    worker.start()
    turns = 0
    while worker.is_alive():
        turns += 1
        time.sleep(0.001)
    elapsed = time.perf_counter() - start
    assert 0.35 < result["r"].elapsed < 5.0 and elapsed >= 0.35
    assert turns > 20, turns


def test_stop_ends_a_search_from_another_thread():
    mcts = abstracta.Mcts("mcts:time=20s,threads=1")
    state = abstracta.State("escabel:size=7")
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("r", mcts.search(state)))
    worker.start()
    deadline = time.perf_counter() + 10
    while worker.is_alive() and time.perf_counter() < deadline:
        time.sleep(0.05)
        mcts.stop()
    worker.join(timeout=10)
    assert not worker.is_alive()
    assert result["r"].elapsed < 10 and state.is_legal(result["r"].best)


def test_a_stop_right_after_the_search_thread_starts_is_not_lost():
    budget = 200_000
    mcts = abstracta.Mcts(f"mcts:iters={budget},threads=1,seed=1")
    state = abstracta.State("escabel:size=7")
    for attempt in range(25):
        result = {}
        worker = threading.Thread(target=lambda: result.setdefault("r", mcts.search(state)))
        worker.start()
        # Usually before the thread has begun its search (the first time,
        # before it has even made its engine): the stop must wait for it.
        mcts.stop()
        worker.join()
        assert result["r"].iterations < budget // 10, (attempt, result["r"].iterations)
    # A stop given while no search runs stops the next search, and only
    # that one: it is used up.
    mcts.stop()
    assert mcts.search(state).iterations < budget // 10
    assert mcts.search(state).iterations == budget
    # A fresh search object keeps a stop given before its first search.
    fresh = abstracta.Mcts(f"mcts:iters={budget},threads=1")
    fresh.stop()
    assert fresh.search(state).iterations < budget // 10


def test_search_takes_any_in_process_family_through_one_interface():
    state = abstracta.State("escabel:size=5")
    # Mcts is the mcts family of Search.
    mcts = abstracta.Mcts("iters=200,threads=1,seed=1")
    assert isinstance(mcts, abstracta.Search)
    assert repr(mcts) == 'Mcts("mcts:iters=200,seed=1")'
    same = abstracta.Search("mcts:iters=200,threads=1,seed=1").search(state)
    assert [(c.ply, c.visits) for c in same.children] == [
        (c.ply, c.visits) for c in mcts.search(state).children
    ]
    # The random family: a legal ply, no statistics, reproducible by seed.
    rand = abstracta.Search("random")
    assert rand.options == "random" and repr(rand) == 'Search("random")'
    result = rand.search(state)
    assert state.is_legal(result.best) and result.children == []
    # External programs and unknown families are refused with the forms.
    with pytest.raises(abstracta.OptionsError, match="mcts"):
        abstracta.Search("cmd:./engine")
    with pytest.raises(abstracta.OptionsError, match="random"):
        abstracta.Search("minimax:depth=3")


def test_alphabeta_plays_legal_plies_to_the_end():
    state = abstracta.State("escabel:size=4")
    search = abstracta.Search("alphabeta:depth=2")
    assert search.options == "alphabeta:depth=2"
    while not state.is_terminal():
        result = search.search(state)
        assert state.is_legal(result.best)
        state.play(result.best)
