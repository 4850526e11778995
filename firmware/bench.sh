#!/usr/bin/env bash
# The movement benchmark on a Cortex-M0 build, counted in executed instructions, plus the
# runtime's stack high-water mark and code size.
#
# - Builds `src/bin/bench.rs` for thumbv6m-none-eabi (release: opt-level "z", LTO) and runs
#   it under qemu-system-arm -machine mps2-an385 (a Cortex-M3 with 4 MiB of RAM, which runs
#   the M0 build unchanged) with a TCG plugin (qemu/insn_count.c, built here with cc) that
#   counts executed instructions and records the count at each call of `bench_mark`. The
#   firmware runs both crowds of slope-bench (1,000 actors, 120 warm-up frames, 60
#   measured) on the runtime, the bit-mask baseline and the naive baseline, and fails if
#   their trajectories (a checksum of positions and contacts) differ; then the growth table
#   (100 actors of one box size at one walking speed per cell) on the runtime and the
#   bit-mask baseline, which must agree too; then the mixed crowd with centre feet on the
#   runtime alone (its instructions and stack).
# - Stack: the most bytes World::step (over both crowds) and move_platform (a platform
#   scenario) use below the stack pointer of the loop that calls them (painted stack).
# - Maps: `src/bin/maps.rs`, run the same way, moves the mixed crowd over the level as a
#   GridMap (RAM) and as a PackedMap (flash), checks the trajectories are identical, and times
#   cell lookups on each map alone.
# - Game: `game/src/bin/game.rs`, the README's quick start on a micro:bit (a Tiled level built by
#   slopegen in build.rs, a lift moved through `Platforms`, 8 actors stepped per frame), run
#   under qemu-system-arm -machine microbit. Its code: flash of `game` minus flash of
#   `game_base` (the same firmware with the runtime's calls stood in for) minus the blob and
#   the packed map; its stack: the most bytes a frame uses below the frame loop's stack
#   pointer (painted stack). Printed beside the targets (16,384 B of code, 1,024 B of
#   stack for a frame). Its release ELF must not contain the panic marker. Built as its
#   actors need the runtime (without its optional features), and again with the runtime's
#   default features (its code printed too): both builds must play alike.
# - API: flash of `api` (every public function of slope-runtime called once) minus flash of
#   `api_base` (the same firmware without the calls) minus the blob: the code of the whole
#   public API, without a budget; its release ELF must not contain the panic marker either.
#
# The last three lines:
#   m0 mixed runtime=<n> bitmask=<n> naive=<n>     (instructions per actor-frame)
#   m0 large runtime=<n> bitmask=<n> naive=<n>
#   m0 code=<game code bytes> stack=<game frame stack bytes> api=<whole-API code bytes>
#
# BENCH_PROFILE=N also prints the N functions that executed the most instructions over the
# whole run (every engine, warm-up frames and checks included), from the plugin's profile
# by block.
#
# Needs: cargo with the thumbv6m-none-eabi target, qemu-system-arm (7.2 or newer, with
# plugin support), a C compiler (cc), binutils (nm, size).
set -euo pipefail
cd "$(dirname "$0")"

missing=()
command -v cargo >/dev/null 2>&1 || missing+=("cargo (install Rust with rustup)")
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx thumbv6m-none-eabi; then
  missing+=("the thumbv6m-none-eabi target (rustup target add thumbv6m-none-eabi)")
fi
command -v qemu-system-arm >/dev/null 2>&1 || missing+=("qemu-system-arm (apt-get install -y qemu-system-arm)")
command -v cc >/dev/null 2>&1 || missing+=("a C compiler, cc (apt-get install -y gcc)")
for tool in nm size; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool (apt-get install -y binutils)")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench.sh: missing:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
started=$SECONDS

cc -shared -fPIC -O2 -Wall -Wextra -o "$tmp/libinsn_count.so" qemu/insn_count.c
cargo build --release --quiet --bin bench --bin maps --bin api --bin api_base
release=${CARGO_TARGET_DIR:-target}/thumbv6m-none-eabi/release
# The game twice: with the runtime's default features, then as a game whose actors use
# neither centre feet nor equal slope speed builds it (without them); both must play alike.
cargo build --release --quiet -p firmware-game --features runtime-defaults
cp "$release/game" "$tmp/game_defaults"
cargo build --release --quiet -p firmware-game
elf=$release/bench

mark=$(nm "$elf" | awk '$3 == "bench_mark" { print "0x" $1 }')
if [ -z "$mark" ]; then
  echo "FAIL: no bench_mark symbol in $elf" >&2
  exit 1
fi

plugin="$tmp/libinsn_count.so,mark=$mark,out=$tmp/marks.txt"
profile=${BENCH_PROFILE:-0}
if [ "$profile" != 0 ]; then
  plugin+=",blocks=$tmp/blocks.txt"
fi
status=0
timeout 1200 qemu-system-arm -cpu cortex-m3 -machine mps2-an385 -nographic \
  -semihosting-config enable=on,target=native -plugin "$plugin" \
  -kernel "$elf" > "$tmp/out.txt" 2> "$tmp/err.txt" || status=$?
cat "$tmp/out.txt"
if [ "$status" != 0 ]; then
  cat "$tmp/err.txt" >&2
  echo "FAIL: the firmware bench exited with status $status (engines disagree, or it crashed)" >&2
  exit 1
fi

if [ "$profile" != 0 ]; then
  # Each block's instructions × executions, summed per function: blocks and function
  # symbols (Thumb bit cleared; no mapping symbols) merged by address, as 8-digit hex.
  echo "the $profile functions that executed the most instructions (whole run):"
  {
    nm -C -n "$elf" | awk '
      BEGIN { n = split("0 1 2 3 4 5 6 7 8 9 a b c d e f", hex)
              for (i = 1; i <= n; i++) even[hex[i]] = hex[i - (i + 1) % 2] }
      $2 ~ /^[tTW]$/ && $3 !~ /^\$/ {
        a = substr($1, 1, length($1) - 1) even[substr($1, length($1))]
        $1 = ""; $2 = ""; sub(/^  /, ""); print a, "S", $0 }'
    awk '{ print substr("00000000" $1, length($1) + 1), "B", $2 * $3 }' "$tmp/blocks.txt"
  } | LC_ALL=C sort -k1,1 -k2,2r | awk '
      $2 == "S" { $1 = ""; $2 = ""; sub(/^  /, ""); fn = $0; next }
      { sum[fn] += $3; total += $3 }
      END { for (f in sum) printf "%14.0f %5.1f%%  %s\n", sum[f], 100 * sum[f] / total, f }' \
    | sort -rn | awk -v n="$profile" 'NR <= n'  # reads it all: `head` would leave sort a broken pipe
fi

# Marks: two back to back (one mark's own cost), then before/after each engine's measured
# frames: mixed runtime, bitmask, naive, then large runtime, bitmask, naive.
mapfile -t marks < <(awk '$1 == "mark" { print $2 }' "$tmp/marks.txt")
# Then the growth table: 100 actors of one size at one speed per cell, on the runtime and
# then on the bit-mask sweep.
growth_sizes=(4x6 8x14 16x16 24x32 32x48 64x64)
growth_speeds=(0.5 1 2 4 8 16)
# Then World::ground_angle: the mixed crowd, every actor asked once after each of 10 frames.
angle_frames=10
# Then the mixed crowd with centre feet, on the runtime alone; then one load of the blob.
expected=$((14 + 4 * ${#growth_sizes[@]} * ${#growth_speeds[@]} + 2 * angle_frames + 2 + 2))
if [ ${#marks[@]} -ne "$expected" ]; then
  cat "$tmp/marks.txt" >&2
  echo "FAIL: expected $expected marks from the plugin, got ${#marks[@]}" >&2
  exit 1
fi
actor_frames=$((60 * 1000))
mark_cost=$((marks[1] - marks[0]))
per_actor_frame() {  # $1: index of the engine's first mark, $2: actor-frames; rounded
  local frames=${2:-$actor_frames}
  local executed=$((marks[$1 + 1] - marks[$1] - mark_cost))
  echo $(((executed + frames / 2) / frames))
}
mixed="runtime=$(per_actor_frame 2) bitmask=$(per_actor_frame 4) naive=$(per_actor_frame 6)"
large="runtime=$(per_actor_frame 8) bitmask=$(per_actor_frame 10) naive=$(per_actor_frame 12)"
growth_table() {  # $1: engine name, $2: its marks' offset in a cell (0 runtime, 2 bit-mask)
  echo "$1 instructions per actor-frame by box size (rows) and walking speed in px per frame (columns), 100 actors; the rise from the first speed to the last:"
  printf '%8s' "" "${growth_speeds[@]}" "rise"; echo
  local i=$((14 + $2)) first cost
  for size in "${growth_sizes[@]}"; do
    printf '%8s' "$size"
    first=
    for _ in "${growth_speeds[@]}"; do
      cost=$(per_actor_frame "$i" $((60 * 100)))
      first=${first:-$cost}
      printf '%8s' "$cost"
      i=$((i + 4))
    done
    printf '%+8d\n' "$((cost - first))"
  done
}
growth_table runtime 0
growth_table bit-mask 2
i=$((14 + 4 * ${#growth_sizes[@]} * ${#growth_speeds[@]}))
read -r asked on_cell < <(sed -n 's/^angles asked=\([0-9]*\) on_cell=\([0-9]*\).*/\1 \2/p' "$tmp/out.txt")
angle_total=0
for ((k = 0; k < angle_frames; k++)); do
  angle_total=$((angle_total + marks[i + 1] - marks[i] - mark_cost))
  i=$((i + 2))
done
echo "World::ground_angle on the mixed crowd ($asked asks over $angle_frames frames after the warm-up, $on_cell on a cell): $(((angle_total + asked / 2) / asked)) instructions per ask, $(((angle_total + on_cell / 2) / on_cell)) per ask on a cell; a game that never asks runs none of it"
read -r centre_stack < <(sed -n 's/^centre feet checksum=[0-9a-f]* stack=\([0-9]*\).*/\1/p' "$tmp/out.txt")
echo "the mixed crowd with centre feet, runtime alone: $(per_actor_frame "$i") instructions per actor-frame (box feet: $(per_actor_frame 2)), World::step ${centre_stack:-?} B of stack below its caller"
i=$((i + 2))
read -r blob_bytes < <(sed -n 's/^load accepted=true bytes=\([0-9]*\).*/\1/p' "$tmp/out.txt")
echo "Tables::from_bytes of the default tiles' blob (${blob_bytes:-?} B), at run time (a blob read from a file; the generated module validates its blob when the game compiles): $((marks[i + 1] - marks[i] - mark_cost)) instructions"
echo "instructions executed in all: $(awk '$1 == "executed" { print $2 }' "$tmp/marks.txt"); one mark costs $mark_cost (subtracted)"

# The level in RAM (GridMap) against the level in flash (PackedMap): src/bin/maps.rs.
maps_elf=$release/maps
maps_mark=$(nm "$maps_elf" | awk '$3 == "bench_mark" { print "0x" $1 }')
status=0
timeout 600 qemu-system-arm -cpu cortex-m3 -machine mps2-an385 -nographic \
  -semihosting-config enable=on,target=native \
  -plugin "$tmp/libinsn_count.so,mark=$maps_mark,out=$tmp/maps.txt" \
  -kernel "$maps_elf" > "$tmp/maps_out.txt" 2> "$tmp/maps_err.txt" || status=$?
cat "$tmp/maps_out.txt"
if [ "$status" != 0 ]; then
  cat "$tmp/maps_err.txt" >&2
  echo "FAIL: the maps bench exited with status $status (GridMap and PackedMap disagree, or it crashed)" >&2
  exit 1
fi
mapfile -t maps < <(awk '$1 == "mark" { print $2 }' "$tmp/maps.txt")
if [ ${#maps[@]} -ne 10 ]; then
  cat "$tmp/maps.txt" >&2
  echo "FAIL: expected 10 marks from the maps bench, got ${#maps[@]}" >&2
  exit 1
fi
lookups=$(sed -n 's/^lookups \([0-9]*\) per map$/\1/p' "$tmp/maps_out.txt")
between() {  # $1: index of the first mark, $2: what to divide by; one decimal
  awk -v a="${maps[$1]}" -v b="${maps[$1 + 1]}" -v m="$((maps[1] - maps[0]))" -v n="$2" \
    'BEGIN { printf "%.1f", (b - a - m) / n }'
}
percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }'; }
on_grid=$(between 2 "$actor_frames")
on_packed=$(between 4 "$actor_frames")
grid_lookup=$(between 6 "$lookups")
packed_lookup=$(between 8 "$lookups")
echo "the mixed crowd, runtime instructions per actor-frame: level in RAM (GridMap) $on_grid, in flash (PackedMap) $on_packed ($(percent "$on_packed" "$on_grid"))"
echo "one cell lookup and its loop: GridMap $grid_lookup instructions, PackedMap $packed_lookup ($(percent "$packed_lookup" "$grid_lookup"))"

read -r step_stack lift_stack window < <(sed -n 's/^stack step=\([0-9]*\) platforms=\([0-9]*\) window=\([0-9]*\).*/\1 \2 \3/p' "$tmp/out.txt")
if [ -z "${window:-}" ]; then
  echo "FAIL: the firmware bench printed no stack line" >&2
  exit 1
fi
stack=$((step_stack > lift_stack ? step_stack : lift_stack))
if [ "$stack" -ge "$window" ]; then
  echo "FAIL: the stack used reaches the painted window ($window B): widen WINDOW in src/bin/bench.rs" >&2
  exit 1
fi
echo "stack below the caller's stack pointer: World::step $step_stack B (both crowds), move_platform and World::step with platforms $lift_stack B"

flash() { size -A "$1" | awk '$1==".vector_table"||$1==".text"||$1==".rodata"{s+=$2} END{print s}'; }
no_panic_path() {  # $1: the ELF, $2: what it is
  if nm "$1" | grep -q panic_is_possible; then
    if [ "${BENCH_ALLOW_PANIC:-0}" = 1 ]; then
      echo "WARNING: panic_is_possible is in the $2 release ELF: a panic path survives optimisation" >&2
    else
      echo "FAIL: panic_is_possible is in the $2 release ELF: a panic path survives optimisation" >&2
      exit 1
    fi
  else
    echo "no panic path: panic_is_possible is not in the $2 release ELF"
  fi
}
blob=$(stat -c %s ../slope-runtime/tests/data/tiles.bin)
api=$(flash "$release/api")
base=$(flash "$release/api_base")
api_code=$((api - base - blob))
echo "code: every public function of slope-runtime: flash $api B - $base B without the calls - $blob B of blob = $api_code B"
no_panic_path "$release/api" all-API

# The game: game/src/bin/game.rs on QEMU's micro:bit, its code against game_base's flash.
play_game() { # ELF, output file
  local status=0
  timeout 300 qemu-system-arm -cpu cortex-m0 -machine microbit -nographic \
    -semihosting-config enable=on,target=native \
    -kernel "$1" > "$2" 2> "$tmp/game_err.txt" || status=$?
  if [ "$status" != 0 ]; then
    cat "$2" "$tmp/game_err.txt" >&2
    echo "FAIL: the game ($1) exited with status $status (its level was refused, an actor never met one of the level's features, or it crashed)" >&2
    exit 1
  fi
}
play_game "$tmp/game_defaults" "$tmp/game_defaults_out.txt"
play_game "$release/game" "$tmp/game_out.txt"
cat "$tmp/game_out.txt"
if ! cmp -s <(grep '^game frames=' "$tmp/game_defaults_out.txt") <(grep '^game frames=' "$tmp/game_out.txt"); then
  echo "FAIL: the game plays differently with the runtime's default features:" >&2
  grep '^game frames=' "$tmp/game_defaults_out.txt" "$tmp/game_out.txt" >&2
  exit 1
fi
read -r game_blob game_map game_stack game_window < <(sed -n 's/^game blob=\([0-9]*\) map=\([0-9]*\) stack=\([0-9]*\) window=\([0-9]*\)$/\1 \2 \3 \4/p' "$tmp/game_out.txt") || true
if [ -z "${game_window:-}" ]; then
  echo "FAIL: the game printed no blob/map/stack line" >&2
  exit 1
fi
if [ "$game_stack" -ge "$game_window" ]; then
  echo "FAIL: the game's frame stack reaches the painted window ($game_window B): widen WINDOW in src/play.rs" >&2
  exit 1
fi
game=$(flash "$release/game")
game_base=$(flash "$release/game_base")
game_code=$((game - game_base - game_blob - game_map))
echo "code: the game: flash $game B - $game_base B without the runtime's calls - $game_blob B of blob - $game_map B of map = $game_code B"
game_defaults_code=$(($(flash "$tmp/game_defaults") - game_base - game_blob - game_map))
echo "code: the same game with the runtime's default features (centre feet, equal slope speed, any tile size), playing alike: $game_defaults_code B"
no_panic_path "$tmp/game_defaults" "game (default features)"
no_panic_path "$release/game" game
grouped() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<< "$1"; }
echo "game code $(grouped "$game_code") B (target 16,384 B), frame stack $(grouped "$game_stack") B (target 1,024 B)"
echo "bench.sh took $((SECONDS - started)) s"

echo "m0 mixed $mixed"
echo "m0 large $large"
echo "m0 code=$game_code stack=$game_stack api=$api_code"
