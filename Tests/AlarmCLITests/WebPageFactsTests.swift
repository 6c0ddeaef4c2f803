import Foundation
import XCTest

/// What web.md says of the page's files is what `Web/` holds: their number, and their size to
/// the nearest 5 KB, so the figure cannot drift as files are added.
final class WebPageFactsTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testWebMdGivesTheNumberAndSizeOfThePagesFiles() throws {
        let folder = root.appendingPathComponent("Web")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        let bytes = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        let text = try String(contentsOf: root.appendingPathComponent("docs/web.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let said = try XCTUnwrap(text.range(of: #"It is the \d+ files in `Web/` \(about \d+ KB"#, options: .regularExpression),
                                 "web.md names the page's files")
        let numbers = text[said].split { !$0.isNumber }.compactMap { Int($0) }
        XCTAssertEqual(numbers.first, files.count, "the number of files in Web/")
        XCTAssertEqual(Double(numbers.last ?? 0), Double(bytes) / 1000, accuracy: 5, "their size in KB")
    }
}
