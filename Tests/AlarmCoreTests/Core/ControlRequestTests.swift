import AlarmCore
import FaceTerminal
import UnitTestSupport
import XCTest

final class ControlRequestTests: XCTestCase {
    func testLines() {
        let cases: [(String, ControlRequest?)] = [
            ("snooze", .snooze(id: nil)), ("s", .snooze(id: nil)), ("z", .snooze(id: nil)), ("SNOOZE", .snooze(id: nil)),
            ("snooze work", .snooze(id: "work")), ("  snooze   work  ", .snooze(id: "work")),
            ("stop", .stop(id: nil)), ("x", .stop(id: nil)), ("Dismiss", .stop(id: nil)), ("stop #2", .stop(id: "#2")),
            ("status", .status), ("help", .help), ("?", .help),
            ("", nil), ("   ", nil), ("snoze", nil), ("snooze a b", nil), ("quit", nil),
        ]
        for (line, expected) in cases {
            XCTAssertEqual(ControlRequest(line: line), expected, "line \"\(line)\"")
        }
    }

    /// An id keeps its case: ids are compared exactly.
    func testTheIdIsKeptAsWritten() {
        XCTAssertEqual(ControlRequest(line: "STOP Work"), .stop(id: "Work"))
    }

    func testKeys() {
        let snooze: [Key] = [.character("s"), .character("z"), .character("S"), .character("Z"), .space, .enter]
        let stop: [Key] = [.character("x"), .character("q"), .character("X"), .character("Q"), .escape]
        for key in snooze { XCTAssertEqual(ControlRequest(key: key), .snooze(id: nil), "\(key)") }
        for key in stop { XCTAssertEqual(ControlRequest(key: key), .stop(id: nil), "\(key)") }
        XCTAssertEqual(ControlRequest(key: .character("?")), .help)
        // Ctrl-C is a command like the others (issue 18): it stops the ringing, or quits when quiet.
        XCTAssertEqual(ControlRequest(key: .interrupt), .interrupt)
        for key: Key in [.character("a"), .tab, .arrow(.up), .alt("z"), .control(0x1A), .endOfTransmission] {
            XCTAssertNil(ControlRequest(key: key), "\(key)")
        }
    }

    /// What the client sends over the socket is what the server parses back.
    func testLinesRoundTrip() {
        let requests: [ControlRequest] = [.snooze(id: nil), .snooze(id: "work"), .stop(id: nil), .stop(id: "#3"), .status, .help]
        for request in requests {
            XCTAssertEqual(ControlRequest(line: request.line), request, request.line)
        }
        XCTAssertEqual(ControlRequest.stop(id: "work").line, "stop work")
        // Quitting and reloading come from keys and signals only: no socket client can end `run`.
        // Edits, previews, timers and uploads come from the page and Home Assistant (the CLI edits
        // the file itself, under the same lock): their lines are for the log.
        let notOverTheSocket: [ControlRequest] = [
            .interrupt, .quit, .reload, .listAlarms, .listSounds, .addAlarm(AlarmChanges()), .editAlarm(id: "work", AlarmChanges()),
            .removeAlarm(id: "work"), .setEnabled(id: "work", true), .skip(id: "work"), .unskip(id: "work"),
            .preview(sound: "tone:beep", volume: 0.5), .stopPreview, .startTimer(seconds: 60, label: nil), .cancelTimer(id: "timer-1"),
            .addSound(name: "a.wav", file: "/tmp/.upload-1.wav"),
        ]
        for request in notOverTheSocket { XCTAssertNil(ControlRequest(line: request.line), request.line) }
        XCTAssertEqual(ControlRequest.setEnabled(id: "work", false).line, "disable work")
    }
}
