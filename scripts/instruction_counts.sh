#!/usr/bin/env bash
# Instructions per random playout and per one-thread MCTS iteration of
# every game at its default size, counted by callgrind (repeatable whatever
# else the machine does). Usage:
#   cargo build --release --example instruction_counts
#   scripts/instruction_counts.sh target/release/examples/instruction_counts [PLAYOUTS] [ITERATIONS]
# Each mode runs at 0 and at N units; the difference over N leaves the
# start-up out. Compare two builds by running it on both binaries.
set -euo pipefail
bin=${1:?usage: $0 BINARY [PLAYOUTS] [ITERATIONS]}
playouts=${2:-2000}
iterations=${3:-5000}
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-12s %16s %18s\n' game instr/playout instr/iteration
for game in escabel swack ecalper epaminondas whirlwind; do
    p0=$(count "$bin" "$game" playout 0)
    p1=$(count "$bin" "$game" playout "$playouts")
    i0=$(count "$bin" "$game" iter 0)
    i1=$(count "$bin" "$game" iter "$iterations")
    printf '%-12s %16d %18d\n' "$game" $(((p1 - p0) / playouts)) $(((i1 - i0) / iterations))
done
