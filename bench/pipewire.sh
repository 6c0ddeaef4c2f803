#!/bin/sh
# From an alarm's second to its first audible sample through PipeWire (ALSA's `default` through
# pipewire-alsa, a private PipeWire with a null sink recorded by parec through pipewire-pulse),
# p50/p99 over RINGS rings, side by side with the same through a private PulseAudio
# (`--device pulse`), in one run. Also the logged lateness of each.
# Usage: bench/pipewire.sh [RINGS (10)]   QUICK=1: 4 rings.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then rings=${1:-4}; else rings=${1:-10}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "ring second -> first audible sample: PipeWire (default through pipewire-alsa) vs PulseAudio, $rings rings"

sounds=$work/sounds
mkdir -p "$sounds"
sox -n -r 48000 -c 1 -b 16 "$sounds/ring.wav" synth 2 sine 440 gain -6

# rings NAME DEVICE: RINGS alarms 3 s apart, 1 s each, on DEVICE, recorded from $pulse_sink;
# sets $onsets and $logged (benchlib stats: "n p50 p99 max").
rings() {
    start=$(($(date +%s) + 4))
    scheduled=$($lib alarms "$work/$1.json" "$start" "$rings" 3 file:ring 1s)
    last=${scheduled##* }
    record_start "$work/$1.raw"
    "$alarmplay" run --alarms "$work/$1.json" --sounds "$sounds" --device "$2" --no-http < /dev/null 2> "$work/$1.log" &
    run_pid=$!
    bench_track "$run_pid"
    sleep $((last + 2 - $(date +%s)))
    kill "$run_pid"
    wait "$run_pid" || true
    kill "$record_pid"
    onsets=$($lib stats $($lib onsets "$work/$1.raw" "$record_t0" $scheduled))
    logged=$($lib stats $($lib fired "$work/$1.log"))
    if grep -q "event=fallback" "$work/$1.log"; then echo "   note ($1): $(grep -m1 event=fallback "$work/$1.log")"; fi
}

pipewire_start
pulse_sink=alarmplaybench
saved_path=${ALSA_CONFIG_PATH-}
export $pw_env
rings pipewire default
pipewire_onsets=$onsets pipewire_logged=$logged
pipewire_stop
unset PIPEWIRE_RUNTIME_DIR
if [ -n "$saved_path" ]; then export ALSA_CONFIG_PATH=$saved_path; else unset ALSA_CONFIG_PATH; fi

pulse_start
rings pulse pulse

set -- $pipewire_onsets
pipewire_n=$1 pipewire_p99=$3
set -- $onsets
row_raw "ring second -> first audible sample, ms: p50 / p99 / max (n=$pipewire_n of $rings); anchor: the same through PulseAudio (n=$1)" \
    "$(triple $pipewire_onsets)" "$(triple $onsets)" - "p99 <100 ms" \
    "$(awk -v p="$pipewire_p99" 'BEGIN { print (p != "-" && p + 0 < 100) ? "PASS" : "FAIL" }')"
row_raw "logged late_ms: p50 / p99 / max; anchor: through PulseAudio" "$(triple $pipewire_logged)" "$(triple $logged)" - - -
print_table
