import AlarmCore
import UnitTestSupport
import XCTest

final class SoundSequenceTests: XCTestCase {
    func testASoundListIsASequenceAndEveryElementIsChecked() throws {
        let file = try AlarmFile.parse(#"{"alarms": [{"time": "07:00", "sound": ["tone:beep", 5]}]}"#, path: "a.json", sounds: .fake)
        XCTAssertEqual(file.alarms[0].settings.sequence, [.name("tone:beep"), .index(5)])
        XCTAssertThrowsError(try AlarmFile.parse(#"{"alarms": [{"time": "07:00", "sound": ["tone:beep", "tone:gnog"]}]}"#,
                                                 path: "a.json", sounds: .fake)) { error in
            let lines = (error as? AlarmFileError)?.lines ?? []
            XCTAssertEqual(lines.count, 1)
            XCTAssertTrue(lines.first?.hasPrefix("a.json:1:54: ") == true, "\(lines)")
        }
        XCTAssertThrowsError(try AlarmFile.parse(#"{"alarms": [{"time": "07:00", "sound": []}]}"#, path: "a.json", sounds: .fake))
    }

    func testACommaListFromTheCommandLineBecomesAnArray() throws {
        XCTAssertEqual(try AlarmChanges.value(for: "sound", typed: "speak:time, 3"), .array([.string("speak:time"), .int(3)]))
        XCTAssertEqual(try AlarmChanges.value(for: "sound", typed: "tone:beep"), .string("tone:beep"))
    }
}
