#!/usr/bin/env bash
# Builds the playground's wasm module and puts it beside the page: playground/web/playground.wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build -p playground --release --target wasm32-unknown-unknown
cp target/wasm32-unknown-unknown/release/playground.wasm playground/web/playground.wasm
echo "built playground/web/playground.wasm ($(wc -c < playground/web/playground.wasm) bytes)"
