#!/usr/bin/env bash
# Runs an agb test build in mGBA (Debian's mgba-sdl) with no window and no sound, reads
# agb's test harness from mGBA's debug log, stops mGBA when the tests end (it would run
# on), and prints `N passed, N failed`. Exit status 0 only when every test passed.
#
#   CARGO_TARGET_THUMBV4T_NONE_EABI_RUNNER=$PWD/mgba-test-runner.sh cargo test --release --bin slopes-gba
#
# MGBA_TIMEOUT (seconds, default 300) bounds a run that neither finishes nor fails.
set -uo pipefail
elf=${1:?usage: mgba-test-runner.sh TEST-ELF}
mgba=$(command -v mgba || echo /usr/games/mgba)
limit=${MGBA_TIMEOUT:-300}
log=$(mktemp)
trap 'kill "${pid:-}" 2>/dev/null; rm -f "$log"' EXIT

# stdbuf: mGBA writes its log through stdio, which would hold it back in a buffer.
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout "$limit" \
  stdbuf -oL "$mgba" -C logToStdout=1 -C logLevel.gba.debug=127 "$elf" >"$log" 2>&1 &
pid=$!
outcome=
while kill -0 "$pid" 2>/dev/null; do
  if grep -q 'Tests finished successfully' "$log"; then
    outcome=finished
    break
  fi
  if grep -q '\[failed\]' "$log"; then
    # the panic's message follows the mark, once agb has drawn its crash screen
    for _ in $(seq 50); do
      grep -q 'Error: ' "$log" && break
      sleep 0.1
    done
    outcome=failed
    break
  fi
  sleep 0.2
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
# mGBA may have ended between two looks
if [ -z "$outcome" ] && grep -q 'Tests finished successfully' "$log"; then
  outcome=finished
fi

sed 's/^GBA [A-Za-z]*: //' "$log"
passed=$(grep -c '\[ok\]' "$log")
failed=$(grep -c '\[failed\]' "$log")
if [ -z "$outcome" ]; then
  echo "mGBA stopped before the tests finished (after at most ${limit} s):" >&2
  tail -n 20 "$log" >&2
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$outcome" = finished ] && [ "$failed" = 0 ]
