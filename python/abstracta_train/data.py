"""Reading self-play chunks (the .npz files `arena selfplay` writes) and
the board symmetries used as augmentation."""

import glob
import json
import os

import numpy as np


def chunk_files(dirs):
    files = []
    for d in dirs:
        files.extend(sorted(glob.glob(os.path.join(d, "**", "chunk-*.npz"), recursive=True)))
    return files


def run_info(directory):
    with open(os.path.join(directory, "selfplay.json")) as f:
        return json.load(f)


def load_samples(dirs):
    """Every sample of every chunk under `dirs`, as a dict of arrays:
    obs [n, planes, rows, cols], policy [n, actions], legal [n, actions],
    value [n], game [n], ply [n], search_value [n] (the search's own value
    of the position; chunks written before it existed give their `value`),
    source [n] (the index in `dirs` of the folder a sample came from, so
    that game numbers of different runs can be told apart)."""
    parts = {k: [] for k in ("obs", "policy", "legal", "value", "game", "ply", "search_value", "source")}
    for source, d in enumerate(dirs):
        for path in chunk_files([d]):
            with np.load(path) as z:
                for k in ("obs", "policy", "legal", "value", "game", "ply"):
                    parts[k].append(z[k])
                parts["search_value"].append(z["search_value"] if "search_value" in z.files else z["value"])
                parts["source"].append(np.full(len(z["value"]), source, dtype=np.int32))
    if not parts["obs"]:
        raise SystemExit(f"no chunk-*.npz under {', '.join(dirs)}")
    return {k: np.concatenate(v) for k, v in parts.items()}


def held_out(samples, fraction, seed=0):
    """A boolean mask over the samples choosing whole games (a game of a
    folder is held out with all its positions) for about `fraction` of
    them, so a validation loss is measured on games never trained on."""
    if fraction <= 0:
        return np.zeros(len(samples["value"]), dtype=bool)
    key = samples["source"].astype(np.int64) * (1 << 32) + samples["game"].astype(np.int64)
    games = np.unique(key)
    rng = np.random.default_rng(seed)
    chosen = rng.random(len(games)) < fraction
    return np.isin(key, games[chosen])


def _cell_perm(n, flip_rows, flip_cols):
    perm = np.empty(n * n, dtype=np.int64)
    for r in range(n):
        for c in range(n):
            r2 = n - 1 - r if flip_rows else r
            c2 = n - 1 - c if flip_cols else c
            perm[r * n + c] = r2 * n + c2
    return perm


def _dir_perm(flip_rows, flip_cols):
    # Directions up, right, down, left: a row flip swaps up and down, a
    # column flip right and left.
    d = [0, 1, 2, 3]
    if flip_rows:
        d[0], d[2] = 2, 0
    if flip_cols:
        d[1], d[3] = 3, 1
    return d


# Epaminondas's move directions in its action ids (crates/epaminondas,
# actions.rs): up, right, down, left, up-right, down-right, down-left,
# up-left; a move of k squares from a cell has 13 ids per direction.
EPAMINONDAS_DIRECTIONS = 8
EPAMINONDAS_REACH = 13
# The column flip: right and left, up-right and up-left, down-right and
# down-left trade places.
EPAMINONDAS_COLUMN_FLIP = [0, 3, 2, 1, 7, 6, 5, 4]


def _epaminondas_column_flip(rows, cols, actions):
    cells = rows * cols
    per_cell = EPAMINONDAS_DIRECTIONS * EPAMINONDAS_REACH
    if actions != cells * (per_cell + 1):
        return []
    perm = np.arange(actions)
    for r in range(rows):
        for c in range(cols):
            cell, mirror = r * cols + c, r * cols + cols - 1 - c
            for d in range(EPAMINONDAS_DIRECTIONS):
                d2 = EPAMINONDAS_COLUMN_FLIP[d]
                for k in range(EPAMINONDAS_REACH):
                    perm[cell * per_cell + d * EPAMINONDAS_REACH + k] = mirror * per_cell + d2 * EPAMINONDAS_REACH + k
            perm[cells * per_cell + cell] = cells * per_cell + mirror
    return [(False, True, perm)]


def policy_layout(game_spec, rows, cols, actions):
    """(cell_planes, board_planes) of a convolutional policy head for the
    game (model.conv_policy_layout), or (0, 0) for the linear head. Only
    Epaminondas has one: its 17640 ids are 104 per starting cell (a
    direction and a distance) and then one stone per cell, and a linear
    head over them would weigh megabytes."""
    if game_spec.split(":")[0] == "epaminondas":
        per_cell = EPAMINONDAS_DIRECTIONS * EPAMINONDAS_REACH
        if actions == rows * cols * (per_cell + 1):
            return per_cell, 1
    return 0, 0


def action_permutations(game_spec, rows, cols, actions):
    """[(flip_rows, flip_cols, action_perm)] for the symmetries of the
    game that keep every rule (each side's edges), the identity left out;
    empty where none is known (Ecalper's hex board, Free Swack).
    Epaminondas has one, the column flip (its rules, the symmetry rule
    P5 among them, see no difference between the wings; a row flip would
    swap the home rows)."""
    name = game_spec.split(":")[0]
    if name == "epaminondas":
        return _epaminondas_column_flip(rows, cols, actions)
    if rows != cols:
        return []
    n = rows
    cells = n * n
    out = []
    for flip_rows, flip_cols in ((True, False), (False, True), (True, True)):
        cp = _cell_perm(n, flip_rows, flip_cols)
        dp = _dir_perm(flip_rows, flip_cols)
        perm = np.arange(actions)
        if name == "whirlwind" and actions == cells + 1:
            perm[:cells] = cp
        elif name == "escabel" and actions == 5 * cells + 1:
            perm[:cells] = cp
            for cell in range(cells):
                for d in range(4):
                    perm[cells + 4 * cell + d] = cells + 4 * cp[cell] + dp[d]
        elif name == "swack" and actions == 2 + 4 * cells:
            for cell in range(cells):
                for d in range(4):
                    perm[2 + 4 * cell + d] = 2 + 4 * cp[cell] + dp[d]
        else:
            return []
        out.append((flip_rows, flip_cols, perm))
    return out


def augment(obs, policy, legal, symmetry):
    """The samples seen through `symmetry` (from action_permutations)."""
    flip_rows, flip_cols, perm = symmetry
    axes = tuple(a for a, f in ((-2, flip_rows), (-1, flip_cols)) if f)
    obs = np.flip(obs, axis=axes).copy()
    new_policy = np.zeros_like(policy)
    new_legal = np.zeros_like(legal)
    new_policy[:, perm] = policy
    new_legal[:, perm] = legal
    return obs, new_policy, new_legal
