import Foundation
import XCTest

/// A local internet radio station (`station.py`, Python's standard library): MP3s made with
/// ffmpeg, served at real-time pace, plus a path that stalls after 3 s.
final class StationServer {
    let directory: TemporaryDirectory
    private let process: RunningProcess
    let port: Int

    init() throws {
        directory = try TemporaryDirectory("alarmplay-station")
        for (name, source) in [("tone", "sine=frequency=440:duration=20"), ("silence", "anullsrc=r=48000:cl=stereo:d=20")] {
            let made = try ChildProcess.run(
                ["-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-t", "20", "-ac", "2", "-ar", "48000", "-b:a", "128k",
                 "-c:a", "libmp3lame", directory.file("\(name).mp3")],
                environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/ffmpeg")
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        let script = AlarmPlayBinary.repositoryRoot + "/Tests/EndToEndTests/Support/station.py"
        process = RunningProcess([script, directory.path, directory.file("port")], environment: ["PATH": "/usr/bin:/bin"],
                                 executable: "/usr/bin/python3")
        try process.start()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: directory.file("port")), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        port = Int((try? String(contentsOfFile: directory.file("port"), encoding: .utf8)) ?? "") ?? 0
        XCTAssertGreaterThan(port, 0, "the station did not start: \(process.stderr)")
    }

    deinit {
        process.signal(SIGKILL)
        directory.remove()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
}
