"""abstracta: five abstract strategy games (Escabel, Swack, Ecalper,
Epaminondas, Whirlwind) with exact bitboard rule engines, and a parallel
Monte Carlo tree search, for Python.

>>> import abstracta
>>> state = abstracta.State("escabel:size=7")
>>> state.play("d4")
'd4'
>>> result = abstracta.Mcts("iters=500").search(state)
>>> state.is_legal(result.best)
True

Submodules: :mod:`abstracta.openspiel` (registers every game with
pyspiel), :mod:`abstracta.pettingzoo` (AEC environments) and
:mod:`abstracta.engine` (serves a Python agent over the engine protocol
that ``arena tournament`` speaks).
"""

from ._abstracta import (
    PROTOCOL_COMMANDS,
    AbstractaError,
    ActionError,
    Child,
    GameOverError,
    IllegalPlyError,
    Mcts,
    OptionsError,
    Search,
    SearchError,
    SearchResult,
    SpecError,
    State,
    __version__,
    canonical_spec,
    deserialize,
    game_names,
    game_options,
    main_game_names,
    open,
)

__all__ = [
    "PROTOCOL_COMMANDS",
    "AbstractaError",
    "ActionError",
    "Child",
    "GameOverError",
    "IllegalPlyError",
    "Mcts",
    "OptionsError",
    "Search",
    "SearchError",
    "SearchResult",
    "SpecError",
    "State",
    "__version__",
    "canonical_spec",
    "deserialize",
    "game_names",
    "game_options",
    "main_game_names",
    "open",
]
