import AudioTestSupport
import Foundation
import XCTest

/// `folder:` through a real `run`: the fired line names the file the day picked, and that file is
/// the one heard.
final class RunFolderSoundTests: SoundFolderTestCase {
    func testTheFiredLineNamesThePickedFileAndThatFileIsHeard() throws {
        let folder = sounds.file("Morning")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tones = ["a.wav": 440.0, "b.ogg": 550.0, "c.flac": 660.0]
        for (name, source) in [("a.wav", "tone-440.wav"), ("b.ogg", "tone-550.ogg"), ("c.flac", "tone-660.flac")] {
            try FileManager.default.copyItem(atPath: AlarmPlayBinary.fixtures + "/sounds/" + source, toPath: folder + "/" + name)
        }
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"wake\", \(due.json), \"sound\": \"folder:morning\", \"fadeIn\": 0, \"ringFor\": \"2s\", \"volume\": 1}"])
        // The pick is the ring's day's, so next and list know it before the ring.
        let foretold = try scenario.control(["next", "--json", "--alarms", scenario.alarmsPath, "--sounds", sounds.path])
        let said = try scenario.control(["next", "--alarms", scenario.alarmsPath, "--sounds", sounds.path])
        let listed = try scenario.control(["list", "--json", "--alarms", scenario.alarmsPath, "--sounds", sounds.path])
        let recording = try scenario.pulse.record()
        let run = RunningProcess(["run", "--alarms", scenario.alarmsPath, "--device", "pulse", "--sounds", sounds.path], environment: scenario.environment)
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=fired id=wake", timeout: 20), run.stderr)
        let status = try scenario.control(["status", "--json"])
        XCTAssertNotNil(run.waitForLog("event=silenced id=wake", timeout: 20), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        stop(run)
        let fired = try XCTUnwrap(run.logLines("event=fired id=wake").first, run.stderr)
        let plays = try XCTUnwrap(fired.split(separator: " ").first { $0.hasPrefix("plays=") }.map { String($0.dropFirst(6)) }, fired)
        let frequency = try XCTUnwrap(tones[plays], "one of the folder's files: \(fired)")
        XCTAssertTrue(status.stdout.contains("\"plays\": \"\(plays)\""), "the page's status names it too: \(status.stdout)")
        XCTAssertTrue(foretold.stdout.contains("\"plays\": \"\(plays)\""), "next --json said it before: \(foretold.stdout)")
        XCTAssertTrue(said.stdout.hasSuffix("  plays \(plays)\n"), "next said it before: \(said.stdout)")
        XCTAssertTrue(listed.stdout.contains("\"plays\": \"\(plays)\""), "list --json said it before: \(listed.stdout)")
        let heard = levels.signal.slice(from: levels.recording.offset(of: due.date.addingTimeInterval(0.2)),
                                        to: levels.recording.offset(of: due.date.addingTimeInterval(0.8)))
        XCTAssertEqual(try XCTUnwrap(heard.estimatedFrequency(), run.stderr), frequency, accuracy: 5, "\(plays) is what plays")
    }
}
