import AlarmCore
import AlarmAudio
import UnitTestSupport
import XCTest

final class SoundFileSignatureTests: XCTestCase {
    func testGoodHeadersPass() {
        XCTAssertNil(SoundFileSignature.problem(pathExtension: "wav", header: Array("RIFF\0\0\0\0WAVE".utf8)))
        XCTAssertNil(SoundFileSignature.problem(pathExtension: "FLAC", header: Array("fLaC\0\0\0\"".utf8)))
        XCTAssertNil(SoundFileSignature.problem(pathExtension: "opus", header: Array("OggS\0\u{2}".utf8)))
        XCTAssertNil(SoundFileSignature.problem(pathExtension: "mp3", header: Array("ID3\u{4}\0".utf8)))
        XCTAssertNil(SoundFileSignature.problem(pathExtension: "mp3", header: [0xFF, 0xFB, 0x90, 0x64]))
        XCTAssertNil(SoundFileSignature.problem(pathExtension: "aiff", header: Array("garbage".utf8)), "unknown kinds are left to libsndfile")
    }

    func testGarbageGetsATrueReason() {
        XCTAssertEqual(SoundFileSignature.problem(pathExtension: "mp3", header: Array("hello world".utf8)),
                       "not a valid MP3 file: it starts with 68 65 6C 6C (expected an ID3 tag or an MPEG audio frame)")
        XCTAssertEqual(SoundFileSignature.problem(pathExtension: "wav", header: []), "empty file")
        XCTAssertNotNil(SoundFileSignature.problem(pathExtension: "ogg", header: Array("RIFF".utf8)))
    }
}
