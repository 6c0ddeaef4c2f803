#!/usr/bin/env python3
"""Rings from the day's first appointment (`fromCalendar`) against an outside iCalendar engine:

    bench/from-calendar.py [BINARY]    (default: .build/debug/alarmplay;
                                        needs `pip install icalendar recurring_ical_events`)

One calendar with what real ones hold (weekly and daily rules with EXDATE, RDATE and COUNT, a moved
occurrence by RECURRENCE-ID, monthly BYDAY, events in another zone and in UTC, a cancelled event,
all-day events) over three months that cross a DST change. `alarmplay next --json` gives the rings
of a daily alarm 45 minutes before each day's first timed event, kept between 06:00 and 09:00;
recurring_ical_events (Python, its own expansion) gives the events, from which the same rule gives
the expected rings. Prints the days compared, how many agree, and the largest difference in
seconds; the goal is every day the same. Then the cost of `next -n 1000` over 200 alarms mixing
the four rules (times per weekday, the sun, a calendar, a folder of sounds) beside 200 plain ones.
"""
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zoneinfo

import icalendar
import recurring_ical_events

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZONE = "Europe/Berlin"
START, DAYS = datetime.date(2027, 1, 4), 91
BEFORE = datetime.timedelta(minutes=45)
EARLIEST, LATEST = datetime.time(6, 0), datetime.time(9, 0)

CALENDAR = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//alarmplay bench//EN
BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:STANDARD
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:STANDARD
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VEVENT
UID:standup
DTSTART;TZID=Europe/Berlin:20261207T093000
DTEND;TZID=Europe/Berlin:20261207T094500
RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH
EXDATE;TZID=Europe/Berlin:20270112T093000,20270304T093000
RDATE;TZID=Europe/Berlin:20270122T101500
SUMMARY:Standup
END:VEVENT
BEGIN:VEVENT
UID:standup
RECURRENCE-ID;TZID=Europe/Berlin:20270203T093000
DTSTART;TZID=Europe/Berlin:20270203T084500
DTEND;TZID=Europe/Berlin:20270203T090000
SUMMARY:Standup (moved)
END:VEVENT
BEGIN:VEVENT
UID:gym
DTSTART;TZID=Europe/Berlin:20270201T071500
DTEND;TZID=Europe/Berlin:20270201T081500
RRULE:FREQ=DAILY;INTERVAL=3;COUNT=20
SUMMARY:Gym
END:VEVENT
BEGIN:VEVENT
UID:board
DTSTART;TZID=Europe/Berlin:20270101T080000
DTEND;TZID=Europe/Berlin:20270101T090000
RRULE:FREQ=MONTHLY;BYDAY=1FR
SUMMARY:Board
END:VEVENT
BEGIN:VEVENT
UID:newyork
DTSTART;TZID=America/New_York:20270115T020000
DTEND;TZID=America/New_York:20270115T030000
RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20270402T070000Z
SUMMARY:Call with New York
END:VEVENT
BEGIN:VEVENT
UID:utc
DTSTART:20270320T053000Z
DTEND:20270320T063000Z
RRULE:FREQ=DAILY;COUNT=14
SUMMARY:Early shift
END:VEVENT
BEGIN:VEVENT
UID:cancelled
DTSTART;TZID=Europe/Berlin:20270111T063000
DTEND;TZID=Europe/Berlin:20270111T070000
STATUS:CANCELLED
SUMMARY:Cancelled breakfast
END:VEVENT
BEGIN:VEVENT
UID:offsite
DTSTART;VALUE=DATE:20270210
DTEND;VALUE=DATE:20270213
SUMMARY:Offsite
END:VEVENT
END:VCALENDAR
"""


def expected():
    zone = zoneinfo.ZoneInfo(ZONE)
    calendar = icalendar.Calendar.from_ical(CALENDAR)
    first = {}
    end = START + datetime.timedelta(days=DAYS)
    for event in recurring_ical_events.of(calendar).between(START, end):
        start = event["DTSTART"].dt
        if not isinstance(start, datetime.datetime) or str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        local = start.astimezone(zone)
        day = local.date()
        if START <= day < end and (day not in first or local < first[day]):
            first[day] = local
    rings = {}
    for offset in range(DAYS):
        day = START + datetime.timedelta(days=offset)
        if day not in first:
            rings[day] = None
            continue
        ring = first[day] - BEFORE
        clock = datetime.time(0, 0) if ring.date() < day else ring.time().replace(tzinfo=None)
        clock = min(max(clock, EARLIEST), LATEST)
        rings[day] = datetime.datetime.combine(day, clock, zone)
    return rings


def next_json(binary, path, count, after):
    out = subprocess.run([binary, "next", "--json", "--alarms", path, "-n", str(count), "--after", after],
                         env={**os.environ, "TZ": ZONE}, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def mine(binary, work):
    with open(os.path.join(work, "work.ics"), "w") as file:
        file.write(CALENDAR.replace("\n", "\r\n"))
    path = os.path.join(work, "alarms.json")
    with open(path, "w") as file:
        json.dump({"alarms": [{"id": "work", "days": "daily", "sound": "tone:beep",
                               "fromCalendar": {"calendar": "work.ics", "before": "45m", "earliest": "06:00", "latest": "09:00"}}]}, file)
    rings = {}
    for entry in next_json(binary, path, DAYS + 10, START.isoformat() + "T00:00:00"):
        at = datetime.datetime.fromisoformat(entry["at"])
        rings[at.date()] = None if entry.get("skipped") else at
    return rings


def mixed(binary, work):
    """`next -n 1000` over 200 alarms of the four rules, beside 200 plain ones."""
    folder = os.path.join(work, "sounds", "morning")
    os.makedirs(folder, exist_ok=True)
    for name in ("a", "b", "c"):
        shutil.copy(os.path.join(ROOT, "Tests/Fixtures/sounds/tone-440.wav"), os.path.join(folder, name + ".wav"))
    rules = [
        lambda i: {"times": {"weekdays": f"06:{i % 60:02d}", "sat": "09:00"}},
        lambda i: {"days": "daily", "sun": {"event": "sunrise", "offset": f"-{i % 50}m", "latest": "08:00"}},
        lambda i: {"days": "weekdays", "fromCalendar": {"calendar": "work.ics", "before": f"{30 + i % 60}m", "latest": "09:00", "otherwise": "07:30"}},
        lambda i: {"time": f"07:{i % 60:02d}", "days": "daily", "sound": "folder:morning"},
    ]
    figures = {}
    for kind in ("plain", "four rules"):
        alarms = [{"id": f"a{i}", **(rules[i % 4](i) if kind == "four rules" else {"time": f"06:{i % 60:02d}", "days": "daily"})}
                  for i in range(200)]
        path = os.path.join(work, kind.replace(" ", "-") + ".json")
        with open(path, "w") as file:
            json.dump({"location": {"latitude": 52.52, "longitude": 13.405}, "alarms": alarms}, file)
        runs = []
        for _ in range(5):
            began = time.monotonic()
            subprocess.run([binary, "next", "--alarms", path, "-n", "1000", "--sounds", os.path.join(work, "sounds")],
                           env={**os.environ, "TZ": ZONE}, check=True, capture_output=True)
            runs.append((time.monotonic() - began) * 1000)
        figures[kind] = sorted(runs)[len(runs) // 2]
    return figures


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/alarmplay")
    work = tempfile.mkdtemp(prefix="alarmplay-from-calendar-")
    theirs, ours = expected(), mine(binary, work)
    differ = []
    worst = 0.0
    for day, ring in sorted(theirs.items()):
        got = ours.get(day)
        if ring is None and got is None:
            continue
        if ring is None or got is None:
            differ.append((day, ring, got))
            worst = float("inf")
            continue
        seconds = abs((got - ring).total_seconds())
        worst = max(worst, seconds)
        if seconds:
            differ.append((day, ring, got))
    rung = sum(1 for ring in theirs.values() if ring is not None)
    print(f"{'days':>5} {'with a ring':>12} {'agree':>6} {'max |alarmplay - recurring_ical_events|':>40}")
    print(f"{DAYS:>5} {rung:>12} {DAYS - len(differ):>6} {worst:>38.0f} s")
    for day, ring, got in differ:
        print(f"  {day}: expected {ring}, alarmplay {got}")
    figures = mixed(binary, work)
    print(f"\n{'next -n 1000, 200 alarms':<28} {'median ms':>10}")
    for kind, ms in figures.items():
        print(f"{kind:<28} {ms:>10.0f}")
    shutil.rmtree(work)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
