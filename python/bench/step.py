"""Random games stepped from Python (legal actions + apply per ply), and
what each part costs.

    python bench/step.py escabel:size=9 --seconds 3
"""

import argparse
import random
import time

import abstracta


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("spec", nargs="?", default="escabel:size=9")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rng = random.Random(1)

    plies, games = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        state = abstracta.State(args.spec)
        while not state.is_terminal():
            state.play_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
    elapsed = time.perf_counter() - start
    print(f"{args.spec}: {plies / elapsed:,.0f} plies/s ({games} games, {plies / games:.0f} plies each)")

    # The parts, on the positions of one recorded game.
    state = abstracta.State(args.spec)
    positions, actions = [], []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        positions.append(state.clone())
        actions.append(a)
        state.play_action(a)
    reps = max(1, 200_000 // len(positions))

    def per_ply(fn):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        return (time.perf_counter() - t) / (reps * len(positions)) * 1e6

    legal = per_ply(lambda: [p.legal_actions() for p in positions])
    lists = [p.legal_actions() for p in positions]
    choice = per_ply(lambda: [rng.choice(l) for l in lists])
    clones = per_ply(lambda: [p.clone() for p in positions])
    cloned = [[p.clone() for p in positions] for _ in range(reps)]
    t = time.perf_counter()
    for copies in cloned:
        for p, a in zip(copies, actions):
            p.play_action(a)
    play = (time.perf_counter() - t) / (reps * len(positions)) * 1e6
    print(f"per ply: legal_actions {legal:.2f} us, random.choice {choice:.2f} us, "
          f"play_action {play:.2f} us (clone {clones:.2f} us, not part of a step)")


if __name__ == "__main__":
    main()
