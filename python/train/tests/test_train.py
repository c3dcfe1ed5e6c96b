import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest
import torch

# The package lives in python/abstracta_train (installed by
# `pip install ./python[train]`); from a checkout it is imported from there.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from abstracta_train import data  # noqa: E402
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
