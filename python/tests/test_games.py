"""The games API: states, plies, actions, statuses, observations,
serialisation and errors, for every game."""

import copy
import json
import pickle
import random
import subprocess

import numpy as np
import pytest

import abstracta
from conftest import ROOT, SPECS


def random_game(spec, seed, max_plies=400):
    rng = random.Random(seed)
    state = abstracta.State(spec)
    while not state.is_terminal() and state.plies_played < max_plies:
        state.play_action(rng.choice(state.legal_actions()))
    return state


def test_names_and_specs():
    assert abstracta.main_game_names() == ["swack", "escabel", "ecalper", "whirlwind", "epaminondas"]
    assert "tictactoe" in abstracta.game_names()
    assert abstracta.canonical_spec("Escabel:size=9") == "escabel"
    state = abstracta.State("escabel:size=7")
    assert (state.name, state.spec) == ("escabel", "escabel:size=7")
    assert abstracta.open("whirlwind:size=12").spec == "whirlwind:size=12"


@pytest.mark.parametrize("spec", SPECS)
def test_actions_name_exactly_the_legal_plies(spec):
    rng = random.Random(7)
    state = abstracta.State(spec)
    count = state.num_distinct_actions()
    while not state.is_terminal() and state.plies_played < 200:
        actions = state.legal_actions()
        assert actions == sorted(set(actions))
        assert all(0 <= a < count for a in actions)
        assert sorted(state.ply_of(a) for a in actions) == sorted(state.legal_plies())
        for a in actions:
            assert state.action_of(state.ply_of(a)) == a
        state.play_action(rng.choice(actions))
    if state.is_terminal():
        assert state.legal_actions() == [] and state.legal_plies() == []


@pytest.mark.parametrize("spec", SPECS)
def test_status_returns_and_seats(spec):
    for seed in range(3):
        state = random_game(spec, seed, max_plies=10_000)
        assert state.is_terminal()
        assert state.current_seat() is None and state.current_colour() is None
        returns = state.returns()
        assert sum(returns) == 0
        if state.status() == "draw":
            assert returns == [0.0, 0.0] and state.winner_seat() is None
        else:
            assert state.status() == state.winner_colour()
            assert returns[state.winner_seat()] == 1.0
    fresh = abstracta.State(spec)
    assert fresh.status() == "ongoing" and fresh.returns() == [0.0, 0.0]
    assert fresh.current_seat() in (0, 1)


@pytest.mark.parametrize("spec", SPECS)
def test_serialisation_clone_and_undo(spec):
    state = random_game(spec, 3, max_plies=60)
    text = state.serialize()
    assert text.startswith(state.spec)
    back = abstracta.deserialize(text)
    assert back.hash() == state.hash() and back.history() == state.history()
    assert abstracta.State.deserialize(text).render() == state.render()
    assert pickle.loads(pickle.dumps(state)).hash() == state.hash()
    twin = state.clone()
    deep = copy.deepcopy(state)
    if not state.is_terminal():
        twin.play_action(twin.legal_actions()[0])
        assert twin.hash() != state.hash() and deep.hash() == state.hash()
    hashes = []
    walker = abstracta.State(spec)
    for ply in state.history():
        hashes.append(walker.hash())
        walker.play(ply)
    for expected in reversed(hashes):
        assert state.undo() is not None
        assert state.hash() == expected
    assert state.undo() is None and state.plies_played == 0


@pytest.mark.parametrize("spec", SPECS)
def test_observation_tensor(spec):
    state = random_game(spec, 4, max_plies=30)
    shape = state.observation_shape()
    obs = state.observation()
    assert obs.shape == shape and obs.dtype == np.float32
    assert obs.flags.writeable
    assert np.array_equal(obs.ravel(), np.array(state.observation_list(), dtype=np.float32))
    # The last plane says who is to move (Black = 1).
    if not state.is_terminal():
        assert np.all(obs[-1] == (1.0 if state.current_colour() == "black" else 0.0))
    # The first two planes hold the stones or stacks: as many as the board shows.
    occupied = int(obs[0].sum() + obs[1].sum())
    assert occupied > 0 or state.plies_played == 0


def test_observation_layout_is_as_documented():
    state = abstracta.State("escabel:size=5")
    state.play("b1")  # Black places at column b, row 1: plane 0, row 0, col 1.
    obs = state.observation()
    assert obs[0, 0, 1] == 1.0 and obs[2, 0, 1] == 1.0 and obs[0].sum() == 1.0
    assert np.all(obs[4] == 0.0)  # White to move
    assert state.action_of("b1") == 1 and state.action_of("a2") == 5
    assert state.ply_of(25) == "a1-a2" and state.ply_of(125) == "swap"


def test_errors_are_python_exceptions_with_the_rust_messages():
    with pytest.raises(abstracta.SpecError, match="expected a whole number from 3 to 26"):
        abstracta.State("escabel:size=40")
    with pytest.raises(abstracta.SpecError, match="escabel"):
        abstracta.State("chess")
    state = abstracta.State("escabel:size=5")
    state.play("c3")
    with pytest.raises(abstracta.IllegalPlyError, match="illegal ply c3"):
        state.play("c3")
    with pytest.raises(abstracta.IllegalPlyError, match="expected"):
        state.play("zz")
    with pytest.raises(abstracta.ActionError, match="expected an id below 126"):
        state.play_action(126)
    with pytest.raises(abstracta.ActionError):
        state.ply_of(10**6)
    with pytest.raises(OverflowError):
        state.play_action(-1)
    with pytest.raises(abstracta.IllegalPlyError):
        state.play_action(state.action_of("c3"))
    with pytest.raises(abstracta.IllegalPlyError, match="ply 2"):
        state.play_list("a1 a1")
    assert state.history() == ["c3", "a1"]
    finished = random_game("escabel:size=5", 1, max_plies=10_000)
    with pytest.raises(abstracta.GameOverError, match="the game is over"):
        finished.play("a1")
    with pytest.raises(abstracta.SpecError):
        abstracta.deserialize("escabel:size=99: a1")
    with pytest.raises(abstracta.IllegalPlyError):
        abstracta.deserialize("escabel:size=5: a1 a1")
    # Every error is a ValueError and an AbstractaError.
    for cls in (abstracta.SpecError, abstracta.IllegalPlyError, abstracta.GameOverError,
                abstracta.ActionError, abstracta.OptionsError, abstracta.SearchError):
        assert issubclass(cls, abstracta.AbstractaError) and issubclass(cls, ValueError)
    with pytest.raises(abstracta.ActionError, match="names no ply"):
        abstracta.State("tictactoe").ply_of(99)


@pytest.mark.parametrize("spec", SPECS)
def test_bindings_agree_with_the_typed_rust_games(spec, trace_command):
    """Seeded random games played through the bindings (integer actions)
    are replayed by examples/trace.rs through the typed Game trait: legal
    sets, statuses, seats and hashes must agree after every ply."""
    records, sides = [], []
    for seed in range(4):
        rng = random.Random(seed)
        state = abstracta.State(spec)
        side = []
        while True:
            side.append({
                "legal": sorted(state.ply_of(a) for a in state.legal_actions()),
                "status": state.status(),
                "winner_seat": state.winner_seat(),
                "seat": state.current_seat(),
                "hash": str(state.hash()),
            })
            if state.is_terminal() or state.plies_played >= 300:
                break
            state.play_action(rng.choice(state.legal_actions()))
        records.append(state.serialize())
        sides.append(side)
    out = subprocess.run(trace_command, input="\n".join(records) + "\n", capture_output=True,
                         text=True, check=True, cwd=ROOT)
    traces = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(traces) == len(records)
    for record, side, trace in zip(records, sides, traces):
        assert isinstance(trace, list), trace
        assert len(trace) == len(side), record
        for i, (ours, theirs) in enumerate(zip(side, trace)):
            assert ours == theirs, f"{record}: position {i}"
