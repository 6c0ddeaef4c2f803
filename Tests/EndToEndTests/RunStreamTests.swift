import AudioTestSupport
import Foundation
import XCTest

/// Internet radio with a watchdog, against a local station at real-time pace and recorded from
/// the PulseAudio null sink: a good stream plays, and every way a stream fails rings audibly
/// within its limit with the fallback logged.
final class RunStreamTests: XCTestCase {
    var scenario: RunScenario!
    var station: StationServer!

    override func setUpWithError() throws {
        scenario = try RunScenario()
        station = try StationServer()
    }

    override func tearDown() {
        station = nil
        scenario.tearDown()
    }

    /// Rings `stream:radio` (a `.url` file holding `url`) 3 s from now; returns the run, the
    /// levels recorded until `seconds` after the ring, and the ring's instant.
    private func ring(_ url: String, listenFor seconds: Double, file: String = "radio.url", contents: String? = nil) throws
        -> (run: RunningProcess, levels: RecordedLevels, due: Date) {
        let sounds = scenario.home.file("stations")
        try scenario.home.write("stations/" + file, contents ?? url + "\n")
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"radio\", \(due.json), \"sound\": \"stream:radio\", \"fadeIn\": 0, \"ringFor\": \"1m\"}"])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun(["--sounds", sounds])
        XCTAssertNotNil(run.waitForLog("event=fired id=radio", timeout: 15), run.stderr)
        Thread.sleep(forTimeInterval: max(0, due.date.addingTimeInterval(seconds).timeIntervalSinceNow))
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        return (run, levels, due.date)
    }

    private func fallbackLine(_ run: RunningProcess) -> String? { run.logLines("event=fallback id=radio").first }

    /// Started 10 s before a stream's ring, inside its 15 s pre-roll and too late for the check
    /// before the ring: `run` sleeps until the ring (it once woke thousands of times a second, at
    /// real-time priority, starving the sound server it was about to ring through).
    func testRunSleepsWhenStartedInsideAStreamsPreRoll() throws {
        let sounds = scenario.home.file("stations")
        try scenario.home.write("stations/radio.url", station.url("tone.mp3") + "\n")
        let due = scenario.at(secondsAhead: 10)
        try scenario.writeAlarms(["{\"id\": \"radio\", \(due.json), \"sound\": \"stream:radio\", \"fadeIn\": 0, \"ringFor\": \"2s\"}"])
        let run = try scenario.startRun(["--sounds", sounds])
        XCTAssertNotNil(run.waitForLog("event=loaded"), run.stderr)
        Thread.sleep(forTimeInterval: 1)
        let before = try cpuSeconds(run.processIdentifier)
        Thread.sleep(forTimeInterval: 3)
        let used = try cpuSeconds(run.processIdentifier) - before
        XCTAssertLessThan(used, 0.3, "run used \(used) s of CPU in 3 s before the ring")
        XCTAssertNotNil(run.waitForLog("event=fired id=radio", timeout: 15), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAGoodStreamPlaysFromItsSecond() throws {
        let (run, levels, due) = try ring(station.url("tone.mp3"), listenFor: 6)
        XCTAssertNil(fallbackLine(run), run.stderr)
        XCTAssertTrue(levels.isLoud(from: due.addingTimeInterval(0.2), to: due.addingTimeInterval(5.5)),
                      "the stream is heard: \(levels.windows(from: due, to: due.addingTimeInterval(6)))")
        let sounds = try scenario.control(["sounds", "--sounds", scenario.home.file("stations")])
        XCTAssertTrue(sounds.stdout.contains("stream:radio") && sounds.stdout.contains("stream, 127.0.0.1"), sounds.stdout)
    }

    func testAStationThatIsDownRingsTheFallbackAtTheSecond() throws {
        for url in [station.url("missing.mp3"), "http://127.0.0.1:1/refused.mp3", "http://no-such-station.invalid/live.mp3"] {
            let (run, levels, due) = try ring(url, listenFor: 2.5)
            let line = try XCTUnwrap(fallbackLine(run), "\(url): \(run.stderr)")
            XCTAssertTrue(line.contains("reason=\"stream: "), line)
            XCTAssertTrue(levels.isLoud(from: due.addingTimeInterval(0.5), to: due.addingTimeInterval(2)),
                          "\(url): the fallback rings: \(levels.windows(from: due, to: due.addingTimeInterval(2.5)))")
        }
    }

    func testAStreamThatStallsFallsBackWithinFiveSeconds() throws {
        let (run, levels, due) = try ring(station.url("stall/tone.mp3"), listenFor: 10)
        let line = try XCTUnwrap(fallbackLine(run), run.stderr)
        XCTAssertTrue(line.contains("stalled"), line)
        XCTAssertTrue(levels.isLoud(from: due.addingTimeInterval(8.5), to: due.addingTimeInterval(9.8)),
                      "the fallback rings after the stall: \(levels.windows(from: due, to: due.addingTimeInterval(10)))")
    }

    func testAStreamOfSilenceFallsBackWithinTenSeconds() throws {
        let (run, levels, due) = try ring(station.url("silence.mp3"), listenFor: 12.5)
        let line = try XCTUnwrap(fallbackLine(run), run.stderr)
        XCTAssertTrue(line.contains("digital silence"), line)
        XCTAssertTrue(levels.isSilent(from: due.addingTimeInterval(1), to: due.addingTimeInterval(8)), "the station's silence first")
        XCTAssertTrue(levels.isLoud(from: due.addingTimeInterval(11), to: due.addingTimeInterval(12.3)),
                      "then the fallback: \(levels.windows(from: due, to: due.addingTimeInterval(12.5)))")
    }

    func testStationFilesOfEveryKind() throws {
        let folder = scenario.home.file("kinds")
        try scenario.home.write("kinds/a.m3u", "#EXTM3U\n#EXTINF:-1,Radio Paradise\nhttp://stream.example/rp.mp3\n")
        try scenario.home.write("kinds/b.pls", "[playlist]\nFile1=https://radio.example:8000/live\nTitle1=Jazz\nNumberOfEntries=1\n")
        try scenario.home.write("kinds/c.url", "not a url\n")
        let result = try scenario.control(["sounds", "--json", "--sounds", folder])
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as! String, $0) })
        XCTAssertEqual(byName["stream:a"]?["title"] as? String, "Radio Paradise")
        XCTAssertEqual(byName["stream:a"]?["url"] as? String, "http://stream.example/rp.mp3")
        XCTAssertEqual(byName["stream:b"]?["title"] as? String, "Jazz")
        XCTAssertEqual(byName["stream:c"]?["broken"] as? Bool, true)
        let first = try XCTUnwrap(entries.firstIndex { ($0["name"] as? String)?.hasPrefix("stream:") == true })
        XCTAssertTrue(entries[..<first].allSatisfy { ($0["name"] as? String)?.hasPrefix("stream:") == false },
                      "streams are numbered after every tone and file, so existing indices keep their meaning")
    }
}
