#!/usr/bin/env python3
"""What each face of `run` costs in memory when it is off and when it is on and idle:

    bench/face-memory.py [BINARY]     (default: .build/release/alarmplay; needs mosquitto)

`run` (a one-alarm file, --device null) is started with every face off (`--no-http`, no MQTT),
with the page on, with MQTT on (a private Mosquitto), and with both; after 3 s idle its
/proc/PID/smaps is read. Prints, per configuration, peak RSS (VmHWM), RSS split into the shared
libraries' pages (file-backed: the same pages for every process that maps the library) and the
process's own (anonymous: heap, stacks), and the libraries mapped; then, for the page and MQTT,
the ten mappings that grew most over "all off". aplay, its device open and waiting on a pipe, is
the anchor.
"""
import collections
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def smaps(pid):
    """Per mapping name: (rss kB, anonymous kB); and VmHWM."""
    per = collections.defaultdict(lambda: [0, 0])
    name = None
    with open(f"/proc/{pid}/smaps") as file:
        for line in file:
            parts = line.split()
            if "-" in parts[0] and len(parts[0]) > 8 and ":" not in parts[0]:
                name = parts[5] if len(parts) > 5 else "[anonymous]"
            elif parts[0] == "Rss:":
                per[name][0] += int(parts[1])
            elif parts[0] == "Anonymous:":
                per[name][1] += int(parts[1])
    with open(f"/proc/{pid}/status") as file:
        hwm = next(int(line.split()[1]) for line in file if line.startswith("VmHWM:"))
    return per, hwm


def measure(command, env, settle=3.0, stdin=subprocess.DEVNULL):
    process = subprocess.Popen(command, env=env, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        time.sleep(settle)
        if process.poll() is not None:
            sys.exit(f"face-memory: {' '.join(command)} ended: {process.stderr.read().decode()[-500:]}")
        return smaps(process.pid)
    finally:
        process.kill() if stdin == subprocess.PIPE else process.terminate()
        process.wait(timeout=10)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/alarmplay")
    work = tempfile.mkdtemp(prefix="alarmplay-face-memory-")
    env = {**os.environ, "HOME": work, "XDG_RUNTIME_DIR": work + "/run", "XDG_STATE_HOME": work + "/state",
           "XDG_CONFIG_HOME": work + "/config", "XDG_DATA_HOME": work + "/data"}
    os.makedirs(work + "/run", mode=0o700)
    alarms = work + "/alarms.json"
    with open(alarms, "w") as file:
        file.write('{"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep"}]}')
    port = free_port()
    broker = subprocess.Popen(["mosquitto", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    base = [binary, "run", "--alarms", alarms, "--device", "null"]
    configurations = [
        ("all off", ["--no-http"]),
        ("page on", ["--http", "127.0.0.1:0"]),
        ("MQTT on", ["--no-http", "--mqtt", f"mqtt://127.0.0.1:{port}"]),
        ("page and MQTT on", ["--http", "127.0.0.1:0", "--mqtt", f"mqtt://127.0.0.1:{port}"]),
    ]
    results = {}
    try:
        for name, extra in configurations:
            results[name] = measure(base + extra, env)
        # aplay with its device open, waiting on a pipe that never sends: idle, as `run` is.
        anchor = measure(["aplay", "-q", "-D", "null", "-t", "raw", "-f", "S16_LE", "-r", "48000", "-c", "2"], env, stdin=subprocess.PIPE)
    finally:
        broker.terminate()
        broker.wait(timeout=10)
        shutil.rmtree(work)
    print(f"{'run, idle':<18} {'peak RSS MB':>12} {'RSS MB':>8} {'libraries MB':>13} {'own MB':>8} {'.so mapped':>11}")
    for name, (per, hwm) in list(results.items()) + [("aplay (anchor)", anchor)]:
        rss = sum(v[0] for v in per.values())
        anonymous = sum(v[1] for v in per.values())
        libraries = sum(1 for key in per if ".so" in key)
        print(f"{name:<18} {hwm / 1024:>12.1f} {rss / 1024:>8.1f} {(rss - anonymous) / 1024:>13.1f} {anonymous / 1024:>8.1f} {libraries:>11}")
    off = results["all off"][0]
    for name in ("page on", "MQTT on"):
        per = results[name][0]
        grown = sorted(((per[key][0] - off.get(key, [0, 0])[0], key) for key in per), reverse=True)[:10]
        print(f"\n{name}: the mappings that grew most over all off (kB of RSS)")
        for kilobytes, key in grown:
            if kilobytes > 0:
                print(f"  {kilobytes:>6}  {key}")


if __name__ == "__main__":
    main()
