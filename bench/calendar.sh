#!/bin/sh
# The richer calendar and hooks, side by side with their anchors in one run:
#  - `next --count 100` over COUNT alarms of mixed patterns (every 2w / 3d, monthly day and
#    weekday, yearly with 29 February, weekly with except and until), against the same with
#    weekly alarms only (target: under 300 ms);
#  - fire lateness (logged late_ms) of FIRES rings whose alarms each have a `fired` and a `before`
#    hook, against the same rings without hooks (target: p99 <= 5 ms).
# Usage: bench/calendar.sh [COUNT (1000, the most an alarms file may hold)] [FIRES (10)]   QUICK=1: 5 fires.
set -eu
. "$(dirname "$0")/lib.sh"

count=${1:-1000}
if [ -n "${QUICK:-}" ]; then fires=${2:-5}; else fires=${2:-10}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "calendar: next over $count mixed alarms; lateness with hooks"
pulse_start

python3 - "$work/mixed.json" "$work/weekly.json" "$count" <<'PY'
import json, sys
count = int(sys.argv[3])
days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
mixed, weekly = [], []
for i in range(count):
    time = f"{i % 24:02d}:{i * 7 % 60:02d}"
    kind = i % 6
    alarm = {"id": f"a{i}", "time": time}
    if kind == 0:
        alarm.update({"every": "2w", "days": [days[i % 7]], "from": "2026-11-30"})
    elif kind == 1:
        alarm.update({"every": "3d", "from": "2026-12-01"})
    elif kind == 2:
        alarm.update({"monthly": -1 if i % 2 else (i % 31) + 1})
    elif kind == 3:
        alarm.update({"monthly": ["first", "second", "last"][i % 3] + " " + days[i % 7]})
    elif kind == 4:
        alarm.update({"yearly": "02-29" if i % 10 == 4 else f"{i % 12 + 1:02d}-{i % 28 + 1:02d}"})
    else:
        alarm.update({"days": "weekdays", "except": ["2026-12-24", "2026-12-25"], "until": "2027-12-31"})
    mixed.append(alarm)
    weekly.append({"id": f"a{i}", "time": time, "days": [days[i % 7], days[(i + 3) % 7]]})
json.dump({"alarms": mixed}, open(sys.argv[1], "w"))
json.dump({"alarms": weekly}, open(sys.argv[2], "w"))
PY
mixed=$($lib walltime 10 "$alarmplay" next --count 100 --alarms "$work/mixed.json")
weekly=$($lib walltime 10 "$alarmplay" next --count 100 --alarms "$work/weekly.json")

# fires NAME HOOKS: FIRES one-shot alarms 2.5 s apart, each with HOOKS (JSON); sets $late.
fires() {
    start=$(($(date +%s) + 5))
    scheduled=$($lib alarms "$work/$1.json" "$start" "$fires" 2.5 tone:beep 1s)
    last=${scheduled##* }
    python3 - "$work/$1.json" "$2" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
for alarm in data["alarms"]:
    alarm["hooks"] = json.loads(sys.argv[2])
json.dump(data, open(sys.argv[1], "w"))
PY
    "$alarmplay" run --alarms "$work/$1.json" --device pulse --no-http < /dev/null 2> "$work/$1.log" &
    pid=$!
    bench_track "$pid"
    sleep $((last + 3 - $(date +%s)))
    kill "$pid"
    wait "$pid" || true
    late=$($lib stats $($lib fired "$work/$1.log"))
}
fires hooked '[{"on": "fired", "run": ["true"]}, {"on": "before", "before": "1s", "run": ["true"]}]'
hooked=$late
hook_runs=$(grep -c "event=hook_done" "$work/hooked.log" || true)
fires plain '[]'
plain=$late

set -- $mixed
row_raw "next --count 100, $count mixed-pattern alarms, wall ms: median / min / max; anchor: weekly only" "$1 / $2 / $3" \
    "$(echo $weekly | awk '{ print $1 " / " $2 " / " $3 }')" - "<300 ms" "$(awk -v m="$1" 'BEGIN { print (m + 0 < 300) ? "PASS" : "FAIL" }')"
set -- $hooked
row_raw "fire lateness ms with 2 hooks an alarm ($hook_runs hook runs): p50 / p99 / max (n=$1); anchor: no hooks" "$(triple $hooked)" \
    "$(triple $plain)" - "p99 <=5 ms" "$(awk -v p="$3" 'BEGIN { print (p != "-" && p + 0 <= 5) ? "PASS" : "FAIL" }')"
print_table
