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

``OBSERVATION_LAYOUTS`` says, game by game, what the planes of
``State.observation()`` hold, in both views.
"""

from typing import Dict

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

# What each plane of ``State.observation()`` holds, game by game. Every
# observation is ``planes x rows x cols`` float32, row 0 = the board's row
# 1 (the bottom), column 0 = column a. ``view="mover"`` gives the side to
# move's view: its pieces in the first planes, and the board turned where
# the two sides' goals differ in direction; a finished game has no mover
# and its "mover" view is the absolute one.
OBSERVATION_LAYOUTS: Dict[str, str] = {
    "escabel": """Escabel: 5 x n x n.
absolute: plane 0 = 1 where a Black stack stands, 1 = where a White stack
stands, 2 = the Black stack's height there (0 elsewhere), 3 = the White
stack's height, 4 = all 1 when Black is to move.
view="mover": planes 0/2 are the mover's stacks and heights, 1/3 the
opponent's, plane 4 as above; when White moves the board is transposed
(plane[r][c] = absolute[c][r]), so the mover always connects top (last
row) and bottom (row 0).""",
    "swack": """Swack: 5 x n x n.
absolute: plane 0 = 1 where a Black stack stands, 1 = where a White stack
stands, 2 = the Black stack's height there (0 elsewhere), 3 = the White
stack's height, 4 = all 1 when Black is to move.
view="mover": planes 0/2 are the mover's stacks and heights, 1/3 the
opponent's, plane 4 as above; the board is not turned (both sides aim for
the biggest group).""",
    "ecalper": """Ecalper: 4 x m x m, m = 2s - 1 for a board of side s (the
hex-hex board in an m x m grid; cell (c, r) at [r][c]).
absolute: plane 0 = 1 where a Black stone stands, 1 = where a White stone
stands, 2 = 1 on the board's cells (0 on grid cells off the board),
3 = all 1 when Black is to move.
view="mover": plane 0 is the mover's stones, 1 the opponent's, planes 2
and 3 as above; the board is not turned (both sides aim for the largest
group).""",
    "epaminondas": """Epaminondas: 4 x 12 x 14.
absolute: plane 0 = 1 where a Black piece stands, 1 = where a White piece
stands, 2 = where a neutral stone stands (variant=stones), 3 = all 1 when
Black is to move.
view="mover": plane 0 is the mover's pieces, 1 the opponent's, planes 2
and 3 as above; when Black moves the rows are flipped (plane[r][c] =
absolute[11 - r][c]), so the mover always starts at the bottom and
advances up, as White does.""",
    "whirlwind": """Whirlwind: 3 x n x n.
absolute: plane 0 = 1 where a Black stone stands, 1 = where a White stone
stands, 2 = all 1 when Black is to move.
view="mover": plane 0 is the mover's stones, 1 the opponent's, plane 2 as
above; when White moves the board is transposed (plane[r][c] =
absolute[c][r]), so the mover always connects top and bottom.""",
}

__all__ = [
    "OBSERVATION_LAYOUTS",
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
