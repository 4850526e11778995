#!/usr/bin/env bash
# Where the runtime's instructions go on a Cortex-M0: the movement benchmark's mixed crowd
# (PROFILE_CROWD=large: the large one; PROFILE_FEET=centre: with centre feet;
# PROFILE_SPEED=P: walking speeds scaled to P %, 0 for a standing crowd; PROFILE_BOX=WxH:
# every actor that box, as in a row of the growth table; PROFILE_WALK=V: every walker
# V/256 px per frame, as in a column of it) on the
# runtime alone, counted by the same QEMU
# plugin as bench.sh, with a profile by block mapped to functions.
#
#   bash firmware/profile.sh [N]        the N functions that execute the most (default 30)
#   bash firmware/profile.sh N FUNC     then FUNC's instructions by source line
#
# Prints the measured instructions per actor-frame, then per function: instructions per
# actor-frame, calls per actor-frame, instructions per call (warm-up frames included, so
# the crowd's fall from its spawn weighs in). Needs what bench.sh needs, plus python3,
# llvm-objdump and addr2line.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -shared -fPIC -O2 -Wall -Wextra -o "$tmp/libinsn_count.so" qemu/insn_count.c
cargo build --release --quiet --bin profile
elf=${CARGO_TARGET_DIR:-target}/thumbv6m-none-eabi/release/profile
mark=$(nm "$elf" | awk '$3 == "bench_mark" { print "0x" $1 }')
timeout 600 qemu-system-arm -cpu cortex-m3 -machine mps2-an385 -nographic \
  -semihosting-config enable=on,target=native \
  -plugin "$tmp/libinsn_count.so,mark=$mark,out=$tmp/marks.txt,blocks=$tmp/blocks.txt" \
  -kernel "$elf" > /dev/null
python3 - "$elf" "$tmp" "${1:-30}" "${2:-}" <<'PY'
import bisect, collections, subprocess, sys

elf, tmp, top, func = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
symbols = []
for line in subprocess.run(["nm", "-C", "-n", elf], capture_output=True, text=True).stdout.splitlines():
    parts = line.split(None, 2)
    if len(parts) == 3 and parts[1] in "tTW" and not parts[2].startswith("$"):
        symbols.append((int(parts[0], 16) & ~1, parts[2]))
starts = [a for a, _ in symbols]
blocks = []
for line in open(f"{tmp}/blocks.txt"):
    addr, insns, runs = line.split()
    blocks.append((int(addr, 16), int(insns), int(runs)))
marks = [int(l.split()[1]) for l in open(f"{tmp}/marks.txt") if l.startswith("mark")]
actor_frames = 1000 * 180  # warm-up and measured frames
print(f"measured: {(marks[1] - marks[0]) / 60000:.0f} instructions per actor-frame")
spent, calls = collections.Counter(), collections.Counter()
for addr, insns, runs in blocks:
    k = bisect.bisect_right(starts, addr) - 1
    name = symbols[k][1] if k >= 0 else "?"
    spent[name] += insns * runs
    if k >= 0 and symbols[k][0] == addr:
        calls[name] += runs
print(f"{'instr/af':>9} {'calls/af':>8} {'instr/call':>10}  function")
for name, n in spent.most_common(top):
    c = calls[name]
    print(f"{n / actor_frames:9.1f} {c / actor_frames:8.2f} {n / max(c, 1):10.1f}  {name[:100]}")
if func:
    text = subprocess.run(["llvm-objdump", "-d", "--no-show-raw-insn", elf], capture_output=True, text=True).stdout
    insn_addrs = sorted(int(l.split(":")[0], 16) for l in (x.strip() for x in text.splitlines())
                        if l[:1] in "0123456789abcdef" and ":" in l[:10] and l.split(":")[0].isalnum())
    weight = collections.Counter()
    for addr, insns, runs in blocks:
        k = bisect.bisect_right(starts, addr) - 1
        if k >= 0 and func in symbols[k][1]:
            j = bisect.bisect_left(insn_addrs, addr)
            for a in insn_addrs[j:j + insns]:
                weight[a] += runs
    where = subprocess.run(["addr2line", "-e", elf] + [hex(a) for a in sorted(weight)],
                           capture_output=True, text=True).stdout.splitlines()
    lines = collections.Counter()
    for a, w in zip(sorted(weight), where):
        lines["/".join(w.rsplit("/", 3)[-3:])] += weight[a]
    print(f"\n{func}, by source line (instructions per actor-frame):")
    for line, n in lines.most_common(top):
        print(f"{n / actor_frames:9.1f}  {line}")
PY
