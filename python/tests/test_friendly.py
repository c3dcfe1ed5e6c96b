"""What a new Python user meets first: equality and hashing of states,
observations from the mover's view and their documented layouts, the
OpenSpiel game's printed name, and the package page."""

import re
from pathlib import Path

import numpy as np
import pytest

import abstracta
from conftest import SPECS

PYTHON = Path(__file__).resolve().parents[1]


def test_states_are_equal_when_the_same_plies_were_played():
    a = abstracta.State("escabel:size=5")
    b = abstracta.State("escabel:size=5")
    assert a == b and hash(a) == hash(b)
    a.play("c3")
    assert a != b
    b.play("c3")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, a.clone()}) == 1
    assert a != abstracta.State("escabel:size=6") and a != "escabel:size=5: c3"
    assert abstracta.deserialize(a.serialize()) == a
    # Transpositions are different histories; hash() compares positions.
    t1, t2 = abstracta.State("escabel:size=5"), abstracta.State("escabel:size=5")
    t1.play_list("c3 a1 e5")
    t2.play_list("e5 a1 c3")
    assert t1 != t2 and t1.hash() == t2.hash()


@pytest.mark.parametrize("game", abstracta.main_game_names())
def test_every_game_documents_its_planes(game):
    layout = abstracta.OBSERVATION_LAYOUTS[game]
    state = abstracta.State(game)
    planes = state.observation_shape()[0]
    assert layout.startswith(f"{game.capitalize()}: {planes} x"), layout
    assert "absolute:" in layout and 'view="mover"' in layout
    stub = (PYTHON / "abstracta" / "_abstracta.pyi").read_text()
    assert re.search(rf"{game}, {planes} x", stub), f"{game} missing from the .pyi"


def _play_randomly(spec, plies, seed=3):
    rng = np.random.default_rng(seed)
    state = abstracta.State(spec)
    while not state.is_terminal() and state.plies_played < plies:
        state.play_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("spec", SPECS)
def test_the_mover_view_puts_the_movers_pieces_first(spec):
    for plies in range(1, 12):
        state = _play_randomly(spec, plies)
        if state.is_terminal():
            break
        absolute = state.observation()
        mover = state.observation(view="mover")
        assert mover.shape == absolute.shape and mover.dtype == np.float32
        black_moves = state.current_colour() == "black"
        own, other = (absolute[0], absolute[1]) if black_moves else (absolute[1], absolute[0])
        # The same stones, seen from the mover: counts agree whatever the turn.
        assert mover[0].sum() == own.sum() and mover[1].sum() == other.sum()
        assert state.observation_list("mover") == list(mover.ravel())
        if state.name in ("escabel", "whirlwind"):
            expected = own.T if not black_moves else own
        elif state.name == "epaminondas":
            expected = own[::-1] if black_moves else own
        else:
            expected = own
        assert np.array_equal(mover[0], expected), (spec, plies)
        # The side-to-move plane keeps its meaning.
        assert np.array_equal(mover[-1], absolute[-1])
        if not black_moves or state.name == "epaminondas":
            continue
        assert np.array_equal(mover, absolute), "Black to move: already its view"


def test_the_mover_view_of_a_finished_game_is_the_absolute_one():
    state = _play_randomly("escabel:size=3", 10_000)
    assert state.is_terminal()
    assert np.array_equal(state.observation("mover"), state.observation())


def test_an_unknown_view_is_an_error():
    with pytest.raises(ValueError, match="expected \"absolute\" or \"mover\""):
        abstracta.State("swack").observation(view="white")


def test_the_package_page_is_the_readme():
    readme = (PYTHON / "README.md").read_text()
    pyproject = (PYTHON / "pyproject.toml").read_text()
    assert re.search(r'^readme = "README.md"', pyproject, re.M), pyproject
    for topic in ["pip install", "abstracta.openspiel", "abstracta.pettingzoo", "abstracta.engine", "Mcts("]:
        assert topic in readme, topic
    # A search's numbers vary run to run: the page says so where it shows them.
    for line in readme.splitlines():
        if "win_rate" in line and line.startswith(">>>"):
            assert "varies" in line, line


def test_the_readme_examples_run():
    """The page's doctest-style examples run as written (the lines that
    print a search's varying numbers are only run, not compared)."""
    import doctest

    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    readme = (PYTHON / "README.md").read_text()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(readme, {}, "README.md", str(PYTHON / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 5, (runner.failures, runner.tries)
