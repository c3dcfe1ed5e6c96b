"""Every game of abstracta as a PettingZoo AEC environment with action
masks.

>>> from abstracta.pettingzoo import env
>>> e = env("escabel:size=7")
>>> e.reset(seed=1)
>>> obs, reward, termination, truncation, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((5, 7, 7), (246,))

Agents are ``player_0`` (the first seat) and ``player_1``. The agent to
move may move several times in a row (Ecalper's and Whirlwind's turns have
several plies). Observations are dicts with the game's tensor
(``observation``, float32, ``planes x rows x cols``) and ``action_mask``
(int8, 1 for the legal actions). ``env(spec, view="mover")`` gives the
tensor from the side to move (its pieces first, the board turned as
``abstracta.OBSERVATION_LAYOUTS`` says), which is the view of the agent
whose turn it is. Rewards are +1/-1 for a win, 0 for a draw, given when
the game ends; a game ended by the length cap is a truncation, any other
end a termination.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import State

AGENTS = ["player_0", "player_1"]


class AbstractaEnv(AECEnv):
    """An AEC environment for the abstracta game ``spec``."""

    metadata = {"render_modes": ["human", "ansi"], "name": "abstracta_v0", "is_parallelizable": False}

    def __init__(self, spec: str = "escabel", render_mode: Optional[str] = None, view: str = "absolute"):
        super().__init__()
        self.state = State(spec)
        # Checked here, not at the first observation.
        self.state.observation_list(view)
        self.view = view
        self.spec = self.state.spec
        self.metadata = dict(self.metadata, name=f"abstracta_{self.state.name}_v0")
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        count = self.state.num_distinct_actions()
        shape = self.state.observation_shape()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=255.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self._count = count

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """The board tensor and, for the agent to move, the legal actions'
        mask (all zeros for the other agent and after the end)."""
        mask = np.zeros(self._count, dtype=np.int8)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation(self.view), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game (the games have no randomness: ``seed`` is
        accepted and ignored)."""
        self.state = State(self.spec)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.current_seat()]

    def step(self, action) -> None:
        """Plays ``action`` for the agent to move; raises
        ``abstracta.IllegalPlyError`` for an illegal one."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.play_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            returns = self.state.returns()
            capped = self.state.ended_by_cap()
            for i, a in enumerate(self.agents):
                self.rewards[a] = float(returns[i])
                self.terminations[a] = not capped
                self.truncations[a] = capped
        else:
            self.agent_selection = self.agents[self.state.current_seat()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The board as text (printed in ``human`` mode)."""
        if self.render_mode is None:
            return None
        text = self.state.render()
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        pass


def env(spec: str = "escabel", render_mode: Optional[str] = None, view: str = "absolute") -> AbstractaEnv:
    """The AEC environment for ``spec`` (``"escabel:size=7"``, ...);
    ``view`` is ``"absolute"`` or ``"mover"`` (see the module's doc)."""
    return AbstractaEnv(spec, render_mode=render_mode, view=view)


__all__ = ["AbstractaEnv", "env", "AGENTS"]
