#!/bin/sh
# Start-up cost of a translated command: `LANG=ko_KR.UTF-8 alarmplay list` (and de_DE) beside
# `LANG=C` (goal: within 2 ms), median CPU (wait4) and wall time over RUNS runs each, interleaved.
# Usage: bench/translation.sh [RUNS]; ALARMPLAY=/path/to/binary (default: the release build, made
# if missing; NOBUILD=1 takes the debug build). Needs the locales (scripts/setup --test).
set -eu
runs=${1:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${ALARMPLAY:-}" ]; then binary=$ALARMPLAY
elif [ -n "${NOBUILD:-}" ]; then binary=$root/.build/debug/alarmplay
else
    binary=$root/.build/release/alarmplay
    [ -x "$binary" ] || (cd "$root" && swift build -c release --product alarmplay >&2)
fi
(cd "$root" && ./scripts/locale)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '{"alarms": [\n  {"id": "work", "label": "Work", "time": "06:45", "days": "weekdays"},\n  {"id": "gym", "time": "07:30", "days": ["sat", "sun"], "enabled": false}\n]}\n' >"$work/alarms.json"
python3 - "$binary" "$work/alarms.json" "$runs" <<'PY'
import os, statistics, sys, time
binary, alarms, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
cases = {"LANG=C": {"LANG": "C"}, "LANG=de_DE.UTF-8": {"LANG": "de_DE.UTF-8"}, "LANG=ko_KR.UTF-8": {"LANG": "ko_KR.UTF-8"}}
cpu = {name: [] for name in cases}
wall = {name: [] for name in cases}
for _ in range(runs):
    for name, extra in cases.items():
        env = {"PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": os.path.dirname(alarms), **extra}
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.execve(binary, [binary, "list", "--alarms", alarms], env)
        _, status, usage = os.wait4(pid, 0)
        wall[name].append((time.perf_counter() - start) * 1000)
        cpu[name].append((usage.ru_utime + usage.ru_stime) * 1000)
        assert status == 0, name
print(f"{binary}, {runs} runs each; median (p90) in ms")
print(f"{'':20} {'CPU':>14} {'wall':>14} {'CPU - LANG=C':>14}")
base = statistics.median(cpu["LANG=C"])
for name in cases:
    c, w = sorted(cpu[name]), sorted(wall[name])
    p90 = lambda v: v[int(len(v) * 0.9)]
    print(f"{name:20} {statistics.median(c):8.2f} ({p90(c):5.2f}) {statistics.median(w):7.2f} ({p90(w):5.2f}) {statistics.median(c) - base:+14.2f}")
print("goal: a translated list within 2 ms of LANG=C")
PY
