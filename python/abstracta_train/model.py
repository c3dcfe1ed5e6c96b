"""The residual network the Rust side runs (crates/learn/src/net.rs), and
its export to safetensors with batch normalisation folded into the
convolutions."""

import json
import struct

import numpy as np
import torch
from torch import nn
import torch.nn.functional as F

FORMAT = "abstracta-resnet-1"


class ConvBn(nn.Module):
    def __init__(self, cin, cout, k):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, padding=k // 2, bias=False)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return self.bn(self.conv(x))

    def folded(self):
        """The (weight, bias) of one convolution equal to conv then bn in
        evaluation mode."""
        bn = self.bn
        scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        weight = self.conv.weight * scale[:, None, None, None]
        bias = bn.bias - bn.running_mean * scale
        return weight.detach(), bias.detach()


class Block(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = ConvBn(channels, channels, 3)
        self.conv2 = ConvBn(channels, channels, 3)

    def forward(self, x):
        y = self.conv2(F.relu(self.conv1(x)))
        return F.relu(x + y)


def conv_policy_layout(planes, cell_planes):
    """The action logits of a convolutional policy head's output planes
    [batch, cell_planes + board_planes, rows, cols]: first, cell by cell
    (row by row), that cell's `cell_planes` values (id `cell * cell_planes
    + plane`: a move's id by its starting cell, as Epaminondas numbers
    them), then each further plane whole, cell by cell."""
    per_cell = planes[:, :cell_planes].permute(0, 2, 3, 1).flatten(1)
    return torch.cat([per_cell, planes[:, cell_planes:].flatten(1)], dim=1)


class ResNet(nn.Module):
    """Stem, residual blocks, a policy head (logits over every action id)
    and a value head (tanh, for the side to move)."""

    def __init__(self, planes, rows, cols, actions, channels=32, blocks=3, value_hidden=32, game="",
                 cell_planes=0, board_planes=0):
        super().__init__()
        self.sizes = dict(planes=planes, rows=rows, cols=cols, actions=actions,
                          channels=channels, blocks=blocks, value_hidden=value_hidden)
        self.game = game
        cells = rows * cols
        self.stem = ConvBn(planes, channels, 3)
        self.blocks = nn.ModuleList(Block(channels) for _ in range(blocks))
        self.conv_policy = cell_planes + board_planes > 0
        if self.conv_policy:
            # A convolutional policy head (see conv_policy_layout): its
            # weights do not grow with the action count, which a linear
            # head would make megabytes where there are thousands of ids.
            if cells * (cell_planes + board_planes) != actions:
                raise ValueError(f"{cells} cells x ({cell_planes} + {board_planes}) planes is not {actions} actions")
            self.sizes.update(cell_planes=cell_planes, board_planes=board_planes)
            self.policy_conv = ConvBn(channels, channels, 1)
            self.policy_out = nn.Conv2d(channels, cell_planes + board_planes, 1)
        else:
            self.policy_conv = ConvBn(channels, 2, 1)
            self.policy_fc = nn.Linear(2 * cells, actions)
        self.value_conv = ConvBn(channels, 1, 1)
        self.value_fc1 = nn.Linear(cells, value_hidden)
        self.value_fc2 = nn.Linear(value_hidden, 1)

    def forward(self, x):
        h = F.relu(self.stem(x))
        for block in self.blocks:
            h = block(h)
        if self.conv_policy:
            logits = conv_policy_layout(self.policy_out(F.relu(self.policy_conv(h))), self.sizes["cell_planes"])
        else:
            logits = self.policy_fc(F.relu(self.policy_conv(h)).flatten(1))
        v = F.relu(self.value_conv(h)).flatten(1)
        v = torch.tanh(self.value_fc2(F.relu(self.value_fc1(v))))
        return logits, v.squeeze(1)

    def export_tensors(self):
        """The tensors of the Rust network, by name (batch norm folded)."""
        out = {}
        convs = {"stem": self.stem, "policy_conv": self.policy_conv, "value_conv": self.value_conv}
        for i, block in enumerate(self.blocks):
            convs[f"blocks.{i}.conv1"] = block.conv1
            convs[f"blocks.{i}.conv2"] = block.conv2
        for name, conv in convs.items():
            w, b = conv.folded()
            out[f"{name}.weight"], out[f"{name}.bias"] = w, b
        if self.conv_policy:
            out["policy_out.weight"] = self.policy_out.weight.detach()
            out["policy_out.bias"] = self.policy_out.bias.detach()
        for name in ("value_fc1", "value_fc2") if self.conv_policy else ("policy_fc", "value_fc1", "value_fc2"):
            layer = getattr(self, name)
            out[f"{name}.weight"] = layer.weight.detach()
            out[f"{name}.bias"] = layer.bias.detach()
        return out

    def metadata(self):
        meta = {k: str(v) for k, v in self.sizes.items()}
        meta["format"] = FORMAT
        meta["game"] = self.game
        return meta


def write_safetensors(path, tensors, metadata):
    """Writes `tensors` (name -> float tensor) and `metadata` (str -> str)
    as a safetensors file: an 8-byte little-endian header length, the JSON
    header, then the raw little-endian float32 data."""
    header = {"__metadata__": metadata}
    blobs = []
    offset = 0
    for name in sorted(tensors):
        array = np.ascontiguousarray(tensors[name].detach().cpu().numpy().astype("<f4"))
        data = array.tobytes()
        header[name] = {"dtype": "F32", "shape": list(array.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for data in blobs:
            f.write(data)


def read_safetensors(path):
    """(tensors, metadata) of a safetensors file of float32 tensors."""
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
        data = f.read()
    metadata = header.pop("__metadata__", {})
    tensors = {}
    for name, entry in header.items():
        start, end = entry["data_offsets"]
        tensors[name] = torch.from_numpy(np.frombuffer(data[start:end], dtype="<f4").reshape(entry["shape"]).copy())
    return tensors, metadata


def export(model, path):
    """Writes `model` as the network file the Rust side loads."""
    model.eval()
    write_safetensors(path, model.export_tensors(), model.metadata())


def save_checkpoint(model, path):
    """The model with its batch-norm statistics, for further training."""
    torch.save({"sizes": model.sizes, "game": model.game, "state": model.state_dict()}, path)


def load_checkpoint(path):
    saved = torch.load(path, map_location="cpu", weights_only=True)
    model = ResNet(game=saved["game"], **saved["sizes"])
    model.load_state_dict(saved["state"])
    return model


class Folded(nn.Module):
    """The exported network run in PyTorch from its file: what Rust must
    agree with."""

    def __init__(self, path):
        super().__init__()
        self.t, meta = read_safetensors(path)
        self.blocks = int(meta["blocks"])
        self.cell_planes = int(meta.get("cell_planes", 0))
        self.board_planes = int(meta.get("board_planes", 0))

    def forward(self, x):
        t = self.t
        conv = lambda name, x, pad: F.conv2d(x, t[f"{name}.weight"], t[f"{name}.bias"], padding=pad)
        h = F.relu(conv("stem", x, 1))
        for i in range(self.blocks):
            y = conv(f"blocks.{i}.conv2", F.relu(conv(f"blocks.{i}.conv1", h, 1)), 1)
            h = F.relu(h + y)
        p = F.relu(conv("policy_conv", h, 0))
        if self.cell_planes + self.board_planes > 0:
            logits = conv_policy_layout(conv("policy_out", p, 0), self.cell_planes)
        else:
            logits = F.linear(p.flatten(1), t["policy_fc.weight"], t["policy_fc.bias"])
        v = F.relu(conv("value_conv", h, 0)).flatten(1)
        v = F.relu(F.linear(v, t["value_fc1.weight"], t["value_fc1.bias"]))
        v = torch.tanh(F.linear(v, t["value_fc2.weight"], t["value_fc2.bias"])).squeeze(1)
        return logits, v
