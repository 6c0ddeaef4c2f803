#!/bin/sh
# Issue 18's figures for `run`'s core, in one run: while another process holds the alarms file's
# lock and a page edit (PATCH) waits on it, the fire lateness of FIRES one-shot tone:beep alarms
# 2.5 s apart through a private PulseAudio null sink (logged late_ms; target p99 <= 5 ms), the
# wall time of 1,000 `status` requests over the control socket (p50 / p99 / max), and how many
# times state.json was written during them (goal 0). Anchors: the figures issue 18 measured on the
# old core under the same hold (an alarm 2,054 ms late, `alarmplay status` 4.5 s).
# Usage: bench/core.sh [FIRES (10)] [CALLS (1000)]   QUICK=1: 4 fires, 300 calls.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then fires=${1:-4} calls=${2:-300}; else fires=${1:-10} calls=${2:-1000}; fi
lib="python3 $bench_dir/benchlib.py"
load="python3 $bench_dir/coreload.py"

bench_build
bench_header "run's core: $fires fires and $calls status requests while the alarms file's lock is held"
pulse_start

start=$(($(date +%s) + 6))
scheduled=$($lib alarms "$work/alarms.json" "$start" "$fires" 2.5 tone:beep 1s)
last=${scheduled##* }
# One alarm far ahead for the page to edit.
python3 - "$work/alarms.json" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
document["alarms"].append({"id": "far", "time": "06:00", "days": "mon", "sound": "tone:beep"})
json.dump(document, open(sys.argv[1], "w"))
PY
"$alarmplay" run --alarms "$work/alarms.json" --device pulse --http 127.0.0.1:0 < /dev/null 2> "$work/run.log" &
run_pid=$!
bench_track "$run_pid"
until grep -q "event=http_listening" "$work/run.log"; do sleep 0.05; done
address=$(sed -n 's/.*event=http_listening address=\([^ ]*\).*/\1/p' "$work/run.log" | head -n 1)
token=$(cat "$XDG_STATE_HOME/alarmplay/http-token")
$load hold "$work/alarms.json" $((last + 2 - $(date +%s))) > "$work/held" &
hold_pid=$!
bench_track "$hold_pid"
until grep -q held "$work/held" 2> /dev/null; do sleep 0.05; done
$load edit "http://$address" "$token" "$work/edit" &
edit_pid=$!
bench_track "$edit_pid"
sleep 0.5
status=$($load status "$XDG_RUNTIME_DIR/alarmplay/control.sock" "$XDG_STATE_HOME/alarmplay" "$calls")
wait "$hold_pid"
wait "$edit_pid"
sleep 1
kill "$run_pid"
wait "$run_pid" || true
late=$($lib stats $($lib fired "$work/run.log"))
grep -q "label.*Edited\|Edited" "$work/alarms.json" && edited=yes || edited=no

set -- $late
row_raw "fire lateness ms while a page edit waits on a held lock: p50 / p99 / max (n=$1 of $fires); anchor: issue 18, old core" \
    "$(triple $late)" "2054 (one alarm)" - "p99 <=5 ms" "$(awk -v p="$3" 'BEGIN { print (p != "-" && p + 0 <= 5) ? "PASS" : "FAIL" }')"
set -- $status
row_raw "status over the socket, ms: p50 / p99 / max (n=$1) during the hold; anchor: issue 18, old core" \
    "$2 / $3 / $4" "4500" - "p99 <500 ms" "$(below "$3" 500)"
row_raw "state.json writes during the $1 status requests" "$5" "1 per request (before d8611d2)" - "0" "$( [ "$5" -eq 0 ] && echo PASS || echo FAIL)"
row_raw "the page edit: HTTP status and ms to its answer; made once the lock was free" "$(cat "$work/edit"), made: $edited" "blocked the loop" - "202, made" \
    "$( [ "$edited" = yes ] && echo PASS || echo FAIL)"
print_table
