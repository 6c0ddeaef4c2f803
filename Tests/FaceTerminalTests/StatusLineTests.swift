@testable import AlarmCore
@testable import FaceTerminal
import UnitTestSupport
import XCTest

final class StatusLineTests: XCTestCase {
    func testFirstDrawWritesLinesClearingEachToItsEnd() {
        XCTAssertEqual(StatusLine.redraw(["a", "b"], replacing: 0, columns: 80), "\ra\u{1B}[K\nb\u{1B}[K")
    }

    func testRedrawGoesBackUpOverThePreviousLines() {
        XCTAssertEqual(StatusLine.redraw(["x", "y", "z"], replacing: 3, columns: 80), "\u{1B}[2A\rx\u{1B}[K\ny\u{1B}[K\nz\u{1B}[K")
        XCTAssertEqual(StatusLine.redraw(["x"], replacing: 1, columns: 80), "\rx\u{1B}[K")
    }

    func testFewerLinesClearWhatIsLeftBelow() {
        XCTAssertEqual(StatusLine.redraw(["x"], replacing: 3, columns: 80), "\u{1B}[2A\rx\u{1B}[K\u{1B}[J")
    }

    func testLinesAreCutToTheWidthSoTheyNeverWrap() {
        XCTAssertEqual(StatusLine.redraw(["abcdefghij"], replacing: 0, columns: 6), "\rabcde\u{1B}[K")
    }

    func testNotATerminalGivesNoStatusLine() throws {
        let descriptor = open("/dev/null", O_WRONLY)
        defer { close(descriptor) }
        XCTAssertNil(StatusLine(descriptor: descriptor))
    }
}
