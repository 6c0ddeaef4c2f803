import Foundation
import XCTest

/// Two `run`s of one household on a real Mosquitto broker, each with its own alarms file, state,
/// control socket and PulseAudio null sink: an unanswered alarm on the first rings on the second,
/// and a stop or snooze on either ends it on both.
final class RunHouseholdTests: XCTestCase {
    var first: RunScenario!
    var second: RunScenario!
    var broker: MosquittoBroker!

    override func setUpWithError() throws {
        broker = try MosquittoBroker()
        try broker.start()
        first = try RunScenario()
        second = try RunScenario()
        // The second's own default sound, which it rings for the household.
        try second.home.write("alarms.json", #"{"defaults": {"sound": "tone:siren", "volume": 1.0}, "alarms": []}"# + "\n")
    }

    override func tearDown() {
        first.tearDown()
        second.tearDown()
        broker.stop()
    }

    private func startRun(_ scenario: RunScenario, id: String) throws -> RunningProcess {
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", id, "--mqtt-name", "alarmplay \(id)", "--no-http"])
        XCTAssertNotNil(run.waitForLog("event=household_connected", timeout: 10), run.stderr)
        return run
    }

    /// The first alarm rings alone for 3 s, then asks the household.
    private func writeUnanswered(secondsAhead: Int = 5) throws -> Date {
        let due = first.at(secondsAhead: secondsAhead)
        try first.writeAlarms([
            "{\"id\": \"deep\", \"label\": \"Wake Sam\", \(due.json), \"sound\": \"tone:beep\", \"volume\": 1.0, \"fadeIn\": 0, \"ringFor\": \"2m\", \"preflight\": \"0s\", \"escalate\": {\"after\": \"3s\", \"household\": true}}",
        ])
        return due.date
    }

    private func time(of line: String?) -> Date? {
        guard let line, let field = line.split(separator: " ").first(where: { $0.hasPrefix("time=") }) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: String(field.dropFirst(5)))
    }

    private func status(_ scenario: RunScenario) throws -> [String: Any] {
        let result = try scenario.control(["status", "--json"])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
    }

    func testTheSecondRingsWithinTwoSecondsAndAStopThereStopsBoth() throws {
        let heard = try second.pulse.record()
        let firstHeard = try first.pulse.record()
        let household = try broker.subscriber("alarmplay/household/#")
        let other = try startRun(second, id: "kitchen")
        let due = try writeUnanswered()
        let origin = try startRun(first, id: "bedroom")

        XCTAssertNotNil(origin.waitForLog("event=household_ring_sent id=deep", timeout: 15), origin.stderr)
        let escalated = try XCTUnwrap(time(of: origin.logLines("event=escalated id=deep step=1").first), origin.stderr)
        XCTAssertNotNil(other.waitForLog("event=fired id=household-1", timeout: 5), other.stderr)
        let rang = try XCTUnwrap(time(of: other.logLines("event=fired id=household-1").first))
        XCTAssertLessThan(rang.timeIntervalSince(escalated), 2, "the second rings within 2 s of the step")
        let received = try XCTUnwrap(other.logLines("event=household_ring id=household-1").first)
        XCTAssertTrue(received.contains("origin=bedroom-") && received.contains("alarm=deep") && received.contains("label=\"Wake Sam\""), received)
        XCTAssertEqual(origin.logLines("event=household_ring ").count, 0, "its own message is ignored")

        let message = try XCTUnwrap(household.wait(for: "alarmplay/household/ring"))
        XCTAssertFalse(message.retained, "a ring is never retained")
        let payload = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])
        XCTAssertEqual(payload["alarm"] as? String, "deep")
        XCTAssertEqual(payload["label"] as? String, "Wake Sam")
        XCTAssertEqual(payload["origin_name"] as? String, "alarmplay bedroom")
        XCTAssertTrue((payload["origin"] as? String)?.hasPrefix("bedroom-") == true, message.payload)

        let ringing = try XCTUnwrap(try status(second)["ringing"] as? [[String: Any]], other.stderr)
        XCTAssertEqual(ringing.first?["label"] as? String, "Wake Sam (household: alarmplay bedroom)", "\(ringing)")

        Thread.sleep(forTimeInterval: 2)
        let stoppedAt = Date()
        XCTAssertTrue(try second.control(["stop"]).stdout.contains("stopped household-1"))
        XCTAssertNotNil(other.waitForLog("event=household_stop_sent id=household-1", timeout: 3), other.stderr)
        XCTAssertNotNil(origin.waitForLog("event=stopped id=deep", timeout: 3), origin.stderr)
        let fromHousehold = try XCTUnwrap(origin.logLines("event=household_stop id=deep").first, origin.stderr)
        XCTAssertTrue(fromHousehold.contains("from=kitchen-") && fromHousehold.contains("action=stop"), fromHousehold)
        XCTAssertEqual(origin.logLines("event=household_stop_sent").count, 0, "a stop from the household is not sent back")
        XCTAssertEqual((try status(first)["ringing"] as? [Any])?.count, 0)
        Thread.sleep(forTimeInterval: 1.5)

        let second = RecordedLevels(heard, samples: heard.stop())
        let first = RecordedLevels(firstHeard, samples: firstHeard.stop())
        XCTAssertTrue(second.isSilent(from: due.addingTimeInterval(0.5), to: escalated.addingTimeInterval(-0.2)), "nothing before the step")
        XCTAssertTrue(second.isLoud(from: escalated.addingTimeInterval(1.5), to: escalated.addingTimeInterval(2)), "heard within 2 s of the step")
        XCTAssertTrue(second.isLoud(from: rang.addingTimeInterval(0.2), to: stoppedAt), "the second's own sound, \(second.level(from: rang, to: stoppedAt)) dB")
        XCTAssertTrue(first.isLoud(from: due.addingTimeInterval(0.5), to: stoppedAt), "the origin rang throughout")
        XCTAssertTrue(first.isSilent(from: stoppedAt.addingTimeInterval(0.8), to: stoppedAt.addingTimeInterval(1.4)),
                      "the origin's ring ended with the stop on the second: \(first.level(from: stoppedAt.addingTimeInterval(0.8), to: stoppedAt.addingTimeInterval(1.4))) dB")
        XCTAssertTrue(second.isSilent(from: stoppedAt.addingTimeInterval(0.8), to: stoppedAt.addingTimeInterval(1.4)))
        stop(origin)
        stop(other)
    }

    /// A snooze on the second stops its copy and snoozes the alarm where it rang first.
    func testASnoozeOnTheSecondSnoozesTheOrigin() throws {
        let other = try startRun(second, id: "kitchen")
        _ = try writeUnanswered()
        let origin = try startRun(first, id: "bedroom")
        XCTAssertNotNil(other.waitForLog("event=fired id=household-1", timeout: 15), other.stderr)
        XCTAssertTrue(try second.control(["snooze"]).stdout.contains("household-1"))
        XCTAssertNotNil(other.waitForLog("event=stopped id=household-1", timeout: 3), other.stderr)
        XCTAssertNotNil(other.waitForLog("event=household_stop_sent id=household-1 ring=", timeout: 3), other.stderr)
        XCTAssertTrue(other.logLines("event=household_stop_sent").first?.contains("action=snooze") == true, other.stderr)
        XCTAssertNotNil(origin.waitForLog("event=snoozed id=deep", timeout: 3), origin.stderr)
        XCTAssertEqual((try status(second)["snoozed"] as? [Any])?.count ?? 0, 0, "the copy is not snoozed: it would ring again unasked")
        stop(origin)
        stop(other)
    }

    /// A stop that comes before the copy's second: the copy never rings.
    func testARingEndedBeforeItsSecondNeverRingsHere() throws {
        let other = try startRun(second, id: "kitchen")
        // Early in a second, so the copy's second (the next one) is at least half a second away.
        while Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) > 0.3 { Thread.sleep(forTimeInterval: 0.01) }
        try broker.publish("alarmplay/household/ring", #"{"ring": "hall-1-1", "origin": "hall-1", "origin_name": "Hall", "alarm": "a", "label": "Up"}"#)
        try broker.publish("alarmplay/household/stop", #"{"ring": "hall-1-1", "from": "hall-1"}"#)
        XCTAssertNotNil(other.waitForLog("event=household_stop id=household-1 ring=hall-1-1 from=hall-1 action=stop", timeout: 3), other.stderr)
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(other.logLines("event=fired").count, 0, other.stderr)
        XCTAssertEqual(other.logLines("event=household_stop_sent").count, 0, "not sent back")
        XCTAssertEqual((try status(second)["timers"] as? [Any])?.count ?? 0, 0, "gone from the schedule")
        stop(other)
    }

    /// A broker that is down costs the household ring only: the alarm rings and escalates here, and
    /// the log says so once.
    func testABrokerThatIsDownLeavesTheLocalRingAsItIs() throws {
        _ = try writeUnanswered()
        let origin = try startRun(first, id: "bedroom")
        broker.stop()
        XCTAssertNotNil(origin.waitForLog("event=fired id=deep", timeout: 15), origin.stderr)
        XCTAssertNotNil(origin.waitForLog("event=household_ring_sent id=deep", timeout: 10), origin.stderr)
        Thread.sleep(forTimeInterval: 3)
        XCTAssertEqual(origin.logLines("event=household_disconnected").count, 1, origin.stderr)
        XCTAssertEqual(try first.control(["stop"]).status, 0)
        XCTAssertNotNil(origin.waitForLog("event=stopped id=deep", timeout: 3), origin.stderr)
        stop(origin)
    }

    private func stop(_ run: RunningProcess) {
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
