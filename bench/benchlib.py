#!/usr/bin/env python3
"""Measuring and analysis helpers for the bench/*.sh scripts (python3 standard library only).

Subcommands (each prints plain whitespace-separated figures for the shell to read):
  record FILE SOURCE              start parec on SOURCE into FILE, date its first sample; print "PID T0"
  onsets RAW T0 SCHEDULED...      ms from each scheduled epoch second to the first sound after it
  levels RAW T0 FROM TO           100 ms windows with sound / all windows between two epoch times
  fired LOG                       late_ms of every event=fired line in a logfmt log
  stats VALUES...                 "n p50 p99 max" (nearest rank)
  switches PID                    voluntary+nonvoluntary context switches over all of PID's threads
  cputime PID                     user+system CPU seconds of PID (all threads)
  spawn4 OUT CMD...                run CMD, write "WALL CPU" (wait4, microseconds) to OUT
  hwm PID                         peak RSS (VmHWM) of PID in kB
  walltime RUNS CMD...            median, min, max wall ms of CMD (stdout/stderr discarded)
  cpu RUNS CMD...                 median, min, max CPU ms (user+sys, wait4) of CMD (output discarded)
  alarms FILE START COUNT GAP SOUND RINGFOR   one-shot alarms START+i*GAP; print their epoch seconds
  walltime-any RUNS CMD...        the same, counting failed runs instead of stopping (a 4th figure)
  httptimes BASE TOKEN RUNS PATH...   ms to GET every PATH over one connection, RUNS times ("-" token: none)
  sselatency BASE TOKEN COUNT SECONDS  ms from each fired alarm's second to its SSE message
  hold SOCKET COUNT SECONDS        keep COUNT silent connections open (reopening closed ones); print how many were opened
  pollloop LOG CMD... -- SCHEDULED...         the 1-second polling anchor (see poll_loop)
  timer BINARY RAW T0 SECONDS ARGS...         one `alarmplay timer` run (see timer_run)
"""
import json
import os
import signal
import statistics
import subprocess
import sys
import time

RATE = 48_000
# -40 dBFS: well above the null sink's digital silence, well below any alarm sound.
SOUND_THRESHOLD = 328


def record(path, source):
    with open(path, "wb") as out:
        parec = subprocess.Popen(
            ["parec", "-d", source, f"--rate={RATE}", "--channels=1", "--format=s16le", "--raw",
             "--latency-msec=20", "--process-time-msec=10"],
            stdout=out, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 10
    while time.time() < deadline:
        size = os.stat(path).st_size
        if size > 0:
            # An idle null sink renders ahead, so the first data may be a burst: date sample 0
            # as now minus what has arrived (FACTS.md).
            print(parec.pid, f"{time.time() - size / (RATE * 2):.6f}", flush=True)
            if os.fork() == 0:
                observe(path, parec.pid)
            return
        time.sleep(0.001)
    parec.kill()
    sys.exit("parec recorded nothing")


def observe(path, pid):
    """Logs (time, size) of the recording whenever it grows, until parec ends, so that samples
    can be dated near where they are used: a single dating at the start drifts by tens of ms over
    a minute, because the server rewinds its render buffer whenever a new stream connects."""
    os.setsid()
    # Leave the caller's pipes, or `$(... record ...)` in the shell would wait for this process.
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    with open(path + ".times", "w") as out:
        last = -1
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            size = os.stat(path).st_size
            if size != last:
                out.write(f"{time.time():.6f} {size}\n")
                last = size
            time.sleep(0.002)
    os._exit(0)


def local_t0(raw, t0, around):
    """The recording's sample 0 dated from the observations in the second before `around`: each
    says "SIZE bytes had arrived by TIME", so the earliest TIME - SIZE/(rate*2) is the tightest."""
    try:
        with open(raw + ".times") as f:
            observations = [tuple(map(float, line.split())) for line in f if line.strip()]
    except FileNotFoundError:
        return float(t0)
    candidates = [at - size / (RATE * 2) for at, size in observations if around - 1 <= at < around]
    return min(candidates) if candidates else float(t0)


def samples(path):
    with open(path, "rb") as f:
        data = f.read()
    import array
    values = array.array("h")
    values.frombytes(data[: len(data) // 2 * 2])
    if sys.byteorder != "little":
        values.byteswap()
    return values


def first_sound(values, start, end):
    for i in range(max(start, 0), min(end, len(values))):
        if abs(values[i]) > SOUND_THRESHOLD:
            return i
    return None


def onsets(raw, t0, scheduled):
    values = samples(raw)
    t0 = float(t0)
    times = [float(s) for s in scheduled]
    result = []
    for n, at in enumerate(times):
        # Search from half a second before the ring (a sound can never start early, but the
        # dating can be off) to half a second before the next one.
        start = int((at - 0.5 - t0) * RATE)
        end = int(((times[n + 1] if n + 1 < len(times) else at + 5) - 0.5 - t0) * RATE)
        index = first_sound(values, start, end)
        result.append("none" if index is None else f"{(local_t0(raw, t0, at) + index / RATE - at) * 1000:.1f}")
    print(" ".join(result))


def levels(raw, t0, start, end):
    values = samples(raw)
    window = RATE // 10
    first = int((float(start) - float(t0)) * RATE)
    last = min(int((float(end) - float(t0)) * RATE), len(values))
    loud = total = 0
    for i in range(max(first, 0), last - window + 1, window):
        total += 1
        if max(abs(v) for v in values[i:i + window]) > SOUND_THRESHOLD:
            loud += 1
    print(loud, total)


def fired(log):
    late = []
    with open(log) as f:
        for line in f:
            if "event=fired" in line:
                for field in line.split():
                    if field.startswith("late_ms="):
                        late.append(field.split("=", 1)[1])
    print(" ".join(late))


def stats(values):
    numbers = sorted(float(v) for v in values if v not in ("none", ""))
    if not numbers:
        print("0 - - -")
        return

    def rank(p):
        return numbers[min(len(numbers) - 1, max(0, -(-len(numbers) * p // 100) - 1))]

    print(len(numbers), f"{rank(50):g}", f"{rank(99):g}", f"{numbers[-1]:g}")


def tasks(pid):
    return [f"/proc/{pid}/task/{t}" for t in os.listdir(f"/proc/{pid}/task")]


def switches(pid):
    total = 0
    for task in tasks(pid):
        with open(task + "/status") as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    print(total, len(tasks(pid)))


def cputime(pid):
    # Nanoseconds on the CPU of every live thread (/proc/PID/task/*/schedstat, first field), plus
    # what exited threads left in the group's stat: /proc/PID/stat alone rounds to 10 ms.
    running = 0
    for task in tasks(pid):
        try:
            with open(task + "/schedstat") as f:
                running += int(f.read().split()[0])
        except OSError:
            pass
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # cutime/cstime are children; exited threads' time is folded into utime/stime, so take the
    # larger of the two views.
    ticks = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    print(f"{max(running / 1e9, ticks):.4f}")


def spawn4(out, command):
    """Runs COMMAND (stdin /dev/null, stdout/stderr inherited), waits with wait4 and writes
    "WALL CPU" to OUT: CPU (user + system) in microsecond resolution, where time(1) and /proc
    round to 10 ms."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    with open(out, "w") as f:
        f.write(f"{time.perf_counter() - start:.3f} {usage.ru_utime + usage.ru_stime:.6f}\n")


def cpu(runs, command):
    spent = []
    for _ in range(int(runs)):
        child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        if status != 0:
            sys.exit(f"failed: {' '.join(command)}")
        spent.append((usage.ru_utime + usage.ru_stime) * 1000)
    print(f"{statistics.median(spent):.2f} {min(spent):.2f} {max(spent):.2f}")


def hwm(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM"):
                print(line.split()[1])
                return


def walltime(runs, command, tolerate_failures=False):
    times, failures = [], 0
    for _ in range(int(runs)):
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=not tolerate_failures)
        times.append((time.perf_counter() - start) * 1000)
        failures += result.returncode != 0
    print(f"{statistics.median(times):.1f} {min(times):.1f} {max(times):.1f}" + (f" {failures}" if tolerate_failures else ""))


def alarms(path, start, count, gap, sound, ring_for):
    entries, epochs = [], []
    for i in range(int(count)):
        at = int(start) + round(i * float(gap))
        local = time.localtime(at)
        entries.append({
            "id": f"bench{i + 1:02d}", "time": time.strftime("%H:%M:%S", local),
            "date": time.strftime("%Y-%m-%d", local), "sound": sound, "ringFor": ring_for,
            "fadeIn": 0, "volume": 1.0,
        })
        epochs.append(str(at))
    with open(path, "w") as f:
        json.dump({"alarms": entries}, f, indent=2)
    print(" ".join(epochs))


def poll_loop(log, command, scheduled):
    """The naive anchor: wake once a second, fire what is due. With nothing scheduled it idles
    forever (for counting wakeups). Logs `late_ms=N` per fire like alarmplay does."""
    pending = sorted(float(s) for s in scheduled)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with open(log, "w", buffering=1) as out:
        while True:
            now = time.time()
            while pending and pending[0] <= now:
                at = pending.pop(0)
                out.write(f"event=fired late_ms={int((now - at) * 1000)}\n")
                if command:
                    subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if scheduled and not pending:
                time.sleep(3)
                return
            time.sleep(1)


def timer_run(binary, raw, t0, seconds, arguments):
    """Runs `alarmplay timer SECONDS` with a pipe on stdin (so it prints a line when it starts
    and `Time's up` at zero). Prints: notice_ms (Time's up seen minus started seen minus the
    duration), spawn_ms (Time's up minus spawn minus the duration, includes start-up),
    sound_ms (first recorded sound minus the deadline, or none), exit status."""
    spawned = time.time()
    process = subprocess.Popen([binary, "timer", f"{seconds}s", *arguments], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    started = None
    while True:
        line = process.stderr.readline()
        if not line:
            break
        if b"started" in line:
            started = time.time()
            break
    up_line = process.stdout.readline()
    up = time.time()
    if started is None or b"Time's up" not in up_line:
        process.kill()
        sys.exit(f"timer did not behave as expected: {up_line!r}")
    # Let a ringing timer ring for a second, then stop it as a script would.
    time.sleep(1.5)
    if process.poll() is None:
        try:
            process.stdin.write(b"stop\n")
            process.stdin.flush()
            process.wait(timeout=3)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            process.kill()
    process.wait()
    deadline = started + float(seconds)
    sound = "none"
    if raw != "-":
        time.sleep(0.5)
        values = samples(raw)
        index = first_sound(values, int((started - float(t0)) * RATE), len(values))
        if index is not None:
            sound = f"{(float(t0) + index / RATE - deadline) * 1000:.1f}"
    print(f"{(up - deadline) * 1000:.1f}", f"{(up - spawned - float(seconds)) * 1000:.1f}", sound, process.returncode)


def hold(path, count, seconds):
    """Keeps COUNT silent connections open on a Unix socket for SECONDS, opening a new one for
    each the server closes; prints how many were opened in all."""
    import selectors
    import socket
    selector = selectors.DefaultSelector()
    opened = 0

    def connect():
        nonlocal opened
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(path)
        client.setblocking(False)
        selector.register(client, selectors.EVENT_READ)
        opened += 1

    refused = []
    for _ in range(int(count)):
        connect()
    end = time.monotonic() + float(seconds)
    while (remaining := end - time.monotonic()) > 0:
        wait = min([remaining] + [max(0, at - time.monotonic()) for at in refused[:1]])
        for key, _ in selector.select(wait):
            try:
                data = key.fileobj.recv(4096)
            except OSError:
                data = b""
            if not data or data.startswith(b"error: too many"):
                selector.unregister(key.fileobj)
                key.fileobj.close()
                # A refused one tries again a second later, as a patient client would.
                if data:
                    refused.append(time.monotonic() + 1)
                else:
                    connect()
        while refused and refused[0] <= time.monotonic():
            refused.pop(0)
            connect()
    print(opened)


def http_times(base, token, paths, runs):
    """Wall ms to fetch every path in `paths` once over one keep-alive connection, RUNS times."""
    import http.client
    import urllib.parse
    host = urllib.parse.urlsplit(base).netloc
    times = []
    for _ in range(int(runs)):
        start = time.perf_counter()
        connection = http.client.HTTPConnection(host, timeout=10)
        for path in paths:
            connection.request("GET", path, headers={"Authorization": f"Bearer {token}"} if token != "-" else {})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                sys.exit(f"GET {path}: {response.status}")
        connection.close()
        times.append((time.perf_counter() - start) * 1000)
    print(" ".join(f"{t:.2f}" for t in times))


def sse_latency(base, token, count, seconds):
    """Listens on the event stream for SECONDS; prints ms from each fired alarm's scheduled
    second to the arrival of its `fired` message (COUNT expected)."""
    import datetime
    import socket
    import urllib.parse
    host, port = urllib.parse.urlsplit(base).netloc.rsplit(":", 1)
    stream = socket.create_connection((host, int(port)))
    stream.sendall(f"GET /api/events?token={token} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    stream.settimeout(0.5)
    buffer, late, end = b"", [], time.time() + float(seconds)
    while time.time() < end and len(late) < int(count):
        try:
            chunk = stream.recv(65536)
        except socket.timeout:
            continue
        arrived = time.time()
        if not chunk:
            break
        buffer += chunk
        while b"\n\n" in buffer:
            message, buffer = buffer.split(b"\n\n", 1)
            for line in message.split(b"\n"):
                if line.startswith(b"data: ") and b'"event": "fired"' in line:
                    event = json.loads(line[6:])
                    scheduled = datetime.datetime.fromisoformat(event["scheduled"]).timestamp()
                    late.append(f"{(arrived - scheduled) * 1000:.1f}")
    print(" ".join(late))


def main(argv):
    command, arguments = argv[1], argv[2:]
    if command == "record":
        record(*arguments)
    elif command == "onsets":
        onsets(arguments[0], arguments[1], arguments[2:])
    elif command == "levels":
        levels(*arguments)
    elif command == "fired":
        fired(*arguments)
    elif command == "stats":
        stats(arguments)
    elif command == "switches":
        switches(*arguments)
    elif command == "cputime":
        cputime(*arguments)
    elif command == "spawn4":
        spawn4(arguments[0], arguments[1:])
    elif command == "hwm":
        hwm(*arguments)
    elif command == "cpu":
        cpu(arguments[0], arguments[1:])
    elif command == "walltime":
        walltime(arguments[0], arguments[1:])
    elif command == "walltime-any":
        walltime(arguments[0], arguments[1:], tolerate_failures=True)
    elif command == "alarms":
        alarms(*arguments)
    elif command == "pollloop":
        split = arguments.index("--")
        poll_loop(arguments[0], arguments[1:split], arguments[split + 1:])
    elif command == "hold":
        hold(*arguments)
    elif command == "httptimes":
        http_times(arguments[0], arguments[1], arguments[3:], arguments[2])
    elif command == "sselatency":
        sse_latency(*arguments)
    elif command == "timer":
        timer_run(arguments[0], arguments[1], arguments[2], arguments[3], arguments[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
