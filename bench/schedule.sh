#!/bin/sh
# Times `alarmplay next` and `alarmplay validate` on a generated 1,000-alarm file, the most an alarms
# file may hold (target: under 300 ms each, release build). Usage: bench/schedule.sh [COUNT] [RUNS]
set -eu
count=${1:-1000}
runs=${2:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
binary=$root/.build/release/alarmplay
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$binary" ] || [ -n "${REBUILD:-}" ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib --product alarmplay >&2)
fi

# Weekly, daily, dated, one-shot and disabled alarms, with ids, labels and settings, like a
# very busy real file.
awk -v n="$count" 'BEGIN {
    split("mon tue wed thu fri sat sun", day, " ")
    print "{"
    print "  \"defaults\": { \"volume\": 0.7, \"snooze\": \"5m\", \"ringFor\": \"10m\", \"fadeIn\": \"30s\" },"
    print "  \"alarms\": ["
    for (i = 1; i <= n; i++) {
        time = sprintf("%02d:%02d:%02d", i % 24, (i * 7) % 60, (i * 13) % 60)
        kind = i % 5
        if (kind == 0) when = sprintf("\"days\": [\"%s\", \"%s\"]", day[i % 7 + 1], day[(i + 3) % 7 + 1])
        else if (kind == 1) when = "\"days\": \"weekdays\""
        else if (kind == 2) when = sprintf("\"date\": \"%04d-%02d-%02d\"", 2026 + i % 3, i % 12 + 1, i % 28 + 1)
        else if (kind == 3) when = "\"enabled\": false, \"days\": \"daily\""
        else when = "\"volume\": 0.5"
        sep = (i < n) ? "," : ""
        printf "    { \"id\": \"alarm-%d\", \"label\": \"Alarm number %d\", \"time\": \"%s\", %s, \"snooze\": \"%dm\" }%s\n", i, i, time, when, i % 30 + 1, sep
    }
    print "  ]"
    print "}"
}' > "$work/alarms.json"

echo "file: $count alarms, $(wc -c < "$work/alarms.json") bytes; $runs runs each; TZ=${TZ:-Europe/Berlin}"
export TZ=${TZ:-Europe/Berlin}

measure() {
    label=$1
    shift
    "$@" > /dev/null # warm the page cache
    best=999999
    total=0
    i=0
    while [ "$i" -lt "$runs" ]; do
        start=$(date +%s%N)
        "$@" > /dev/null
        end=$(date +%s%N)
        ms=$(( (end - start) / 1000000 ))
        total=$((total + ms))
        [ "$ms" -lt "$best" ] && best=$ms
        i=$((i + 1))
    done
    echo "$label: best ${best} ms, mean $((total / runs)) ms"
}

measure "validate" "$binary" validate --alarms "$work/alarms.json"
measure "next" "$binary" next --alarms "$work/alarms.json"
measure "next --count 100 --json" "$binary" next --alarms "$work/alarms.json" --count 100 --json
