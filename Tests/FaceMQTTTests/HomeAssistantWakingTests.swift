@testable import AlarmCore
@testable import FaceMQTT
import UnitTestSupport
import XCTest

/// Each alarm's "Waking up" binary sensor: its discovery as Home Assistant's MQTT binary_sensor
/// schema takes it, and its states from the core's snapshot through a phase.
final class HomeAssistantWakingTests: XCTestCase {
    private let device = HomeAssistantDevice(id: "pi1", name: "alarmplay on pi1", version: "0.1.0")
    private let t = instant("2026-12-07T07:00:00+00:00")

    /// The keys Home Assistant's MQTT binary_sensor schema knows (those used here), besides `platform`.
    private let binarySensorKeys: Set<String> = [
        "name", "unique_id", "icon", "state_topic", "payload_on", "payload_off", "json_attributes_topic", "device_class",
        "value_template", "availability_topic", "expire_after", "force_update", "off_delay", "qos", "entity_category",
    ]

    func testTheSensorIsAValidBinarySensorWithAttributes() throws {
        let work = HomeAssistantDevice.AlarmEntity(name: "work", label: "Work", enabled: true, time: "07:00", sound: "tone:classic",
                                                   volumePercent: 80, snoozeMinutes: 9)
        let sensor = try XCTUnwrap(device.discovery([work], sounds: [], removed: [:])["components"]?["alarm_work_waking"]?.members)
        XCTAssertEqual(sensor.first { $0.key == "platform" }?.value.stringValue, "binary_sensor")
        XCTAssertEqual(Set(sensor.map(\.key)).subtracting(["platform"]).subtracting(binarySensorKeys), [], "only keys the schema knows")
        let values = Dictionary(sensor.map { ($0.key, $0.value.stringValue) }) { first, _ in first }
        XCTAssertEqual(values["name"], "Work waking up")
        XCTAssertEqual(values["state_topic"], "alarmplay/pi1/alarm/work/waking")
        XCTAssertEqual(values["json_attributes_topic"], "alarmplay/pi1/alarm/work/waking/attributes")
        XCTAssertEqual(values["payload_on"], "ON")
        XCTAssertEqual(values["payload_off"], "OFF")
    }

    func testTheStatesFollowThePhaseAndTheProgressRises() throws {
        var work = withTimeZone("UTC") { alarm("07:00", .weekly(.daily), id: "work") }
        work.settings.wakeUp = 600
        func states(at now: Int) -> (String?, JSONValue?) {
            let core = withTimeZone("UTC") { Snapshot(alarms: [work], state: DaemonState(), pausedUntil: nil, now: now, zone: .current) }
            let states = withTimeZone("UTC") { device.states(HomeAssistantDevice.Snapshot(core, sounds: [])) }
            let attributes = states["alarmplay/pi1/alarm/work/waking/attributes"].flatMap { try? JSONParser.parseStrict($0) }
            return (states["alarmplay/pi1/alarm/work/waking"], attributes)
        }
        XCTAssertEqual(states(at: t - 601).0, "OFF")
        XCTAssertEqual(states(at: t - 601).1?["progress"]?.numberValue?.double, 0)
        XCTAssertEqual(states(at: t - 600).0, "ON")
        XCTAssertEqual(states(at: t - 300).1?["progress"]?.numberValue?.double, 0.5)
        XCTAssertEqual(states(at: t - 300).1?["ring"]?.stringValue, "2026-12-07T07:00:00+00:00")
        XCTAssertEqual(states(at: t - 60).1?["progress"]?.numberValue?.double, 0.9)
        XCTAssertEqual(states(at: t).0, "OFF", "over at the ring")
    }
}

/// The time text of an alarm with a time per day: the day it rings next.
final class HomeAssistantDayTimesTests: XCTestCase {
    func testATimePerDayShowsTheTimeOfTheDayItRingsNext() throws {
        let file = try AlarmFile.parse(#"{"alarms": [{"id": "work", "times": {"weekdays": "06:30", "sat": "09:15"}}, {"id": "plain", "time": "07:00", "days": "daily"}]}"#,
                                       path: "alarms.json", sounds: nil)
        try withTimeZone("UTC") {
            // Fri 11 Dec 2026, 08:00: Friday's ring is past; Saturday's is next.
            let friday = Snapshot(alarms: file.alarms, state: DaemonState(), pausedUntil: nil, now: instant("2026-12-11T08:00:00+00:00"), zone: .current)
            let shown = HomeAssistantDevice.Snapshot(friday, sounds: []).alarms
            XCTAssertEqual(shown.map(\.time), ["09:15", "07:00"])
            let sunday = Snapshot(alarms: file.alarms, state: DaemonState(), pausedUntil: nil, now: instant("2026-12-13T08:00:00+00:00"), zone: .current)
            XCTAssertEqual(try XCTUnwrap(HomeAssistantDevice.Snapshot(sunday, sounds: []).alarms.first).time, "06:30")
        }
    }
}
