@testable import AlarmRuntime
@testable import AlarmAudio
import AlarmCore
import AudioTestSupport
import XCTest

/// The sounds in force are the newest scan's: a scan that ends last but began first is not taken.
final class SoundScansTests: XCTestCase {
    func testAnOlderScanEndingLastDoesNotDropASoundANewerOneFound() throws {
        let folder = NSTemporaryDirectory() + "scans-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let source = ScheduleSource(alarmsPath: folder + "/alarms.json", folders: SoundFolders(paths: [folder]), statePath: folder + "/state.json",
                                    notifier: try Notifier())
        let before = source.scans.scan()
        try WAVWriter.write([Float](repeating: 0.1, count: 800), sampleRate: 8_000, channels: 1, to: folder + "/birds.wav")
        let after = source.scans.scan()
        XCTAssertEqual(after.number, before.number + 1)
        source.take(after)
        source.take(before)
        XCTAssertTrue(source.registry.entries.contains { $0.sound.details.path == folder + "/birds.wav" }, "the older scan, taken last, is left")
    }
}
