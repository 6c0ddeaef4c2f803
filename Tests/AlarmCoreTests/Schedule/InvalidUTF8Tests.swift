import AlarmCore
import UnitTestSupport
import XCTest

final class InvalidUTF8Tests: XCTestCase {
    func testAnInvalidByteIsALocatedErrorNotAReplacementCharacter() throws {
        let path = "/tmp/alarmplay-utf8-\(getpid()).json"
        defer { unlink(path) }
        let bytes = Array("{\"alarms\": [\n  {\"time\": \"07:00\", \"label\": \"W".utf8) + [0xFF, 0xFE] + Array("\"}\n]}\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        XCTAssertThrowsError(try AlarmFile.load(path: path, sounds: nil)) { error in
            guard let error = error as? AlarmFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.lines, ["\(path):2:32: invalid UTF-8: byte 0xFF (save the file as UTF-8)"])
            XCTAssertEqual(error.exitCode, .dataError)
        }
    }

    func testValidMultibyteTextPassesAndColumnsCountCharacters() {
        XCTAssertNil(UTF8Check.firstProblem(in: Array("{\"label\": \"Réveil ⏰ 𝄞\"}".utf8)))
        XCTAssertEqual(UTF8Check.firstProblem(in: Array("é".utf8) + [0xC3])?.position, SourcePosition(line: 1, column: 2),
                       "a sequence cut short at the end")
        XCTAssertEqual(UTF8Check.firstProblem(in: [0xED, 0xA0, 0x80])?.position, SourcePosition(line: 1, column: 1), "a surrogate")
        XCTAssertEqual(UTF8Check.firstProblem(in: [0xC0, 0xAF])?.position, SourcePosition(line: 1, column: 1), "an overlong form")
    }
}
