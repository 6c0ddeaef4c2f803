@testable import AlarmRuntime
@testable import AlarmAudio
import AlarmCore
import AudioTestSupport
import XCTest

final class SoundUploadTests: XCTestCase {
    private func body(_ bytes: String) throws -> String {
        let path = NSTemporaryDirectory() + "upload-\(UUID().uuidString)"
        try bytes.write(toFile: path, atomically: false, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testOnlyAPlainNameOfASoundFileWithABodyMayBeChecked() throws {
        let file = try body("RIFF")
        XCTAssertNil(SoundUpload.refusal(name: "birds.wav", file: file))
        for name in ["../birds.wav", "a/b.wav", ".hidden.wav", " birds.wav", "bi\u{202E}rds.wav", "birds\n.wav"] {
            XCTAssertEqual(SoundUpload.refusal(name: name, file: file)?.message, "\"\(name)\" is not a plain file name", name)
        }
        XCTAssertEqual(SoundUpload.refusal(name: "notes.txt", file: file)?.kind, .unsupported)
        XCTAssertEqual(SoundUpload.refusal(name: "birds.wav", file: try body(""))?.message, "the body is empty: send the file's bytes")
        XCTAssertEqual(SoundUpload.refusal(name: "", file: file)?.kind,
                       .invalid([.init(field: nil, message: "give the file's name: POST /api/sounds?name=FILE.wav with the file as the body")]))
    }

    func testAFileLibsndfileCannotReadIsNotKept() throws {
        let folder = NSTemporaryDirectory() + "sounds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let received = folder + "/.receiving"
        try "not a sound".write(toFile: received, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try SoundUpload.keepIfPlayable(received, as: folder + "/noise.wav")) {
            XCTAssertEqual(($0 as? Refusal)?.kind, .unsupported)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/noise.wav"))
    }

    func testAPlayableFileIsKeptAndNamedAndOneNamingTheSameSoundIsRefused() throws {
        let folder = NSTemporaryDirectory() + "sounds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let received = folder + "/.receiving"
        try WAVWriter.write([Float](repeating: 0.1, count: 800), sampleRate: 8_000, channels: 1, to: received)
        let scans = SoundScans(folders: SoundFolders(paths: [folder]))
        let (scanned, entry) = try SoundUpload.add(received, as: "birds.wav", into: folder, scans: scans)
        XCTAssertEqual(entry.sound.details.path, folder + "/birds.wav")
        XCTAssertTrue(scanned.sounds.entries.contains { $0.sound.name == entry.sound.name }, "the sounds were scanned again with it")
        try WAVWriter.write([Float](repeating: 0.1, count: 800), sampleRate: 8_000, channels: 1, to: received)
        XCTAssertThrowsError(try SoundUpload.add(received, as: "Birds.WAV", into: folder, scans: scans)) {
            XCTAssertEqual(($0 as? Refusal)?.kind, .conflict)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Birds.WAV"))
    }
}
