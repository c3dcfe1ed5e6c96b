import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest
import torch
import torch.nn.functional as F

# The package lives in python/abstracta_train (installed by
# `pip install ./python[train]`); from a checkout it is imported from there.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from abstracta_train import data, train  # noqa: E402
from abstracta_train.model import Folded, ResNet, export, read_safetensors  # noqa: E402


def test_the_exported_file_computes_what_the_model_computes():
    torch.manual_seed(3)
    model = ResNet(5, 5, 5, 126, channels=8, blocks=2, value_hidden=8, game="escabel:size=5")
    # Train mode for a step so that batch-norm statistics are not trivial.
    model.train()
    model(torch.rand(16, 5, 5, 5))
    model.eval()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "net.safetensors")
        export(model, path)
        tensors, meta = read_safetensors(path)
        assert meta["format"] == "abstracta-resnet-1" and meta["actions"] == "126"
        x = (torch.rand(7, 5, 5, 5) > 0.5).float()
        with torch.no_grad():
            a = model(x)
            b = Folded(path)(x)
        for u, v in zip(a, b):
            assert torch.allclose(u, v, atol=1e-5)


@pytest.mark.parametrize("game,n,actions", [("escabel:size=5", 5, 126), ("whirlwind:size=6", 6, 37), ("swack:size=4", 4, 66)])
def test_symmetries_are_involutions_on_actions_and_planes(game, n, actions):
    syms = data.action_permutations(game, n, n, actions)
    assert len(syms) == 3
    rng = np.random.default_rng(0)
    obs = rng.random((4, 5, n, n)).astype(np.float32)
    policy = rng.random((4, actions)).astype(np.float32)
    legal = (policy > 0.5).astype(np.uint8)
    for sym in syms:
        assert sorted(sym[2]) == list(range(actions))
        o, p, l = data.augment(obs, policy, legal, sym)
        o2, p2, l2 = data.augment(o, p, l, sym)
        assert np.array_equal(o2, obs) and np.array_equal(p2, policy) and np.array_equal(l2, legal)
    assert data.action_permutations("ecalper:side=3", 5, 5, 51) == []


def test_a_escabel_move_is_mirrored_with_its_direction():
    # On 5x5 (C = 25), a1-a2 (cell 0, up) is C + 0*4 + 0; flipped top to
    # bottom it is a5-a4 (cell 20, down): C + 20*4 + 2.
    (flip_rows, flip_cols, perm), = [s for s in data.action_permutations("escabel:size=5", 5, 5, 126) if s[0] and not s[1]]
    assert perm[25 + 0] == 25 + 80 + 2
    assert perm[0] == 20 and perm[125] == 125


def _write_chunk(directory, name, games, with_search_value):
    n = len(games)
    arrays = dict(obs=np.zeros((n, 3, 3, 3), np.float32), policy=np.full((n, 10), 0.1, np.float32),
                  legal=np.ones((n, 10), np.uint8), value=np.ones(n, np.float32),
                  game=np.array(games, np.int32), ply=np.arange(n, dtype=np.int32))
    if with_search_value:
        arrays["search_value"] = np.full(n, 0.5, np.float32)
    np.savez(os.path.join(directory, name), **arrays)


def test_chunks_without_a_search_value_give_their_result_and_held_out_games_are_whole():
    with tempfile.TemporaryDirectory() as d:
        old, new = os.path.join(d, "old"), os.path.join(d, "new")
        os.makedirs(old)
        os.makedirs(new)
        _write_chunk(old, "chunk-00000-1-of-1.npz", [0, 0, 1, 1, 2], False)
        _write_chunk(new, "chunk-00000-1-of-1.npz", [0, 0, 0, 1], True)
        s = data.load_samples([old, new])
        assert list(s["search_value"]) == [1.0] * 5 + [0.5] * 4
        assert list(s["source"]) == [0] * 5 + [1] * 4
        mask = data.held_out(s, 0.5, seed=1)
        # Game 0 of one folder is not game 0 of the other, and a game is
        # held out whole or not at all.
        for source in (0, 1):
            for game in set(s["game"][s["source"] == source]):
                at = (s["source"] == source) & (s["game"] == game)
                assert mask[at].all() or not mask[at].any()
        assert not data.held_out(s, 0.0).any()


def test_a_batch_seen_through_a_symmetry_in_torch_is_the_augmented_copy():
    # train.py maps a batch with torch.flip and p[:, perm]; it must agree
    # with data.augment, which adds the copies ahead of training.
    rng = np.random.default_rng(1)
    obs = rng.random((3, 5, 5, 5)).astype(np.float32)
    policy = rng.random((3, 126)).astype(np.float32)
    legal = (policy > 0.5).astype(np.uint8)
    for fr, fc, perm in data.action_permutations("escabel:size=5", 5, 5, 126):
        o, p, l = data.augment(obs, policy, legal, (fr, fc, perm))
        axes = tuple(a for a, f in ((-2, fr), (-1, fc)) if f)
        t = torch.from_numpy(perm)
        assert np.array_equal(torch.flip(torch.from_numpy(obs), axes).numpy(), o)
        assert np.array_equal(torch.from_numpy(policy)[:, t].numpy(), p)
        assert np.array_equal(torch.from_numpy(legal)[:, t].numpy(), l)


EPAMINONDAS_ACTIONS = 12 * 14 * 105


def test_epaminondas_has_the_column_flip_and_it_mirrors_moves_and_stones():
    syms = data.action_permutations("epaminondas", 12, 14, EPAMINONDAS_ACTIONS)
    assert len(syms) == 1
    flip_rows, flip_cols, perm = syms[0]
    assert (flip_rows, flip_cols) == (False, True)
    assert sorted(perm) == list(range(EPAMINONDAS_ACTIONS))
    assert np.array_equal(perm[perm], np.arange(EPAMINONDAS_ACTIONS))
    # a1 one square right (cell 0, direction 1, k = 1) is n1 one square
    # left (cell 13, direction 3); a1 up-right by 2 (direction 4) is n1
    # up-left by 2 (direction 7); c5 up (cell 4*14+2, direction 0) is l5 up.
    assert perm[0 * 104 + 1 * 13 + 0] == 13 * 104 + 3 * 13 + 0
    assert perm[0 * 104 + 4 * 13 + 1] == 13 * 104 + 7 * 13 + 1
    assert perm[58 * 104 + 0 * 13 + 5] == 67 * 104 + 0 * 13 + 5
    # A stone on a1 is a stone on n1.
    assert perm[17472] == 17472 + 13
    # The board planes are flipped left to right with them.
    obs = np.zeros((1, 4, 12, 14), np.float32)
    obs[0, 0, 0, 0] = 1.0
    policy = np.zeros((1, EPAMINONDAS_ACTIONS), np.float32)
    policy[0, 13] = 1.0
    o, p, _ = data.augment(obs, policy, policy.astype(np.uint8), syms[0])
    assert o[0, 0, 0, 13] == 1.0 and p[0, 13 * 104 + 39] == 1.0


def test_epaminondas_gets_a_convolutional_policy_head_that_exports_exactly():
    assert data.policy_layout("epaminondas", 12, 14, EPAMINONDAS_ACTIONS) == (104, 1)
    assert data.policy_layout("escabel:size=5", 5, 5, 126) == (0, 0)
    torch.manual_seed(5)
    model = ResNet(4, 12, 14, EPAMINONDAS_ACTIONS, channels=4, blocks=1, value_hidden=4,
                   game="epaminondas", cell_planes=104, board_planes=1)
    model.train()
    model(torch.rand(8, 4, 12, 14))
    model.eval()
    x = (torch.rand(3, 4, 12, 14) > 0.7).float()
    with torch.no_grad():
        logits, _ = model(x)
        planes = model.policy_out(F.relu(model.policy_conv(model.blocks[0](F.relu(model.stem(x))))))
    # Id cell*104 + plane is that plane at that cell; a stone's, 17472 + cell, the last plane.
    assert logits.shape == (3, EPAMINONDAS_ACTIONS)
    assert torch.allclose(logits[:, 20 * 104 + 7], planes[:, 7, 1, 6])
    assert torch.allclose(logits[:, 17472 + 20], planes[:, 104, 1, 6])
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "net.safetensors")
        export(model, path)
        _, meta = read_safetensors(path)
        assert (meta["cell_planes"], meta["board_planes"]) == ("104", "1")
        assert os.path.getsize(path) < 100_000
        with torch.no_grad():
            for u, v in zip(model(x), Folded(path)(x)):
                assert torch.allclose(u, v, atol=1e-5)


def test_the_folders_of_the_network_and_the_log_are_made_before_training():
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "a", "net.safetensors")
        log = os.path.join(d, "b", "c", "train.jsonl")
        train.prepare_outputs(out, log)
        assert os.path.isdir(os.path.join(d, "a")) and os.path.isdir(os.path.join(d, "b", "c"))
        train.prepare_outputs(out)
