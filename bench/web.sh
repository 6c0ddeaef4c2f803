#!/bin/sh
# What the phone page costs `alarmplay run`, side by side with its anchors in one run:
#  - wakeups per idle minute with the page served and no client, against `run --no-http`;
#  - peak RSS (VmHWM) after serving the page and the API, against `run --no-http` idle as long
#    (target: at most 2 MB more);
#  - a page load (index.html, app.js, style.css over one connection) over loopback, against
#    Python's http.server serving the same files (target: p50 under 20 ms);
#  - GET /api/alarms with 1,000 alarms, against `alarmplay list --json` on the same file
#    (target: p50 under 50 ms);
#  - from an alarm's second to its `fired` message at a connected SSE client, against the
#    logged late_ms of the same fires (target: p99 under 100 ms).
# Usage: bench/web.sh [IDLE_SECONDS (60)] [RUNS (50)]   QUICK=1: 15 s idle, 20 runs.
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then idle=${1:-15} runs=${2:-20}; else idle=${1:-60} runs=${2:-50}; fi
lib="python3 $bench_dir/benchlib.py"
port=$((20000 + $$ % 20000))

bench_build
bench_header "web page: wakeups, memory, page load, API and SSE latency"
pulse_start
year=$(($(date +%Y) + 1))
printf '{ "alarms": [ { "id": "far", "time": "06:00", "date": "%s-06-01", "sound": "tone:beep" } ] }\n' "$year" > "$work/idle.json"

# 1 and 2: two idle runs side by side, one serving the page.
"$alarmplay" run --alarms "$work/idle.json" --device null --http "127.0.0.1:$port" < /dev/null 2> "$work/web.log" &
web_pid=$!
bench_track "$web_pid"
XDG_RUNTIME_DIR="$work/runtime2" "$alarmplay" run --alarms "$work/idle.json" --device null --no-http < /dev/null 2> "$work/plain.log" &
plain_pid=$!
bench_track "$plain_pid"
mkdir -p "$work/runtime2" && chmod 700 "$work/runtime2"
until grep -q event=http_listening "$work/web.log"; do sleep 0.1; done
token=$(cat "$XDG_STATE_HOME/alarmplay/http-token")
base="http://127.0.0.1:$port"
sleep 2
set -- $($lib switches "$web_pid") $($lib switches "$plain_pid")
before_web=$1 before_plain=$3
sleep "$idle"
set -- $($lib switches "$web_pid") $($lib switches "$plain_pid")
per_minute() { awk -v d="$(($2 - $1))" -v s="$idle" 'BEGIN { printf "%.1f", d * 60 / s }'; }
web_wakeups=$(per_minute "$before_web" "$1")
plain_wakeups=$(per_minute "$before_plain" "$3")

$lib httptimes "$base" "$token" "$runs" / /app.js /style.css /api/status /api/alarms /api/sounds > /dev/null
web_rss=$($lib hwm "$web_pid")
plain_rss=$($lib hwm "$plain_pid")
kill "$web_pid" "$plain_pid"
wait "$web_pid" "$plain_pid" || true

# 3: page load, against Python's http.server on the same files.
python3 -m http.server --bind 127.0.0.1 --directory "$bench_root/Web" $((port + 1)) > /dev/null 2>&1 &
anchor_pid=$!
bench_track "$anchor_pid"
python3 - "$bench_root/Web/index.html" "$alarmplay" > "$work/thousand.json" <<'PY'
import json
alarms = [{"id": f"a{i:04d}", "time": f"{i // 60 % 24:02d}:{i % 60:02d}", "days": ["mon", "wed", "fri"] if i % 2 else "weekdays",
           "label": f"Alarm {i}", "sound": "tone:beep"} for i in range(1000)]
print(json.dumps({"alarms": alarms}, indent=2))
PY
"$alarmplay" run --alarms "$work/thousand.json" --device null --http "127.0.0.1:$port" < /dev/null 2> "$work/web2.log" &
web_pid=$!
bench_track "$web_pid"
until grep -q event=http_listening "$work/web2.log"; do sleep 0.1; done
until $lib httptimes "http://127.0.0.1:$((port + 1))" - 1 / > /dev/null 2>&1; do sleep 0.1; done
page=$($lib stats $($lib httptimes "$base" "$token" "$runs" / /app.js /style.css))
anchor_page=$($lib stats $($lib httptimes "http://127.0.0.1:$((port + 1))" - "$runs" / /app.js /style.css))
api=$($lib stats $($lib httptimes "$base" "$token" "$runs" /api/alarms))
list=$($lib walltime "$runs" "$alarmplay" list --json --alarms "$work/thousand.json")
kill "$web_pid" "$anchor_pid"
wait "$web_pid" || true

# 5: fired to SSE message, five alarms 2.5 s apart.
start=$(($(date +%s) + 3))
$lib alarms "$work/fires.json" "$start" 5 2.5 tone:beep 1s > /dev/null
"$alarmplay" run --alarms "$work/fires.json" --device pulse --http "127.0.0.1:$port" < /dev/null 2> "$work/fires.log" &
web_pid=$!
bench_track "$web_pid"
until grep -q event=http_listening "$work/fires.log"; do sleep 0.1; done
sse=$($lib stats $($lib sselatency "$base" "$token" 5 20))
logged=$($lib stats $($lib fired "$work/fires.log"))
kill "$web_pid"
wait "$web_pid" || true

row_raw "wakeups per idle minute, page served, no client; anchor: --no-http" "$web_wakeups" "$plain_wakeups" - "<1 /min" \
    "$(awk -v a="$web_wakeups" 'BEGIN { print (a + 0 < 1) ? "PASS" : "FAIL" }')"
row "peak RSS MB after serving; anchor: --no-http idle" "$(kb_to_mb "$web_rss")" "$(kb_to_mb "$plain_rss")" "±2"
row_raw "page load ms (3 files, one connection): p50 / p99 / max; anchor: python http.server" "$(triple $page)" "$(triple $anchor_page)" - "p50 <20 ms" \
    "$(echo $page | awk '{ print ($2 + 0 < 20) ? "PASS" : "FAIL" }')"
row_raw "GET /api/alarms, 1000 alarms, ms: p50 / p99 / max; anchor: list --json (median / min / max)" "$(triple $api)" \
    "$(echo $list | awk '{ print $1 " / " $2 " / " $3 }')" - "p50 <50 ms" "$(echo $api | awk '{ print ($2 + 0 < 50) ? "PASS" : "FAIL" }')"
row_raw "second -> SSE fired message ms: p50 / p99 / max (n=$(echo $sse | cut -d' ' -f1)); anchor: logged late_ms" "$(triple $sse)" "$(triple $logged)" - \
    "p99 <100 ms" "$(echo $sse | awk '{ print ($3 != "-" && $3 + 0 < 100) ? "PASS" : "FAIL" }')"
print_table
