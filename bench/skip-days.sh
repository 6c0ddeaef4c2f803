#!/bin/sh
# skipDays, side by side with its anchor in one run (issue 23):
#  - `next --count 100` over COUNT weekly alarms that all skip the days of a 500-event calendar
#    (all-day, multi-day, timed with a TZID, yearly RRULE with EXDATE), against the same alarms
#    without the calendar (target: under 300 ms);
#  - `next --ics` (60 days of rings of 100 of those alarms, with the calendar), against `next
#    --count 100 --json` on the same file.
# Usage: bench/skip-days.sh [COUNT (1000, the most an alarms file may hold)] [RUNS (10)]
set -eu
. "$(dirname "$0")/lib.sh"

count=${1:-1000}
runs=${2:-10}
lib="python3 $bench_dir/benchlib.py"

bench_build
bench_header "skipDays: next over $count alarms with a 500-event calendar"

python3 - "$work" "$count" <<'PY'
import datetime, json, sys
work, count = sys.argv[1], int(sys.argv[2])
days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
start = datetime.date.today()
lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay bench//EN"]
def event(uid, *props):
    lines.extend(["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260101T000000Z", *props, "END:VEVENT"])
for i in range(500):
    day = start + datetime.timedelta(days=3 + i * 2 % 700)
    kind = i % 10
    if kind < 6:
        event(i, f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"SUMMARY:Holiday {i}")
    elif kind < 8:
        end = day + datetime.timedelta(days=4)
        event(i, f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}", f"SUMMARY:Break {i}")
    elif kind == 8:
        event(i, f"DTSTART;TZID=America/New_York:{day:%Y%m%d}T220000", "DURATION:PT3H", f"SUMMARY:Late {i}")
    else:
        event(i, f"DTSTART;VALUE=DATE:{day:%Y%m%d}", "RRULE:FREQ=YEARLY",
              f"EXDATE;VALUE=DATE:{day.replace(year=day.year + 1):%Y%m%d}", f"SUMMARY:Yearly {i}")
lines.append("END:VCALENDAR")
open(f"{work}/holidays.ics", "w").write("\r\n".join(lines) + "\r\n")
alarms = [{"id": f"a{i}", "time": f"{i % 24:02d}:{i * 7 % 60:02d}", "days": [days[i % 7], days[(i + 3) % 7]]} for i in range(count)]
json.dump({"skipDays": ["holidays.ics"], "alarms": alarms}, open(f"{work}/with.json", "w"))
json.dump({"alarms": alarms}, open(f"{work}/without.json", "w"))
json.dump({"skipDays": ["holidays.ics"], "alarms": alarms[:100]}, open(f"{work}/feed.json", "w"))
PY
with=$($lib walltime "$runs" "$alarmplay" next --count 100 --alarms "$work/with.json")
without=$($lib walltime "$runs" "$alarmplay" next --count 100 --alarms "$work/without.json")
ics=$($lib walltime "$runs" "$alarmplay" next --ics --alarms "$work/feed.json")
json=$($lib walltime "$runs" "$alarmplay" next --count 100 --json --alarms "$work/feed.json")
events=$("$alarmplay" next --ics --alarms "$work/feed.json" | grep -c '^BEGIN:VEVENT' || true)

set -- $with
row_raw "next --count 100, $count alarms + 500-event calendar, wall ms: median / min / max; anchor: no calendar" "$1 / $2 / $3" \
    "$(echo $without | awk '{ print $1 " / " $2 " / " $3 }')" "$(awk -v a="$1" -v b="${without%% *}" 'BEGIN { printf "%.2f", a / b }')" "<300 ms" "$(below "$1" 300)"
set -- $ics
row_raw "next --ics, 100 alarms, 60 days ($events events), wall ms: median / min / max; anchor: next --count 100 --json" "$1 / $2 / $3" \
    "$(echo $json | awk '{ print $1 " / " $2 " / " $3 }')" "$(awk -v a="$1" -v b="${json%% *}" 'BEGIN { printf "%.2f", a / b }')" - -
print_table
