@testable import AlarmCore
@testable import MQTTClient
@testable import FaceTerminal
@testable import FaceMQTT
@testable import AlarmCLI
import UnitTestSupport
import XCTest

final class DaemonEventTests: XCTestCase {
    /// The log line's fields and the JSON's are the same, in the same order; only JSON keeps
    /// numbers as numbers.
    func testNumbersStayNumbersInJSONAndTextInTheLog() {
        withTimeZone("Europe/Berlin") {
            let ring = instant("2026-12-07T06:45:00+01:00")
            let event = DaemonEvent.fired(id: "work", scheduled: ring, lateMilliseconds: 2, snooze: 1)
            XCTAssertEqual(event.fields.map(\.key), ["id", "scheduled", "late_ms", "snooze"])
            XCTAssertEqual(event.fields.map(\.value.logText), ["work", "2026-12-07T06:45:00+01:00", "2", "1"])
            XCTAssertEqual(JSONWriter.compact(event.json(at: Instant(seconds: ring, nanoseconds: 2_000_000))),
                           #"{"event": "fired", "level": "info", "time": "2026-12-07T06:45:00.002+01:00", "id": "work", "#
                               + #""scheduled": "2026-12-07T06:45:00+01:00", "late_ms": 2, "snooze": 1}"#)
        }
    }

    func testAStopWhileSnoozedIsAStoppedEventThatSaysSo() {
        let event = DaemonEvent.dismissed(id: "work")
        XCTAssertEqual(event.name, "stopped")
        XCTAssertEqual(event.alarmID, "work")
        XCTAssertEqual(event.fields, [EventField("id", .text("work")), EventField("was", .text("snoozed"))])
    }

    func testTheLevelFollowsWhatHappened() {
        XCTAssertEqual(DaemonEvent.bell(id: "a", on: true).level, .warning)
        XCTAssertEqual(DaemonEvent.bell(id: "a", on: false).name, "bell_off")
        XCTAssertEqual(DaemonEvent.bell(id: "a", on: false).level, .info)
        let fromCopy = ScheduleLoaded(reloaded: false, count: 1, enabled: 1, next: nil, pausedUntil: nil, lastGoodCopy: "/s/last.json")
        XCTAssertEqual(DaemonEvent.loaded(fromCopy).level, .warning)
        XCTAssertEqual(DaemonEvent.loaded(fromCopy).fields.map(\.key), ["count", "enabled", "next", "using", "copy"])
    }

    func testListsAreJoinedInTheLogAndArraysInJSON() {
        let event = DaemonEvent.mixerRestored(control: "Master", elements: ["Master", "PCM"])
        XCTAssertEqual(event.fields.last?.value.logText, "Master,PCM")
        XCTAssertEqual(JSONWriter.compact(event.fields.last!.value.json), #"["Master", "PCM"]"#)
    }

    func testHooksRunForTheirEventsOnly() {
        XCTAssertEqual(Hook.Event(.dismissed(id: "a")), .stopped)
        XCTAssertEqual(Hook.Event(.fallback(id: "a", reason: "gone")), .fallback)
        XCTAssertNil(Hook.Event(.prepared(id: "a")))
        XCTAssertEqual(HomeAssistantDevice.eventType(of: .missed(id: "a", scheduled: 0, lateSeconds: 61)), "missed")
        XCTAssertNil(HomeAssistantDevice.eventType(of: .fallback(id: "a", reason: "gone")))
    }
}

final class PriorityEventTests: XCTestCase {
    func testThePriorityRunGotIsSaidWithItsReason() {
        XCTAssertEqual(DaemonEvent.priority(.realtime(priority: 10)).fields.map(\.value.logText), ["rr", "10"])
        let normal = DaemonEvent.priority(.normal(nice: 0, reason: "needs CAP_SYS_NICE"))
        XCTAssertEqual(normal.fields.map(\.key), ["scheduler", "nice", "reason"])
        XCTAssertEqual(normal.level, .info)
        XCTAssertEqual(JSONWriter.compact(ThreadPriority.Outcome.realtime(priority: 10).json), #"{"scheduler": "rr", "priority": 10}"#)
    }
}
