#!/usr/bin/env python3
"""A reload with 3,000 sound files on a cold cache, beside an alarm due at that second:

    bench/reload.py [BINARY...]        (default: .build/debug/alarmplay)

For each binary (the one before a change first, the one after it second), ROUNDS times: `run` with
a folder of 3,000 sounds (FLAC and Ogg, which libsndfile opens and reads headers of) and an alarm
due; half a second before it, the page cache is dropped (as root; say so otherwise) and the
alarms file rewritten, so `run` reloads and scans every sound from the disk. Prints the alarm's
late_ms and the slowest `status` on the control socket asked every 50 ms around it, as median and
worst of the rounds. The goal, checked for the last binary: late_ms under 50, status under 200 ms.
"""
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOUNDS = 3000
ROUNDS = int(os.environ.get("ROUNDS", "3"))


def drop_caches():
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as file:
            file.write("3\n")
        return True
    except OSError:
        return False


def status_time(path):
    started = time.monotonic()
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(10)
            client.connect(path)
            client.sendall(b"status\n")
            client.shutdown(socket.SHUT_WR)
            while client.recv(4096):
                pass
    except OSError:
        return 10.0
    return time.monotonic() - started


def one_round(binary, sounds):
    home = tempfile.mkdtemp(prefix="alarmplay-reload-")
    alarms = home + "/alarms.json"
    due = int(time.time()) + 4
    entry = {"id": "due", "time": time.strftime("%H:%M:%S", time.gmtime(due)), "date": time.strftime("%Y-%m-%d", time.gmtime(due)),
             "sound": "tone:beep", "fadeIn": 0, "ringFor": "2s"}
    with open(alarms, "w") as file:
        json.dump({"alarms": [entry]}, file)
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "TZ": "UTC", "XDG_STATE_HOME": home + "/state", "XDG_RUNTIME_DIR": home + "/runtime",
           "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"}
    os.makedirs(home + "/runtime", mode=0o700)
    log = home + "/run.log"
    with open(log, "w") as err:
        run = subprocess.Popen([binary, "run", "--alarms", alarms, "--sounds", sounds, "--device", "null", "--no-http"],
                               env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    control = home + "/runtime/alarmplay/control.sock"
    while not os.path.exists(control) and run.poll() is None:
        time.sleep(0.05)
    time.sleep(max(0.0, due - 0.5 - time.time()))
    cold = drop_caches()
    entry["label"] = "reloaded"
    with open(alarms + ".new", "w") as file:
        json.dump({"alarms": [entry]}, file)
    os.rename(alarms + ".new", alarms)
    slowest = 0.0
    until = time.time() + 3
    while time.time() < until:
        slowest = max(slowest, status_time(control))
        time.sleep(0.05)
    deadline = time.time() + 30
    late = None
    while late is None and time.time() < deadline:
        for line in open(log):
            if "event=fired id=due" in line:
                late = int(line.split("late_ms=")[1].split()[0])
        time.sleep(0.1)
    reloaded = any("event=reloaded" in line for line in open(log))
    run.send_signal(signal.SIGTERM)
    run.wait(timeout=10)
    shutil.rmtree(home, ignore_errors=True)
    return late, slowest * 1000, cold, reloaded


def main():
    binaries = sys.argv[1:] or [os.path.join(ROOT, ".build/debug/alarmplay")]
    sounds = tempfile.mkdtemp(prefix="alarmplay-sounds-")
    fixtures = os.path.join(ROOT, "Tests/Fixtures/sounds")
    for index in range(SOUNDS):
        source = ("tone-660.flac", "tone-550.ogg")[index % 2]
        shutil.copy(os.path.join(fixtures, source), os.path.join(sounds, f"sound-{index:04d}.{source.rsplit('.', 1)[1]}"))
    print(f"{'binary':28} {'rounds':>6} {'late_ms p50/max':>16} {'status_ms p50/max':>18}  cache")
    failed = False
    for binary in binaries:
        results = [one_round(binary, sounds) for _ in range(ROUNDS)]
        lates = [r[0] if r[0] is not None else 99999 for r in results]
        statuses = [r[1] for r in results]
        cache = "cold" if all(r[2] for r in results) else "warm (drop_caches needs root)"
        parts = os.path.abspath(binary).split("/")
        label = parts[-4] if parts[-3:-1] == [".build", "debug"] else binary
        print(f"{label[-28:]:28} {ROUNDS:>6} {statistics.median(lates):>8.0f}/{max(lates):<7.0f} {statistics.median(statuses):>9.0f}/{max(statuses):<8.0f}  {cache}"
              + ("" if all(r[3] for r in results) else "  (a reload was not logged)"), flush=True)
        if binary == binaries[-1]:
            failed = max(lates) >= 50 or max(statuses) >= 200
    shutil.rmtree(sounds, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
