@testable import AlarmCore
import UnitTestSupport
import XCTest

/// `"inputs"` in the alarms file: paths, key maps, each problem at its place.
final class InputSettingsDecodingTests: XCTestCase {
    private func problems(_ text: String) -> [String] {
        do {
            _ = try AlarmFile.parse(text, path: "alarms.json", sounds: nil)
            return []
        } catch {
            return error.lines
        }
    }

    func testAPathOrAnObjectWithItsKeys() throws {
        let file = try AlarmFile.parse("""
            {"inputs": ["/dev/input/event3", {"device": "/dev/input/by-id/remote", "keys": {"KEY_F1": "sleep", "BTN_0": "stop"}, "grab": true}],
             "alarms": []}
            """, path: "alarms.json", sounds: nil)
        XCTAssertEqual(file.inputs.map(\.device), ["/dev/input/event3", "/dev/input/by-id/remote"])
        XCTAssertEqual(file.inputs[0].keys, InputSettings.standardKeys)
        XCTAssertEqual(file.inputs[1].keys[59], .sleep)
        XCTAssertEqual(file.inputs[1].keys[0x100], .stop, "the file's map replaces the standard key")
        XCTAssertEqual(file.inputs[1].keys[57], .snooze, "and keeps the rest")
        XCTAssertTrue(file.inputs[1].grab)
    }

    func testUnknownKeysAndActionsAreLocatedWithTheNearest() {
        let lines = problems("""
            {"inputs": [{"device": "/dev/input/event0", "keys": {"KEY_F13X": "sleep", "KEY_F2": "slep"}, "grabb": true}], "alarms": []}
            """)
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("alarms.json:1:54: unknown key \"KEY_F13X\"") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("a key does one of snooze, stop, sleep, louder, quieter, next (did you mean \"sleep\"?)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("unknown key \"grabb\" in \"inputs\" (did you mean \"grab\"?)") }, "\(lines)")
    }

    func testAnInputNeedsItsDevice() {
        XCTAssertTrue(problems(#"{"inputs": [{"keys": {}}], "alarms": []}"#).first?.contains("an input needs \"device\"") == true)
        XCTAssertTrue(problems(#"{"inputs": "/dev/input/event0", "alarms": []}"#).first?.contains("inputs must be a list") == true)
    }
}
