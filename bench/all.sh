#!/bin/sh
# Runs every benchmark one after another (never two at once: they measure CPU and timing) and
# says which ones failed to run. QUICK=1 shortens each; ALARMPLAY=/path/to/binary benches that
# binary instead of building (tone-synthesis.sh and schedule.sh always build from this checkout).
# Usage: bench/all.sh        QUICK=1 bench/all.sh
set -u
cd "$(dirname "$0")/.."

if [ -z "${ALARMPLAY:-}" ]; then
    swift build -c release --static-swift-stdlib --product alarmplay >&2 || { echo "all: release build failed" >&2; exit 1; }
fi
export NOBUILD=1

if [ -n "${QUICK:-}" ]; then tone_repeats=10 schedule_runs=3; else tone_repeats=50 schedule_runs=10; fi

failed=""
for bench in lean-core.sh preview.sh run-lateness.sh skipped-rings.sh core.sh control-socket.sh web.sh mqtt.sh stream.sh preflight.sh wake-up.sh priority.sh calendar.sh skip-days.sh pipewire.sh run-ringing.sh sleep-timer.sh timer.sh stopwatch.sh "tone-synthesis.sh $tone_repeats" "schedule.sh 10000 $schedule_runs"; do
    echo
    sh bench/$bench || failed="$failed ${bench%% *}"
done
echo
python3 bench/edges.py "${ALARMPLAY:-.build/release/alarmplay}" || failed="$failed edges.py"
python3 bench/reload.py "${ALARMPLAY:-.build/release/alarmplay}" || failed="$failed reload.py"
echo
if [ -n "$failed" ]; then
    echo "all: these did not complete:$failed"
    exit 1
fi
echo "all: every benchmark ran (see each table's verdict column)"
