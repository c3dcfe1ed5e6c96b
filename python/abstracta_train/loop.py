"""The learning loop: self-play, training and a gating match, generation
after generation, every generation kept with its rating.

    python -m abstracta_train.loop --game escabel:size=5 --dir runs/escabel5 \
        --generations 4 --games 64 --iters 100 --gate-games 20

Generation 0 is the game's own knowledge (`puct:model=knowledge`): no
network. Generation g >= 1 is a network trained on the self-play of the
last `--window` generations (continuing from generation g-1's weights),
then played against generation g-1 in a colour-swapped match; its rating
is g-1's plus the match's Elo difference (generation 0 is rated 0). The
best generation so far plays the next self-play. Each step leaves its
output in DIR/gen-NNN/ and is skipped when that output is there, so a
killed loop resumes where it stopped (self-play and matches resume
themselves too). DIR/ratings.json and DIR/ratings.svg hold the ratings.

`--teacher SPEC` plays generation 0's self-play with another engine (for
example the MCTS defaults, `mcts:iters=400`), so that generation 1
learns from a strong player's choices and results rather than from the
knowledge search's; gating still rates generation 1 against generation 0
(`puct:model=knowledge`). `--family gumbel` searches with Gumbel root
search instead of PUCT, in self-play (its improved policy is the target)
and in the gating matches.
"""

import argparse
import json
import os
import subprocess
import sys
import time

from . import plot


def gen_dir(root, g):
    return os.path.join(root, f"gen-{g:03d}")


def engine(model, iters, extra="", family="puct"):
    spec = f"{family}:model={model},iters={iters}"
    return spec + ("," + extra if extra else "")


def selfplay_extra(family):
    # PUCT explores by root noise and a temperature; Gumbel by its own
    # sampling at the root.
    return "noise=0.25,temp=1,tplies=12" if family == "puct" else ""


def run(cmd, log):
    print("+ " + " ".join(cmd), flush=True)
    started = time.time()
    with open(log, "a") as f:
        f.write("+ " + " ".join(cmd) + "\n")
        f.flush()
        result = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(cmd)}; see {log}")
    return time.time() - started


def model_of(root, g):
    return "knowledge" if g == 0 else os.path.join(gen_dir(root, g), "net.safetensors")


def load_state(root):
    path = os.path.join(root, "ratings.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {"generations": [{"generation": 0, "model": "knowledge", "elo": 0.0, "elo_low": 0.0,
                             "elo_high": 0.0, "best": 0}]}


def save_state(root, state):
    path = os.path.join(root, "ratings.json")
    with open(path + ".tmp", "w") as f:
        json.dump(state, f, indent=1)
    os.replace(path + ".tmp", path)
    plot.write_svg(state["generations"], os.path.join(root, "ratings.svg"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, help="game spec, e.g. escabel:size=5")
    ap.add_argument("--dir", required=True, help="the run's folder (resumed if it exists)")
    ap.add_argument("--generations", type=int, default=3, help="networks to train")
    ap.add_argument("--games", type=int, default=64, help="self-play games per generation")
    ap.add_argument("--iters", type=int, default=100, help="PUCT simulations per ply in self-play and matches")
    ap.add_argument("--gate-games", type=int, default=20, help="games of each gating match (even)")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--blocks", type=int, default=3)
    ap.add_argument("--window", type=int, default=3, help="generations of self-play data trained on")
    ap.add_argument("--concurrency", type=int, default=1, help="games at once in self-play and matches")
    ap.add_argument("--arena", default=os.environ.get("ARENA", "arena"), help="the arena binary")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--teacher", help="engine spec playing generation 0's self-play (default: puct over the knowledge)")
    ap.add_argument("--family", choices=["puct", "gumbel"], default="puct", help="the search over the networks")
    ap.add_argument("--threads", type=int, help="PyTorch CPU threads for training")
    a = ap.parse_args(argv)
    # Absolute, as the network paths go into engine specs run elsewhere.
    a.dir = os.path.abspath(a.dir)
    os.makedirs(a.dir, exist_ok=True)
    state = load_state(a.dir)
    log = os.path.join(a.dir, "loop.log")
    times = state.setdefault("times", {})
    for g in range(0, a.generations + 1):
        best = state["generations"][-1]["best"] if state["generations"] else 0
        d = gen_dir(a.dir, g)
        os.makedirs(d, exist_ok=True)
        if g > 0 and not any(x["generation"] == g for x in state["generations"]):
            # Train generation g on the self-play of the last generations.
            net = model_of(a.dir, g)
            if not os.path.exists(net):
                sources = [os.path.join(gen_dir(a.dir, k), "selfplay") for k in range(max(0, g - a.window), g)]
                init = os.path.join(gen_dir(a.dir, g - 1), "net.pt") if g > 1 else None
                cmd = [sys.executable, "-m", "abstracta_train.train", "--data", *sources, "--out", net,
                       "--epochs", str(a.epochs), "--channels", str(a.channels), "--blocks", str(a.blocks),
                       "--seed", str(a.seed + g), "--log", os.path.join(d, "train.jsonl")]
                if init:
                    cmd += ["--init", init]
                if a.threads:
                    cmd += ["--threads", str(a.threads)]
                times[f"train-{g}"] = run(cmd, log)
            # Gate against the previous generation.
            match = os.path.join(d, "gate")
            summary = os.path.join(match, "summary.json")
            if not os.path.exists(summary):
                times[f"gate-{g}"] = run([a.arena, "tournament", a.game,
                                          "--player", f"new={engine(model_of(a.dir, g), a.iters, family=a.family)}",
                                          "--player", f"old={engine(model_of(a.dir, g - 1), a.iters, family=a.family)}",
                                          "--games", str(a.gate_games), "--concurrency", str(a.concurrency),
                                          "--seed", str(a.seed + g), "--out", match], log)
            with open(summary) as f:
                pairing = json.load(f)["pairings"][0]
            prev = state["generations"][-1]
            entry = {"generation": g, "model": model_of(a.dir, g),
                     "elo": prev["elo"] + pairing["elo"],
                     "elo_low": prev["elo"] + pairing["elo_low"], "elo_high": prev["elo"] + pairing["elo_high"],
                     "match": {k: pairing[k] for k in ("a_wins", "draws", "b_wins", "elo", "elo_low", "elo_high")}}
            entry["best"] = g if pairing["a_wins"] >= pairing["b_wins"] else prev["best"]
            state["generations"].append(entry)
            save_state(a.dir, state)
            best = entry["best"]
        if g == a.generations:
            break
        # Self-play with the best generation, for the next one's training.
        if g == 0 and a.teacher:
            player = a.teacher
        else:
            player = engine(model_of(a.dir, best), a.iters, selfplay_extra(a.family), a.family)
        times[f"selfplay-{g}"] = run([a.arena, "selfplay", a.game, "--games", str(a.games),
                                      "--engine", player,
                                      "--out", os.path.join(d, "selfplay"), "--concurrency", str(a.concurrency),
                                      "--seed", str(a.seed + 1000 * g)], log)
        save_state(a.dir, state)
    save_state(a.dir, state)
    for entry in state["generations"]:
        print(f"generation {entry['generation']}: Elo {entry['elo']:+.0f} "
              f"[{entry['elo_low']:+.0f}, {entry['elo_high']:+.0f}] (best so far: {entry['best']})")


if __name__ == "__main__":
    main()
