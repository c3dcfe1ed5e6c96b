"""The PettingZoo AEC environments pass PettingZoo's API test."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import abstracta  # noqa: E402
from abstracta.pettingzoo import env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

SPECS = ["escabel:size=5,pie=on", "swack:size=4,variant=free", "ecalper:size=3", "epaminondas", "whirlwind:size=6"]


@pytest.mark.parametrize("spec", SPECS)
def test_pettingzoo_api_test(spec):
    api_test(env(spec), num_cycles=300, verbose_progress=False)


def test_masks_rewards_and_the_agent_to_move():
    e = env("whirlwind:size=6")
    e.reset(seed=0)
    rng = np.random.RandomState(0)
    mirror = abstracta.State("whirlwind:size=6")
    final = {}
    for agent in e.agent_iter(max_iter=10_000):
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            final[agent] = reward
            e.step(None)
            continue
        assert agent == f"player_{mirror.current_seat()}"
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert legal == mirror.legal_actions()
        action = int(rng.choice(legal))
        e.step(action)
        mirror.play_action(action)
    assert mirror.is_terminal()
    assert [final["player_0"], final["player_1"]] == mirror.returns()
    e2 = env("escabel:size=5")
    e2.reset()
    with pytest.raises(abstracta.IllegalPlyError):
        e2.step(e2.state.action_of("a1-a2"))


def test_the_environment_observes_from_the_mover_if_asked():
    from abstracta.pettingzoo import env

    e = env("escabel:size=5", view="mover")
    e.reset()
    e.step(int(e.last()[0]["action_mask"].nonzero()[0][0]))
    obs = e.observe(e.agent_selection)["observation"]
    assert np.array_equal(obs, e.state.observation("mover"))
    with pytest.raises(ValueError):
        env("escabel", view="upside-down")
