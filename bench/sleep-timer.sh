#!/bin/sh
# CPU of a sleep timer (`alarmplay sleep SECONDS file:sleep` in a running `alarmplay run`, a
# looped 10 s FLAC at volume 0.5, then 1, fading out over the last third or 5 minutes), from sleep_started
# to sleep_ended, side by side with `aplay -D pulse` playing the same audio concatenated to SECONDS,
# both through a private PulseAudio null sink; and per minute of the steady part (the device open,
# before the fade). Targets per minute: <= 1.3x aplay at volume 1 (what a ring of a FLAC costs,
# bench/run-ringing.sh) and <= 1.5x at the default 0.5 (a gain on every sample; aplay plays its file
# as it is). Also the CPU of `run` idle for as long
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
aplay_minute=$(awk -v c="$2" -v n="$seconds" 'BEGIN { printf "%.3f", c / n * 60 }')

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

# One sleep timer at the default volume (0.5: a gain on every sample, as any ring below full
# volume has) and one at 1.0 (the 16-bit samples go out as they are until the fade).
for volume in 0.5 1; do
    [ "$volume" = 0.5 ] && steady_target="<=1.5x" || steady_target="<=1.3x"
        marker=$(grep -c "event=sleep_ended" "$work/run.log" || true)
    record_start "$work/run-$volume.raw"
    before=$($lib cputime "$run_pid")
    started_at=$(date +%s.%N)
    "$alarmplay" sleep "${seconds}s" file:sleep --volume "$volume" > /dev/null
    # The steady part alone, per minute: from 2 s in (the device is open) to the fade's start.
    fade=$(grep "event=sleep_started" "$work/run.log" | tail -n 1 | sed -n 's/.* fade_s=\([0-9]*\).*/\1/p')
    sleep 2
    steady_from=$($lib cputime "$run_pid") steady_t0=$(date +%s.%N)
    sleep $((seconds - fade - 3))
    steady_cpu=$(awk -v a="$steady_from" -v b="$($lib cputime "$run_pid")" -v t="$steady_t0" -v n="$(date +%s.%N)" \
        'BEGIN { printf "%.3f", (b - a) / (n - t) * 60 }')
    until [ "$(grep -c "event=sleep_ended" "$work/run.log")" -gt "$marker" ]; do
        kill -0 "$run_pid" 2> /dev/null || { echo "bench: run exited early:" >&2; cat "$work/run.log" >&2; exit 1; }
        sleep 0.1
    done
    sleep_cpu=$(awk -v a="$before" -v b="$($lib cputime "$run_pid")" 'BEGIN { printf "%.3f", b - a }')
    ended_at=$(date +%s.%N)
    sleep 1
    kill "$record_pid"
    [ "$(grep "event=sleep_ended" "$work/run.log" | tail -n 1 | grep -c "reason=elapsed")" -eq 1 ] ||
        { echo "bench: the sleep timer did not run out:" >&2; cat "$work/run.log" >&2; exit 1; }
    started=$(grep "event=sleep_started" "$work/run.log" | tail -n 1)
    fade=$(echo "$started" | sed -n 's/.* fade_s=\([0-9]*\).*/\1/p')
    end_epoch=$(date -d "$(echo "$started" | sed -n 's/.* ends=\([^ ]*\).*/\1/p')" +%s)
    steady_end=$(awk -v e="$end_epoch" -v f="$fade" 'BEGIN { printf "%.3f", e - f - 0.5 }')
    set -- $($lib levels "$work/run-$volume.raw" "$record_t0" "$(awk -v s="$started_at" 'BEGIN { printf "%.3f", s + 0.3 }')" "$steady_end")
    steady_loud=$1 steady_windows=$2
    set -- $($lib levels "$work/run-$volume.raw" "$record_t0" "$(awk -v e="$end_epoch" 'BEGIN { printf "%.3f", e + 0.2 }')" "$(awk -v e="$end_epoch" 'BEGIN { printf "%.3f", e + 1 }')")
    after_loud=$1 after_windows=$2
    row "sleep timer ${seconds}s, volume $volume (fade ${fade}s): CPU s, sleep_started to sleep_ended (device open and drain included); anchor: aplay" "$sleep_cpu" "$aplay_cpu" "-"
    row "  volume $volume: CPU s per minute, steady part before the fade; anchor: aplay per minute" "$steady_cpu" "$aplay_minute" "$steady_target"
    row_raw "  volume $volume: 100 ms windows with sound before the fade / after the end" "$steady_loud/$steady_windows, $after_loud/$after_windows" - - "all, 0" \
        "$([ "$steady_loud" -ge "$((steady_windows - 1))" ] && [ "$after_loud" -eq 0 ] && echo PASS || echo FAIL)"
    row_raw "  volume $volume: wall s, started to sleep_ended (drain included)" \
        "$(awk -v a="$started_at" -v b="$ended_at" 'BEGIN { printf "%.1f", b - a }')" "$seconds" - - -
done
kill "$run_pid"
wait "$run_pid" || true
grep -q "event=fallback" "$work/run.log" && echo "   note: alarmplay logged a fallback: $(grep -m1 event=fallback "$work/run.log")"
row "run idle ${seconds}s, no sleep timer: CPU s; anchor: aplay" "$idle_cpu" "$aplay_cpu" "-"

print_table
