import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import Foundation
import XCTest

/// A remote calendar is fetched with the same bounds whatever its server does, against a real
/// local server (Python's http.server): a body without Content-Length cut at the size limit, a
/// trickle cut at the time limit, redirect loops and redirects to other protocols refused, and no
/// failure quoting what the server sent.
final class BoundedDownloadTests: XCTestCase {
    private static let script = """
        import http.server, sys, time
        calendar = b"BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nEND:VCALENDAR\\r\\n"
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"
            def log_message(self, *args): pass
            def go(self, location):
                self.send_response(302)
                self.send_header("Location", location)
                self.end_headers()
            def do_GET(self):
                if self.path == "/endless":
                    self.send_response(200)
                    self.end_headers()
                    chunk, sent = b"X" * 65536, 0
                    try:
                        while sent < 1 << 28:
                            self.wfile.write(chunk)
                            sent += len(chunk)
                    except OSError:
                        pass
                    print("sent", sent, flush=True)
                elif self.path == "/trickle":
                    self.send_response(200)
                    self.end_headers()
                    try:
                        for _ in range(60):
                            self.wfile.write(b"B")
                            self.wfile.flush()
                            time.sleep(1)
                    except OSError:
                        pass
                elif self.path == "/loop": self.go("/loop")
                elif self.path == "/ftp": self.go("ftp://127.0.0.1/x.ics")
                elif self.path == "/file": self.go("file:///etc/passwd")
                elif self.path == "/secret":
                    self.send_response(404)
                    self.end_headers()
                    self.wfile.write(b"password=hunter2")
                elif self.path == "/page":
                    self.send_response(200)
                    self.end_headers()
                    self.wfile.write(b"<html>password=hunter2</html>")
                else:
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(calendar)))
                    self.end_headers()
                    self.wfile.write(calendar)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    private var server: Process!
    private var output: Pipe!
    private var base = ""
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try CalendarFixture.folder([:])
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = ["-c", Self.script]
        output = Pipe()
        server.standardOutput = output
        try server.run()
        base = "http://127.0.0.1:" + said()
    }

    override func tearDown() {
        // SIGKILL: a test before may have left SIGTERM blocked (run's signal watcher), which the server inherits.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The server's next line on stdout, waited for at most 20 s ("" if none came).
    private func said() -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var text: [UInt8] = []
        let deadline = Date().addingTimeInterval(20)
        while !text.contains(UInt8(ascii: "\n")), Date() < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            text.append(byte)
        }
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func refresh(_ path: String) -> (failure: String?, copy: String) {
        let source = CalendarSource(base + path, alarmsPath: folder.path + "/alarms.json", cacheFolder: folder.path + "/cache")
        return (CalendarFetcher.refresh(source), source.path)
    }

    /// The server sent 130 MB without a Content-Length, on every attempt.
    func testABodyWithoutContentLengthIsCutAtTheLimit() throws {
        let (failure, copy) = refresh("/endless")
        XCTAssertEqual(failure, "the server sent more than 16 MiB (a calendar is far smaller); stopped there")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
        let line = said()
        let sent = try XCTUnwrap(line.split(separator: " ").last.flatMap { Int($0) }, line)
        XCTAssertLessThan(sent, 64 << 20, "the server was cut off near the limit, not read to its end")
    }

    func testATrickleIsCutAtTheTimeLimit() {
        var download = BoundedDownload()
        download.seconds = 2
        XCTAssertEqual(download.fetch(base + "/trickle").failure, .timedOut(seconds: 2))
    }

    func testRedirectsAreFewAndOnlyToHTTP() {
        XCTAssertEqual(refresh("/loop").failure, "more than 5 redirects")
        XCTAssertEqual(refresh("/ftp").failure, "redirected to an address that is not http:// or https://")
        XCTAssertEqual(refresh("/file").failure, "redirected to an address that is not http:// or https://")
    }

    func testAFailureNeverQuotesWhatCameBack() {
        let (missing, _) = refresh("/secret")
        XCTAssertEqual(missing, "the server answered HTTP 404")
        let (page, _) = refresh("/page")
        XCTAssertEqual(page, "the server's copy cannot be used: \(base)/page:1: expected a NAME:VALUE line")
        XCTAssertEqual(refresh("/cal.ics").failure, nil)
        XCTAssertEqual(refresh("/cal.ics").copy.hasSuffix("-cal.ics"), true)
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(failure) = self { return failure }
        return nil
    }
}
