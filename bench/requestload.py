#!/usr/bin/env python3
"""The load of the skipped-ring issue, for bench/skipped-rings.sh (python3 standard library only).

  requestload.py SOCKET BASE TOKEN SECONDS PAGES
    one client asks `status` on the control socket as fast as `run` answers, and PAGES page
    clients subscribe to /api/events, read for 0.5-3 s and leave again, for SECONDS; prints the
    number of status answers and of event-stream subscriptions.
"""
import random
import socket
import sys
import threading
import time


def status_client(path, until, counts):
    while time.time() < until:
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
                client.settimeout(2)
                client.connect(path)
                client.sendall(b"status\n")
                reply = b""
                while chunk := client.recv(65536):
                    reply += chunk
                if reply.startswith(b"{"):
                    counts["status"] += 1
        except OSError:
            time.sleep(0.01)


def page_client(base, token, until, counts):
    host, port = base.removeprefix("http://").split(":")
    while time.time() < until:
        try:
            with socket.create_connection((host, int(port)), timeout=2) as stream:
                stream.sendall(f"GET /api/events?token={token} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
                leave = time.time() + random.uniform(0.5, 3)
                stream.settimeout(0.2)
                while time.time() < min(leave, until):
                    try:
                        if not stream.recv(65536):
                            break
                    except socket.timeout:
                        pass
                counts["pages"] += 1
        except OSError:
            time.sleep(0.05)


def main():
    path, base, token, seconds, pages = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5])
    until = time.time() + seconds
    counts = {"status": 0, "pages": 0}
    threads = [threading.Thread(target=status_client, args=(path, until, counts))]
    threads += [threading.Thread(target=page_client, args=(base, token, until, counts)) for _ in range(pages)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(counts["status"], counts["pages"])


if __name__ == "__main__":
    main()
