import AlarmCore
import AlarmRuntime
import UnitTestSupport
import XCTest

final class AlarmIDTests: XCTestCase {
    let quarterToSeven = TimeOfDay(hour: 6, minute: 45)

    func testFromTheTimeNeverAllDigits() {
        XCTAssertEqual(AlarmID.generate(label: nil, time: quarterToSeven, taken: []), "06h45")
        XCTAssertEqual(AlarmID.generate(label: nil, time: TimeOfDay(hour: 7, minute: 5, second: 30), taken: []), "07h05m30")
    }

    func testFromTheLabel() {
        XCTAssertEqual(AlarmID.generate(label: "Work days", time: quarterToSeven, taken: []), "work-days")
        XCTAssertEqual(AlarmID.generate(label: "  Wake up!! (Mon) ", time: quarterToSeven, taken: []), "wake-up-mon")
        XCTAssertEqual(AlarmID.generate(label: "Réveil", time: quarterToSeven, taken: []), "réveil")
        XCTAssertEqual(
            AlarmID.generate(label: "a very long label that goes on and on", time: quarterToSeven, taken: []),
            "a-very-long-label-that-g")
    }

    func testLabelsWithoutUsableCharactersFallBackToTheTime() {
        XCTAssertEqual(AlarmID.generate(label: "!!!", time: quarterToSeven, taken: []), "06h45")
        XCTAssertEqual(AlarmID.generate(label: "2024", time: quarterToSeven, taken: []), "06h45")
        XCTAssertEqual(AlarmID.generate(label: "", time: quarterToSeven, taken: []), "06h45")
    }

    func testTakenIdsGetTheFirstFreeSuffix() {
        XCTAssertEqual(AlarmID.generate(label: nil, time: quarterToSeven, taken: ["06h45"]), "06h45-2")
        XCTAssertEqual(AlarmID.generate(label: nil, time: quarterToSeven, taken: ["06h45", "06h45-2", "06h45-3"]), "06h45-4")
        XCTAssertEqual(AlarmID.generate(label: "Gym", time: quarterToSeven, taken: ["gym", "06h45"]), "gym-2")
    }
}
