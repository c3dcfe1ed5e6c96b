"""Writes the cross-check fixture of crates/learn/tests: a tiny network
with non-trivial batch-norm statistics (exported, so folded), inputs, and
the outputs PyTorch gives for them with the unfolded model. The Rust test
loads the network and must give the same outputs.

    python -m abstracta_train.fixture crates/learn/tests/fixtures

(`tiny`, and `tiny_conv_policy` for the convolutional policy head.)
"""

import os
import sys

import numpy as np
import torch

from .model import ResNet, export


def make(directory, seed=7):
    torch.manual_seed(seed)
    model = ResNet(3, 3, 3, 10, channels=4, blocks=1, value_hidden=4, game="tictactoe")
    _write(model, directory, "tiny", (5, 3, 3, 3))


def make_conv_policy(directory, seed=8):
    """The same check for a convolutional policy head: 2 x 3 cells, 2
    planes read cell by cell and 1 read whole, 18 actions."""
    torch.manual_seed(seed)
    model = ResNet(3, 2, 3, 18, channels=4, blocks=1, value_hidden=4, game="test",
                   cell_planes=2, board_planes=1)
    _write(model, directory, "tiny_conv_policy", (5, 3, 2, 3))


def _write(model, directory, name, input_shape):
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
            m.weight.data.uniform_(0.5, 1.5)
            m.bias.data.uniform_(-0.3, 0.3)
    model.eval()
    os.makedirs(directory, exist_ok=True)
    export(model, os.path.join(directory, f"{name}.safetensors"))
    obs = (torch.rand(*input_shape) > 0.6).float()
    with torch.no_grad():
        logits, value = model(obs)
    np.savez(os.path.join(directory, f"{name}_io.npz"), obs=obs.numpy().astype("<f4"),
             logits=logits.numpy().astype("<f4"), value=value.numpy().astype("<f4"))


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "crates/learn/tests/fixtures"
    make(out)
    make_conv_policy(out)
