import AlarmCore
import UnitTestSupport
import XCTest

final class AlarmStateTests: XCTestCase {
    func testJSONRoundTrip() throws {
        let state = ScheduleState(alarms: [
            "work": AlarmState(fingerprint: "06:45 weekdays on", skippedOccurrence: 1_796_622_300),
            "#2": AlarmState(fingerprint: "16:00 once on", armedAt: 1_796_600_000, done: true),
        ])
        let text = JSONWriter.pretty(state.json)
        XCTAssertEqual(text, """
            {
              "alarms": {
                "#2": {
                  "fingerprint": "16:00 once on",
                  "armedAt": 1796600000,
                  "done": true
                },
                "work": {
                  "fingerprint": "06:45 weekdays on",
                  "skippedOccurrence": 1796622300
                }
              }
            }

            """)
        XCTAssertEqual(try ScheduleState(json: JSONParser.parseStrict(text)), state)
    }

    func testBadStateIsAnError() throws {
        XCTAssertThrowsError(try ScheduleState(json: JSONParser.parseStrict("[]")))
        XCTAssertThrowsError(try ScheduleState(json: JSONParser.parseStrict(#"{"alarms": {"a": {"done": true}}}"#)))
        XCTAssertThrowsError(try ScheduleState(json: JSONParser.parseStrict(#"{"alarms": {"a": {"fingerprint": "x", "armedAt": "soon"}}}"#)))
    }

    /// An `armedAt` no `run` writes (±2⁶³) made a one-shot silently never ring: refused on
    /// reading, like the state's other moments (`DaemonState.instants`).
    func testMomentsOutOfRangeAreRefused() throws {
        for bad in ["-9223372036854775808", "9223372036854775807", "-1", "253402300800"] {
            for name in ["armedAt", "skippedOccurrence"] {
                let text = #"{"alarms": {"a": {"fingerprint": "x", "\#(name)": \#(bad)}}}"#
                XCTAssertThrowsError(try ScheduleState(json: JSONParser.parseStrict(text)), text) { error in
                    XCTAssertEqual("\(error)", #"state of "a": "\#(name)" must be epoch seconds from 1970 to 9999"#)
                }
            }
        }
        let kept = try ScheduleState(json: JSONParser.parseStrict(#"{"alarms": {"a": {"fingerprint": "x", "armedAt": 1796600000}}}"#))
        XCTAssertEqual(kept.alarms["a"]?.armedAt, 1_796_600_000)
    }

    func testReconcileArmsNewOneShotsAndDropsStaleState() {
        let nap = alarm("16:00", id: "nap", position: 1)
        let work = alarm("06:45", days("weekdays"), id: "work", position: 2)
        let old = ScheduleState(alarms: [
            "work": AlarmState(fingerprint: "06:30 weekdays on", skippedOccurrence: 5),
            "gone": AlarmState(fingerprint: "x", done: true),
        ])
        let state = old.reconciled(with: [nap, work], now: 1000)
        XCTAssertEqual(state.alarms, ["nap": AlarmState(fingerprint: nap.fingerprint, armedAt: 1000)])
        // Arming is kept on a later reload, so the one-shot does not move to tomorrow.
        XCTAssertEqual(state.reconciled(with: [nap, work], now: 5000), state)
    }

    func testUpdate() {
        let work = alarm("06:45", days("weekdays"), id: "work")
        var state = ScheduleState()
        state.update(work) { $0.skippedOccurrence = 42 }
        XCTAssertEqual(state.state(for: work)?.skippedOccurrence, 42)
        state.update(work) { $0.skippedOccurrence = nil }
        XCTAssertEqual(state.alarms, [:])
    }
}
