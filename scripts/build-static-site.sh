#!/usr/bin/env bash
# Writes the static site: the play and analyse pages of arena serve, with
# the games and searches compiled to WebAssembly so they run in the
# browser and any static file host serves them (no arena serve behind
# them; tournaments still need arena serve). Usage:
#   scripts/build-static-site.sh [OUT]      (default OUT: target/site)
# Needs the wasm32-unknown-unknown target (rustup target add
# wasm32-unknown-unknown) and wasm-bindgen-cli of exactly the version of
# the wasm-bindgen crate in Cargo.lock (the error below says which).
# Serve OUT with any static server that sends .wasm as application/wasm,
# e.g. python3 -m http.server -d OUT.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/site}
want=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
    echo "wasm-bindgen-cli $want is needed (found: ${have:-none}):" >&2
    echo "  cargo install wasm-bindgen-cli --version $want" >&2
    exit 1
fi
cargo build -p abstracta-wasm --profile wasm --target wasm32-unknown-unknown
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
rm -rf "$out"
mkdir -p "$out/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$out/pkg" \
    "$target_dir/wasm32-unknown-unknown/wasm/abstracta_wasm.wasm"
web=crates/server/src/web
cp "$web"/*.js "$web"/*.css "$web"/favicon.svg "$out/"
# The page marks itself as the static build, and its links become
# relative so the site works under any folder of a host.
sed -e 's|<head>|<head>\n<meta name="abstracta-backend" content="wasm">|' \
    -e 's|="/|="./|g' "$web/index.html" >"$out/index.html"
echo "static site in $out ($(du -sh "$out" | cut -f1))"
