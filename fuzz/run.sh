#!/usr/bin/env bash
# Builds every fuzz target and runs each for SECONDS (default 10), from its seeds (the
# repository's test files listed in fuzz/seeds/TARGET) and the corpus earlier runs on this
# machine grew (fuzz/target/corpus/TARGET). Fails on any crash, hang (a run of one input
# past 10 s), or memory past the bounds below; prints per target the executions, the time
# and the coverage libFuzzer reached.
#
#   bash fuzz/run.sh            # every target, 10 s each (CI)
#   bash fuzz/run.sh 600        # every target, 10 minutes each
#   bash fuzz/run.sh 3600 mover # one target, an hour
#
# Needs cargo-fuzz (`cargo install cargo-fuzz --locked`) and the nightly of
# fuzz/rust-toolchain.toml (rustup installs it on first use).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-10}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list)
fi

# The bounds each input is held to: its run's time, the process's resident memory, and any
# one allocation. Standard output closed: slopegen's targets print the `cargo:` lines a
# build script prints.
bounds=(-timeout=10 -rss_limit_mb=1024 -malloc_limit_mb=256 -close_fd_mask=1)

cargo fuzz build
summary=()
for target in "${targets[@]}"; do
  corpus=target/corpus/$target
  mkdir -p "$corpus"
  if [ -f "seeds/$target" ]; then
    while read -r seed; do
      cp "../$seed" "$corpus/seed-$(basename "$seed")"
    done < "seeds/$target"
  fi
  dict=()
  case $target in
    tiled_xml) dict=(-dict=dict/xml.dict) ;;
    tiled_json | ldtk_raw) dict=(-dict=dict/json.dict) ;;
    tile_png) dict=(-dict=dict/png.dict) ;;
  esac
  log=target/fuzz-$target.log
  echo "==> $target: $seconds s"
  if ! cargo fuzz run "$target" "$corpus" -- -max_total_time="$seconds" "${bounds[@]}" \
      "${dict[@]}" -print_final_stats=1 >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz target $target failed: its log is fuzz/$log, the input under fuzz/artifacts/$target/" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
  units=$(ls "$corpus" | wc -l)
  summary+=("$(printf '%-18s %10s runs %6s s  cov %5s  ft %6s  corpus %5s' \
    "$target" "$runs" "$seconds" "$cov" "$ft" "$units")")
done
echo
printf '%s\n' "${summary[@]}"
