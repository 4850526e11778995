#!/usr/bin/env bash
# Builds the firmware, runs it under QEMU (micro:bit, Cortex-M0), compares its trace with
# the host's, proves the release ELF has no panic path, and prints the sizes.
# Needs: qemu-system-arm, the thumbv6m-none-eabi target, binutils (nm, size).
set -euo pipefail
cd "$(dirname "$0")"
elf=target/thumbv6m-none-eabi/release/firmware
empty=target/thumbv6m-none-eabi/release/empty
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo build --release --quiet
timeout 300 qemu-system-arm -cpu cortex-m0 -machine microbit -nographic \
  -semihosting-config enable=on,target=native -kernel "$elf" > "$tmp/firmware.txt" 2> "$tmp/stderr.txt"
(cd .. && cargo run --quiet -p slope-scenario --example trace) > "$tmp/host.txt"
if ! diff -u "$tmp/host.txt" "$tmp/firmware.txt" > "$tmp/diff.txt"; then
  head -20 "$tmp/diff.txt"
  echo "FAIL: the firmware's trace differs from the host's" >&2
  exit 1
fi
echo "firmware trace == host trace ($(wc -l < "$tmp/host.txt") lines, $(tail -1 "$tmp/host.txt"))"

if nm "$elf" | grep -q panic_is_possible; then
  echo "FAIL: panic_is_possible is in the release ELF: some panic path survives optimisation" >&2
  nm -C "$elf" | grep -i panic >&2 || true
  exit 1
fi
echo "no panic path: panic_is_possible is not in the release ELF"

flash() { size -A "$1" | awk '$1==".vector_table"||$1==".text"||$1==".rodata"{s+=$2} END{print s}'; }
runtime=0
while read -r _ size _ name; do
  case "$name" in
    *slope_scenario*) ;;  # the scenario's own code (e.g. its TileMap impl)
    *slope_runtime::*) runtime=$((runtime + 0x$size)) ;;
  esac
done < <(nm -C -S "$elf" | awk 'NF>=4')
blob=$(stat -c %s ../slope-runtime/tests/data/tiles.bin)
echo "on target: $(cat "$tmp/stderr.txt")"
echo "flash (.vector_table + .text + .rodata): firmware $(flash "$elf") B, empty firmware $(flash "$empty") B"
echo "of which: blob $blob B, slope_runtime functions $runtime B (the rest: the scenario, core::fmt, semihosting, compiler builtins)"
