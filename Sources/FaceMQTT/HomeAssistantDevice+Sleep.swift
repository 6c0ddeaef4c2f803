import AlarmCore
import MQTTClient

/// The sleep timer as Home Assistant sees it, on the device: a switch that starts it (for the
/// number's minutes, with the default sound) and stops it, the number of minutes, and a sensor
/// of the minutes left with when it ends and what plays as attributes. Commands go through the
/// core's `startSleep`/`stopSleep` like the CLI's and the page's.
extension HomeAssistantDevice {
    /// What Home Assistant shows of a sleep timer playing.
    public struct Sleep: Sendable, Equatable {
        public var sound: String
        /// ISO 8601 with the offset.
        public var endsAt: String
        public var secondsLeft: Int
        public var fadeSeconds: Int

        public init(sound: String, endsAt: String, secondsLeft: Int, fadeSeconds: Int) {
            self.sound = sound
            self.endsAt = endsAt
            self.secondsLeft = secondsLeft
            self.fadeSeconds = fadeSeconds
        }

        /// Whole minutes, rounded up: "1" until the very end.
        public var minutesLeft: Int { (secondsLeft + 59) / 60 }

        /// Seconds until `minutesLeft` next changes.
        public var secondsToNextMinute: Int { (secondsLeft - 1) % 60 + 1 }
    }

    /// The lengths the sleep timer's number offers, and the one it starts at.
    public static let sleepMinutes = 1...240
    public static let defaultSleepMinutes = 30

    public var sleepTopic: String { base + "/sleep" }
    public var sleepMinutesTopic: String { base + "/sleep/minutes" }
    public var sleepLeftTopic: String { base + "/sleep/left" }
    public var sleepAttributesTopic: String { base + "/sleep/attributes" }
    package var sleepCommandTopics: [String] { [sleepTopic + "/set", sleepMinutesTopic + "/set"] }

    package static let sleepComponents = ["sleep": "switch", "sleep_minutes": "number", "sleep_left": "sensor"]

    package func sleepDiscovery() -> [(String, JSONValue)] {
        let unique = { (key: String) in JSONValue.string("alarmplay_\(id)_\(key)") }
        return [
            ("sleep", ["platform": "switch", "name": "Sleep timer", "unique_id": unique("sleep"), "icon": "mdi:sleep",
                       "state_topic": .string(sleepTopic), "command_topic": .string(sleepTopic + "/set"),
                       "payload_on": "ON", "payload_off": "OFF"]),
            ("sleep_minutes", ["platform": "number", "name": "Sleep timer length", "unique_id": unique("sleep_minutes"),
                               "icon": "mdi:timer-sand", "state_topic": .string(sleepMinutesTopic),
                               "command_topic": .string(sleepMinutesTopic + "/set"),
                               "min": .int(Self.sleepMinutes.lowerBound), "max": .int(Self.sleepMinutes.upperBound), "step": 1,
                               "unit_of_measurement": "min", "device_class": "duration", "mode": "box"]),
            ("sleep_left", ["platform": "sensor", "name": "Sleep timer left", "unique_id": unique("sleep_left"),
                            "icon": "mdi:timer-outline", "device_class": "duration", "unit_of_measurement": "min",
                            "state_topic": .string(sleepLeftTopic), "json_attributes_topic": .string(sleepAttributesTopic)]),
        ]
    }

    package func sleepStates(_ snapshot: Snapshot) -> [String: String] {
        let sleep = snapshot.sleep
        return [
            sleepTopic: sleep == nil ? "OFF" : "ON",
            sleepMinutesTopic: String(snapshot.sleepMinutes),
            sleepLeftTopic: String(sleep?.minutesLeft ?? 0),
            sleepAttributesTopic: JSONWriter.compact(.object([
                ("ends_at", .optional(sleep?.endsAt)), ("sound", .optional(sleep?.sound)), ("fade_s", sleep.map { .int($0.fadeSeconds) } ?? .null),
            ])),
        ]
    }
}

extension MQTTCommand {
    /// `…/sleep/set`: `ON` (the number's minutes, the default sound), `OFF`, or `DURATION [SOUND]`
    /// (`45m`, `1h tone:melody`) for automations; `…/sleep/minutes/set`: the number. Nil for
    /// another topic.
    package static func sleep(topic: String, value: String, device: HomeAssistantDevice) -> Result<MQTTCommand, MQTTRejection>? {
        if topic == device.sleepMinutesTopic + "/set" {
            let range = HomeAssistantDevice.sleepMinutes
            guard let minutes = Double(value), let whole = Int(exactly: minutes), range.contains(whole) else {
                return .failure(MQTTRejection(topic: topic, reason: "\"\(value)\" is not a whole number of minutes from \(range.lowerBound) to \(range.upperBound)"))
            }
            return .success(.sleepMinutes(whole))
        }
        guard topic == device.sleepTopic + "/set" else { return nil }
        switch value.uppercased() {
        case "ON": return .success(.startSleep(nil))
        case "OFF": return .success(.stopSleep)
        default:
            let words = value.split(separator: " ").map(String.init)
            guard let request = SleepRequest(words: words[...]) else {
                return .failure(MQTTRejection(topic: topic, reason: "send ON, OFF, or a duration and a sound (e.g. \"45m\", \"1h tone:melody\")"))
            }
            if let problem = request.problem { return .failure(MQTTRejection(topic: topic, reason: problem.message)) }
            return .success(.startSleep(request))
        }
    }

    /// The core's command, `ON` starting a sleep timer of the number's `sleepMinutes`.
    package func request(sleepMinutes: Int) -> ControlRequest? {
        if case .startSleep(nil) = self { return .startSleep(SleepRequest(seconds: sleepMinutes * 60)) }
        return request
    }
}
