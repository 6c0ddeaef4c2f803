import AlarmCore
import AlarmAudio
import UnitTestSupport
import Foundation
import XCTest

/// How early a sound is opened is the provider's to say: a stream's 15 s, a second for the rest.
final class OpenAheadTests: XCTestCase {
    func testAStreamIsOpenedFifteenSecondsAheadAndATone1() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("open-ahead-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "http://radio.example/live.mp3\n".write(toFile: folder + "/radio.url", atomically: true, encoding: .utf8)
        let station = try XCTUnwrap(StreamProvider(folders: [folder], ffmpeg: "/usr/bin/ffmpeg").sounds().first)
        XCTAssertEqual(station.details.openAheadSeconds, 15)
        let tone = try XCTUnwrap(ToneProvider().sounds().first)
        XCTAssertEqual(tone.details.openAheadSeconds, 1)
    }
}
