#!/usr/bin/env python3
"""The sun's times of `sun` alarms against an outside library, over a year at three latitudes:

    bench/sun.py [BINARY]        (default: .build/debug/alarmplay; needs `pip install astral`)

`alarmplay next --json` gives, for an alarm following each day's sunrise and sunset at Quito
(0°), Berlin (52.5° N) and Reykjavik (64.1° N), the sun's own time of each ring's day (`sun.at`);
astral 3 (Python, the same NOAA equations) gives its own. Prints the largest difference in
seconds per place and event, and the cost of `next -n 1000` over 200 sun alarms beside 200 plain
ones. The goal: every difference under 60 s (the ring itself is on the minute).
"""
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
import zoneinfo

from astral import LocationInfo
from astral.sun import sun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLACES = [("Quito", -0.18, -78.47), ("Berlin", 52.52, 13.405), ("Reykjavik", 64.15, -21.94)]


def next_json(binary, path, count, after):
    out = subprocess.run([binary, "next", "--json", "--alarms", path, "-n", str(count), "--after", after],
                         env={**os.environ, "TZ": "UTC"}, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/alarmplay")
    work = tempfile.mkdtemp(prefix="alarmplay-sun-")
    alarms = [{"id": f"{name}-{event}", "days": "daily", "location": {"latitude": lat, "longitude": lon}, "sun": {"event": event}}
              for name, lat, lon in PLACES for event in ("sunrise", "sunset")]
    path = os.path.join(work, "alarms.json")
    with open(path, "w") as file:
        json.dump({"alarms": alarms}, file)
    rings = next_json(binary, path, 365 * len(alarms), "2027-01-01T00:00:00")
    worst = {}
    for ring in rings:
        if ring.get("skipped") or not ring.get("sun", {}).get("at"):
            continue
        name, event = ring["id"].split("-")
        _, lat, lon = next(place for place in PLACES if place[0] == name)
        mine = datetime.datetime.fromisoformat(ring["sun"]["at"])
        try:
            theirs = sun(LocationInfo(name, "", "UTC", lat, lon).observer, date=mine.date(), tzinfo=zoneinfo.ZoneInfo("UTC"))[event]
        except ValueError:
            continue
        worst[(name, event)] = max(worst.get((name, event), 0), abs((mine - theirs).total_seconds()))
    print(f"{'place':<10} {'event':<8} {'days':>5} {'max |alarmplay - astral|':>26}")
    for (name, event), seconds in sorted(worst.items()):
        days = sum(1 for ring in rings if ring["id"] == f"{name}-{event}")
        print(f"{name:<10} {event:<8} {days:>5} {seconds:>24.1f} s")
    # next -n 1000 over 200 alarms: sun rules beside plain ones.
    for kind in ("plain", "sun"):
        many = [{"id": f"a{i}", "days": "daily", **({"time": f"{6 + i % 4:02d}:{i % 60:02d}"} if kind == "plain" else
                 {"location": {"latitude": 40 + i % 20, "longitude": i % 30}, "sun": {"event": "sunrise", "offset": "-30m"}})}
                for i in range(200)]
        with open(path, "w") as file:
            json.dump({"alarms": many}, file)
        started = time.monotonic()
        next_json(binary, path, 1000, "2027-01-01T00:00:00")
        print(f"next -n 1000 over 200 {kind} alarms: {(time.monotonic() - started) * 1000:.0f} ms")
    bad = [key for key, seconds in worst.items() if seconds >= 60]
    print("goal met: every difference under 60 s" if not bad else f"goal missed: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
