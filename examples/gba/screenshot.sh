#!/usr/bin/env bash
# Plays the ROM's attract mode (the scripted run) in mGBA on a virtual X display and saves
# one frame, at twice the GBA's 240×160:
#
#   bash examples/gba/screenshot.sh [OUT.png] [SECONDS]     (default: docs/gba.png after 2.6 s)
#
# The emulator runs in real time, so the moment caught varies by a few frames.
# Installs Debian's mgba-sdl, xvfb and imagemagick if they are missing.
set -euo pipefail
cd "$(dirname "$0")"
out=$(realpath -m "${1:-../../docs/gba.png}")
delay=${2:-2.6}
need=()
command -v mgba >/dev/null || [ -x /usr/games/mgba ] || need+=(mgba-sdl)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v import >/dev/null && import -version >/dev/null 2>&1 || need+=(imagemagick)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y --no-install-recommends "${need[@]}" >/dev/null
fi
mgba=$(command -v mgba || echo /usr/games/mgba)
cargo build --quiet --release

display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 480x320x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" "${emu:-}" 2>/dev/null || true' EXIT
sleep 1
DISPLAY=$display SDL_AUDIODRIVER=dummy "$mgba" -2 target/armv4t-none-eabi/release/slopes-gba >/dev/null 2>&1 &
emu=$!
sleep "$delay"
DISPLAY=$display import -window root "$out"
echo "$out"
