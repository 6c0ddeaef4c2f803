@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport
import XCTest

final class FileProviderKeyTests: XCTestCase {
    private func key(_ file: String) -> String? { FileProvider.split(file).map { "\($0.key) \($0.fileExtension)" } }

    func testFileNamesBecomeKeysThatAreEasyToType() {
        XCTAssertEqual(key("Maple Leaf Rag.FLAC"), "maple-leaf-rag flac")
        XCTAssertEqual(key("tone-440.wav"), "tone-440 wav")
        XCTAssertEqual(key("  Birds -- at dawn!.ogg"), "birds-at-dawn ogg")
        XCTAssertEqual(key("Radio_1 (live).mp3"), "radio-1-live mp3")
        XCTAssertEqual(key("song.backup.opus"), "song-backup opus", "only the last dot starts the extension")
        XCTAssertEqual(key("Café Münster.wav"), "café-münster wav", "letters beyond ASCII are kept")
    }

    func testNamesWithoutAKeyAreSkipped() {
        XCTAssertNil(key(".hidden.wav"))
        XCTAssertNil(key("noextension"))
        XCTAssertNil(key("---.wav"))
        XCTAssertNil(key(".wav"))
    }

    func testTitlesFromKeys() {
        XCTAssertEqual(FileProvider.title(fromKey: "maple-leaf-rag"), "Maple Leaf Rag")
        XCTAssertEqual(FileProvider.title(fromKey: "tone-440"), "Tone 440")
    }
}
