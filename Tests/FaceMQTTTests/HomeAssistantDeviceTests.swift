import AlarmCore
import AlarmRuntime
import FaceMQTT
import UnitTestSupport
import XCTest

final class HomeAssistantDeviceTests: XCTestCase {
    private let device = HomeAssistantDevice(id: "pi1", name: "alarmplay on pi1", version: "0.1.0")
    private let work = HomeAssistantDevice.AlarmEntity(
        name: "work", label: "Work", enabled: true, time: "06:45", sound: "tone:classic", volumePercent: 80, snoozeMinutes: 9)
    private let sounds = ["tone:beep", "tone:classic", "file:maple-leaf-rag"]

    func testDiscoveryNamesTheDeviceAndEveryComponent() throws {
        let discovery = device.discovery([work], sounds: sounds, removed: [:])
        XCTAssertEqual(discovery["device"]?["identifiers"]?.arrayValue?.first?.stringValue, "alarmplay_pi1")
        XCTAssertEqual(discovery["availability_topic"]?.stringValue, "alarmplay/pi1/availability")
        let components = try XCTUnwrap(discovery["components"]?.members)
        XCTAssertEqual(Set(components.map(\.key)), ["snooze", "stop", "ringing", "next", "event", "problem", "clock", "alarm_work_enabled", "alarm_work_time",
                                                     "alarm_work_skip", "alarm_work_sound", "alarm_work_volume", "alarm_work_snooze", "alarm_work_waking",
                                                     "sleep", "sleep_minutes", "sleep_left"])
        XCTAssertEqual(discovery["components"]?["problem"]?["device_class"]?.stringValue, "problem")
        XCTAssertEqual(discovery["components"]?["next"]?["device_class"]?.stringValue, "timestamp")
        XCTAssertEqual(discovery["components"]?["event"]?["event_types"]?.arrayValue?.map(\.stringValue), ["fired", "snoozed", "stopped", "silenced", "missed", "rejected", "escalated", "ring_degraded",
                                                                                                   "preflight_failed", "preflight_recovered", "waking", "sleep_started", "sleep_ended", "bedtime",
                                                                                                   "clock_disagrees"],
                       "a refused command is an event too, and so are the checks before a ring, the reports and the household's clocks")
        XCTAssertEqual(discovery["components"]?["alarm_work_time"]?["command_topic"]?.stringValue, "alarmplay/pi1/alarm/work/time/set")
    }

    /// The clock's trouble as a problem sensor, with what it is as attributes: off while all is well.
    func testTheClockIsAProblemSensorWhileUnsynchronisedBeforeARingOrAMembersClockDiffers() throws {
        let sensor = try XCTUnwrap(device.discovery([], sounds: [], removed: [:])["components"]?["clock"])
        XCTAssertEqual(sensor["device_class"]?.stringValue, "problem")
        XCTAssertEqual(sensor["state_topic"]?.stringValue, "alarmplay/pi1/clock")
        XCTAssertEqual(sensor["json_attributes_topic"]?.stringValue, "alarmplay/pi1/clock/attributes")
        var snapshot = HomeAssistantDevice.Snapshot(ringing: false, next: nil, alarms: [])
        snapshot.clock = ClockReport(synchronised: true)
        XCTAssertEqual(device.states(snapshot)["alarmplay/pi1/clock"], "OFF")
        let ring = instant("2026-12-07T06:45:00+00:00")
        snapshot.clock = ClockReport(synchronised: false, warning: ClockWarning(id: "work", ring: ring), disagreements: [
            ClockDisagreement(member: "kitchen-1", name: "Kitchen", seconds: -14400, synchronised: .neither, heard: ring - 36000),
        ])
        XCTAssertEqual(device.states(snapshot)["alarmplay/pi1/clock"], "ON")
        let attributes = try XCTUnwrap(withTimeZone("UTC") { device.states(snapshot)["alarmplay/pi1/clock/attributes"] })
        XCTAssertEqual(attributes, #"{"synchronised": false, "warning": {"id": "work", "ring": "2026-12-07T06:45:00+00:00"}, "disagreements": "#
                       + #"[{"member": "kitchen-1", "name": "Kitchen", "differenceSeconds": -14400, "synchronised": "neither", "heard": "2026-12-06T20:45:00+00:00"}]}"#)
    }

    func testARemovedAlarmIsSentOnceWithOnlyItsPlatform() {
        let before = device.components([work])
        let after = device.components([])
        let removed = before.filter { after[$0.key] == nil }
        let discovery = device.discovery([], sounds: sounds, removed: removed)
        XCTAssertEqual(JSONWriter.compact(discovery["components"]?["alarm_work_enabled"] ?? .null), "{\"platform\": \"switch\"}")
        XCTAssertEqual(JSONWriter.compact(discovery["components"]?["alarm_work_time"] ?? .null), "{\"platform\": \"text\"}")
        XCTAssertEqual(JSONWriter.compact(discovery["components"]?["alarm_work_sound"] ?? .null), "{\"platform\": \"select\"}")
        XCTAssertEqual(JSONWriter.compact(discovery["components"]?["alarm_work_volume"] ?? .null), "{\"platform\": \"number\"}")
    }

    /// What Home Assistant's `select` and `number` schemas require: options, or min, max, step and a unit.
    func testSoundVolumeAndSnoozeEntities() throws {
        let components = try XCTUnwrap(device.discovery([work], sounds: sounds, removed: [:])["components"])
        let sound = try XCTUnwrap(components["alarm_work_sound"])
        XCTAssertEqual(sound["platform"], "select")
        XCTAssertEqual(sound["options"], ["tone:beep", "tone:classic", "file:maple-leaf-rag"])
        XCTAssertEqual(sound["command_topic"], "alarmplay/pi1/alarm/work/sound/set")
        XCTAssertEqual(sound["state_topic"], "alarmplay/pi1/alarm/work/sound")
        let volume = try XCTUnwrap(components["alarm_work_volume"])
        XCTAssertEqual(JSONWriter.compact(volume), """
            {"platform": "number", "name": "Work volume", "unique_id": "alarmplay_pi1_alarm_work_volume", "icon": "mdi:volume-high", \
            "state_topic": "alarmplay/pi1/alarm/work/volume", "command_topic": "alarmplay/pi1/alarm/work/volume/set", \
            "min": 0, "max": 100, "step": 1, "unit_of_measurement": "%", "mode": "slider"}
            """)
        let snooze = try XCTUnwrap(components["alarm_work_snooze"])
        XCTAssertEqual(snooze["min"], 1)
        XCTAssertEqual(snooze["max"], 60)
        XCTAssertEqual(snooze["unit_of_measurement"], "min")
        var sequence = work
        sequence.sound = "speak:time"
        let offered = try XCTUnwrap(device.discovery([sequence], sounds: sounds, removed: [:])["components"]?["alarm_work_sound"]?["options"]?.arrayValue)
        XCTAssertEqual(offered.last, "speak:time", "the state is always one of the options")
    }

    func testStatesFromASnapshot() {
        let quiet = device.states(.init(ringing: false, next: nil, alarms: [work]))
        XCTAssertEqual(quiet["alarmplay/pi1/next"], "None")
        XCTAssertEqual(quiet["alarmplay/pi1/ringing"], "OFF")
        XCTAssertEqual(quiet["alarmplay/pi1/alarm/work/enabled"], "ON")
        XCTAssertEqual(quiet["alarmplay/pi1/alarm/work/time"], "06:45")
        XCTAssertEqual(quiet["alarmplay/pi1/alarm/work/sound"], "tone:classic")
        XCTAssertEqual(quiet["alarmplay/pi1/alarm/work/volume"], "80")
        XCTAssertEqual(quiet["alarmplay/pi1/alarm/work/snooze"], "9")
        let ringing = device.states(.init(ringing: true, next: ("2026-12-01T06:45:00+01:00", "work", "Work"), alarms: [work]))
        XCTAssertEqual(ringing["alarmplay/pi1/next"], "2026-12-01T06:45:00+01:00")
        XCTAssertEqual(ringing["alarmplay/pi1/next/attributes"], "{\"id\": \"work\", \"label\": \"Work\", \"shifted_from\": null}")
        let moved = device.states(.init(ringing: false, next: ("2026-12-01T07:30:00+01:00", "work", "Work"),
                                        nextShiftedFrom: "2026-12-01T06:45:00+01:00", alarms: [work]))
        XCTAssertEqual(moved["alarmplay/pi1/next/attributes"], "{\"id\": \"work\", \"label\": \"Work\", \"shifted_from\": \"2026-12-01T06:45:00+01:00\"}")
        XCTAssertEqual(ringing["alarmplay/pi1/ringing"], "ON")
        XCTAssertEqual(quiet["alarmplay/pi1/problem"], "OFF")
        XCTAssertEqual(quiet["alarmplay/pi1/reports"], "{\"count\": 0, \"reports\": []}")
        var reported = HomeAssistantDevice.Snapshot(ringing: false, next: nil, alarms: [work])
        reported.reports = [["event": "missed", "id": "work"]]
        XCTAssertEqual(device.states(reported)["alarmplay/pi1/reports"], "{\"count\": 1, \"reports\": [{\"event\": \"missed\", \"id\": \"work\"}]}")
    }

    func testTheProblemSensorCarriesEachAlarmsReasons() {
        let states = device.states(.init(ringing: false, next: nil, alarms: [work], problems: ["work": ["cannot play file:song: gone"]]))
        XCTAssertEqual(states["alarmplay/pi1/problem"], "ON")
        XCTAssertEqual(states["alarmplay/pi1/problem/attributes"],
                       "{\"reasons\": [\"work: cannot play file:song: gone\"], \"alarms\": {\"work\": [\"cannot play file:song: gone\"]}}")
    }

    func testBrokerURLsAndDeviceIDs() throws {
        XCTAssertEqual(try MQTTBroker(parsing: "mqtt://broker.lan"), MQTTBroker(host: "broker.lan", port: 1883, tls: false))
        XCTAssertEqual(try MQTTBroker(parsing: "mqtts://broker.lan"), MQTTBroker(host: "broker.lan", port: 8883, tls: true))
        XCTAssertEqual(try MQTTBroker(parsing: "mqtt://10.0.0.2:1884"), MQTTBroker(host: "10.0.0.2", port: 1884, tls: false))
        XCTAssertEqual(try MQTTBroker(parsing: "unix:/run/mosquitto.sock"), MQTTBroker(host: "/run/mosquitto.sock", port: 0, tls: false))
        for bad in ["broker.lan", "http://x", "mqtt://", "mqtt://x:0", "mqtt://x:99999", "unix:relative", "mqtt://user@x"] {
            XCTAssertThrowsError(try MQTTBroker(parsing: bad), bad)
        }
        XCTAssertEqual(MQTTDeviceID.topicSafe("Bedroom.Pi"), "bedroom_pi")
        XCTAssertEqual(MQTTDeviceID.topicSafe("#3"), "_3")
        XCTAssertEqual(MQTTDeviceID.topicSafe("a+b/c"), "a_b_c")
    }
}
