import Foundation
import XCTest

/// One HTTP exchange with `run`'s page, made by curl (a real client, nothing of ours in between).
struct WebReply {
    var status: Int
    var body: String
    var headers: String

    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8)) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
    var error: String? { object["error"] as? String }
    /// `[(field, message)]` of a 422.
    var problems: [(String?, String)] {
        (object["problems"] as? [[String: Any]] ?? []).map { ($0["field"] as? String, $0["message"] as? String ?? "") }
    }
}

struct WebClient {
    let base: String
    var token: String?

    /// The client of a started `run`: its port from the `http_listening` log line, the token from
    /// the state folder.
    init(run: RunningProcess, home: TemporaryDirectory) throws {
        try self.init(run: run, tokenFile: home.file("state") + "/alarmplay/http-token")
    }

    init(run: RunningProcess, tokenFile: String) throws {
        XCTAssertNotNil(run.waitForLog("event=http_listening", timeout: 10), run.stderr)
        let line = try XCTUnwrap(run.logLines("event=http_listening").first)
        let address = try XCTUnwrap(line.components(separatedBy: "address=").last?.components(separatedBy: " ").first)
        base = "http://" + address
        token = try String(contentsOfFile: tokenFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func get(_ path: String) throws -> WebReply { try send("GET", path) }

    /// `body` as text, or `file` as the body's bytes; `headers` as `Name: value`.
    func send(_ method: String, _ path: String, body: String? = nil, file: String? = nil, headers: [String] = [],
              authorized: Bool = true) throws -> WebReply {
        let scratch = try TemporaryDirectory("alarmplay-curl")
        defer { scratch.remove() }
        var arguments = ["-s", "-S", "--max-time", "10", "-o", scratch.file("body"), "-D", scratch.file("headers"),
                         "-w", "%{http_code}", "-X", method]
        if authorized, let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        for header in headers { arguments += ["-H", header] }
        if let body {
            try scratch.write("request", body)
            arguments += ["--data-binary", "@" + scratch.file("request"), "-H", "Content-Type: application/json"]
        }
        if let file { arguments += ["--data-binary", "@" + file, "-H", "Content-Type: application/octet-stream"] }
        let result = try ChildProcess.run(arguments + [base + path], environment: [:], executable: "/usr/bin/curl")
        return WebReply(
            status: Int(result.stdout) ?? 0,
            body: (try? String(contentsOfFile: scratch.file("body"), encoding: .utf8)) ?? "",
            headers: (try? String(contentsOfFile: scratch.file("headers"), encoding: .utf8)) ?? "")
    }

    /// `curl -N` on the event stream, writing what arrives to `output`.
    func openEvents(into output: String) throws -> RunningProcess {
        let stream = RunningProcess(["-s", "-N", base + "/api/events?token=\(token ?? "")", "-o", output],
                                    environment: [:], executable: "/usr/bin/curl")
        try stream.start()
        return stream
    }
}
