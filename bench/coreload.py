"""Load for bench/core.sh: holds the alarms file's lock, sends one page edit that waits on it, asks
`status` over the control socket N times and counts state.json writes meanwhile (inotify)."""
import ctypes
import fcntl
import os
import socket
import struct
import sys
import threading
import time
import urllib.request

IN_MOVED_TO, IN_CLOSE_WRITE = 0x80, 0x8


def hold(path, seconds):
    with open(path + ".lock", "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        print("held", flush=True)
        time.sleep(seconds)


def edit(base, token, out):
    request = urllib.request.Request(base + "/api/alarms/far", method="PATCH", data=b'{"label": "Edited"}',
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            status = reply.status
    except urllib.error.HTTPError as error:
        status = error.code
    with open(out, "w") as f:
        f.write(f"{status} {int((time.monotonic() - started) * 1000)}\n")


def status_calls(sock_path, state_dir, count):
    libc = ctypes.CDLL(None, use_errno=True)
    watch = libc.inotify_init1(os.O_NONBLOCK)
    libc.inotify_add_watch(watch, state_dir.encode(), IN_MOVED_TO | IN_CLOSE_WRITE)
    times = []
    for _ in range(count):
        started = time.monotonic()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(sock_path)
            s.sendall(b"status\n")
            reply = b""
            while not reply.endswith(b"\n"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                reply += chunk
        times.append((time.monotonic() - started) * 1000)
    writes = 0
    try:
        data = os.read(watch, 65536)
    except BlockingIOError:
        data = b""
    offset = 0
    while offset < len(data):
        _, mask, _, length = struct.unpack_from("iIII", data, offset)
        name = data[offset + 16:offset + 16 + length].rstrip(b"\0")
        if name == b"state.json" and mask & IN_MOVED_TO:
            writes += 1
        offset += 16 + length
    times.sort()
    rank = lambda p: times[min(len(times) - 1, max(0, -(-len(times) * p // 100) - 1))]
    print(f"{len(times)} {rank(50):.2f} {rank(99):.2f} {times[-1]:.2f} {writes}")


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "hold":
        hold(sys.argv[2], float(sys.argv[3]))
    elif command == "edit":
        edit(sys.argv[2], sys.argv[3], sys.argv[4])
    elif command == "status":
        status_calls(sys.argv[2], sys.argv[3], int(sys.argv[4]))
