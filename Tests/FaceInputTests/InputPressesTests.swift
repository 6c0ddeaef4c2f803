@testable import AlarmCore
@testable import FaceInput
import XCTest

/// Presses become actions when let go, a long press stops while held, a knob steps the volume.
final class InputPressesTests: XCTestCase {
    private let second: Int64 = 1_000_000_000
    private var space: UInt16 { InputKeyNames.keys["KEY_SPACE"]! }

    private func key(_ code: UInt16, _ value: Int32) -> InputRecord { InputRecord(kind: .key, code: code, value: value) }

    func testAShortPressActsWhenLetGoAndAutoRepeatIsNotMorePresses() {
        var presses = InputPresses(keys: InputSettings.standardKeys)
        XCTAssertEqual(presses.take(key(space, 1), at: 0), [])
        XCTAssertEqual(presses.take(key(space, 2), at: second / 4), [])
        XCTAssertEqual(presses.take(key(space, 0), at: second / 2), [.snooze])
        XCTAssertEqual(presses.take(key(InputKeyNames.keys["KEY_A"]!, 0), at: second), [], "an unmapped key does nothing")
    }

    func testAPressHeldOneAndAHalfSecondsStopsWhileHeldAndItsReleaseDoesNothingMore() {
        var presses = InputPresses(keys: InputSettings.standardKeys)
        _ = presses.take(key(space, 1), at: 10 * second)
        XCTAssertEqual(presses.nextLongPress, 10 * second + InputSettings.longPressNanoseconds)
        XCTAssertEqual(presses.expire(at: 11 * second), [])
        XCTAssertEqual(presses.expire(at: 11 * second + second / 2), [.stop])
        XCTAssertNil(presses.nextLongPress)
        XCTAssertEqual(presses.take(key(space, 0), at: 12 * second), [])
        _ = presses.take(key(space, 1), at: 13 * second)
        XCTAssertEqual(presses.take(key(space, 0), at: 13 * second + 1), [.snooze], "the next press is a press again")
    }

    func testAKnobStepsTheVolumeAndAFastTurnIsBounded() {
        var presses = InputPresses(keys: InputSettings.standardKeys)
        XCTAssertEqual(presses.take(InputRecord(kind: .relative, code: InputKeyNames.axes["REL_DIAL"]!, value: 2), at: 0), [.louder, .louder])
        XCTAssertEqual(presses.take(InputRecord(kind: .relative, code: InputKeyNames.axes["REL_WHEEL"]!, value: -40), at: 0),
                       Array(repeating: .quieter, count: InputPresses.stepsAtOnce))
        XCTAssertEqual(presses.take(InputRecord(kind: .relative, code: InputKeyNames.axes["REL_X"]!, value: 3), at: 0), [], "a mouse's move is no knob")
    }

    func testTheStandardKeys() {
        let keys = InputSettings.standardKeys
        for name in ["KEY_SPACE", "KEY_ENTER", "KEY_PLAYPAUSE", "BTN_0"] { XCTAssertEqual(keys[InputKeyNames.code(name)!], .snooze, name) }
        for name in ["KEY_ESC", "KEY_STOP", "BTN_1"] { XCTAssertEqual(keys[InputKeyNames.code(name)!], .stop, name) }
        XCTAssertEqual(keys[InputKeyNames.code("KEY_VOLUMEUP")!], .louder)
        XCTAssertEqual(InputKeyNames.code("key_f1"), 59)
        XCTAssertEqual(InputKeyNames.code("KEY_247"), 247)
        XCTAssertEqual(InputKeyNames.code("164"), 164)
        XCTAssertNil(InputKeyNames.code("KEY_NOPE"))
    }
}
