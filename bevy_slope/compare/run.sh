#!/usr/bin/env bash
# Rapier's kinematic character controller beside bevy_slope, measured: the timing tables
# (`slope-compare time`), callgrind's instructions per character-frame (`slope-compare
# count`, two runs of different lengths subtracted so setup cancels) and the behaviour
# facts (`slope-compare behaviour`), printed as markdown.
#
#   bash compare/run.sh                      # from bevy_slope/ (or anywhere)
#   TIME_ARGS="--rounds 10" SIZES="1 100" bash compare/run.sh
#   SKIP_CALLGRIND=1 bash compare/run.sh
#
# Environment: TIME_ARGS (extra options for `time`, e.g. "--rounds 10 --frames 30"),
# SIZES (crowd sizes, default "1 100 1000"), ENGINES (default "plugin plugin-st rapier-box
# rapier-capsule rapier-box-push runtime"; plugin-airborne also exists), REPEATS (callgrind
# pairs per cell, default 3), SKIP_TIME, SKIP_CALLGRIND, SKIP_BEHAVIOUR (1 skips a part).
set -euo pipefail

# bevy_slope/, so its rust-toolchain.toml picks the toolchain.
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"1 100 1000"}
ENGINES=${ENGINES:-"plugin plugin-st rapier-box rapier-capsule rapier-box-push runtime"}

cargo build --release -p slope-compare >&2
# Where cargo built it: CARGO_TARGET_DIR when set (relative to bevy_slope/, as for cargo).
BIN=${CARGO_TARGET_DIR:-target}/release/slope-compare

echo "# Rapier's KinematicCharacterController beside bevy_slope"
echo
echo "$(uname -m), $(nproc) cores, rustc $(rustc --version | cut -d' ' -f2), release profile of the bevy_slope workspace."
echo

if [ "${SKIP_TIME:-0}" != 1 ]; then
    echo "## Time"
    echo
    # shellcheck disable=SC2086 # TIME_ARGS is a list of options
    "$BIN" time ${TIME_ARGS:-} --sizes "$(echo "$SIZES" | tr ' ' ',')" \
        --engines "$(echo "$ENGINES" | tr ' ' ',')"
    echo
fi

if [ "${SKIP_CALLGRIND:-0}" != 1 ]; then
    command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    # Instructions of a run: callgrind's total (all threads).
    instructions() { # engine n frames
        valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1.$2.$3" \
            "$BIN" count "$1" "$2" "$3" >/dev/null 2>"$out/log.$1.$2.$3"
        grep -E '^(summary|totals):' "$out/cg.$1.$2.$3" | head -n1 | awk '{print $2}'
    }
    # Instructions per character-frame of one pair of runs.
    per_frame() { # engine n frames_b frames_a
        local ia ib
        ia=$(instructions "$1" "$2" "$4")
        ib=$(instructions "$1" "$2" "$3")
        awk -v a="$ia" -v b="$ib" -v f=$(( $4 - $3 )) -v n="$2" 'BEGIN { printf "%.0f", (a - b) / (f * n) }'
    }
    REPEATS=${REPEATS:-3}
    echo "## Instructions (callgrind)"
    echo
    echo "Instructions per character-frame: (a − b) / ((frames_a − frames_b) · N), a and b two runs of \`slope-compare count ENGINE N FRAMES\` (setup, then FRAMES frames, no warm-up) with frames_b = max(30, 3000 / N) and frames_a = 2 · frames_b: setup and the first frames_b frames cancel. Median [min–max] of $REPEATS such pairs: the simulated positions are the same in every run, but the counts vary by a few percent between runs (Rapier's most; likely its randomly seeded hashing and allocation addresses)."
    echo
    header="| N | frames b → a |"
    rule="|---:|---|"
    for e in $ENGINES; do header="$header $e |"; rule="$rule---:|"; done
    echo "$header rapier-box / plugin | rapier-box / plugin-st |"
    echo "$rule---:|---:|"
    for n in $SIZES; do
        b=$(( 3000 / n )); [ "$b" -lt 30 ] && b=30
        a=$(( 2 * b ))
        row="| $n | $b → $a |"
        declare -A med=()
        for e in $ENGINES; do
            values=""
            for _ in $(seq "$REPEATS"); do values="$values $(per_frame "$e" "$n" "$b" "$a")"; done
            # shellcheck disable=SC2086 # a list of numbers
            read -r m lo hi < <(printf '%s\n' $values | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)], v[1], v[NR] }')
            med[$e]=$m
            row="$row $m [$lo–$hi] |"
        done
        ratio() { # a b
            if [ -n "${med[$1]:-}" ] && [ -n "${med[$2]:-}" ]; then
                awk -v x="${med[$1]}" -v y="${med[$2]}" 'BEGIN { printf "%.2f", x / y }'
            else
                echo "–"
            fi
        }
        echo "$row $(ratio rapier-box plugin) | $(ratio rapier-box plugin-st) |"
        unset med
    done
    echo
fi

if [ "${SKIP_BEHAVIOUR:-0}" != 1 ]; then
    "$BIN" behaviour
fi
