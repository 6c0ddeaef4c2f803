import Foundation
import XCTest

/// The two sounds `scripts/render-sounds` makes for `Sounds/`: present, small, FLAC, titled.
final class ShippedSoundsTests: XCTestCase {
    private let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sounds")

    func testShippedSoundsAreSmallTitledFLACFiles() throws {
        for (file, title) in [("alarm-clock", "Alarm Clock"), ("maple-leaf-rag", "Maple Leaf Rag")] {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file + ".flac")))
            XCTAssertLessThan(bytes.count, 1 << 20, file)
            XCTAssertEqual(Array(bytes.prefix(4)), Array("fLaC".utf8), file)
            XCTAssertEqual(vorbisComments(bytes)["TITLE"], title, file)
        }
    }

    /// Walks the FLAC metadata blocks to the VORBIS_COMMENT block (type 4).
    private func vorbisComments(_ bytes: [UInt8]) -> [String: String] {
        var offset = 4
        while offset + 4 <= bytes.count {
            let header = bytes[offset]
            let length = Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let body = offset + 4
            if header & 0x7F == 4 {
                return comments(Array(bytes[body..<(body + length)]))
            }
            guard header & 0x80 == 0 else { break }
            offset = body + length
        }
        XCTFail("no Vorbis comment block")
        return [:]
    }

    private func comments(_ block: [UInt8]) -> [String: String] {
        func le32(_ at: Int) -> Int {
            Int(block[at]) | Int(block[at + 1]) << 8 | Int(block[at + 2]) << 16 | Int(block[at + 3]) << 24
        }
        var offset = 4 + le32(0)
        let count = le32(offset)
        offset += 4
        var result: [String: String] = [:]
        for _ in 0..<count {
            let length = le32(offset)
            let text = String(decoding: block[(offset + 4)..<(offset + 4 + length)], as: UTF8.self)
            if let equals = text.firstIndex(of: "=") {
                result[text[..<equals].uppercased()] = String(text[text.index(after: equals)...])
            }
            offset += 4 + length
        }
        return result
    }
}
