#!/usr/bin/env bash
# Where the game's stack goes on a Cortex-M0: runs firmware/game/src/bin/game.rs under QEMU's
# micro:bit with a plugin (qemu/stack_path.c) that finds the lowest stack address a frame
# stores to, and prints the calls open at that store, outermost first, each with its own
# frame (the bytes its prologue pushes and reserves, read from `llvm-objdump -d`), then
# the game's painted figure (what `bench.sh` reports as `stack=`).
#
#   bash firmware/stack.sh [CARGO BUILD OPTIONS]   e.g. --features runtime-defaults: the
#                                                 runtime with its default features
#
# Needs what bench.sh needs, plus python3 and llvm-objdump.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -shared -fPIC -O2 -Wall -Wextra -o "$tmp/libstack_path.so" qemu/stack_path.c
cargo build --release --quiet -p firmware-game "$@"
elf=${CARGO_TARGET_DIR:-target}/thumbv6m-none-eabi/release/game
start=$(nm "$elf" | awk '$3 ~ /play9one_frame/ && !found { print "0x" $1; found = 1 }')
# The report after the frames, whose formatting goes deeper than they do, is left out.
stop=$(nm "$elf" | awk '$3 ~ /Out.*Write.*write_str/ && !found { print "0x" $1; found = 1 }')
if [ -z "$start" ] || [ -z "$stop" ]; then
  echo "FAIL: no one_frame or Out::write_str symbol in $elf" >&2
  exit 1
fi
status=0
timeout 300 qemu-system-arm -cpu cortex-m0 -machine microbit -nographic \
  -semihosting-config enable=on,target=native \
  -plugin "$tmp/libstack_path.so,start=$start,stop=$stop,out=$tmp/path.txt" \
  -kernel "$elf" > "$tmp/out.txt" || status=$?
if [ "$status" != 0 ]; then
  cat "$tmp/out.txt"
  echo "FAIL: the game exited with status $status under QEMU" >&2
  exit 1
fi
python3 - "$elf" "$tmp/path.txt" "$start" "$tmp/out.txt" <<'PY'
import bisect, re, subprocess, sys

elf, path, start, out = sys.argv[1], sys.argv[2], int(sys.argv[3], 16) & ~1, sys.argv[4]
def run(*command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout

symbols = []
for line in run("nm", "-C", "-n", elf).splitlines():
    parts = line.split(None, 2)
    if len(parts) == 3 and parts[1] in "tTW" and not parts[2].startswith("$"):
        symbols.append((int(parts[0], 16) & ~1, parts[2]))
starts = [a for a, _ in symbols]

def function(addr):
    k = bisect.bisect_right(starts, addr) - 1
    return symbols[k] if k >= 0 else (0, "?")

# Each function's own frame, by its address: what the first instructions of its prologue
# push and reserve (`sub sp, #N`, repeated for frames over 508 B); `None` where a register
# reserves it (`add sp, rN`), whose size this does not read.
PROLOGUE = 8
frames, current, counted = {}, None, 0
for line in run("llvm-objdump", "-d", "--no-show-raw-insn", elf).splitlines():
    m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
    if m:
        current = None if m.group(2).startswith("$") else int(m.group(1), 16) & ~1
        if current is not None:
            frames.setdefault(current, 0)
            counted = 0
        continue
    m = re.match(r"\s*[0-9a-f]+:\s+(\S+)\s*(.*)", line)
    if current is None or not m or counted >= PROLOGUE or frames[current] is None:
        continue
    counted += 1
    op, args = m.groups()
    if op == "push":
        frames[current] += 4 * len(args.split(","))
    elif op == "sub" and args.startswith("sp, #"):
        frames[current] += int(re.match(r"sp, #(\d+)", args).group(1))
    elif op == "add" and re.match(r"sp, r\d+$", args):
        frames[current] = None

lines = open(path).read().split()
blocks = [int(x, 16) for x in lines[4:]]
# Replay the blocks run before the deepest store, from the last entry of `start`: a block
# at a function's first address enters it, any other returns to it (or, the first time
# its function is seen, enters it mid-way).
entries = [i for i, b in enumerate(blocks) if b == start]
if not entries:
    sys.exit("FAIL: the blocks kept before the deepest store do not reach back to the frame's start")
last = entries[-1]
stack = []
for b in blocks[last:]:
    addr, name = function(b)
    if b == addr or (addr, name) not in stack:
        stack.append((addr, name))
    else:
        while stack[-1] != (addr, name):
            stack.pop()
total, unknown = 0, False
print("calls open at the deepest store of a frame (own frame in bytes, outermost first):")
for addr, name in stack:
    size = frames.get(addr, 0)
    if size is None:
        unknown = True
        print(f"{'?':>6}  {name}")
        continue
    total += size
    print(f"{size:6}  {name}")
more = " and the frames marked ?" if unknown else ""
print(f"{total:6}  in all{more} (the last function's frame may be only partly used)")
for line in open(out):
    if line.startswith("game blob="):
        print("painted: " + line.split("stack=")[1].split()[0] + " B below the frame loop's stack pointer (bench.sh's stack=)")
PY
