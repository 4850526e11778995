#!/usr/bin/env bash
# The Game Boy Advance example, checked end to end (CI runs this):
#  0. formatting and clippy, on the host's and the ROM's code;
#  1. slope-runtime alone for the GBA's ARMv4T, in Thumb and in ARM state: no atomics (it
#     must build with core only), no floating point (no soft-float calls in its code);
#  2. on the host: the game's rules replay the scripted run into tests/data/trace.txt;
#  3. in mGBA (Debian's mgba-sdl, headless): agb's test harness runs the ROM's tests: the
#     same scripted run, frame for frame against that trace, and the frame's cost from
#     agb's timers;
#  4. the release ROM: its size, static IWRAM and EWRAM, and the runtime's share.
# Installs what it uses: the pinned nightly with rust-src and llvm-tools, and mgba-sdl.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
# where cargo builds, here and at the root (CARGO_TARGET_DIR, when set, serves both)
root_target=${CARGO_TARGET_DIR:-$root/target}
target=${CARGO_TARGET_DIR:-target}

# each step's wall time, printed as the next one starts and at the end
step_start=$SECONDS
step() {
  [ -n "${step_named:-}" ] && printf '(%d s)\n' "$((SECONDS - step_start))"
  step_named=1 step_start=$SECONDS
  printf '\n--> %s\n' "$*"
}

toolchain=$(sed -n 's/^channel = "\(.*\)"$/\1/p' rust-toolchain.toml)
rustup toolchain install "$toolchain" --profile minimal --component rust-src,llvm-tools,clippy >/dev/null
tools="$(rustc "+$toolchain" --print sysroot)/lib/rustlib/$(rustc "+$toolchain" -vV | sed -n 's/^host: //p')/bin"
if ! command -v mgba >/dev/null && [ ! -x /usr/games/mgba ]; then
  apt-get update -qq && apt-get install -y --no-install-recommends mgba-sdl >/dev/null
fi

step "slope-runtime for ARMv4T in Thumb and ARM state (no atomics): builds with core only, calls no float routine"
# thumbv4t-none-eabi is agb's default target, armv4t-none-eabi the one this game builds for
for triple in thumbv4t-none-eabi armv4t-none-eabi; do
  (cd "$root" && cargo "+$toolchain" build --quiet -Z build-std=core --release -p slope-runtime --target $triple)
  rlib=$(ls -t "$root_target"/$triple/release/deps/libslope_runtime-*.rlib | head -n 1)
  symbols=$("$tools/llvm-nm" "$rlib" 2>/dev/null)
  # the check reads the runtime's own objects: it must see its functions and what they call
  if ! grep -q 'slope_runtime' <<<"$symbols" || ! grep -q ' U ' <<<"$symbols"; then
    echo "could not read the symbols of $rlib" >&2
    exit 1
  fi
  forbidden=$(grep -E ' U (__aeabi_([fd]|u?[il]2[fd]|ul2[fd])|__(add|sub|mul|div|neg|cmp|fix|float|extend|trunc)[a-z]*[sdt]f|__sync_|__atomic_)' <<<"$symbols" || true)
  if [ -n "$forbidden" ]; then
    echo "slope-runtime calls floating-point or atomic routines on $triple:" >&2
    echo "$forbidden" >&2
    exit 1
  fi
  echo "$triple: no atomics, no float"
done

step "the game's rules on the host: formatted, clippy-clean, the scripted run equals tests/data/trace.txt"
# from the repository's root, so that this folder's GBA cargo config does not apply
(
  cd "$root"
  manifest=examples/gba/Cargo.toml
  cargo fmt --manifest-path $manifest -- --check
  cargo clippy --quiet --manifest-path $manifest --lib -- -D warnings
  cargo clippy --quiet --manifest-path $manifest --lib --profile test -- -D warnings
  cargo test --quiet --manifest-path $manifest --lib
)

step "the ROM's code, clippy-clean (the game and its mGBA tests)"
cargo clippy --quiet --release --bin slopes-gba -- -D warnings
cargo clippy --quiet --profile test --bin slopes-gba -- -D warnings

step "the ROM's tests in mGBA: the scripted run frame for frame, the frame's cost, no panic"
CARGO_TARGET_ARMV4T_NONE_EABI_RUNNER="$PWD/mgba-test-runner.sh" cargo test --release --bin slopes-gba

step "the ROM"
cargo build --quiet --release
elf=$target/armv4t-none-eabi/release/slopes-gba
"$tools/llvm-objcopy" -O binary "$elf" "$target/slopes-gba.gba"
rom=$(stat -c %s "$target/slopes-gba.gba")
section() { "$tools/llvm-size" -A "$elf" | awk -v s="$1" '$1 == s { print $2 }'; }
iwram=$(section .iwram)
ewram=$(($(section .ewram) + $(section .bss)))
runtime=0
while read -r _ size _ name; do
  runtime=$((runtime + 16#$size))
done < <("$tools/llvm-nm" --print-size --demangle "$elf" | grep 'slope_runtime::')
# slopes.ld puts the movement's hot functions in IWRAM: each of its patterns must still
# name a function there (a rename would quietly send it back to ROM), and the stack, which
# grows down from 0x03007F00 towards them, must keep 6 KiB.
"$tools/llvm-nm" "$elf" | python3 -c '
import fnmatch, re, sys
patterns = re.findall(r"\*\(\.text\.(\S+?)\);", open("slopes.ld").read())
symbols = [line.split() for line in sys.stdin if len(line.split()) == 3]
iwram = [name for address, _, name in symbols if address.startswith("03")]
missing = [p for p in patterns if not any(fnmatch.fnmatchcase(n, p) for n in iwram)]
if not patterns or missing:
    sys.exit(f"slopes.ld: no function in IWRAM matches {missing or patterns}")
print(f"iwram code: {len(patterns)} patterns of slopes.ld, each in IWRAM")'
stack_room=$((0x7F00 - iwram))
if [ "$stack_room" -lt 6144 ]; then
  echo "IWRAM leaves the stack $stack_room bytes (below 6 KiB): move fewer functions in slopes.ld" >&2
  exit 1
fi
echo "rom=$rom bytes ($target/slopes-gba.gba; a cartridge holds up to 32 MiB)"
echo "iwram=$iwram bytes static of 32 KiB (the hot code included; $stack_room bytes left for the stack), ewram=$ewram bytes static of 256 KiB"
echo "slope_runtime in the ROM, about: $runtime bytes (symbols named slope_runtime::, generic code of other crates they instantiate included, code inlined into the game not)"
printf '(%d s)\n' "$((SECONDS - step_start))"
