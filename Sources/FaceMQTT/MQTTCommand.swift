import AlarmCore
import MQTTClient

/// What a message on a command topic asks for, or why it is refused. Pure: the topic, the
/// payload and the alarms' topic ids in, a command or a reason out.
public enum MQTTCommand: Sendable, Equatable {
    case snooze
    case stop
    case setEnabled(alarm: String, Bool)
    case setTime(alarm: String, String)
    case skip(alarm: String)
    /// Move only the next ring; nil puts it back (`alarmplay shift`).
    case shift(alarm: String, RingShift.Target?)
    /// A setting of the alarm from its select or number entity (sound, volume, snooze), as the
    /// file's keys: the edit is validated like any other, so an unknown sound is refused there.
    case change(alarm: String, AlarmChanges)
    /// The sleep timer's switch and number (`HomeAssistantDevice+Sleep`); nil: the number's minutes.
    case startSleep(SleepRequest?)
    case stopSleep
    case sleepMinutes(Int)
    /// Home Assistant (re)started: publish discovery and states again.
    case homeAssistantOnline

    public static let payloadLimit = 256

    /// `alarms` maps each alarm's topic id to its name. Nil: a message to ignore quietly (Home
    /// Assistant going offline). A refusal carries the reason for `event=mqtt_rejected`.
    public static func parse(
        topic: String, payload: [UInt8], device: HomeAssistantDevice, alarms: [String: String]
    ) -> Result<MQTTCommand, MQTTRejection>? {
        guard payload.count <= payloadLimit else {
            return .failure(MQTTRejection(topic: topic, reason: "payload of \(payload.count) bytes; at most \(payloadLimit)"))
        }
        guard let text = String(validating: payload, as: UTF8.self) else {
            return .failure(MQTTRejection(topic: topic, reason: "payload is not UTF-8"))
        }
        let value = text.trimmingSpaces()
        if topic == HomeAssistantDevice.homeAssistantStatusTopic { return value == "online" ? .success(.homeAssistantOnline) : nil }
        if topic == device.base + "/snooze/set" || topic == "alarmplay/all/snooze" { return .success(.snooze) }
        if topic == device.base + "/stop/set" || topic == "alarmplay/all/stop" { return .success(.stop) }
        if let sleep = sleep(topic: topic, value: value, device: device) { return sleep }
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6, topic.hasPrefix(device.base + "/alarm/"), parts[5] == "set" else {
            return .failure(MQTTRejection(topic: topic, reason: "not a command topic"))
        }
        guard let alarm = alarms[parts[3]] else {
            let known = alarms.keys.sorted().joined(separator: ", ")
            return .failure(MQTTRejection(topic: topic, reason: "unknown alarm \"\(parts[3])\" (alarms: \(known.isEmpty ? "none" : known))"))
        }
        switch parts[4] {
        case "enabled":
            switch value.uppercased() {
            case "ON": return .success(.setEnabled(alarm: alarm, true))
            case "OFF": return .success(.setEnabled(alarm: alarm, false))
            default: return .failure(MQTTRejection(topic: topic, reason: "\"\(value)\" is not ON or OFF"))
            }
        case "time":
            do {
                return .success(.setTime(alarm: alarm, try TimeOfDay(parsing: value).description))
            } catch {
                return .failure(MQTTRejection(topic: topic, reason: error.message))
            }
        case "skip":
            return .success(.skip(alarm: alarm))
        case "shift":
            guard !value.isEmpty, value.uppercased() != "CLEAR" else { return .success(.shift(alarm: alarm, nil)) }
            do {
                return .success(.shift(alarm: alarm, try RingShift.Target(parsing: value)))
            } catch {
                return .failure(MQTTRejection(topic: topic, reason: error.message + " (send 07:30, +30m, -15m or CLEAR)"))
            }
        case "sound":
            guard !value.isEmpty else { return .failure(MQTTRejection(topic: topic, reason: "no sound named")) }
            return .success(.change(alarm: alarm, changes("sound", .string(value))))
        case "volume":
            guard let percent = Double(value), (0...100).contains(percent) else {
                return .failure(MQTTRejection(topic: topic, reason: "\"\(value)\" is not a volume from 0 to 100"))
            }
            return .success(.change(alarm: alarm, changes("volume", .double((percent / 100 * 1_000).rounded() / 1_000))))
        case "snooze":
            guard let minutes = Double(value), let whole = Int(exactly: minutes), HomeAssistantDevice.snoozeMinutes.contains(whole) else {
                let range = HomeAssistantDevice.snoozeMinutes
                return .failure(MQTTRejection(topic: topic, reason: "\"\(value)\" is not a whole number of minutes from \(range.lowerBound) to \(range.upperBound)"))
            }
            return .success(.change(alarm: alarm, changes("snooze", .string("\(whole)m"))))
        default:
            return .failure(MQTTRejection(topic: topic, reason: "not a command topic"))
        }
    }
}

private func changes(_ key: String, _ value: JSONValue) -> AlarmChanges {
    var changes = AlarmChanges()
    changes.set(key, value)
    return changes
}

private extension String {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}

extension MQTTCommand {
    /// The core's command for it; nil for what the face handles itself.
    package var request: ControlRequest? {
        switch self {
        case .snooze: return .snooze(id: nil)
        case .stop: return .stop(id: nil)
        case let .setEnabled(alarm, on): return .setEnabled(id: alarm, on)
        case let .setTime(alarm, time):
            var change = AlarmChanges()
            change.set("time", .string(time))
            return .editAlarm(id: alarm, change)
        case let .skip(alarm): return .skip(id: alarm)
        case let .shift(alarm, target): return .shift(id: alarm, target)
        case let .change(alarm, changes): return .editAlarm(id: alarm, changes)
        case let .startSleep(request): return .startSleep(request ?? SleepRequest(seconds: HomeAssistantDevice.defaultSleepMinutes * 60))
        case .stopSleep: return .stopSleep
        case .sleepMinutes, .homeAssistantOnline: return nil
        }
    }
}
