"""Our MCTS (through Python) against OpenSpiel's MCTSBot with random
rollouts, at equal wall time per ply.

OpenSpiel's bot searches a fixed number of simulations; ours gets, for
each ply, the mean time OpenSpiel's bot has taken per ply so far in the
match (a calibration of three searches from the start position seeds it).
Games come in colour-swapped pairs from seeded random two-ply openings.

    python bench/vs_openspiel.py escabel:size=7 --games 40 --sims 50
"""

import argparse
import json
import math
import random
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import abstracta
from abstracta import openspiel as ao


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - r) / d, (c + r) / d)


def elo(p):
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("spec")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--sims", type=int, default=50)
    parser.add_argument("--uct", type=float, default=2.0)
    parser.add_argument("--ours", default="mcts:threads=1")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    state0 = abstracta.State(args.spec)
    game_name = ao.short_name(state0.name)
    params = {}
    for pair in (state0.spec.split(":", 1)[1].split(",") if ":" in state0.spec else []):
        key, value = pair.split("=")
        params[key] = int(value) if key == "size" else value
    game = pyspiel.load_game(game_name, params)
    rng = np.random.RandomState(args.seed)
    theirs = mcts.MCTSBot(game, args.uct, args.sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)

    their_time, their_plies = 0.0, 0
    start = game.new_initial_state()
    for _ in range(3):
        t = time.perf_counter()
        theirs.step(start)
        their_time += time.perf_counter() - t
        their_plies += 1

    our_time, our_plies, overshoot = 0.0, 0, 0.0
    score = 0.0
    wins = draws = losses = 0
    openings = random.Random(args.seed)
    log = []
    for pair in range(args.games // 2):
        opening = []
        probe = abstracta.State(state0.spec)
        for _ in range(2):
            a = openings.choice(probe.legal_actions())
            probe.play_action(a)
            opening.append(a)
        for our_seat in (0, 1):
            state = game.new_initial_state()
            for a in opening:
                state.apply_action(a)
            while not state.is_terminal():
                t = time.perf_counter()
                if state.current_player() == our_seat:
                    # Our time per ply tracks theirs: the budget is their
                    # mean less what our plies have overshot on average.
                    budget = max(0.001, their_time / their_plies - overshoot / max(our_plies, 1))
                    bot = ao.AbstractaBot(f"{args.ours},time={budget * 1000:.1f}ms")
                    action = bot.step(state)
                    spent = time.perf_counter() - t
                    overshoot += spent - budget
                    our_time += spent
                    our_plies += 1
                else:
                    action = theirs.step(state)
                    their_time += time.perf_counter() - t
                    their_plies += 1
                state.apply_action(action)
            r = state.returns()[our_seat]
            wins += r > 0
            draws += r == 0
            losses += r < 0
            score += (r + 1) / 2
            log.append({"opening": state.inner.history()[:2], "our_seat": our_seat, "result": r,
                        "plies": state.inner.plies_played})
            print(f"game {len(log)}: our seat {our_seat}, result {r:+.0f}, {state.inner.plies_played} plies",
                  file=sys.stderr, flush=True)
    n = wins + draws + losses
    lo, hi = wilson(score, n)
    summary = {
        "spec": state0.spec,
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": score / n,
        "score_95": [lo, hi],
        "elo": elo(score / n),
        "elo_95": [elo(lo), elo(hi)],
        "their_sims": args.sims,
        "their_ms_per_ply": 1000 * their_time / their_plies,
        "our_ms_per_ply": 1000 * our_time / max(our_plies, 1),
        "ours": args.ours,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
