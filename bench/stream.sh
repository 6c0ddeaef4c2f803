#!/bin/sh
# What internet radio and the spoken time cost, side by side with their anchors in one run, against
# a local station (Tests/EndToEndTests/Support/station.py: an MP3 at real-time pace):
#  - wakeups per idle minute of `run` with a stream alarm scheduled far ahead, against `sleep`
#    (target: 0, as without streams: nothing runs before the 15 s pre-roll);
#  - a stream ringing for SECONDS: CPU of `run` with its ffmpeg child (wait4 counts the child it
#    reaped) and peak RSS of both, against `ffplay -nodisp` playing the same URL as long;
#  - from the ring's second to the first audible sample in a parec recording of the sink, over
#    FIRES rings of the stream (target: p99 under 100 ms), against the logged late_ms;
#  - synthesis of `speak:time` (a whole `preview speak:time -D null`), against the 1 s pre-roll.
# Usage: bench/stream.sh [SECONDS (30)] [FIRES (5)]   QUICK=1: 10 s, 3 fires.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then seconds=${1:-10} fires=${2:-3}; else seconds=${1:-30} fires=${2:-5}; fi
lib="python3 $bench_dir/benchlib.py"
need ffmpeg ffplay

bench_build
bench_header "streams and speech: idle, ringing a local station, first sample, synthesis"
pulse_start
mkdir -p "$work/station" "$work/sounds"
ffmpeg -loglevel error -f lavfi -i "sine=frequency=440:duration=30" -ac 2 -ar 48000 -b:a 128k -c:a libmp3lame "$work/station/tone.mp3"
/usr/bin/python3 "$bench_root/Tests/EndToEndTests/Support/station.py" "$work/station" "$work/station/port" &
bench_track $!
until [ -f "$work/station/port" ]; do sleep 0.05; done
url="http://127.0.0.1:$(cat "$work/station/port")/tone.mp3"
echo "$url" > "$work/sounds/radio.url"

# 1. Idle with a stream alarm a year ahead.
year=$(($(date +%Y) + 1))
printf '{ "alarms": [ { "id": "far", "time": "06:00", "date": "%s-06-01", "sound": "stream:radio" } ] }\n' "$year" > "$work/idle.json"
"$alarmplay" run --alarms "$work/idle.json" --sounds "$work/sounds" --device null --no-http < /dev/null 2> "$work/idle.log" &
idle_pid=$!
bench_track "$idle_pid"
sleep 30 &
sleep_pid=$!
bench_track "$sleep_pid"
sleep 2
set -- $($lib switches "$idle_pid") $($lib switches "$sleep_pid")
before_run=$1 before_sleep=$3
sleep 20
set -- $($lib switches "$idle_pid") $($lib switches "$sleep_pid")
idle_run=$(awk -v d="$(($1 - before_run))" 'BEGIN { printf "%.1f", d * 60 / 20 }')
idle_sleep=$(awk -v d="$(($3 - before_sleep))" 'BEGIN { printf "%.1f", d * 60 / 20 }')
kill "$idle_pid"

# 2 and 3. FIRES rings of the stream, the last one SECONDS long; CPU of run and its children.
start=$(($(date +%s) + 5))
scheduled=$($lib alarms "$work/fires.json" "$start" "$fires" 4 stream:radio 2s)
last=${scheduled##* }
python3 - "$work/fires.json" "$seconds" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
data["alarms"][-1]["ringFor"] = f"{sys.argv[2]}s"
json.dump(data, open(sys.argv[1], "w"), indent=2)
PY
record_start "$work/run.raw"
$lib spawn4 "$work/run.cpu" "$alarmplay" run --alarms "$work/fires.json" --sounds "$work/sounds" --device pulse --no-http 2> "$work/run.log" &
spawn_pid=$!
bench_track "$spawn_pid"
sleep 1
run_pid=$(ps -o pid= --ppid "$spawn_pid" | tr -d ' ')
sleep $((last + seconds - 2 - $(date +%s)))
child_pid=$(ps -o pid= --ppid "$run_pid" | tr -d ' ' | head -n 1)
child_rss=$([ -n "$child_pid" ] && $lib hwm "$child_pid" || echo 0)
run_rss=$($lib hwm "$run_pid")
sleep 3
kill "$run_pid"
wait "$spawn_pid" || true
kill "$record_pid"
set -- $(cat "$work/run.cpu")
run_cpu=$2
onsets=$($lib stats $($lib onsets "$work/run.raw" "$record_t0" $scheduled))
logged=$($lib stats $($lib fired "$work/run.log"))
grep -q "event=fallback" "$work/run.log" && echo "   note: a fallback was logged: $(grep -m1 event=fallback "$work/run.log")"

# The anchor: ffplay on the same URL for the same SECONDS (a ring's own share of run's CPU is
# about SECONDS of the total; the rest is FIRES short rings and start-up).
$lib spawn4 "$work/ffplay.cpu" /usr/bin/time -f '%M' -o "$work/ffplay.time" \
    timeout "$seconds" env SDL_AUDIODRIVER=pulseaudio ffplay -loglevel error -nodisp "$url" > /dev/null 2>&1 || true
set -- $(cat "$work/ffplay.cpu")
ffplay_cpu=$2
ffplay_rss=$(tail -n 1 "$work/ffplay.time")

# 4. Synthesis of the spoken time.
speech=$($lib walltime 10 "$alarmplay" preview speak:time -D null)

row_raw "wakeups per idle minute with a stream alarm far ahead; anchor: sleep" "$idle_run" "$idle_sleep" - "<1 /min" \
    "$(awk -v a="$idle_run" 'BEGIN { print (a + 0 < 1) ? "PASS" : "FAIL" }')"
row_raw "CPU s, run + ffmpeg, $fires rings (the last ${seconds}s); anchor: ffplay ${seconds}s" "$(printf '%.3f' "$run_cpu")" "$(printf '%.3f' "$ffplay_cpu")" - "-" "indicative"
row_raw "peak RSS MB, run + ffmpeg child; anchor: ffplay" "$(kb_to_mb "$run_rss") + $(kb_to_mb "$child_rss")" "$(kb_to_mb "$ffplay_rss")" - "-" "indicative"
set -- $onsets
row_raw "ring second -> first audible sample, ms: p50 / p99 / max (n=$1 of $fires); anchor: logged late_ms" "$(triple $onsets)" "$(triple $logged)" - \
    "p99 <100 ms" "$(awk -v p="$3" 'BEGIN { print (p != "-" && p + 0 < 100) ? "PASS" : "FAIL" }')"
set -- $speech
row_raw "preview speak:time -D null, wall ms: median / min / max; anchor: the 1 s pre-roll" "$1 / $2 / $3" "1000" - "<1000 ms" \
    "$(awk -v m="$3" 'BEGIN { print (m + 0 < 1000) ? "PASS" : "FAIL" }')"
print_table
