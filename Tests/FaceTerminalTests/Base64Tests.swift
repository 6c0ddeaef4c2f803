import AlarmCore
import FaceTerminal
import UnitTestSupport
import XCTest

final class Base64Tests: XCTestCase {
    func testRFC4648Vectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded, plain)
        }
    }

    func testAllByteValues() {
        XCTAssertEqual(Base64.encode([0x00, 0xFF, 0xFE, 0x3E, 0x3F]), "AP/+Pj8=")
    }

    func testOSC52Sequence() {
        XCTAssertEqual(Clipboard.osc52("1   00:01.00   00:01.00\n"), "\u{1B}]52;c;MSAgIDAwOjAxLjAwICAgMDA6MDEuMDAK\u{07}")
    }
}
