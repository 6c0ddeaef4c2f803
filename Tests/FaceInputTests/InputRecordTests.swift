@testable import AlarmCore
@testable import FaceInput
import XCTest

/// `struct input_event` records, as the kernel writes them.
final class InputRecordTests: XCTestCase {
    func testARecordIsTwoLongsOfTimeThenTypeCodeAndValue() {
        XCTAssertEqual(InputRecord.size, MemoryLayout<timeval>.size + 8, "24 bytes on 64-bit, 16 on 32-bit ARM")
        let press = InputRecord(kind: .key, code: 57, value: 1)
        let turn = InputRecord(kind: .relative, code: 7, value: -2)
        let bytes = press.bytes + turn.bytes + [0, 1, 2]
        let (records, used) = InputRecord.decode(bytes)
        XCTAssertEqual(records, [press, turn])
        XCTAssertEqual(used, 2 * InputRecord.size, "a partial record waits for the rest")
        XCTAssertEqual(InputRecord.decode(Array(bytes.prefix(InputRecord.size - 1))).records, [])
    }

    func testSyncReportsAreOtherRecords() {
        let sync = InputRecord(kind: .other(0), code: 0, value: 0)
        XCTAssertEqual(InputRecord.decode(sync.bytes).records, [sync])
    }
}
