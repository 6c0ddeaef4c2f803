import AlarmCore
import UnitTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Every `Corpus/NAME.json` must fail validation with exactly the lines in `NAME.expected`
/// (with the path shown as `NAME.json`), so a changed message is a visible, reviewed change.
final class ValidationCorpusTests: XCTestCase {
    static let corpus = FileSystem.parent(of: #filePath) + "/Corpus"

    func testEveryMalformedFileGivesItsExpectedMessages() throws {
        let names = try XCTUnwrap(FileSystem.contents(of: Self.corpus)).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(names.count, 30)
        for name in names {
            let text = try XCTUnwrap(FileSystem.readText(Self.corpus + "/" + name))
            let expectedPath = Self.corpus + "/" + name.dropLast(5) + ".expected"
            let expected = FileSystem.readText(expectedPath)?.split(separator: "\n").map(String.init)
            let actual: [String]
            do {
                _ = try AlarmFile.parse(text, path: name, sounds: .fake)
                actual = ["(valid)"]
            } catch {
                actual = error.lines
                XCTAssertEqual(error.exitCode, .dataError, name)
            }
            XCTAssertEqual(actual, expected ?? [], "\(name):\n" + actual.joined(separator: "\n"))
        }
    }
}
