import AudioTestSupport
import Foundation
import XCTest

/// The check before each ring, on a real `run` recorded through a private real-time PulseAudio:
/// what it finds is said before the second, and the ring leaves it out from its first second.
final class RunPreflightTests: SoundFolderTestCase {
    private func startRun(page: Bool = false) throws -> RunningProcess {
        let process = RunningProcess(
            ["run", "--alarms", scenario.alarmsPath, "--device", "pulse", "--sounds", sounds.path] + (page ? ["--http", "127.0.0.1:0"] : ["--no-http"]),
            environment: scenario.environment)
        try process.start()
        XCTAssertNotNil(process.waitForLog("event=loaded"), "run did not load: \(process.stderr)")
        return process
    }

    private func status() throws -> [String: Any] {
        let result = try scenario.control(["status", "--json"])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    private func preflight(_ id: String) throws -> [String: Any]? {
        (try status()["preflight"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    /// Once `id` fired: heard from 50 ms after its second, so nothing failed at the second itself.
    private func assertLoudFromItsFirstSecond(_ run: RunningProcess, id: String, due: Date, recording: Recording,
                                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotNil(run.waitForLog("event=fired id=\(id)", timeout: 10), run.stderr, file: file, line: line)
        Thread.sleep(forTimeInterval: 1.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(levels.isLoud(from: due.addingTimeInterval(0.05), to: due.addingTimeInterval(1.0)),
                      "\(levels.windows(from: due, to: due.addingTimeInterval(1.2)))", file: file, line: line)
    }

    /// The file is deleted after loading: the check at its lead names it, `status` shows it, and
    /// the alarm rings its fallback sound from its first second (no failed open at the second).
    func testADeletedSoundIsReportedAtItsLeadAndTheRingStartsOnItsFallback() throws {
        try copyFixture("tone-440.wav", as: "Wake Song.wav")
        let due = scenario.at(secondsAhead: 8)
        try scenario.writeAlarms([
            "{\"id\": \"song\", \(due.json), \"sound\": \"file:wake-song\", \"fallbackSound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"3s\", \"preflight\": \"6s\"}",
        ])
        let recording = try scenario.pulse.record()
        let run = try startRun()
        try FileManager.default.removeItem(atPath: sounds.file("Wake Song.wav"))
        let failedAt = try XCTUnwrap(run.waitForLog("event=preflight_failed id=song", timeout: 10), run.stderr)
        XCTAssertLessThan(failedAt, due.date.addingTimeInterval(-2), "said before the second")
        let failed = try XCTUnwrap(run.logLines("event=preflight_failed").first)
        XCTAssertTrue(failed.contains("problems=\"cannot play file:wake-song:"), failed)
        let shown = try XCTUnwrap(try preflight("song"), "status lists the check")
        XCTAssertEqual(shown["ok"] as? Bool, false)
        XCTAssertTrue((shown["problems"] as? [String])?.first?.hasPrefix("cannot play file:wake-song:") == true, "\(shown)")

        assertLoudFromItsFirstSecond(run, id: "song", due: due.date, recording: recording)
        let fallbacks = run.logLines("event=fallback id=song")
        XCTAssertEqual(fallbacks.count, 1, "replaced ahead, nothing failed at the second: \(run.stderr)")
        XCTAssertTrue(fallbacks[0].contains("ringing tone:beep instead (found by the check before the ring)"), fallbacks[0])
        XCTAssertEqual(run.logLines("event=ring_degraded id=song").count, 1, run.stderr)
        stop(run)
    }

    /// A device of the order that does not open is reported and skipped: the ring starts on the next.
    func testADeviceThatDoesNotOpenIsReportedAndTheRingStartsOnTheNext() throws {
        let due = scenario.at(secondsAhead: 7)
        try scenario.writeAlarms([
            "{\"id\": \"two\", \(due.json), \"sound\": \"tone:beep\", \"devices\": [\"nosuchpcm\", \"pulse\"], \"fadeIn\": 0, \"ringFor\": \"3s\", \"preflight\": \"5s\"}",
        ])
        let recording = try scenario.pulse.record()
        let run = try startRun()
        XCTAssertNotNil(run.waitForLog("event=preflight_failed id=two", timeout: 10), run.stderr)
        XCTAssertTrue(try XCTUnwrap(run.logLines("event=preflight_failed").first).contains("cannot open audio device \\\"nosuchpcm\\\""), run.stderr)
        assertLoudFromItsFirstSecond(run, id: "two", due: due.date, recording: recording)
        let fallback = try XCTUnwrap(run.logLines("event=fallback id=two").first, run.stderr)
        XCTAssertTrue(fallback.contains("cannot open audio device \\\"nosuchpcm\\\": No such file or directory; ringing on pulse instead (found by the check before the ring)"), fallback)
        stop(run)
    }

    /// Checked again each minute while wrong: a file put back is announced once as recovered, the
    /// page's status shows no sound problem any more, and the alarm rings its own sound.
    func testARepairedSoundIsAnnouncedOnceAndRingsAsAsked() throws {
        try copyFixture("tone-440.wav", as: "Wake Song.wav")
        let due = scenario.at(secondsAhead: 70)
        try scenario.writeAlarms([
            "{\"id\": \"song\", \(due.json), \"sound\": \"file:wake-song\", \"fadeIn\": 0, \"ringFor\": \"2s\", \"preflight\": \"68s\"}",
        ])
        let run = try startRun()
        try FileManager.default.removeItem(atPath: sounds.file("Wake Song.wav"))
        XCTAssertNotNil(run.waitForLog("event=preflight_failed id=song", timeout: 10), run.stderr)
        try copyFixture("tone-440.wav", as: "Wake Song.wav")
        let recovered = try XCTUnwrap(run.waitForLog("event=preflight_recovered id=song", timeout: 65), run.stderr)
        XCTAssertLessThan(recovered, due.date, "before the ring")
        XCTAssertTrue(try XCTUnwrap(run.logLines("event=preflight_recovered").first).contains("fixed=\"cannot play file:wake-song:"), run.stderr)
        let problems = try XCTUnwrap(try preflight("song")?["problems"] as? [String])
        XCTAssertFalse(problems.contains { $0.contains("wake-song") }, "\(problems)")
        XCTAssertNotNil(run.waitForLog("event=silenced id=song", timeout: 15), run.stderr)
        XCTAssertEqual(run.logLines("event=preflight_recovered").count, 1, "said once")
        XCTAssertEqual(run.logLines("event=fallback").count, 0, "it rang its own sound: \(run.stderr)")
        stop(run)
    }

    /// Unanswered for `after`, the ring is heard at the step's volume: measured in the recording.
    func testEscalationRaisesTheRecordedLevel() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"deep\", \(due.json), \"sound\": \"tone:beep\", \"volume\": 0.2, \"fadeIn\": 0, \"ringFor\": \"6s\", \"preflight\": \"0s\", \"escalate\": {\"after\": \"3s\", \"volume\": 1.0}}",
        ])
        let recording = try scenario.pulse.record()
        let run = try startRun()
        XCTAssertNotNil(run.waitForLog("event=escalated id=deep step=1 volume=1.0", timeout: 15), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=silenced id=deep", timeout: 10), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        let before = levels.level(from: due.date.addingTimeInterval(0.5), to: due.date.addingTimeInterval(2.5))
        let after = levels.level(from: due.date.addingTimeInterval(3.8), to: due.date.addingTimeInterval(5.8))
        // 0.2 → 1.0 is +14 dB.
        XCTAssertGreaterThan(after - before, 10, "before \(before) dB, after \(after) dB")
        XCTAssertLessThan(after - before, 18, "before \(before) dB, after \(after) dB")
        stop(run)
    }

    /// A ring that ends on the bell is reported: `ring_degraded` in the log, kept for the page until
    /// it says seen, and handed to a hook with its reason (as one that notifies a phone would use it).
    func testARingOnTheBellIsReportedToTheStatusAndAHook() throws {
        let sent = scenario.home.file("sent.txt")
        let script = scenario.home.file("notify.sh")
        try scenario.home.write("notify.sh", "#!/bin/sh\necho \"$ALARMPLAY_EVENT $ALARMPLAY_ID $ALARMPLAY_REASON\" >> \(sent)\n")
        chmod(script, 0o755)
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"quiet\", \(due.json), \"sound\": \"tone:beep\", \"devices\": [\"nosuchpcm\"], \"ringFor\": \"3s\", \"preflight\": \"0s\", \"hooks\": [{\"on\": \"ring_degraded\", \"run\": [\"\(script)\"]}]}",
        ])
        let run = try startRun(page: true)
        let page = try WebClient(run: run, home: scenario.home)
        XCTAssertNotNil(run.waitForLog("event=ring_degraded id=quiet", timeout: 15), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=hook_done id=quiet on=ring_degraded", timeout: 5), run.stderr)
        let line = try String(contentsOfFile: sent, encoding: .utf8)
        XCTAssertTrue(line.hasPrefix("ring_degraded quiet cannot open audio device \"nosuchpcm\""), line)
        XCTAssertNotNil(run.waitForLog("event=silenced id=quiet", timeout: 10), run.stderr)
        let reports = try XCTUnwrap(try page.get("/api/status").object["reports"] as? [[String: Any]])
        XCTAssertEqual(reports.map { $0["event"] as? String }, ["ring_degraded"], "kept after the ring: \(reports)")
        XCTAssertEqual((reports.first?["reason"] as? String)?.hasPrefix("cannot open audio device \"nosuchpcm\""), true, "\(reports)")
        XCTAssertEqual(run.logLines("event=ring_degraded").count, 1, "once a ring")
        XCTAssertEqual(try page.send("POST", "/api/reports/seen").object["cleared"] as? Int, 1)
        XCTAssertEqual((try status()["reports"] as? [[String: Any]])?.count, 0, "seen on the page: gone from every face")
        stop(run)
    }
}
