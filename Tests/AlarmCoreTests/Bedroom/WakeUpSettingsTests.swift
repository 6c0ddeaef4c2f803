import AlarmCore
import UnitTestSupport
import XCTest

/// `wakeUp` and `wakeUpSound` per alarm and in `defaults`, and their located errors.
final class WakeUpSettingsTests: XCTestCase {
    func testWakeUpIsOffByDefaultAndSetInDefaultsOrPerAlarm() throws {
        let plain = try AlarmFile.parse(#"{"alarms": [{"time": "07:00"}]}"#, path: "a.json", sounds: .fake).alarms[0].settings
        XCTAssertEqual(plain.wakeUp, 0)
        XCTAssertNil(plain.wakeUpSound)
        let text = #"{"defaults": {"wakeUp": "20m", "wakeUpSound": "tone:bell"}, "alarms": [{"time": "07:00"}, {"time": "08:00", "wakeUp": 90, "wakeUpSound": "beep"}, {"time": "09:00", "wakeUp": "0s"}]}"#
        let file = try AlarmFile.parse(text, path: "a.json", sounds: .fake)
        XCTAssertEqual(file.alarms.map(\.settings.wakeUp), [1_200, 90, 0])
        XCTAssertEqual(file.alarms.map(\.settings.wakeUpSound), [.name("tone:bell"), .name("beep"), .name("tone:bell")])
    }

    func testBadValuesAreLocatedLines() {
        let cases: [(String, String)] = [
            (#"{"alarms": [{"time": "07:00", "wakeUp": "soon"}]}"#, "a.json:1:41: invalid duration \"soon\""),
            (#"{"alarms": [{"time": "07:00", "wakeUp": "4h"}]}"#, "a.json:1:41: wakeUp must be from 0s to 3h, got \"4h\""),
            (#"{"alarms": [{"time": "07:00", "wakeUp": true}]}"#, "a.json:1:41: wakeUp must be a duration such as \"9m\" or whole seconds, got true"),
            (#"{"alarms": [{"time": "07:00", "wakeUpSound": "tone:nope"}]}"#, "a.json:1:46: no sound \"tone:nope\""),
            (#"{"defaults": {"wakeUp": -1}, "alarms": []}"#, "a.json:1:25: wakeUp must be from 0s to 3h, got -1"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try AlarmFile.parse(text, path: "a.json", sounds: .fake), text) { error in
                XCTAssertEqual((error as? AlarmFileError)?.lines.first?.hasPrefix(expected), true, "\((error as? AlarmFileError)?.lines ?? [])")
            }
        }
    }
}
