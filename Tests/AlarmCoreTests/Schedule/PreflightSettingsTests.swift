import AlarmCore
import UnitTestSupport
import XCTest

/// `preflight` and `escalate` at the top of the file, in `defaults` and per alarm.
final class PreflightSettingsTests: XCTestCase {
    func testPreflightDefaultsToTenMinutesAndIsSetAtTheTopInDefaultsAndPerAlarm() throws {
        XCTAssertEqual(try AlarmFile.parse(#"{"alarms": [{"time": "07:00"}]}"#, path: "a.json", sounds: .fake).alarms[0].settings.preflight, 600)
        let text = #"{"preflight": "20m", "alarms": [{"time": "07:00"}, {"time": "08:00", "preflight": "0s"}]}"#
        let file = try AlarmFile.parse(text, path: "a.json", sounds: .fake)
        XCTAssertEqual(file.alarms.map(\.settings.preflight), [1200, 0])
        let inDefaults = try AlarmFile.parse(#"{"defaults": {"preflight": "1m"}, "alarms": [{"time": "07:00"}]}"#, path: "a.json", sounds: .fake)
        XCTAssertEqual(inDefaults.alarms[0].settings.preflight, 60)
    }

    func testEscalateIsOneStepOrAListInTheOrderTheyTakeEffect() throws {
        let one = #"{"escalate": {"after": "2m", "volume": 1.0, "sound": "tone:bell"}, "alarms": [{"time": "07:00"}]}"#
        XCTAssertEqual(try AlarmFile.parse(one, path: "a.json", sounds: .fake).alarms[0].settings.escalate,
                       [Escalation(after: 120, volume: 1.0, sound: .name("tone:bell"))])
        let list = #"{"alarms": [{"time": "07:00", "escalate": [{"after": "5m", "sound": "beep"}, {"after": 60, "volume": 0.9}]}]}"#
        XCTAssertEqual(try AlarmFile.parse(list, path: "a.json", sounds: .fake).alarms[0].settings.escalate,
                       [Escalation(after: 60, volume: 0.9), Escalation(after: 300, sound: .name("beep"))])
        let household = #"{"alarms": [{"time": "07:00", "escalate": [{"after": "2m", "volume": 1.0}, {"after": "4m", "household": true}]}]}"#
        XCTAssertEqual(try AlarmFile.parse(household, path: "a.json", sounds: .fake).alarms[0].settings.escalate,
                       [Escalation(after: 120, volume: 1.0), Escalation(after: 240, household: true)])
    }

    func testBadPreflightAndEscalateAreLocatedLines() {
        let cases: [(String, String)] = [
            (#"{"preflight": "soon", "alarms": []}"#, "a.json:1:15: invalid duration \"soon\" (use e.g. \"30s\", \"9m\", \"1h30m\" or \"1:30\")"),
            (#"{"alarms": [], "escalate": {"volume": 1}}"#, "a.json:1:28: escalate needs \"after\": how long it rings unanswered first, e.g. \"2m\""),
            (#"{"alarms": [], "escalate": {"after": "1m"}}"#, "a.json:1:28: escalate needs \"volume\", \"sound\" or \"household\": what changes after \"1m\""),
            (#"{"alarms": [], "escalate": {"after": "1m", "household": "yes"}}"#, "a.json:1:57: household must be true or false, got \"yes\""),
            (#"{"alarms": [], "escalate": {"after": "1m", "volume": 2}}"#, "a.json:1:54: volume must be a number from 0.0 to 1.0, got 2"),
            (#"{"alarms": [], "escalate": {"after": "1m", "sound": "tone:nope"}}"#, "a.json:1:53: no sound \"tone:nope\" (did you mean \"tone:beep\"?)"),
            (#"{"alarms": [], "escalate": 3}"#, "a.json:1:28: escalate must be an object such as {\"after\": \"2m\", \"volume\": 1.0, \"sound\": \"tone:alarm\"} or a list of them, got 3"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try AlarmFile.parse(text, path: "a.json", sounds: .fake), text) { error in
                XCTAssertEqual((error as? AlarmFileError)?.lines.first?.hasPrefix(expected), true, "\((error as? AlarmFileError)?.lines ?? [])")
            }
        }
    }
}
