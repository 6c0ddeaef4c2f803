import Foundation
import XCTest

/// A private Mosquitto broker started by the test, on a Unix socket or a loopback port, no
/// persistence (a restart forgets every retained message, as a fresh broker would), and the
/// Debian clients to talk to it.
final class MosquittoBroker {
    let directory: TemporaryDirectory
    let socket: String
    /// 0: the Unix socket only.
    private(set) var port: UInt16
    private let tcp: Bool
    private var server: ChildProcess?

    init(tcp: Bool = false) throws {
        directory = try TemporaryDirectory("alarmplay-mqtt")
        socket = directory.file("broker.sock")
        self.tcp = tcp
        port = tcp ? try SocketListener().port : 0
    }

    deinit {
        stop()
        directory.remove()
    }

    /// The `--mqtt` URL for `run`.
    var url: String { port == 0 ? "unix:" + socket : "mqtt://127.0.0.1:\(port)" }

    /// A loopback port is found free and then released, so a suite running beside this one may
    /// take it first: the broker then fails to bind, and is started again on another.
    func start() throws {
        for _ in 0..<4 {
            if try startOnce() { return }
            guard tcp else { break }
            port = try SocketListener().port
        }
        throw NSError(domain: "mosquitto did not start: \(directory.file("broker.log"))", code: 1)
    }

    private func startOnce() throws -> Bool {
        var config = "allow_anonymous true\npersistence false\nlog_dest file \(directory.file("broker.log"))\n"
        config += port == 0 ? "listener 0 \(socket)\n" : "listener \(port) 127.0.0.1\n"
        if getuid() == 0 { config += "user root\n" }
        try directory.write("broker.conf", config)
        server = try ChildProcess(["-c", directory.file("broker.conf")], environment: ["PATH": "/usr/bin:/bin"],
                                  executable: "/usr/sbin/mosquitto")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, server?.hasExited == false {
            if (try? publish("alarmplay-test/ping", "1")) == 0 { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        return false
    }

    /// Kills it outright, as a crash or a pulled plug would.
    func stop() {
        server?.kill()
        _ = server?.wait()
        server = nil
    }

    private var address: [String] { port == 0 ? ["--unix", socket] : ["-h", "127.0.0.1", "-p", String(port)] }

    @discardableResult
    func publish(_ topic: String, _ payload: String, retain: Bool = false) throws -> Int32 {
        try publish(topic, file: nil, payload: payload, retain: retain)
    }

    /// `payload` as text, or the bytes of `file`.
    @discardableResult
    func publish(_ topic: String, file: String?, payload: String = "", retain: Bool = false) throws -> Int32 {
        let body = file.map { ["-f", $0] } ?? ["-m", payload]
        let result = try ChildProcess.run(address + ["-q", "1", "-t", topic] + body + (retain ? ["-r"] : []),
                                          environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/mosquitto_pub")
        return result.status
    }

    /// What a fresh subscriber finds retained under `topic` (a wildcard), as topic → payload.
    func retained(_ topic: String = "#") throws -> [String: String] {
        let result = try ChildProcess.run(address + ["-t", topic, "-v", "--retained-only", "-W", "2"],
                                          environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/mosquitto_sub")
        var found: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            found[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return found
    }

    /// A subscriber running in the background, each message a line `EPOCH TOPIC PAYLOAD` (with
    /// `r` after the epoch when it came retained).
    func subscriber(_ topic: String) throws -> Subscriber {
        let process = RunningProcess(address + ["-t", topic, "-F", "%U %r %t %p"], environment: ["PATH": "/usr/bin:/bin"],
                                     executable: "/usr/bin/mosquitto_sub")
        try process.start()
        Thread.sleep(forTimeInterval: 0.3)
        return Subscriber(process: process)
    }

    final class Subscriber {
        let process: RunningProcess

        init(process: RunningProcess) {
            self.process = process
        }

        deinit {
            process.signal(SIGTERM)
        }

        struct Message {
            var time: Date
            var retained: Bool
            var topic: String
            var payload: String
        }

        var messages: [Message] {
            process.stdout.split(separator: "\n").compactMap { line in
                let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                guard parts.count >= 3, let epoch = Double(parts[0]) else { return nil }
                return Message(time: Date(timeIntervalSince1970: epoch), retained: parts[1] == "1", topic: String(parts[2]),
                               payload: parts.count > 3 ? String(parts[3]) : "")
            }
        }

        func on(_ topic: String) -> [Message] { messages.filter { $0.topic == topic } }

        /// Waits until a message on `topic` satisfies `condition`; returns it.
        func wait(for topic: String, timeout: TimeInterval = 5, _ condition: (Message) -> Bool = { _ in true }) -> Message? {
            let deadline = Date().addingTimeInterval(timeout)
            repeat {
                if let found = on(topic).first(where: condition) { return found }
                Thread.sleep(forTimeInterval: 0.02)
            } while Date() < deadline
            return nil
        }
    }
}

extension XCTestCase {
    /// A message's payload as a JSON object; empty when it is missing or not an object.
    func json(_ text: String?) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data((text ?? "").utf8))) as? [String: Any] ?? [:]
    }
}
