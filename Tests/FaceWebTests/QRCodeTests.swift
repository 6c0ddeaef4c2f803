import AlarmCore
import FaceWeb
import UnitTestSupport
import XCTest

final class QRCodeTests: XCTestCase {
    func testAnAddressEncodesToASquareWithFinderPatterns() throws {
        let code = try XCTUnwrap(QRCode(encoding: "http://192.168.1.20:8137/?token=0123456789abcdef0123456789abcdef"))
        let size = code.modules.count
        XCTAssertTrue([25, 29, 33, 37].contains(size), "version 2-5 for this length, got \(size)")
        XCTAssertTrue(code.modules.allSatisfy { $0.count == size })
        // The top-left finder: a dark 7x7 ring around a light ring around a dark 3x3.
        XCTAssertEqual(code.modules[0].prefix(7), ArraySlice(Array(repeating: true, count: 7)))
        XCTAssertEqual(code.modules[1].prefix(7), [true, false, false, false, false, false, true])
        XCTAssertEqual(code.modules[3].prefix(7), [true, false, true, true, true, false, true])
    }

    func testTerminalLinesPackTwoRowsWithAQuietZone() {
        let code = QRCode(modules: [[true, false], [false, true]])
        let lines = code.terminalLines()
        XCTAssertEqual(lines.count, 3, "6 rows with the quiet zone, two per line")
        XCTAssertEqual(lines[0], "██████")
        // Rows 2-3: dark at (2,2) and (3,3); a dark module leaves its half of the cell blank.
        XCTAssertEqual(lines[1], "██▄▀██")
        XCTAssertEqual(lines[2], "██████")
    }
}
