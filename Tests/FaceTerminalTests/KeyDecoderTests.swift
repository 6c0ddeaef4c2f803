import AlarmCore
import FaceTerminal
import UnitTestSupport
import XCTest

final class KeyDecoderTests: XCTestCase {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    func testPrintableSpaceAndControlKeys() {
        XCTAssertEqual(keys(Array("l q".utf8)), [.character("l"), .space, .character("q")])
        XCTAssertEqual(keys([0x03, 0x04, 0x09, 0x7F, 0x08, 0x1A]), [.interrupt, .endOfTransmission, .tab, .backspace, .backspace, .control(0x1A)])
    }

    func testEnterIsCROrLFAndCRLFIsOne() {
        XCTAssertEqual(keys([0x0D]), [.enter])
        XCTAssertEqual(keys([0x0A]), [.enter])
        XCTAssertEqual(keys([0x0D, 0x0A]), [.enter])
        XCTAssertEqual(keys([0x0D, 0x0D]), [.enter, .enter])
    }

    func testArrowsAreNotEscape() {
        XCTAssertEqual(keys([0x1B, 0x5B, 0x41]), [.arrow(.up)])
        XCTAssertEqual(keys([0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]), [.arrow(.down), .arrow(.right), .arrow(.left)])
        XCTAssertEqual(keys([0x1B, 0x4F, 0x41]), [.arrow(.up)], "application cursor mode")
        XCTAssertEqual(keys(Array("\u{1B}[15~x".utf8)), [.sequence(Array("\u{1B}[15~".utf8)), .character("x")])
        XCTAssertEqual(keys(Array("\u{1B}[1;5A".utf8)), [.sequence(Array("\u{1B}[1;5A".utf8))])
    }

    func testLoneEscapeOnlyAfterFlush() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [.escape])
        XCTAssertFalse(decoder.hasPending)
    }

    func testSequenceSplitAcrossReadsIsStillAnArrow() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.feed([0x5B]), [])
        XCTAssertEqual(decoder.feed([0x41, 0x71]), [.arrow(.up), .character("q")])
    }

    func testASequenceThatNeverEndsIsNotHeldBackWithoutBound() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 1000)), [])
        XCTAssertFalse(decoder.hasPending, "dropped")
        XCTAssertEqual(decoder.feed(Array("q".utf8)), [.character("q")])
    }

    func testUnfinishedSequenceIsDroppedNotEscape() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B, 0x5B, 0x31]), [])
        XCTAssertEqual(decoder.flush(), [])
    }

    func testDoubleEscapeAndAlt() {
        XCTAssertEqual(keys([0x1B, 0x1B]), [.escape, .escape])
        XCTAssertEqual(keys([0x1B, 0x78]), [.alt("x")])
    }

    func testUTF8CharactersEvenWhenSplit() {
        var decoder = KeyDecoder()
        let bytes = Array("é€".utf8)
        XCTAssertEqual(decoder.feed(bytes[0..<3]), [.character("é")])
        XCTAssertEqual(decoder.feed(bytes[3...]), [.character("€")])
        XCTAssertEqual(keys([0xFF, 0x61]), [.character("a")], "an invalid byte is skipped")
    }
}
