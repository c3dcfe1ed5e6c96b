#!/usr/bin/env bash
# Browser tests of `arena serve`: makes a runs folder with a short
# tournament, starts the server given as $1 on a free loopback port, runs
# the tests (node's test runner, headless Chromium) and stops the server
# on every way out.
set -euo pipefail
# The binary's path is taken before the cd, so a relative one works.
arena=$(realpath "${1:?usage: web-tests/run.sh PATH/TO/arena}")
cd "$(dirname "$0")"
work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

mkdir -p "$work/runs"
"$arena" tournament escabel:size=5 --player first=random --player second=random \
    --games 2 --openings none --seed 7 --out "$work/runs/escabel5" >"$work/tournament.log" 2>&1
# Three players: a fitted rating list.
"$arena" tournament escabel:size=5 --player a=random --player b=random --player c=mcts:iters=50 \
    --games 2 --openings none --seed 3 --out "$work/runs/rr3" >>"$work/tournament.log" 2>&1
# A suite run and scaling curves for the benchmarks pages.
repo=$(cd .. && pwd)
"$arena" suite run "$repo/suites/escabel-size-3.jsonl" --engine random --engine mcts=mcts:iters=10 \
    --budgets 10,100 --concurrency 1 --out "$work/runs/accuracy" >>"$work/tournament.log" 2>&1
"$arena" scaling escabel:size=5 --pool "$repo/ratings/escabel-size-5.json" --engine uct=mcts:rave=off,solver=off \
    --engine mcts --budgets 10,30 --rounds 1 --games 2 --concurrency 1 --games-dir "$work/runs/curve" \
    >>"$work/tournament.log" 2>&1
"$arena" serve --port 0 --runs "$work/runs" --models "$repo/nets" >"$work/serve.log" 2>&1 &
server=$!
url=""
for _ in $(seq 100); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/serve.log" | head -n 1 || true)
    [ -n "$url" ] && break
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "arena serve did not start:" >&2
    cat "$work/serve.log" >&2
    exit 1
fi
echo "testing $url"
ARENA_URL="$url" ARENA_RUNS="$work/runs" ARENA_RUN=escabel5 ARENA_RUN3=rr3 \
    ARENA_SUITE_RUN=accuracy ARENA_SCALING=curve \
    node --test --test-concurrency=1 tests/
