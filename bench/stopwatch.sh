#!/bin/sh
# Stopwatch accuracy: `alarmplay stopwatch` left running for SECONDS (default 600, the issue's
# 10 minutes; QUICK=1: 60) against CLOCK_MONOTONIC read by this script around the same two
# commands. The original app added 0.01 s per timer tick and drifted; the target is 10 ms.
# Usage: bench/stopwatch.sh [SECONDS]
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then seconds=${1:-60}; else seconds=${1:-600}; fi
bench_build
bench_header "stopwatch: running for ${seconds} s against CLOCK_MONOTONIC"
result=$(python3 - "$alarmplay" "$seconds" <<'PY'
import json, subprocess, sys, time
binary, seconds = sys.argv[1], float(sys.argv[2])
child = subprocess.Popen([binary, "stopwatch", "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
child.stdin.write("start\n"); child.stdin.flush()
started = time.monotonic()
time.sleep(seconds)
child.stdin.write("stop\n"); child.stdin.flush()
stopped = time.monotonic()
out, _ = child.communicate("quit\n", timeout=30)
elapsed = json.loads(out)["elapsedMs"]
print(f"{elapsed} {(stopped - started) * 1000:.1f}")
PY
)
stopwatch_ms=${result% *}
monotonic_ms=${result#* }
difference=$(awk -v a="$stopwatch_ms" -v b="$monotonic_ms" 'BEGIN { d = a - b; if (d < 0) d = -d; printf "%.1f", d }')
verdict=$(awk -v d="$difference" 'BEGIN { print (d <= 10 ? "PASS" : "FAIL") }')
row_raw "stopwatch after ${seconds} s: elapsed ms; anchor: CLOCK_MONOTONIC (difference $difference ms)" \
    "$stopwatch_ms" "$monotonic_ms" "-" "<=10 ms apart" "$verdict"
print_table
