"""Every game of abstracta as an OpenSpiel (pyspiel) Python game.

Importing this module registers ``abstracta_escabel``, ``abstracta_swack``,
``abstracta_ecalper``, ``abstracta_epaminondas`` and ``abstracta_whirlwind``::

    import pyspiel
    import abstracta.openspiel
    game = pyspiel.load_game("abstracta_escabel", {"size": 7})

Parameters are the game's spec options: ``size`` (an int) where the game
has one, and the other keys (``variant``, ``pie``, ``cap``, ...) as
strings, ``""`` meaning the game's default. Players are seats: player 0
moves first (after a pie-rule swap it plays the second colour). Actions
are the game's integer actions (see each game's README), observations its
tensor (``planes x rows x cols``; each game class's docstring gives the
planes, and ``game.make_observer(None, {"view": "mover"})`` observes from
the side to move). Returns are +1/-1 for a win and 0 for a draw.
:class:`AbstractaBot` plays with our MCTS. ``str(game)`` names only the
parameters given (``abstracta_escabel(size=7)``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import OBSERVATION_LAYOUTS, Mcts, State, game_options, main_game_names

# The options each game takes, with their OpenSpiel defaults (from the Rust
# games' options): an int size with the game's default, strings with "" for
# "the game's default".
_ALL_GAME_OPTIONS = game_options()
GAME_OPTIONS: Dict[str, Dict[str, Any]] = {game: dict(_ALL_GAME_OPTIONS[game]) for game in main_game_names()}


def short_name(game: str) -> str:
    """The OpenSpiel name of an abstracta game: ``abstracta_<game>``."""
    return f"abstracta_{game}"


def spec_of(game: str, params: Optional[Dict[str, Any]] = None) -> str:
    """The abstracta spec for OpenSpiel parameters of ``game``."""
    defaults = GAME_OPTIONS[game]
    pairs = []
    for key, default in defaults.items():
        value = (params or {}).get(key, default)
        if value == "" or value is None:
            continue
        if isinstance(value, bool):
            value = "on" if value else "off"
        pairs.append(f"{key}={value}")
    unknown = set(params or {}) - set(defaults)
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {sorted(unknown)} for {short_name(game)}; "
            f"expected {sorted(defaults)}"
        )
    return game + (":" + ",".join(pairs) if pairs else "")


def max_game_length(state: State) -> int:
    """An upper bound on the number of plies: the length cap, or for the
    games that need none a bound from their rules (Whirlwind: a turn is at
    most two plies and places at least one stone; Ecalper: a turn of four
    plies fills three cells)."""
    if state.length_cap is not None:
        return state.length_cap
    cells = int(np.prod(state.observation_shape()[1:]))
    if state.name in ("whirlwind", "ecalper"):
        return 2 * cells + 8
    return 100_000


def _game_type(game: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"abstracta {game.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(GAME_OPTIONS[game]),
    )


class AbstractaGame(pyspiel.Game):
    """An abstracta game for OpenSpiel; one subclass per game is
    registered (``GAME`` names it)."""

    GAME = ""

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        params = dict(params or {})
        self.spec = State(spec_of(self.GAME, params)).spec
        probe = State(self.spec)
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(probe),
        )
        self.observation_shape = probe.observation_shape()
        # "" is "the game's default": left out, str(game) names what was set.
        given = {key: value for key, value in params.items() if value != ""}
        super().__init__(_game_type(self.GAME), info, given)

    def new_initial_state(self) -> "AbstractaState":
        """The start position."""
        return AbstractaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The board observer (every observation type sees the whole
        board: the games have perfect information)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class AbstractaState(pyspiel.State):
    """A position of an :class:`AbstractaGame`, backed by
    :class:`abstracta.State` (``inner``)."""

    def __init__(self, game: AbstractaGame, inner: Optional[State] = None):
        super().__init__(game)
        self.inner = inner if inner is not None else State(game.spec)

    def current_player(self) -> int:
        """The seat to move, or ``pyspiel.PlayerId.TERMINAL``."""
        seat = self.inner.current_seat()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> List[int]:
        return self.inner.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.inner.play_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.ply_of(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.inner.is_terminal()

    def returns(self) -> List[float]:
        """+1/-1 per seat for a win, 0 for a draw or an ongoing game."""
        return list(self.inner.returns())

    def __str__(self) -> str:
        return self.inner.render()

    def __deepcopy__(self, memo):
        cloned = AbstractaState(self.get_game(), self.inner.clone())
        return cloned


class BoardObserver:
    """The observation tensor (``planes x rows x cols``, flat in
    ``tensor``, shaped in ``dict["observation"]``) and the board as text.
    The parameter ``{"view": "mover"}`` observes from the side to move
    (see ``abstracta.OBSERVATION_LAYOUTS``); the default is
    ``"absolute"``."""

    def __init__(self, game: AbstractaGame, params=None):
        params = dict(params or {})
        self.view = params.pop("view", "absolute")
        if params or self.view not in ("absolute", "mover"):
            raise ValueError(
                f"observation parameters: only view='absolute' or view='mover' are supported; "
                f"got {dict(params, view=self.view)}"
            )
        shape = tuple(game.observation_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: AbstractaState, player: int) -> None:
        """Writes ``state``'s observation (the same for both players: in
        the mover's view it is the side to move's, whoever asks)."""
        self.tensor[:] = state.inner.observation_list(self.view)

    def string_from(self, state: AbstractaState, player: int) -> str:
        """The board as text, with the history (a unique key)."""
        return state.inner.serialize() + "\n" + state.inner.render()


class AbstractaBot(pyspiel.Bot):
    """Our MCTS as an OpenSpiel bot: ``AbstractaBot("mcts:time=100ms")``.
    Plays any :class:`AbstractaState`; the search runs without the GIL."""

    def __init__(self, options: str = "mcts"):
        pyspiel.Bot.__init__(self)
        self.mcts = Mcts(options)
        self.last = None

    def step(self, state: AbstractaState) -> int:
        """Searches ``state`` and returns the best action."""
        self.last = self.mcts.search(state.inner)
        return state.inner.action_of(self.last.best)

    def restart_at(self, state) -> None:
        """Drops the kept search tree."""
        self.mcts.reset()

    def inform_action(self, state, player_id, action) -> None:
        """Nothing to do: the next step brings the kept tree up to the
        position it is given."""

    def provides_policy(self) -> bool:
        return False


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game in GAME_OPTIONS:
        cls = type(
            f"{game.capitalize()}Game",
            (AbstractaGame,),
            {
                "GAME": game,
                "__doc__": f"abstracta's {game.capitalize()} as an OpenSpiel game.\n\n"
                f"Observation planes: {OBSERVATION_LAYOUTS[game]}",
            },
        )
        globals()[cls.__name__] = cls
        if short_name(game) not in registered:
            pyspiel.register_game(_game_type(game), cls)


_register()

__all__ = [
    "AbstractaBot",
    "AbstractaGame",
    "AbstractaState",
    "BoardObserver",
    "GAME_OPTIONS",
    "max_game_length",
    "short_name",
    "spec_of",
]
