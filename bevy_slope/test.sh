#!/usr/bin/env bash
# The Bevy plugin's checks, as CI runs them: formatting, lints, the tests (headless: the
# trace against slope_runtime::Scene, hot reload, rollback, levels, the README's snippet;
# the Rapier comparison's behaviour facts),
# then the example in a real window under Xvfb for 150 frames, whose screenshot must equal
# docs/bevy.png byte for byte (a counted run steps once a frame, so it is the same picture
# every run).
#
# Installs what it uses: the toolchain of rust-toolchain.toml (Bevy 0.20 needs 1.97.1) and,
# from Debian, what Bevy links (libudev through gilrs, found by pkg-config) and what draws
# the window without a GPU (Xvfb, Mesa's software Vulkan driver).
set -euo pipefail
cd "$(dirname "$0")"

toolchain=$(sed -n 's/^channel = "\(.*\)"$/\1/p' rust-toolchain.toml)
rustup toolchain install "$toolchain" --profile minimal --component clippy,rustfmt

packages=(pkg-config libudev-dev xvfb xauth mesa-vulkan-drivers libvulkan1
  libxkbcommon-x11-0 libxcursor1 libxi6 libxrandr2)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# A build from scratch gains nothing from incremental state, which takes gigabytes here.
export CARGO_INCREMENTAL=0

# each step's wall time, printed as the next one starts and at the end
step_start=$SECONDS
step() {
  [ -n "${step_named:-}" ] && printf '(%d s)\n' "$((SECONDS - step_start))"
  step_named=1 step_start=$SECONDS
  printf '\n--> %s\n' "$*"
}

step "formatting, and lints of the plugin without its default features"
cargo fmt --all -- --check
# the plugin without its default features (no picture, no file watching), as a server or
# a game with its own art builds it
cargo clippy --lib --no-default-features -- -D warnings
step "docs"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
# From here on the workspace's own crates compile through clippy-driver (as `cargo clippy`
# runs it), warnings denied: the test build and the example's are linted as they are built,
# instead of in a check build of all of Bevy and Rapier of their own (minutes on two cores).
# Dependencies are built as usual (cargo caps their lints).
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver)
RUSTFLAGS="-D warnings"
export RUSTC_WORKSPACE_WRAPPER RUSTFLAGS
step "tests (the plugin's, and the Rapier comparison's behaviour facts), linted"
cargo test --workspace --all-targets
cargo test --workspace --doc

step "the example in a window under Xvfb, its screenshot against docs/bevy.png"
# Built with the features the test build resolved over the whole workspace (the Rapier
# comparison's included): `cargo run` here would resolve this package's alone and rebuild
# much of Bevy for them. Run as `cargo run` runs it: Bevy finds `assets/` through
# CARGO_MANIFEST_DIR.
cargo build --workspace --examples
target=${CARGO_TARGET_DIR:-target}
shot=$target/bevy.png
rm -f "$shot"
CARGO_MANIFEST_DIR=$PWD xvfb-run -a -s "-screen 0 1280x720x24" \
  "$target/debug/examples/platformer" --frames 150 --screenshot "$shot"
test -s "$shot"
if ! cmp "$shot" ../docs/bevy.png; then
  echo "docs/bevy.png differs from the example's screenshot: from bevy_slope/, run" >&2
  echo "  xvfb-run -a -s \"-screen 0 1280x720x24\" cargo run --example platformer -- --frames 150 --screenshot ../docs/bevy.png" >&2
  exit 1
fi
printf '(%d s)\n' "$((SECONDS - step_start))"
echo "bevy_slope: checks passed"
