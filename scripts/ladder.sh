#!/usr/bin/env bash
# The strength ladder of one game: a round robin of the default search,
# plain UCT over the same playouts and a random player, at one budget per
# ply, with the rating list (random anchored at 0) at the end.
#
#   scripts/ladder.sh GAME BUDGET [GAMES] [SEED] [OUT]
#   scripts/ladder.sh escabel time=100ms 40 1 ladder/escabel-100ms
#   scripts/ladder.sh escabel iters=2000
#
# GAMES is per pairing (default 40), played as colour-swapped pairs from
# seeded 2-ply random openings; OUT (default ladder/GAME-BUDGET) keeps the
# games, so a rerun resumes. ARENA names the binary (default: the release
# build of this workspace, built if missing).
set -euo pipefail

if [[ $# -lt 2 || $# -gt 5 ]]; then
    echo "usage: $0 GAME BUDGET [GAMES] [SEED] [OUT]   (BUDGET: time=100ms, iters=2000, ...)" >&2
    exit 2
fi
game=$1
budget=$2
games=${3:-40}
seed=${4:-1}
out=${5:-ladder/${game%%:*}-${budget//=/}}
case $budget in
    time=* | iters=*) ;;
    *) echo "$0: BUDGET must be time=DURATION or iters=N, not '$budget'" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
arena=${ARENA:-$root/target/release/arena}
if [[ -z ${ARENA:-} && ! -x $arena ]]; then
    (cd "$root" && cargo build --release -p abstracta-arena)
fi

plain="rave=off,solver=off,decisive=off,guided=off,eval=off,prior=off"
"$arena" tournament "$game" \
    --player "defaults=mcts:$budget" \
    --player "plain=mcts:$budget,$plain" \
    --player random=random \
    --games "$games" --seed "$seed" --concurrency 1 --out "$out"
"$arena" ratings "$out" --anchor random=0
