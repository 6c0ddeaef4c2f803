import AlarmRuntime
import Foundation
import XCTest

/// Two `run`s of one household on a real Mosquitto, the second's clock 4 h behind as a Raspberry
/// Pi without a real-time clock is after a power cut: each says the other's clock disagrees, and
/// `status`, the page (in a real Chromium) and Home Assistant's clock sensor show it, with the
/// warning the kernel's unsynchronised clock gives before a ring. The second's clock is offset
/// with `ALARMPLAY_TEST_CLOCK_OFFSET` (libfaketime, the usual way, loses a Swift program's
/// arguments), never by setting the machine's.
final class RunClockTests: XCTestCase {
    var first: RunScenario!
    var second: RunScenario!
    var broker: MosquittoBroker!
    private let behind = 4 * 3600

    override func setUpWithError() throws {
        broker = try MosquittoBroker()
        try broker.start()
        first = try RunScenario()
        second = try RunScenario()
        second.extraEnvironment = ["ALARMPLAY_TEST_CLOCK_OFFSET": String(-behind)]
        // A daily alarm two hours ahead by each one's own clock: within the 12 hours that warn.
        try first.writeAlarms([#"{"id": "wake", "time": "\#(Self.clock(in: 2 * 3600))", "sound": "tone:beep"}"#])
        try second.writeAlarms([#"{"id": "wake", "time": "\#(Self.clock(in: 2 * 3600 - behind))", "sound": "tone:beep"}"#])
    }

    override func tearDown() {
        first.tearDown()
        second.tearDown()
        broker.stop()
    }

    /// `HH:MM` (UTC, as the children run) `seconds` from now.
    private static func clock(in seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: Date().addingTimeInterval(TimeInterval(seconds)))
    }

    /// What both children's kernel says: they share this machine's.
    private var synchronised: Bool { DaemonSeams.kernelSynchronised() == true }

    private func line(_ run: RunningProcess, _ text: String) -> String? {
        run.waitForLog(text, timeout: 10) == nil ? nil : run.logLines(text).first
    }

    private func status(_ scenario: RunScenario) throws -> (text: String, clock: [String: Any]) {
        let text = try scenario.control(["status"])
        XCTAssertEqual(text.status, 0, text.stderr)
        let json = try scenario.control(["status", "--json"]).stdout
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (text.stdout, try XCTUnwrap(object["clock"] as? [String: Any], json))
    }

    /// `difference_s=` of a `clock_disagrees` line.
    private func difference(_ line: String) -> Int? {
        line.split(separator: " ").first { $0.hasPrefix("difference_s=") }.flatMap { Int($0.dropFirst(13)) }
    }

    func testAMemberFourHoursBehindIsSaidOnBothAndShownInStatusOnThePageAndInHomeAssistant() throws {
        let events = try broker.subscriber("alarmplay/+/event")
        let bedroom = try first.startRun(["--mqtt", broker.url, "--mqtt-id", "bedroom", "--mqtt-name", "Bedroom"])
        XCTAssertNotNil(bedroom.waitForLog("event=household_connected", timeout: 10), bedroom.stderr)
        let kitchen = try second.startRun(["--mqtt", broker.url, "--mqtt-id", "kitchen", "--mqtt-name", "Kitchen", "--no-http"])
        let which = synchronised ? "both" : "neither"

        let here = try XCTUnwrap(line(bedroom, "event=clock_disagrees member=kitchen-"), bedroom.stderr)
        XCTAssertTrue(here.contains("level=warn") && here.contains("name=Kitchen") && here.contains("synchronised=\(which)"), here)
        XCTAssertEqual(Double(try XCTUnwrap(difference(here))), Double(-behind), accuracy: 60, here)
        let there = try XCTUnwrap(line(kitchen, "event=clock_disagrees member=bedroom-"), kitchen.stderr)
        XCTAssertTrue(there.contains("name=Bedroom") && there.contains("synchronised=\(which)"), there)
        XCTAssertEqual(Double(try XCTUnwrap(difference(there))), Double(behind), accuracy: 60, there)

        let (text, clock) = try status(first)
        XCTAssertTrue(text.contains("clock: Kitchen (kitchen-") && text.contains(") is 4h behind this one; the kernel calls \(which) synchronised"), text)
        let disagreements = try XCTUnwrap(clock["disagreements"] as? [[String: Any]])
        XCTAssertEqual(disagreements.count, 1)
        XCTAssertEqual(disagreements.first?["synchronised"] as? String, which)
        XCTAssertEqual(Double(disagreements.first?["differenceSeconds"] as? Int ?? 0), Double(-behind), accuracy: 60)
        XCTAssertEqual(clock["synchronised"] as? Bool, synchronised)
        let (kitchenText, kitchenClock) = try status(second)
        XCTAssertTrue(kitchenText.contains("clock: Bedroom (bedroom-") && kitchenText.contains(") is 4h ahead of this one"), kitchenText)
        // The warning follows the kernel: this machine's clock may be synchronised or not.
        XCTAssertEqual(text.contains("clock: not synchronised, and wake rings at"), !synchronised, text)
        XCTAssertEqual((kitchenClock["warning"] as? [String: Any])?["id"] as? String, synchronised ? nil : "wake", "\(kitchenClock)")
        if !synchronised {
            XCTAssertNotNil(bedroom.logLines("event=clock_unsynchronised id=wake").first, bedroom.stderr)
        }

        // Home Assistant: the clock sensor is on, with what is wrong; the disagreement is an event too.
        XCTAssertNotNil(events.wait(for: "alarmplay/bedroom/event") { $0.payload.contains(#""event_type": "clock_disagrees""#) }, events.process.stdout)
        var retained: [String: String] = [:]
        let deadline = Date().addingTimeInterval(5)
        repeat {
            retained = try broker.retained("alarmplay/bedroom/#")
        } while retained["alarmplay/bedroom/clock"] != "ON" && Date() < deadline
        XCTAssertEqual(retained["alarmplay/bedroom/clock"], "ON")
        XCTAssertTrue(retained["alarmplay/bedroom/clock/attributes"]?.contains(#""member": "kitchen-"#) == true, "\(retained)")
        let discovery = try XCTUnwrap(try broker.retained("homeassistant/device/alarmplay_bedroom/config").values.first)
        let components = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(discovery.utf8)) as? [String: Any])?["components"] as? [String: Any])
        XCTAssertEqual((components["clock"] as? [String: Any])?["device_class"] as? String, "problem")

        // The page, in a real browser: the warning banner names the member and the difference.
        let client = try WebClient(run: bedroom, home: first.home)
        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#clock-warning').hidden"), "no clock banner")
        let shown = try browser.text("#clock-warning-list")
        XCTAssertTrue(shown.contains("Kitchen is 4h behind this clock."), shown)
        XCTAssertEqual(shown.contains("Not synchronised, and wake rings at"), !synchronised, shown)

        for run in [bedroom, kitchen] {
            run.signal(SIGTERM)
            XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
        }
    }

    /// Once the member's clock is right (NTP stepped it: a restart with the right time here), the
    /// other hears it agree and the warning goes from its status.
    func testAMemberWhoseClockIsRightAgainIsSaidToAgree() throws {
        let bedroom = try first.startRun(["--mqtt", broker.url, "--mqtt-id", "bedroom", "--no-http"])
        XCTAssertNotNil(bedroom.waitForLog("event=household_connected", timeout: 10), bedroom.stderr)
        let kitchen = try second.startRun(["--mqtt", broker.url, "--mqtt-id", "kitchen", "--no-http"])
        XCTAssertNotNil(bedroom.waitForLog("event=clock_disagrees member=kitchen-", timeout: 10), bedroom.stderr)
        kitchen.signal(SIGTERM)
        XCTAssertEqual(kitchen.wait(timeout: 10).status, 0, kitchen.stderr)
        second.extraEnvironment = [:]
        try second.writeAlarms([#"{"id": "wake", "time": "\#(Self.clock(in: 2 * 3600))", "sound": "tone:beep"}"#])
        let righted = try second.startRun(["--mqtt", broker.url, "--mqtt-id", "kitchen", "--no-http"])
        let agrees = try XCTUnwrap(line(bedroom, "event=clock_agrees member=kitchen-"), bedroom.stderr)
        XCTAssertEqual(Double(try XCTUnwrap(difference(agrees))), 0, accuracy: 60, agrees)
        XCTAssertEqual((try status(first).clock["disagreements"] as? [Any])?.count, 0)
        XCTAssertNil(righted.logLines("event=clock_disagrees").first, righted.stderr)
        for run in [bedroom, righted] {
            run.signal(SIGTERM)
            XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
        }
    }
}
