#!/bin/sh
# CPU and peak RSS of `alarmplay run` while an alarm rings a looped 10 s FLAC for SECONDS
# (ringFor SECONDS, fadeIn 0, through a private PulseAudio null sink), side by side with
# `aplay -D pulse` playing the same audio concatenated to SECONDS. Targets: CPU <= 1.3x, RSS <= 2x.
# FORMAT=wav rings the same audio as a 16-bit WAV instead (target CPU <= 1.1x).
# The recording of the sink checks that the ringing really sounded, without gaps.
# Usage: bench/run-ringing.sh [SECONDS (60)]   QUICK=1: 20 s.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then seconds=${1:-20}; else seconds=${1:-60}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "run ringing: a looped ${FORMAT:-flac} for ${seconds} s through PulseAudio"
pulse_start

sounds=$work/sounds
mkdir -p "$sounds"
sox -n -r 48000 -c 2 -b 16 "$sounds/ring.${FORMAT:-flac}" synth 10 sine 440 sine 660 tremolo 3 60 gain -6
sox "$sounds/ring.${FORMAT:-flac}" "$work/ring.wav" repeat $(((seconds + 9) / 10)) trim 0 "$seconds"

# CPU is taken with wait4 (microseconds; time(1) and /proc round to 10 ms), peak RSS from
# /usr/bin/time (wait4's maxrss of a child of Python includes Python's own high-water mark).
# 1. aplay on the concatenated WAV (its wall time includes draining the server's buffer).
record_start "$work/aplay.raw"
aplay_from=$(date +%s.%N)
$lib spawn4 "$work/aplay.cpu" /usr/bin/time -f '%M' -o "$work/aplay.time" aplay -q -D pulse "$work/ring.wav"
set -- $(cat "$work/aplay.cpu")
aplay_wall=$1 aplay_cpu=$(awk -v c="$2" 'BEGIN { printf "%.3f", c }') aplay_rss=$(tail -n 1 "$work/aplay.time")
kill "$record_pid"
set -- $($lib levels "$work/aplay.raw" "$record_t0" "$aplay_from" "$(date +%s.%N)")
aplay_loud=$1/$2

# 2. alarmplay run: one alarm 3 s ahead. CPU from wait4 is the whole process (start-up and
# idle included); /proc at fire and at silence gives the ringing alone, to 10 ms.
at=$(($(date +%s) + 3))
$lib alarms "$work/alarms.json" "$at" 1 0 file:ring "${seconds}s" > /dev/null
record_start "$work/run.raw"
$lib spawn4 "$work/run.cpu" /usr/bin/time -f '%M' -o "$work/run.time" \
    "$alarmplay" run --alarms "$work/alarms.json" --sounds "$sounds" --device pulse < /dev/null 2> "$work/run.log" &
spawn_pid=$!
bench_track "$spawn_pid"
sleep 0.5
time_pid=$(ps -o pid= --ppid "$spawn_pid" | tr -d ' ')
run_pid=$(ps -o pid= --ppid "$time_pid" | tr -d ' ')
until grep -q "event=fired" "$work/run.log"; do sleep 0.05; done
fired_cpu=$($lib cputime "$run_pid")
until grep -q "event=silenced" "$work/run.log"; do
    kill -0 "$run_pid" 2> /dev/null || { echo "bench: run exited early:" >&2; cat "$work/run.log" >&2; exit 1; }
    sleep 0.1
done
silenced_cpu=$($lib cputime "$run_pid")
kill "$run_pid"
wait "$spawn_pid" || true
kill "$record_pid"
set -- $(cat "$work/run.cpu")
run_cpu=$(awk -v c="$2" 'BEGIN { printf "%.3f", c }') run_rss=$(tail -n 1 "$work/run.time")
ring_cpu=$(awk -v a="$fired_cpu" -v b="$silenced_cpu" 'BEGIN { printf "%.3f", b - a }')
if [ "${FORMAT:-flac}" = wav ]; then ring_target="<=1.1x"; else ring_target="<=1.3x"; fi
set -- $($lib levels "$work/run.raw" "$record_t0" "$at" "$((at + seconds))")
run_loud=$1 run_windows=$2
grep -q "event=fallback" "$work/run.log" && echo "   note: alarmplay logged a fallback: $(grep -m1 event=fallback "$work/run.log")"

row "ringing ${seconds}s: CPU s, whole run process (wait4); anchor: aplay" "$run_cpu" "$aplay_cpu" "-"
row "ringing ${seconds}s: CPU s, fired to silenced (/proc schedstat); anchor: aplay" "$ring_cpu" "$aplay_cpu" "$ring_target"
row "ringing ${seconds}s: peak RSS MB; anchor: aplay" "$(kb_to_mb "$run_rss")" "$(kb_to_mb "$aplay_rss")" "<=2x"
row_raw "ringing ${seconds}s: 100 ms windows with sound (alarmplay: its ring time; aplay: its run, drain included)" \
    "$run_loud/$run_windows" "$aplay_loud" - "all" "$([ "$run_loud" -ge "$((run_windows - 1))" ] && echo PASS || echo FAIL)"

print_table
