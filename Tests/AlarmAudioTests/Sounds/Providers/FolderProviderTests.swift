@testable import AlarmCore
@testable import AlarmAudio
import AudioTestSupport
import Foundation
import XCTest

/// `folder:NAME`: one file of the folder a day, none twice before all have played, the same pick
/// in every process.
final class FolderProviderTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "alarmplay-folder-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/Morning Songs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        for name in ["a", "b", "c", "d"] {
            try WAVWriter.write([Float](repeating: 0.1, count: 480), sampleRate: 48_000, channels: 1, to: root + "/Morning Songs/\(name).wav")
        }
        try "not a sound".write(toFile: root + "/Morning Songs/notes.txt", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testAFolderWithSoundsIsOneSound() {
        let sounds = FolderProvider(folders: [root]).sounds()
        XCTAssertEqual(sounds.map(\.name), ["folder:morning-songs"], "the empty folder is not offered")
        XCTAssertEqual(sounds.first?.details.summary, "folder, 4 sounds")
    }

    func testEachRoundPlaysEveryFileOnceInAnOrderOfItsOwn() throws {
        let folder = root + "/Morning Songs"
        let picks = (20_000..<20_012).map { FolderProvider.pick(in: folder, key: "morning-songs", day: $0)! }
        let rounds = stride(from: 0, to: 12, by: 4).map { Set(picks[$0..<$0 + 4]) }
        for round in rounds { XCTAssertEqual(round.count, 4, "no file twice before all have played: \(picks)") }
        XCTAssertNotEqual(Array(picks[0..<4]), Array(picks[4..<8]), "shuffled anew each round (with four files, almost surely)")
        XCTAssertEqual(picks, (20_000..<20_012).map { FolderProvider.pick(in: folder, key: "morning-songs", day: $0)! }, "the same pick again")
        // Before 1970 (a clock or state gone wrong) the rounds run on the same way (it trapped).
        let before = (-8..<0).map { FolderProvider.pick(in: folder, key: "morning-songs", day: $0)! }
        XCTAssertEqual([Set(before[0..<4]).count, Set(before[4..<8]).count], [4, 4], "\(before)")
        let source = try FolderProvider(folders: [root]).open(FolderProvider(folders: [root]).sounds()[0], context: RingContext(scheduled: 1_796_000_000))
        XCTAssertEqual(source.format.sampleRate, 48_000)
    }
}
