#!/bin/sh
# Rings fired and missed under the load of the skipped-ring issue: one-shot alarms 3-4 s apart
# (tone:beep, ringFor 1s, fadeIn 0) through a private PulseAudio null sink, while one client asks
# `status` on the control socket as fast as `run` answers and eight page clients subscribe to the
# event stream and leave again. Goal: every alarm fired, none missed; fire lateness p50 / p99.
# The anchor is another build under the same load, one after the other (ANCHOR=/path/to/alarmplay,
# e.g. a release build of be913b9, the code before the fix); without one the row shows "-".
# Usage: bench/skipped-rings.sh [SECONDS (600)]   QUICK=1: 60 s.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then seconds=${1:-60}; else seconds=${1:-600}; fi
lib="python3 $bench_dir/benchlib.py"
port=$((20000 + $$ % 20000))

bench_build
bench_header "rings under request load: ${seconds} s, alarms 3-4 s apart, status as fast as answered + 8 page clients"
pulse_start

# One run of BINARY under the load; prints "fired missed p50 p99 status_answers page_clients".
under_load() {
    binary=$1 name=$2
    count=$((seconds * 2 / 7))
    start=$(($(date +%s) + 5))
    $lib alarms "$work/$name.json" "$start" "$count" 3.5 tone:beep 1s > /dev/null
    rm -rf "$XDG_STATE_HOME/alarmplay"
    "$binary" run --alarms "$work/$name.json" --device pulse --http "127.0.0.1:$port" < /dev/null 2> "$work/$name.log" &
    pid=$!
    bench_track "$pid"
    until grep -q event=http_listening "$work/$name.log"; do sleep 0.1; done
    token=$(cat "$XDG_STATE_HOME/alarmplay/http-token")
    set -- $(python3 "$bench_dir/requestload.py" "$XDG_RUNTIME_DIR/alarmplay/control.sock" "http://127.0.0.1:$port" "$token" \
        $((start + count * 7 / 2 - $(date +%s) + 2)) 8)
    kill "$pid"
    wait "$pid" || true
    fired=$(grep -c "event=fired" "$work/$name.log" || true)
    missed=$(grep -c "event=missed" "$work/$name.log" || true)
    late=$($lib stats $($lib fired "$work/$name.log"))
    echo "$fired/$count $missed $(echo "$late" | cut -d' ' -f2-3) $1 $2"
}

set -- $(under_load "$alarmplay" current)
mine_fired=$1 mine_missed=$2 mine_p50=$3 mine_p99=$4
echo "   alarmplay: $5 status answers, $6 page clients came and went"
anchor_fired=- anchor_missed=- anchor_late=-
if [ -n "${ANCHOR:-}" ]; then
    set -- $(under_load "$ANCHOR" anchor)
    anchor_fired=$1 anchor_missed=$2 anchor_late="$3 / $4"
    echo "   anchor ($ANCHOR): $5 status answers, $6 page clients came and went"
fi
all=$(echo "$mine_fired" | awk -F/ '{ print ($1 == $2) ? "PASS" : "FAIL" }')
row_raw "alarms fired / scheduled; anchor: ANCHOR build" "$mine_fired" "$anchor_fired" - "all" "$all"
row_raw "alarms missed" "$mine_missed" "$anchor_missed" - "0" "$( [ "$mine_missed" = 0 ] && echo PASS || echo FAIL)"
row_raw "fire lateness, logged late_ms: p50 / p99" "$mine_p50 / $mine_p99" "$anchor_late" - "p99 <20 ms" "$(below "$mine_p99" 20)"
print_table
