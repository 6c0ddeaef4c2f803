#!/bin/sh
# CPU of a sleep timer (`alarmplay sleep SECONDS file:sleep` in a running `alarmplay run`, a
# looped 10 s FLAC at volume 0.5, fading out over the last third or 5 minutes), from sleep_started
# to sleep_ended, side by side with `aplay -D pulse` playing the same audio concatenated to SECONDS,
# both through a private PulseAudio null sink. Target: CPU <= 1.5x aplay (the gain and the fade
# are on every sample; aplay plays its file as it is). Also the CPU of `run` idle for as long
# beside it (what it costs without a sleep timer), and from the recording: sound in every 100 ms
# window before the fade, none after the end.
# Usage: bench/sleep-timer.sh [SECONDS (120)]   QUICK=1: 30 s.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then seconds=${1:-30}; else seconds=${1:-120}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "sleep timer: a looped FLAC for ${seconds} s through PulseAudio, faded out"
pulse_start

sounds=$work/sounds
mkdir -p "$sounds"
sox -n -r 48000 -c 2 -b 16 "$sounds/sleep.flac" synth 10 sine 440 sine 660 tremolo 3 60 gain -6
sox "$sounds/sleep.flac" "$work/sleep.wav" repeat $(((seconds + 9) / 10)) trim 0 "$seconds"

# 1. aplay on the concatenated WAV (CPU from wait4, to the microsecond).
$lib spawn4 "$work/aplay.cpu" aplay -q -D pulse "$work/sleep.wav"
set -- $(cat "$work/aplay.cpu")
aplay_cpu=$(awk -v c="$2" 'BEGIN { printf "%.3f", c }')

# 2. alarmplay run with no alarm: idle for SECONDS, then the sleep timer for SECONDS; CPU of the
# process from /proc (every thread, to the nanosecond) at each end.
echo '{"alarms": []}' > "$work/alarms.json"
"$alarmplay" run --alarms "$work/alarms.json" --sounds "$sounds" --device pulse --no-http < /dev/null 2> "$work/run.log" &
run_pid=$!
bench_track "$run_pid"
until grep -q "event=loaded" "$work/run.log"; do sleep 0.05; done
idle_from=$($lib cputime "$run_pid")
sleep "$seconds"
idle_cpu=$(awk -v a="$idle_from" -v b="$($lib cputime "$run_pid")" 'BEGIN { printf "%.3f", b - a }')

record_start "$work/run.raw"
before=$($lib cputime "$run_pid")
started_at=$(date +%s.%N)
"$alarmplay" sleep "${seconds}s" file:sleep > /dev/null
until grep -q "event=sleep_ended" "$work/run.log"; do
    kill -0 "$run_pid" 2> /dev/null || { echo "bench: run exited early:" >&2; cat "$work/run.log" >&2; exit 1; }
    sleep 0.1
done
sleep_cpu=$(awk -v a="$before" -v b="$($lib cputime "$run_pid")" 'BEGIN { printf "%.3f", b - a }')
ended_at=$(date +%s.%N)
sleep 1
kill "$record_pid"
kill "$run_pid"
wait "$run_pid" || true
grep -q "event=sleep_ended reason=elapsed" "$work/run.log" || { echo "bench: the sleep timer did not run out:" >&2; cat "$work/run.log" >&2; exit 1; }
grep -q "event=fallback" "$work/run.log" && echo "   note: alarmplay logged a fallback: $(grep -m1 event=fallback "$work/run.log")"

fade=$(sed -n 's/.*event=sleep_started.* fade_s=\([0-9]*\).*/\1/p' "$work/run.log")
steady_end=$(awk -v s="$started_at" -v n="$seconds" -v f="$fade" 'BEGIN { printf "%.3f", s + n - f - 0.5 }')
set -- $($lib levels "$work/run.raw" "$record_t0" "$(awk -v s="$started_at" 'BEGIN { printf "%.3f", s + 0.3 }')" "$steady_end")
steady_loud=$1 steady_windows=$2
ends=$(sed -n 's/.*event=sleep_started.* ends=\([^ ]*\).*/\1/p' "$work/run.log")
end_epoch=$(date -d "$ends" +%s)
set -- $($lib levels "$work/run.raw" "$record_t0" "$(awk -v e="$end_epoch" 'BEGIN { printf "%.3f", e + 0.2 }')" "$(awk -v e="$end_epoch" 'BEGIN { printf "%.3f", e + 1 }')")
after_loud=$1 after_windows=$2

row "sleep timer ${seconds}s (fade ${fade}s): CPU s, sleep_started to sleep_ended; anchor: aplay" "$sleep_cpu" "$aplay_cpu" "<=1.5x"
row "run idle ${seconds}s, no sleep timer: CPU s; anchor: aplay" "$idle_cpu" "$aplay_cpu" "-"
row_raw "sleep timer: 100 ms windows with sound before the fade" "$steady_loud/$steady_windows" - - "all" \
    "$([ "$steady_loud" -ge "$((steady_windows - 1))" ] && echo PASS || echo FAIL)"
row_raw "sleep timer: 100 ms windows with sound after its end" "$after_loud/$after_windows" - - "0" \
    "$([ "$after_loud" -eq 0 ] && echo PASS || echo FAIL)"
row_raw "sleep timer: wall s, started to sleep_ended (drain included)" \
    "$(awk -v a="$started_at" -v b="$ended_at" 'BEGIN { printf "%.1f", b - a }')" "$seconds" - - -

print_table
