import Foundation
import XCTest

@testable import AlarmCore
import UnitTestSupport

/// Choosing the page's language, and reading a compiled catalog (made here byte by byte, as
/// msgfmt lays it out).
final class PageLanguagesTests: XCTestCase {
    func testAcceptLanguageByWeight() {
        XCTAssertEqual(PageLanguages.ranked("fr-FR,de;q=0.8,ko;q=0.9,*;q=0.1"), ["fr-FR", "ko", "de"])
        XCTAssertEqual(PageLanguages.ranked("de, en"), ["de", "en"], "equal weights keep their order")
        XCTAssertEqual(PageLanguages.ranked(""), [])
    }

    func testChoosesAnAvailableLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-languages-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for language in ["de", "ko"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(language)/LC_MESSAGES", withIntermediateDirectories: true)
            try Data(Self.catalog([("", "Plural-Forms: nplurals=1; plural=0;\n")])).write(to: URL(fileURLWithPath: "\(folder)/\(language)/LC_MESSAGES/alarmplay.mo"))
        }
        try FileManager.default.createDirectory(atPath: "\(folder)/fr", withIntermediateDirectories: true)
        let languages = PageLanguages(folder: folder)
        XCTAssertEqual(languages.available, ["de", "en", "ko"], "a folder without a catalog is no language")
        XCTAssertEqual(languages.choose(query: nil, acceptLanguage: "fr-FR,ko-KR;q=0.9,de;q=0.8"), "ko")
        XCTAssertEqual(languages.choose(query: "de", acceptLanguage: "ko"), "de", "the picker wins")
        XCTAssertEqual(languages.choose(query: nil, acceptLanguage: "fr"), "en")
        XCTAssertEqual(PageLanguages(folder: nil).available, ["en"])
    }

    func testReadsACompiledCatalog() throws {
        let bytes = Self.catalog([
            ("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"),
            ("Alarms", "Wecker"), ("weekday\u{4}Mon", "Mo"), ("{n} lap\0{n} laps", "{n} Runde\0{n} Runden"),
        ])
        let catalog = try XCTUnwrap(MessageCatalog(bytes: bytes))
        XCTAssertEqual(catalog.messages, ["Alarms": "Wecker", "weekday\u{4}Mon": "Mo", "{n} lap\0{n} laps": "{n} Runde\0{n} Runden"])
        XCTAssertEqual(catalog.pluralRule, "(n != 1)")
        XCTAssertNil(MessageCatalog(bytes: Array("not a catalog at all, just text".utf8)))
        XCTAssertNil(MessageCatalog(bytes: Array(bytes.prefix(40))), "a cut file is refused, not half read")
    }

    /// A little-endian .mo: header, the originals' and translations' tables, then the strings.
    static func catalog(_ entries: [(String, String)]) -> [UInt8] {
        let sorted = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        var strings: [UInt8] = []
        var tables: [[(Int, Int)]] = [[], []]
        let start = 28 + sorted.count * 16
        for side in 0..<2 {
            for entry in sorted {
                let text = Array((side == 0 ? entry.0 : entry.1).utf8)
                tables[side].append((text.count, start + strings.count))
                strings += text + [0]
            }
        }
        func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        var bytes = word(0x9504_12de) + word(0) + word(sorted.count) + word(28) + word(28 + sorted.count * 8) + word(0) + word(0)
        for side in 0..<2 { for (length, offset) in tables[side] { bytes += word(length) + word(offset) } }
        return bytes + strings
    }
}
