"""A local internet radio station for the stream tests: serves MP3 files from a folder at real
time pace (their constant bitrate, after a 2 s burst, as a station's server does), looping.
Paths: /NAME.mp3 plays NAME.mp3; /stall/NAME.mp3 stops sending after 3 s and holds the connection;
anything else is 404. Usage: station.py FOLDER PORT_FILE (writes the chosen port there)."""
import http.server
import os
import socketserver
import sys
import time

FOLDER = sys.argv[1]
BITRATE = 128_000 // 8


class Station(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        stall = self.path.startswith("/stall/")
        name = os.path.basename(self.path)
        path = os.path.join(FOLDER, name)
        if not name.endswith(".mp3") or not os.path.isfile(path):
            self.send_error(404)
            return
        data = open(path, "rb").read()
        self.send_response(200)
        self.send_header("Content-Type", "audio/mpeg")
        self.end_headers()
        start, sent, position = time.monotonic(), 0, 0
        try:
            while True:
                elapsed = time.monotonic() - start
                if stall and elapsed > 3:
                    time.sleep(3600)
                allowed = int((elapsed + 2) * BITRATE)
                if sent >= allowed:
                    time.sleep(0.05)
                    continue
                chunk = data[position:position + min(4096, allowed - sent)]
                if not chunk:
                    position = 0
                    continue
                self.wfile.write(chunk)
                sent += len(chunk)
                position += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Station)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
server.serve_forever()
