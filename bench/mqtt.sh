#!/bin/sh
# What Home Assistant over MQTT costs `alarmplay run`, side by side with the same run without it:
#  - fire lateness (logged late_ms) over FIRES one-shot alarms 2.5 s apart, MQTT connected vs not
#    (target: p99 <= 5 ms);
#  - from an alarm's second to its `fired` event message at a subscriber (mosquitto_sub's own
#    arrival time, %U), against the logged late_ms (target: under 50 ms);
#  - wakeups per idle minute with the broker connected, against --no-mqtt (target: <= 2);
#  - peak RSS with MQTT, against without (target: at most 2 MB more).
# A private Mosquitto on a Unix socket. Usage: bench/mqtt.sh [IDLE_SECONDS (130)] [FIRES (20)]
# QUICK=1: 65 s idle (one keepalive), 6 fires.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then idle=${1:-65} fires=${2:-6}; else idle=${1:-130} fires=${2:-20}; fi
lib="python3 $bench_dir/benchlib.py"
need mosquitto mosquitto_sub

bench_build
bench_header "MQTT: lateness, event latency, idle wakeups, memory"
pulse_start
broker=$work/broker.sock
printf 'listener 0 %s\nallow_anonymous true\npersistence false\n%s\n' "$broker" "$([ "$(id -u)" -eq 0 ] && echo 'user root')" > "$work/broker.conf"
/usr/sbin/mosquitto -c "$work/broker.conf" > /dev/null 2>&1 &
bench_track $!
until mosquitto_pub --unix "$broker" -t ping -m 1 2> /dev/null; do sleep 0.1; done

# fires NAME OPTIONS...: runs FIRES alarms; sets $late.
fires() {
    name=$1
    shift
    # Four seconds: `run` has started and connected before the first ring's pre-roll.
    start=$(($(date +%s) + 4))
    scheduled=$($lib alarms "$work/$name.json" "$start" "$fires" 2.5 tone:beep 1s)
    last=${scheduled##* }
    "$alarmplay" run --alarms "$work/$name.json" --device pulse --no-http "$@" < /dev/null 2> "$work/$name.log" &
    pid=$!
    bench_track "$pid"
    sleep $((last + 2 - $(date +%s)))
    kill "$pid"
    wait "$pid" || true
    late=$($lib stats $($lib fired "$work/$name.log"))
}

mosquitto_sub --unix "$broker" -t 'alarmplay/bench/event' -F '%U %p' > "$work/events.txt" &
sub_pid=$!
bench_track "$sub_pid"
fires with --mqtt "unix:$broker" --mqtt-id bench
with_late=$late
kill "$sub_pid"
event_ms=$(python3 - "$work/events.txt" "$work/with.json" <<'PY'
import json, sys, time
scheduled = {}
for alarm in json.load(open(sys.argv[2]))["alarms"]:
    scheduled[alarm["id"]] = time.mktime(time.strptime(alarm["date"] + " " + alarm["time"], "%Y-%m-%d %H:%M:%S"))
out = []
for line in open(sys.argv[1]):
    stamp, payload = line.split(" ", 1)
    event = json.loads(payload)
    if event.get("event_type") == "fired":
        out.append(f"{(float(stamp) - scheduled[event['id']]) * 1000:.1f}")
print(" ".join(out))
PY
)
events=$($lib stats $event_ms)
fires without
without_late=$late

year=$(($(date +%Y) + 1))
printf '{ "alarms": [ { "id": "far", "time": "06:00", "date": "%s-06-01", "sound": "tone:beep" } ] }\n' "$year" > "$work/idle.json"
"$alarmplay" run --alarms "$work/idle.json" --device null --no-http --mqtt "unix:$broker" --mqtt-id idle < /dev/null 2> "$work/idle-mqtt.log" &
mqtt_pid=$!
bench_track "$mqtt_pid"
mkdir -p "$work/runtime2" && chmod 700 "$work/runtime2"
XDG_RUNTIME_DIR="$work/runtime2" "$alarmplay" run --alarms "$work/idle.json" --device null --no-http < /dev/null 2> "$work/idle-plain.log" &
plain_pid=$!
bench_track "$plain_pid"
sleep 2
set -- $($lib switches "$mqtt_pid") $($lib switches "$plain_pid")
before_mqtt=$1 before_plain=$3
sleep "$idle"
set -- $($lib switches "$mqtt_pid") $($lib switches "$plain_pid")
per_minute() { awk -v d="$(($2 - $1))" -v s="$idle" 'BEGIN { printf "%.1f", d * 60 / s }'; }
mqtt_wakeups=$(per_minute "$before_mqtt" "$1")
plain_wakeups=$(per_minute "$before_plain" "$3")
mqtt_rss=$($lib hwm "$mqtt_pid")
plain_rss=$($lib hwm "$plain_pid")
kill "$mqtt_pid" "$plain_pid"

set -- $with_late
row_raw "fire lateness ms, logged: p50 / p99 / max (n=$1); MQTT connected vs not" "$(triple $with_late)" "$(triple $without_late)" - \
    "p99 <=5 ms" "$(awk -v p="$3" 'BEGIN { print (p != "-" && p + 0 <= 5) ? "PASS" : "FAIL" }')"
set -- $events
row_raw "second -> fired event at a subscriber ms: p50 / p99 / max (n=$1); anchor: logged late_ms" "$(triple $events)" "$(triple $with_late)" - \
    "p99 <50 ms" "$(awk -v p="$3" 'BEGIN { print (p != "-" && p + 0 < 50) ? "PASS" : "FAIL" }')"
row_raw "wakeups per idle minute ($idle s); MQTT connected vs not" "$mqtt_wakeups" "$plain_wakeups" - "<=2 /min" \
    "$(awk -v a="$mqtt_wakeups" 'BEGIN { print (a + 0 <= 2) ? "PASS" : "FAIL" }')"
row "peak RSS MB idle; MQTT connected vs not" "$(kb_to_mb "$mqtt_rss")" "$(kb_to_mb "$plain_rss")" "±2"
print_table
