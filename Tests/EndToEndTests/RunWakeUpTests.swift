import AudioTestSupport
import Foundation
import XCTest

/// The wake-up phase through a real `run`: `waking` at the lead, the wake-up sound recorded from
/// a real-time PulseAudio null sink rising from near silence and handing over to the alarm's sound
/// at its second without a gap, the state in `status --json`, a hook, the MQTT binary sensor
/// through a real Mosquitto, a stop during the phase, and no phase for a skipped ring.
final class RunWakeUpTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testTheWakeUpSoundRisesAndHandsOverToTheAlarmAtItsSecondWithoutAGap() throws {
        let due = scenario.at(secondsAhead: 9)
        let marker = scenario.home.file("hook.txt")
        try scenario.writeAlarms([
            """
            {"id": "soon", \(due.json), "sound": "file:tone-660", "fadeIn": 0, "ringFor": "3s", "wakeUp": "6s", "wakeUpSound": "file:tone-440",
             "hooks": [{"on": "waking", "run": ["/bin/sh", "-c", "echo $ALARMPLAY_EVENT $ALARMPLAY_SCHEDULED > \(marker)"]}]}
            """,
        ])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=waking id=soon", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 2)
        let status = json(try scenario.control(["status", "--json"]).stdout)
        let waking = try XCTUnwrap((status["waking"] as? [[String: Any]])?.first, "\(status)")
        XCTAssertEqual(waking["id"] as? String, "soon")
        XCTAssertEqual(waking["sound"] as? String, "file:tone-440")
        XCTAssertEqual(try XCTUnwrap(waking["progress"] as? Double), 2.0 / 6, accuracy: 0.2)
        XCTAssertNotNil(run.waitForLog("event=silenced id=soon", timeout: 15), run.stderr)
        Thread.sleep(forTimeInterval: 0.3)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)

        let started = try XCTUnwrap(RunScenario.logTime(run.logLines("event=waking id=soon").first), run.stderr)
        XCTAssertEqual(started.timeIntervalSince(due.date), -6, accuracy: 1, "waking at the lead")
        XCTAssertEqual(run.logLines("event=wake_up_sound_failed") + run.logLines("event=fallback"), [], "nothing fell back")
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first, run.stderr)
        let late = try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, "the ring fires on its second: \(fired)")
        XCTAssertEqual(try String(contentsOfFile: marker, encoding: .utf8).hasPrefix("waking "), true, "the waking hook ran")

        let start = due.date.addingTimeInterval(-6)
        let first = levels.level(from: start.addingTimeInterval(0.1), to: start.addingTimeInterval(0.6))
        let middle = levels.level(from: start.addingTimeInterval(2.8), to: start.addingTimeInterval(3.3))
        let end = levels.level(from: due.date.addingTimeInterval(-0.5), to: due.date.addingTimeInterval(-0.05))
        let alarm = levels.level(from: due.date.addingTimeInterval(0.2), to: due.date.addingTimeInterval(2.5))
        XCTAssertTrue(levels.isSilent(from: start.addingTimeInterval(-1.5), to: start.addingTimeInterval(-0.3)), "nothing before the phase")
        XCTAssertLessThan(first, alarm - 30, "near silence at the start: \(first) vs \(alarm)")
        XCTAssertGreaterThan(middle, first + 10, "rising: \(first), \(middle), \(end)")
        XCTAssertGreaterThan(end, middle + 5, "rising: \(first), \(middle), \(end)")
        XCTAssertEqual(end, alarm, accuracy: 3, "the alarm's level by the ring")

        // Which tone is heard, window by window: 440 Hz up to the ring, 660 Hz from it.
        let signal = levels.signal
        let base = levels.recording.offset(of: due.date)
        let handover = stride(from: -0.5, to: 0.5, by: 0.01).first { offset in
            let window = signal.slice(from: base + offset, to: base + offset + 0.02)
            return window.levelDBFS(atFrequency: 660) > window.levelDBFS(atFrequency: 440)
        }
        XCTAssertEqual(try XCTUnwrap(handover, "660 Hz never came"), 0, accuracy: 0.15, "the alarm's sound from its second")
        let quiet = signal.slice(from: base - 1, to: base + 1).windowLevels(seconds: 0.01).filter { $0.rmsDBFS < -40 }
        XCTAssertLessThanOrEqual(quiet.count, 5, "no gap over 50 ms at the handover: \(quiet.map(\.start))")
    }

    func testTheBinarySensorIsOnWithProgressRisingThroughMosquitto() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let due = scenario.at(secondsAhead: 9)
        try scenario.writeAlarms(["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2s\", \"wakeUp\": \"6s\"}"])
        let subscriber = try broker.subscriber("alarmplay/pi1/#")
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", "pi1"])
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        let on = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/alarm/soon/waking", timeout: 12) { $0.payload == "ON" }, run.stderr)
        XCTAssertEqual(on.time.timeIntervalSince(due.date), -6, accuracy: 1, "on at the lead")
        let off = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/alarm/soon/waking", timeout: 10) { $0.payload == "OFF" && $0.time > on.time })
        XCTAssertEqual(off.time.timeIntervalSince(due.date), 0, accuracy: 1, "off at the ring")
        let progress = subscriber.on("alarmplay/pi1/alarm/soon/waking/attributes")
            .filter { $0.time >= on.time.addingTimeInterval(-0.2) && $0.time < off.time }
            .compactMap { json($0.payload)["progress"] as? Double }
        XCTAssertGreaterThanOrEqual(progress.count, 4, "a step a second for a 6 s phase: \(progress)")
        XCTAssertEqual(progress.first ?? -1, 0, accuracy: 0.2)
        XCTAssertEqual(progress, progress.sorted(), "rising")
        XCTAssertGreaterThan(progress.last ?? 0, 0.7)
        let waking = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"waking\"") })
        XCTAssertEqual(json(waking.payload)["id"] as? String, "soon")
        let discovery = json(try broker.retained("homeassistant/#")["homeassistant/device/alarmplay_pi1/config"])
        let sensor = try XCTUnwrap((discovery["components"] as? [String: [String: Any]])?["alarm_soon_waking"])
        XCTAssertEqual(sensor["platform"] as? String, "binary_sensor")
        XCTAssertEqual(sensor["json_attributes_topic"] as? String, "alarmplay/pi1/alarm/soon/waking/attributes")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAStopDuringThePhaseDismissesThatRingAndASnoozeIsRefused() throws {
        let due = scenario.at(secondsAhead: 9)
        try scenario.writeAlarms([
            "{\"id\": \"soon\", \(due.json), \"sound\": \"file:tone-660\", \"fadeIn\": 0, \"wakeUp\": \"7s\", \"wakeUpSound\": \"file:tone-440\"}",
        ])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=waking id=soon", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 3)
        let snooze = try scenario.control(["snooze"])
        XCTAssertEqual(snooze.status, 75)
        XCTAssertTrue(snooze.stderr.contains("soon is waking up"), snooze.stderr)
        let stoppedAt = Date()
        let stop = try scenario.control(["stop"])
        XCTAssertEqual(stop.status, 0, stop.stderr)
        XCTAssertTrue(stop.stdout.hasPrefix("stopped waking soon"), stop.stdout)
        XCTAssertNotNil(run.waitForLog("event=stopped id=soon was=waking", timeout: 2), run.stderr)
        let waitForRing = due.date.addingTimeInterval(1.5).timeIntervalSinceNow
        Thread.sleep(forTimeInterval: max(0, waitForRing))
        let levels = RecordedLevels(recording, samples: recording.stop())
        let status = json(try scenario.control(["status", "--json"]).stdout)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)

        XCTAssertTrue(run.logLines("event=fired").isEmpty, "the dismissed ring does not come: \(run.stderr)")
        XCTAssertTrue(levels.isLoud(from: stoppedAt.addingTimeInterval(-1.5), to: stoppedAt.addingTimeInterval(-0.2)), "the wake-up sound played")
        XCTAssertTrue(levels.isSilent(from: stoppedAt.addingTimeInterval(0.4), to: due.date.addingTimeInterval(1.4)),
                      "silent after the stop: \(levels.windows(from: stoppedAt, to: due.date.addingTimeInterval(1.4)))")
        XCTAssertEqual((status["waking"] as? [Any])?.count, 0)
    }

    func testASkippedRingHasNoPhase() throws {
        let due = scenario.at(secondsAhead: 8)
        let time = due.json.components(separatedBy: "\"")[3]
        try scenario.writeAlarms(["{\"id\": \"daily\", \"time\": \"\(time)\", \"days\": \"daily\", \"sound\": \"tone:beep\", \"wakeUp\": \"5s\"}"])
        let run = try scenario.startRun()
        let skip = try scenario.control(["skip", "daily", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(skip.status, 0, skip.stderr)
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 5), run.stderr)
        Thread.sleep(forTimeInterval: max(0, due.date.addingTimeInterval(-2).timeIntervalSinceNow))
        let status = json(try scenario.control(["status", "--json"]).stdout)
        XCTAssertEqual((status["waking"] as? [Any])?.count, 0, "\(status)")
        Thread.sleep(forTimeInterval: max(0, due.date.addingTimeInterval(1).timeIntervalSinceNow))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        XCTAssertTrue(run.logLines("event=waking").isEmpty, run.stderr)
        XCTAssertTrue(run.logLines("event=fired").isEmpty, run.stderr)
    }
}
