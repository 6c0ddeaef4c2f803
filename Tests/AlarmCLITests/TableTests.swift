import XCTest

@testable import AlarmCore
@testable import AlarmCLI
import UnitTestSupport

/// Columns line up on a terminal, where Hangul takes two columns.
final class TableTests: XCTestCase {
    func testWideCharactersCountTwice() {
        XCTAssertEqual(Table.width("다음"), 4)
        XCTAssertEqual(Table.width("NÄCHSTER"), 8)
        XCTAssertEqual(Table.render([["이름", "x"], ["ab", "y"]]), ["이름  x", "ab    y"])
    }
}
