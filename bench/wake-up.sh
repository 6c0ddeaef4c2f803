#!/bin/sh
# What a wake-up phase costs, side by side with its anchors. Two `run`s share one private
# PulseAudio: one whose alarm has a PHASE-minute "wakeUp" with a "wakeUpSound" (a 60 s 16-bit
# stereo WAV, looping under the rising gain), one whose alarm has the same phase without a sound.
#  - CPU per minute of the phase with a sound (/proc schedstat of every thread, from 10 s into the
#    phase to 10 s before the ring) beside `aplay -D pulse` of the same WAV for one minute (wait4).
#    Target: <= 1.3x, the ringing goal. Beside it, for what ringing itself costs here, the same run
#    ringing the same WAV for the minute after the ring (fadeIn 0, the phase's volume).
#  - Wake-ups per minute of the phase without a sound (voluntary context switches of every thread,
#    /proc/PID/task/*/status) beside the progress steps a minute (one; a phase shorter
#    than ten minutes steps ten times). Target <= 1.5x.
# Usage: bench/wake-up.sh [PHASE minutes (20)]   QUICK=1: a 2-minute phase.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then phase=${1:-2}; else phase=${1:-20}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "wake-up: a ${phase}-minute phase with a sound (CPU a minute, anchor aplay) and without (wake-ups a minute)"
pulse_start
# Each alarms file in a folder of its own, as in a real setup: run watches its file's folder, and a
# log written beside it would wake it.
mkdir -p "$work/sounds" "$work/sound" "$work/quiet" "$work/logs" "$work/quiet-runtime" "$work/quiet-state"
chmod 700 "$work/quiet-runtime"
sox -n -r 48000 -c 2 -b 16 "$work/sounds/dawn.wav" synth 60 pinknoise gain -12

# Both rings PHASE minutes and 20 s ahead, so each phase starts 20 s after its run. No check before
# the rings ("preflight": "0s"): on a machine whose clock is not synchronised it would retry every
# minute, and it is measured by bench/preflight.sh.
at=$(($(date +%s) + phase * 60 + 20))
start=$((at - phase * 60))
alarm() {
    cat <<JSON
{"alarms": [{"id": "bench", "time": "$(date -d "@$at" +%H:%M:%S)", "date": "$(date -d "@$at" +%F)", "preflight": "0s", "wakeUp": "${phase}m"$1}]}
JSON
}
alarm ', "wakeUpSound": "file:dawn", "sound": "file:dawn", "fadeIn": 0, "ringFor": "75s"' > "$work/sound/alarms.json"
alarm ', "sound": "tone:classic"' > "$work/quiet/alarms.json"
"$alarmplay" run --alarms "$work/sound/alarms.json" --device pulse --sounds "$work/sounds" --no-http < /dev/null 2> "$work/logs/sound.log" &
sound_pid=$!
bench_track "$sound_pid"
XDG_RUNTIME_DIR=$work/quiet-runtime XDG_STATE_HOME=$work/quiet-state \
    "$alarmplay" run --alarms "$work/quiet/alarms.json" --device pulse --sounds "$work/sounds" --no-http < /dev/null 2> "$work/logs/quiet.log" &
quiet_pid=$!
bench_track "$quiet_pid"

sleep $((start + 10 - $(date +%s)))
from=$(date +%s.%N)
cpu_before=$($lib cputime "$sound_pid")
# Voluntary switches only: the process's own wake-ups, not the preemptions other load causes.
voluntary() { cat /proc/"$1"/task/*/status | awk '/^voluntary_ctxt_switches/ { n += $2 } END { print n }'; }
switches_before=$(voluntary "$quiet_pid")
sleep $((at - 10 - $(date +%s)))
cpu_after=$($lib cputime "$sound_pid")
switches_after=$(voluntary "$quiet_pid")
minutes=$(python3 -c "import time; print(f'{(time.time() - $from) / 60:.3f}')")
sleep $((at + 5 - $(date +%s)))
kill "$quiet_pid"
wait "$quiet_pid" || true
ring_before=$($lib cputime "$sound_pid")
sleep 60
ring_after=$($lib cputime "$sound_pid")
kill "$sound_pid"
wait "$sound_pid" || true
grep -q "event=waking id=bench" "$work/logs/sound.log" || { echo "bench: no waking logged: $(cat "$work/logs/sound.log")" >&2; exit 1; }
grep -q "event=fired id=bench" "$work/logs/sound.log" || { echo "bench: the ring did not fire: $(cat "$work/logs/sound.log")" >&2; exit 1; }
if grep -q "event=wake_up_sound_failed" "$work/logs/sound.log"; then echo "bench: the wake-up sound failed: $(cat "$work/logs/sound.log")" >&2; exit 1; fi

sox "$work/sounds/dawn.wav" "$work/minute.wav" trim 0 60
$lib spawn4 "$work/aplay.txt" aplay -q -D pulse "$work/minute.wav"
read -r _ aplay_cpu < "$work/aplay.txt"

per_minute() { python3 -c "print(f'{$1 / $minutes:.1f}')"; }
row "phase with a sound: CPU ms a minute; anchor: aplay of the same WAV for 1 min" \
    "$(per_minute "($cpu_after - $cpu_before) * 1000")" "$(python3 -c "print(f'{$aplay_cpu * 1000:.1f}')")" "<=1.3x"
# The progress steps a minute: one, or ten a phase shorter than ten minutes.
steps=$(python3 -c "print(f'{60 / min(60, max(1, $phase * 6)):.1f}')")
row "the ring after it (same run, same WAV): CPU ms a minute; anchor: aplay" \
    "$(python3 -c "print(f'{($ring_after - $ring_before) * 1000:.1f}')")" "$(python3 -c "print(f'{$aplay_cpu * 1000:.1f}')")" "-"
row "phase without a sound: wake-ups a minute; anchor: its progress steps a minute" \
    "$(per_minute "$switches_after - $switches_before")" "$steps" "<=1.5x"
row_raw "ring after the phase: late_ms (sound, quiet)" \
    "$(grep -m1 -o 'event=fired id=bench.*late_ms=[0-9]*' "$work/logs/sound.log" | sed 's/.*late_ms=//'), $(grep -m1 -o 'event=fired id=bench.*late_ms=[0-9]*' "$work/logs/quiet.log" | sed 's/.*late_ms=//')" \
    - - "<50" -
echo "   measured over $minutes minutes of the phase"
print_table
