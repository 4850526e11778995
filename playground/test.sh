#!/usr/bin/env bash
# The playground in a real browser: installs Chromium (Debian's) and Node.js if missing, builds
# the wasm module, runs the plan natively for the expected positions, then drives the page in
# headless Chromium (playground/test/browser.mjs). Screenshot: target/playground.png.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium fonts-dejavu-core)
command -v node >/dev/null 2>&1 || need+=(nodejs)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y --no-install-recommends "${need[@]}"
fi

bash playground/build.sh
mkdir -p target
cargo run --quiet -p playground --example plan > target/playground-plan.json
node playground/test/browser.mjs target/playground-plan.json playground/web target/playground.png
