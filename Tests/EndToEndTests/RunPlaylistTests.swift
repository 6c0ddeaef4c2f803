import AudioTestSupport
import Foundation
import XCTest

/// `playlist:` through a real `run` and PulseAudio: the entries heard in order, and one that is
/// gone left out with a `fallback` line while the rest plays.
final class RunPlaylistTests: SoundFolderTestCase {
    func testEntriesPlayInOrderAndAMissingOneIsLeftOutAndSaid() throws {
        try copyFixture("tone-440.wav", as: "a.wav")
        try copyFixture("tone-660.flac", as: "b.flac")
        try "#EXTM3U\na.wav\ngone.wav\nb.flac\n".write(toFile: sounds.file("morning.m3u"), atomically: true, encoding: .utf8)
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"wake\", \(due.json), \"sound\": \"playlist:morning.m3u\", \"fadeIn\": 0, \"ringFor\": \"3s\", \"volume\": 1}"])
        let listed = try scenario.control(["sounds", "--sounds", sounds.path])
        XCTAssertTrue(listed.stdout.contains("playlist:morning.m3u"), listed.stdout)
        let recording = try scenario.pulse.record()
        let run = RunningProcess(["run", "--alarms", scenario.alarmsPath, "--device", "pulse", "--sounds", sounds.path], environment: scenario.environment)
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=silenced id=wake", timeout: 20), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        stop(run)
        let first = levels.signal.slice(from: levels.recording.offset(of: due.date.addingTimeInterval(0.2)),
                                        to: levels.recording.offset(of: due.date.addingTimeInterval(0.8)))
        let second = levels.signal.slice(from: levels.recording.offset(of: due.date.addingTimeInterval(1.3)),
                                         to: levels.recording.offset(of: due.date.addingTimeInterval(1.8)))
        XCTAssertEqual(try XCTUnwrap(first.estimatedFrequency(), run.stderr), 440, accuracy: 5, "the first entry first")
        XCTAssertEqual(try XCTUnwrap(second.estimatedFrequency(), run.stderr), 660, accuracy: 5, "the missing one left out: the third next")
        let fallback = try XCTUnwrap(run.logLines("event=fallback id=wake").first, run.stderr)
        XCTAssertTrue(fallback.contains("playlist:morning.m3u, entry 2:") && fallback.contains("the next entry plays"), fallback)
    }
}
