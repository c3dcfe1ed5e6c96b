#!/usr/bin/env python3
"""Makes large run folders for measuring `arena serve`'s memory (docs/web-api.md).

    big_run.py DIR journal BYTES [PLAYERS]   games.jsonl of about BYTES bytes
    big_run.py DIR players PLAYERS           tournament.json with PLAYERS players

Games are tic-tac-toe records with 60 plies each (about 600 bytes a line),
between PLAYERS players (default 2) in a round-robin; written in the
format `arena tournament` writes. Nothing here is checked in: the folders
are made where the measurement runs.
"""
import json
import os
import sys


def config(players):
    return {
        "spec": "tictactoe",
        "players": [{"name": f"p{i}", "engine": "random"} for i in range(players)],
        "format": "round-robin",
        "seed": 1,
        "opening_plies": 0,
        "games": 2,
        "shard": None,
    }


def main():
    folder, kind, amount = sys.argv[1], sys.argv[2], int(sys.argv[3])
    os.makedirs(folder, exist_ok=True)
    players = amount if kind == "players" else int(sys.argv[4]) if len(sys.argv) > 4 else 2
    with open(os.path.join(folder, "tournament.json"), "w") as f:
        json.dump(config(players), f)
    if kind != "journal":
        return
    plies = ["a1", "b2", "c3", "a2", "b3", "c1"] * 10
    written = 0
    index = 0
    with open(os.path.join(folder, "games.jsonl"), "w") as f:
        while written < amount:
            a, b = (index // 2) % players, ((index // 2) + 1) % players
            first, second = (a, b) if index % 2 == 0 else (b, a)
            line = json.dumps({
                "index": index, "spec": "tictactoe",
                "players": {"first": f"p{first}", "second": f"p{second}"},
                "engines": {"first": "random", "second": "random"},
                "seed": index, "opening": [], "plies": plies,
                "result": ["first", "second", "draw"][index % 3],
                "winner_colour": None, "reason": "rules",
                "time_ms": {"first": 1.5, "second": 2.5},
            }) + "\n"
            f.write(line)
            written += len(line)
            index += 1


if __name__ == "__main__":
    main()
