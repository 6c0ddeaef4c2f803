#!/bin/sh
# How late `alarmplay timer 2s --device pulse` rings after its deadline (target: sound within
# 10 ms), RUNS times, with a pipe on stdin (the timer then prints "... started" on stderr when the
# countdown starts and "Time's up" on stdout at zero). Measured three ways:
#  - "Time's up" seen minus "started" seen minus 2 s (the countdown's own accuracy);
#  - "Time's up" seen minus spawn minus 2 s (what a user sees, start-up included);
#  - the first sound in a parec recording of a private PulseAudio null sink minus the deadline
#    ("none" when nothing sounded: the timer may only ring the terminal bell).
# Anchor: a naive timer, `sleep 2; aplay -D pulse beep.wav`, sound start minus spawn minus 2 s.
# Usage: bench/timer.sh [RUNS (10)]   QUICK=1: 3 runs.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then runs=${1:-3}; else runs=${1:-10}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "timer: ${runs} x 'timer 2s --device pulse'"
pulse_start
sox -n -r 48000 -c 1 -b 16 "$work/beep.wav" synth 0.3 sine 440 gain -3
record_start "$work/timer.raw"

notice="" spawn="" sound="" statuses=""
i=0
while [ "$i" -lt "$runs" ]; do
    set -- $($lib timer "$alarmplay" "$work/timer.raw" "$record_t0" 2 --device pulse)
    notice="$notice $1" spawn="$spawn $2" sound="$sound $3" statuses="$statuses $4"
    i=$((i + 1))
done

anchor_deadlines=""
i=0
while [ "$i" -lt "$runs" ]; do
    deadline=$(date +%s.%N | awk '{ printf "%.6f", $1 + 2 }')
    sleep 2
    aplay -q -D pulse "$work/beep.wav"
    anchor_deadlines="$anchor_deadlines $deadline"
    sleep 1
    i=$((i + 1))
done
sleep 0.5
kill "$record_pid"
anchor=$($lib onsets "$work/timer.raw" "$record_t0" $anchor_deadlines)

echo "   timer exit statuses:$statuses; sound starts (ms after deadline):$sound"
echo "   sound start from parec: biased early by up to the sink's latency (~20 ms), see run-lateness.sh"
echo "   anchor sound starts (ms after deadline): $anchor"
notice_stats=$($lib stats $notice)
set -- $notice_stats
row_raw "timer 2s: 'Time's up' after the deadline, ms p50 / p99 / max (n=$1)" "$(triple $notice_stats)" - - "<10 ms" "$(below "$3" 10)"
spawn_stats=$($lib stats $spawn)
set -- $spawn_stats
row_raw "timer 2s: 'Time's up' after spawn + 2 s (start-up included), ms" "$(triple $spawn_stats)" - - "<10 ms" "$(below "$3" 10)"
sound_stats=$($lib stats $sound)
set -- $sound_stats
if [ "$1" = 0 ]; then
    row_raw "timer 2s: sound start after the deadline (parec), ms; anchor: sleep 2; aplay" "no sound (bell only)" "$(triple $($lib stats $anchor))" - "<10 ms" "FAIL"
else
    row_raw "timer 2s: sound start after the deadline (parec), ms (n=$1 of $runs); anchor: sleep 2; aplay" "$(triple $sound_stats)" "$(triple $($lib stats $anchor))" - "<10 ms" "$(below "$3" 10)"
fi

print_table
