#!/bin/sh
# What the check before a ring costs, side by side with its anchor, `aplay -D pulse` of a 1 s WAV
# on the same private PulseAudio: wall time and CPU of one check of a file sound (3 s WAV), the
# built-in tone and a local stream (an MP3 served at real-time pace by the tests' station.py,
# through ffmpeg). The check's wall time is its event's time after the second it was due on (the
# timer wakes on the second); its CPU is run's CPU across the check (/proc schedstat). Then the
# fire lateness (logged late_ms, p50/p99/max) of FIRES rings each checked 3 s before its second
# (the latest a check starts) against the same rings with "preflight": "0s" (goal p99 <= 5 ms).
# Usage: bench/preflight.sh [FIRES (10)]   QUICK=1: 5 fires.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then fires=${1:-5}; else fires=${1:-10}; fi
lib="python3 $bench_dir/benchlib.py"

bench_build
need ffmpeg
bench_header "preflight: one check (file, tone, stream) against aplay of 1 s; lateness of $fires checked rings"
pulse_start
mkdir -p "$work/sounds" "$work/station"
sox -n -r 48000 -c 2 -b 16 "$work/sounds/song.wav" synth 3 sine 440 gain -6
sox -n -r 48000 -c 2 -b 16 "$work/one.wav" synth 1 sine 440 gain -6
ffmpeg -loglevel error -f lavfi -i "sine=frequency=440:duration=60" -b:a 128k "$work/station/radio.mp3"
python3 "$bench_root/Tests/EndToEndTests/Support/station.py" "$work/station" "$work/station/port" &
bench_track $!
until [ -s "$work/station/port" ]; do sleep 0.1; done
echo "http://127.0.0.1:$(cat "$work/station/port")/radio.mp3" > "$work/sounds/radio.url"

# One run per sound: the ring 40 s ahead, checked 30 s before it (at +10 s), CPU read at +8 and +18 s.
check() {
    sound=$1
    at=$(($(date +%s) + 40))
    cat > "$work/alarms.json" <<JSON
{"alarms": [{"id": "bench", "time": "$(date -d "@$at" +%H:%M:%S)", "date": "$(date -d "@$at" +%F)", "sound": "$sound", "preflight": "30s"}]}
JSON
    "$alarmplay" run --alarms "$work/alarms.json" --device pulse --sounds "$work/sounds" --no-http --verbose \
        < /dev/null 2> "$work/check.log" &
    pid=$!
    bench_track "$pid"
    sleep $((at - 32 - $(date +%s)))
    before=$($lib cputime "$pid")
    sleep 10
    after=$($lib cputime "$pid")
    kill "$pid"
    wait "$pid" || true
    line=$(grep -m1 "event=preflight_" "$work/check.log" || true)
    [ -n "$line" ] || { echo "bench: no check logged for $sound: $(cat "$work/check.log")" >&2; exit 1; }
    # The check's event time after its second (HH:MM:SS.mmm): the wall time of the check.
    stamp=$(echo "$line" | sed 's/^time=[^T]*T\([0-9:.]*\).*/\1/')
    ms=$(echo "$stamp" | awk -F: '{ split($3, s, "."); print s[2] + 0 }')
    secs=$(echo "$stamp" | awk -F: '{ print int($3) }')
    due=$(date -d "@$((at - 30))" +%S | sed 's/^0//')
    wall=$(( (secs - due + 60) % 60 * 1000 + ms ))
    cpu=$(python3 -c "print(f'{($after - $before) * 1000:.1f}')")
    problems=$(echo "$line" | grep -o 'problems="[^"]*"' | grep -v -e 'problems="clock:[^,]*"$' || true)
    printf '   check %-14s wall %6s ms   cpu %6s ms   %s\n' "$sound" "$wall" "$cpu" "${problems:+($problems)}"
}

check file:song
check tone:classic
check stream:radio

$lib spawn4 "$work/aplay.txt" aplay -q -D pulse "$work/one.wav"
read -r aplay_wall aplay_cpu < "$work/aplay.txt"
printf '   anchor: aplay -D pulse of 1 s   wall %6s ms   cpu %6s ms\n' \
    "$(python3 -c "print(round($aplay_wall * 1000))")" "$(python3 -c "print(f'{$aplay_cpu * 1000:.1f}')")"

# Lateness of rings checked 3 s before their second, against unchecked ones.
lateness() {
    lead=$1
    start=$(($(date +%s) + 6))
    scheduled=$($lib alarms "$work/fires.json" "$start" "$fires" 4 file:song 1s)
    python3 - "$work/fires.json" "$lead" <<'PY'
import json, sys
path, lead = sys.argv[1], sys.argv[2]
data = json.load(open(path))
data["preflight"] = lead
json.dump(data, open(path, "w"))
PY
    last=${scheduled##* }
    "$alarmplay" run --alarms "$work/fires.json" --device pulse --sounds "$work/sounds" --no-http < /dev/null 2> "$work/fires.log" &
    pid=$!
    bench_track "$pid"
    sleep $((last + 2 - $(date +%s)))
    kill "$pid"
    wait "$pid" || true
    checks=$(grep -c "event=preflight_" "$work/fires.log" || true)
    echo "$($lib stats $($lib fired "$work/fires.log")) $checks"
}
read -r n50 p50 p99 max checks <<EOF2
$(lateness 3s)
EOF2
printf '   fire lateness, checked 3 s before   n=%s p50 %s ms  p99 %s ms  max %s ms  (%s checks logged)\n' "$n50" "$p50" "$p99" "$max" "$checks"
read -r n50 p50 p99 max checks <<EOF2
$(lateness 0s)
EOF2
printf '   fire lateness, no check (0s)        n=%s p50 %s ms  p99 %s ms  max %s ms  (goal p99 <= 5 ms)\n' "$n50" "$p50" "$p99" "$max"
