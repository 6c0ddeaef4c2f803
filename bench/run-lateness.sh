#!/bin/sh
# How late `alarmplay run` fires, and how often it wakes when idle, side by side with the naive
# methods it replaces:
#  - lateness over FIRES one-shot alarms 2-3 s apart (tone:beep, ringFor 1s, fadeIn 0) through a
#    private PulseAudio null sink: the logged late_ms, and the sound's real start in a parec
#    recording of the sink (sample 0 dated `now - bytes/(rate*2)`, FACTS.md); p50 / p99 / max
#    (target: sound starts within 5 ms of the scheduled second, p99);
#  - anchor (a): a 1-second polling loop that fires `aplay` when a second is reached, measured the
#    same two ways; anchor (b): waking at each minute boundary (GNOME Clocks' method), simulated on
#    the same scheduled times (it rings at the first minute boundary at or after the alarm);
#  - wakeups (context switches of all threads, /proc/PID/task/*/status) per idle minute of `run`
#    with one alarm far ahead, against `sleep` and an idle 1-second polling loop.
# Usage: bench/run-lateness.sh [IDLE_SECONDS (60)] [FIRES (20)]   QUICK=1: 15 s idle, 5 fires.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then idle=${1:-15} fires=${2:-5}; else idle=${1:-60} fires=${2:-20}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "run lateness: $fires fires through PulseAudio; wakeups over ${idle} s idle"
pulse_start
# The anchor's sound: short, so that it has ended before the next ring's search window.
sox -n -r 48000 -c 1 -b 16 "$work/beep.wav" synth 0.3 sine 440 gain -3

# 1. alarmplay run.
start=$(($(date +%s) + 4))
scheduled=$($lib alarms "$work/alarms.json" "$start" "$fires" 2.5 tone:beep 1s)
last=${scheduled##* }
record_start "$work/run.raw"
"$alarmplay" run --alarms "$work/alarms.json" --device pulse < /dev/null 2> "$work/run.log" &
run_pid=$!
bench_track "$run_pid"
sleep $((last + 3 - $(date +%s)))
kill "$run_pid"
wait "$run_pid" || true
kill "$record_pid"
run_logged=$($lib stats $($lib fired "$work/run.log"))
run_sound_list=$($lib onsets "$work/run.raw" "$record_t0" $scheduled)
run_sound=$($lib stats $run_sound_list)
grep -q "event=fallback" "$work/run.log" && echo "   note: alarmplay logged a fallback: $(grep -m1 event=fallback "$work/run.log")"

# 2. The 1-second polling loop, firing aplay.
start=$(($(date +%s) + 4))
poll_scheduled=$($lib alarms "$work/poll.json" "$start" "$fires" 2.5 - 1s)
record_start "$work/poll.raw"
$lib pollloop "$work/poll.log" aplay -q -D pulse "$work/beep.wav" -- $poll_scheduled
kill "$record_pid"
poll_logged=$($lib stats $($lib fired "$work/poll.log"))
poll_sound_list=$($lib onsets "$work/poll.raw" "$record_t0" $poll_scheduled)
poll_sound=$($lib stats $poll_sound_list)

# 3. The minute-boundary method on alarmplay's own scheduled times.
minute=$($lib stats $(for at in $scheduled; do echo $(((60 - at % 60) % 60 * 1000)); done))

# The recording is dated from its own arrival times near each ring (benchlib.py local_t0), good
# to about 2 ms while the sink is steady; but a new stream makes the server rewind its render
# buffer, so the sound lands where the sink's latency (about 20 ms here) had already been
# rendered: values can come out negative. Compare the two columns, do not trust them to 5 ms.
echo "   sound start from parec: biased early by up to the sink's latency (~20 ms) by the server's rewind; compare, do not trust to 5 ms"
echo "   alarmplay sound starts (ms after the second): $run_sound_list"
echo "   polling loop sound starts (ms after the second): $poll_sound_list"
set -- $run_logged
logged_n=$1 logged_p99=$3
row_raw "fire lateness, logged late_ms: p50 / p99 / max (n=$logged_n); anchor: 1 s polling loop" \
    "$(triple $run_logged)" "$(triple $poll_logged)" - "p99 <5 ms" "$(below "$logged_p99" 5)"
row_raw "fire lateness ms, logged; anchor: minute boundary (GNOME Clocks), simulated" \
    "$(triple $run_logged)" "$(triple $minute)" - "p99 <5 ms" "$(below "$logged_p99" 5)"
set -- $run_sound
sound_n=$1 sound_p99=$3
row_raw "sound start after the second (parec), ms: p50 / p99 / max (n=$sound_n of $fires); anchor: polling loop + aplay" \
    "$(triple $run_sound)" "$(triple $poll_sound)" - "p99 <5 ms" "indicative"

# 4. Wakeups while idle: all three side by side in the same window.
year=$(($(date +%Y) + 1))
printf '{ "alarms": [ { "id": "far", "time": "06:00", "date": "%s-06-01", "sound": "tone:beep" } ] }\n' "$year" > "$work/idle.json"
"$alarmplay" run --alarms "$work/idle.json" --device null < /dev/null 2> "$work/idle.log" &
idle_pid=$!
bench_track "$idle_pid"
sleep $((idle + 30)) &
sleep_pid=$!
bench_track "$sleep_pid"
$lib pollloop "$work/idle-poll.log" -- &
poll_pid=$!
bench_track "$poll_pid"
sleep 2
set -- $($lib switches "$idle_pid") $($lib switches "$sleep_pid") $($lib switches "$poll_pid")
before_run=$1 threads=$2 before_sleep=$3 before_poll=$5
sleep "$idle"
set -- $($lib switches "$idle_pid") $($lib switches "$sleep_pid") $($lib switches "$poll_pid")
per_minute() { awk -v d="$(($2 - $1))" -v s="$idle" 'BEGIN { printf "%.1f", d * 60 / s }'; }
run_wakeups=$(per_minute "$before_run" "$1")
sleep_wakeups=$(per_minute "$before_sleep" "$3")
poll_wakeups=$(per_minute "$before_poll" "$5")
row_raw "wakeups per idle minute ($threads threads, ${idle} s); anchor: sleep" "$run_wakeups" "$sleep_wakeups" - "<1 /min" "$(below "$run_wakeups" 1)"
row_raw "wakeups per idle minute; anchor: 1 s polling loop" "$run_wakeups" "$poll_wakeups" - "<1 /min" "$(below "$run_wakeups" 1)"

print_table
