"""Trains the residual network on self-play chunks and exports the file
the Rust `puct` family loads.

    python -m abstracta_train.train --data runs/gen0/selfplay \
        --out runs/gen1/net.safetensors --epochs 10

The policy loss is the cross-entropy between the search's visit
distribution and the network's softmax over the legal action ids; the
value loss the squared error against the game's result from the mover's
side, or (`--search-value W`) against `(1 - W) * result + W * the
search's own value of the position`, which is less noisy where the
self-play engine was strong. `--validation F` holds out a fraction F of
the games, reports their losses each epoch and exports the epoch whose
held-out loss was lowest. `--random-symmetry` sees each batch through
one of the game's symmetries drawn at random (the identity among them)
instead of adding every symmetric copy of every sample: an epoch then
costs a quarter as much. The game's board symmetries are added as augmentation where the game
has them (see data.action_permutations).
"""

import argparse
import json
import os
import time

import numpy as np
import torch
import torch.nn.functional as F

from . import data
from .model import ResNet, export, load_checkpoint, save_checkpoint


def losses(model, obs, policy, legal, value):
    logits, v = model(obs)
    logits = logits.masked_fill(legal == 0, -1e9)
    policy_loss = -(policy * F.log_softmax(logits, dim=1)).sum(dim=1).mean()
    value_loss = F.mse_loss(v, value)
    return policy_loss, value_loss


def evaluate(model, tensors, batch=1024):
    """Mean (policy, value) loss of `model` over `tensors`, no gradients."""
    model.eval()
    n = len(tensors[3])
    totals = [0.0, 0.0]
    with torch.no_grad():
        for i in range(0, n, batch):
            pl, vl = losses(model, *(t[i:i + batch] for t in tensors))
            k = min(batch, n - i)
            totals[0] += pl.item() * k
            totals[1] += vl.item() * k
    return totals[0] / max(1, n), totals[1] / max(1, n)


def prepare_outputs(out, log=None):
    """Creates the folders of the network file and of the log before any
    training, so that a path in a folder not yet made costs no epoch (the
    log is written after the first)."""
    for path in (out, log):
        if path:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)


def train(dirs, out, epochs=10, batch=256, lr=2e-3, channels=32, blocks=3, init=None,
          seed=0, log=None, augment=True, threads=None, search_value=0.0, validation=0.0,
          random_symmetry=False):
    prepare_outputs(out, log)
    torch.manual_seed(seed)
    if threads:
        torch.set_num_threads(threads)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    info = data.run_info(dirs[0])
    planes, rows, cols = info["observation_shape"]
    actions = info["actions"]
    samples = data.load_samples(dirs)
    samples["value"] = ((1.0 - search_value) * samples["value"]
                        + search_value * samples["search_value"]).astype(np.float32)
    mask = data.held_out(samples, validation, seed)
    held = {k: v[mask] for k, v in samples.items()}
    samples = {k: v[~mask] for k, v in samples.items()}
    obs, policy, legal, value = samples["obs"], samples["policy"], samples["legal"], samples["value"]
    symmetries = data.action_permutations(info["game"], rows, cols, actions) if augment else []
    # (flip axes, action permutation) per symmetry, the identity first;
    # each permutation is its own inverse, so it also maps targets.
    batch_symmetries = [((), None)] + [
        (tuple(a for a, f in ((-2, fr), (-1, fc)) if f), torch.from_numpy(perm))
        for fr, fc, perm in symmetries]
    if random_symmetry:
        symmetries = []
    for sym in list(symmetries):
        o, p, l = data.augment(samples["obs"], samples["policy"], samples["legal"], sym)
        obs, policy, legal = np.concatenate([obs, o]), np.concatenate([policy, p]), np.concatenate([legal, l])
        value = np.concatenate([value, samples["value"]])
    # The legal masks stay bytes: a float copy of them would be four times
    # as large, which counts where a game has thousands of action ids.
    held_tensors = [torch.from_numpy(np.ascontiguousarray(a)).to(device) for a in
                    (held["obs"], held["policy"], held["legal"], held["value"])]
    if init and os.path.exists(init):
        model = load_checkpoint(init)
    else:
        cell_planes, board_planes = data.policy_layout(info["game"], rows, cols, actions)
        model = ResNet(planes, rows, cols, actions, channels=channels, blocks=blocks, game=info["game"],
                       cell_planes=cell_planes, board_planes=board_planes)
    model.to(device)
    tensors = [torch.from_numpy(np.ascontiguousarray(a)) for a in (obs, policy, legal, value)]
    n = len(value)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    steps = max(1, epochs * ((n + batch - 1) // batch))
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps)
    history = []
    best_loss, best_state = None, None
    started = time.time()
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(n)
        totals = [0.0, 0.0]
        for i in range(0, n, batch):
            idx = order[i:i + batch]
            o, p, l, v = (t[idx].to(device) for t in tensors)
            if random_symmetry:
                axes, perm = batch_symmetries[int(torch.randint(len(batch_symmetries), ()))]
                if perm is not None:
                    perm = perm.to(device)
                    o, p, l = torch.flip(o, axes), p[:, perm], l[:, perm]
            pl, vl = losses(model, o, p, l, v)
            opt.zero_grad()
            (pl + vl).backward()
            opt.step()
            sched.step()
            totals[0] += pl.item() * len(idx)
            totals[1] += vl.item() * len(idx)
        entry = {"epoch": epoch + 1, "policy_loss": totals[0] / n, "value_loss": totals[1] / n,
                 "samples": n, "seconds": round(time.time() - started, 2)}
        if len(held_tensors[3]):
            vp, vv = evaluate(model, held_tensors)
            entry.update(val_policy_loss=vp, val_value_loss=vv, val_samples=len(held_tensors[3]))
            if best_loss is None or vp + vv < best_loss:
                best_loss = vp + vv
                best_state = {k: t.detach().clone() for k, t in model.state_dict().items()}
                entry["best"] = True
        history.append(entry)
        print(json.dumps(entry), flush=True)
        if log:
            with open(log, "a") as f:
                f.write(json.dumps(entry) + "\n")
    if best_state is not None:
        model.load_state_dict(best_state)
    model.to("cpu").eval()
    export(model, out)
    save_checkpoint(model, os.path.splitext(out)[0] + ".pt")
    return history


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", required=True, help="self-play folders (arena selfplay --out)")
    ap.add_argument("--out", required=True, help="the network file to write (.safetensors; a .pt checkpoint beside it)")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--blocks", type=int, default=3)
    ap.add_argument("--init", help="a .pt checkpoint to continue from")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--log", help="append one JSON line per epoch here")
    ap.add_argument("--no-augment", action="store_true", help="no symmetry augmentation")
    ap.add_argument("--threads", type=int, help="PyTorch CPU threads")
    ap.add_argument("--search-value", type=float, default=0.0,
                    help="weight W of the search's own value in the value target, (1-W)*result + W*search value")
    ap.add_argument("--validation", type=float, default=0.0,
                    help="fraction of games held out; the epoch of least held-out loss is exported")
    ap.add_argument("--random-symmetry", action="store_true",
                    help="each batch through one symmetry drawn at random, not every copy of every sample")
    a = ap.parse_args(argv)
    train(a.data, a.out, a.epochs, a.batch, a.lr, a.channels, a.blocks, a.init, a.seed, a.log,
          not a.no_augment, a.threads, a.search_value, a.validation,
          a.random_symmetry)


if __name__ == "__main__":
    main()
