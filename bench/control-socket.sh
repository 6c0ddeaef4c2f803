#!/bin/sh
# Fire lateness of `alarmplay run` while its control socket is crowded: 50 silent connections
# held open the whole time (each one the loop closes after its 2 s time-out is reopened at once),
# side by side with the anchor, the same alarms with no connection at all. Lateness is the logged
# late_ms of FIRES one-shot tone:beep alarms 2.5 s apart through a private PulseAudio null sink.
# Target: p99 <= 5 ms with the connections open. Also: how long `alarmplay status` takes to answer
# meanwhile, against the same with nothing connected; with more silent peers than the limit (32),
# status waits for a free slot only as long as it takes to be refused, which is counted.
# Usage: bench/control-socket.sh [FIRES (20)] [CONNECTIONS (50)]   QUICK=1: 6 fires.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then fires=${1:-6}; else fires=${1:-20}; fi
connections=${2:-50}
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "control socket: fire lateness over $fires fires with $connections silent connections"
pulse_start

# run_once NAME CONNECTIONS: sets $late (stats of late_ms), $status_ms (walltime stats), $opened.
run_once() {
    start=$(($(date +%s) + 4))
    scheduled=$($lib alarms "$work/$1.json" "$start" "$fires" 2.5 tone:beep 1s)
    last=${scheduled##* }
    "$alarmplay" run --alarms "$work/$1.json" --device pulse < /dev/null 2> "$work/$1.log" &
    pid=$!
    bench_track "$pid"
    until [ -S "$XDG_RUNTIME_DIR/alarmplay/control.sock" ]; do sleep 0.05; done
    opened=0
    if [ "$2" -gt 0 ]; then
        $lib hold "$XDG_RUNTIME_DIR/alarmplay/control.sock" "$2" $((last + 2 - $(date +%s))) > "$work/$1.held" &
        hold_pid=$!
        bench_track "$hold_pid"
    fi
    sleep 1
    status_ms=$($lib walltime-any 20 "$alarmplay" status)
    sleep $((last + 3 - $(date +%s)))
    if [ "$2" -gt 0 ]; then wait "$hold_pid"; opened=$(cat "$work/$1.held"); fi
    kill "$pid"
    wait "$pid" || true
    late=$($lib stats $($lib fired "$work/$1.log"))
}

run_once crowded "$connections"
crowded_late=$late crowded_status=$status_ms crowded_opened=$opened
run_once quiet 0
quiet_late=$late quiet_status=$status_ms

echo "   connections opened in all while crowded (reopened after each 2 s time-out): $crowded_opened"
set -- $crowded_late
row_raw "fire lateness ms, logged: p50 / p99 / max (n=$1); $connections silent connections vs none" \
    "$(triple $crowded_late)" "$(triple $quiet_late)" - "p99 <=5 ms" "$(awk -v p="$3" 'BEGIN { print (p != "-" && p + 0 <= 5) ? "PASS" : "FAIL" }')"
set -- $crowded_status
row_raw "alarmplay status wall ms: median / min / max (refused: $4 of 20); crowded vs none" "$1 / $2 / $3" "$(echo $quiet_status | awk '{ print $1 " / " $2 " / " $3 }')" - "<500 ms" \
    "$(awk -v m="$3" 'BEGIN { print (m + 0 < 500) ? "PASS" : "FAIL" }')"
print_table
