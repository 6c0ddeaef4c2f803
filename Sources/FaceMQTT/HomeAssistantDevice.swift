import AlarmCore
import AlarmRuntime

/// One alarmplay as Home Assistant sees it over MQTT: its topics, its device-discovery message
/// (Home Assistant 2024.12 or later) and its retained states, all computed from a snapshot of the
/// daemon, without I/O.
public struct HomeAssistantDevice: Sendable {
    public struct AlarmEntity: Sendable, Equatable {
        /// The alarm's id (or `#3`) as commands name it; `topicID` is its topic-safe form.
        public var name: String
        public var label: String?
        public var enabled: Bool
        public var time: String
        /// The sound's name as `sounds` lists it (the first of a sequence).
        public var sound: String
        /// 0...100.
        public var volumePercent: Int
        public var snoozeMinutes: Int
        /// Its wake-up phase under way: how far, from 0 to 1, and the ring it leads to (ISO 8601).
        public var waking: (progress: Double, ring: String)?

        public init(name: String, label: String?, enabled: Bool, time: String, sound: String, volumePercent: Int, snoozeMinutes: Int,
                    waking: (progress: Double, ring: String)? = nil) {
            self.waking = waking
            self.name = name
            self.label = label
            self.enabled = enabled
            self.time = time
            self.sound = sound
            self.volumePercent = volumePercent
            self.snoozeMinutes = snoozeMinutes
        }

        public var topicID: String { MQTTDeviceID.topicSafe(name) }

        public static func == (a: AlarmEntity, b: AlarmEntity) -> Bool {
            a.name == b.name && a.label == b.label && a.enabled == b.enabled && a.time == b.time && a.sound == b.sound
                && a.volumePercent == b.volumePercent && a.snoozeMinutes == b.snoozeMinutes
                && a.waking?.progress == b.waking?.progress && a.waking?.ring == b.waking?.ring
        }
    }

    public struct Snapshot: Sendable, Equatable {
        public var ringing: Bool
        /// The next ring: ISO 8601 with the offset, its alarm's name and label.
        public var next: (at: String, name: String, label: String?)?
        /// When the next ring was moved (`alarmplay shift`), the ring it replaces (ISO 8601).
        public var nextShiftedFrom: String?
        public var alarms: [AlarmEntity]
        /// The names the sound selects offer.
        public var sounds: [String]
        /// What the checks before the next rings found, by alarm name; empty when all is well.
        public var problems: [String: [String]]
        /// The reports not seen yet (`ring_degraded`, `missed`), oldest first.
        public var reports: [JSONValue] = []
        /// The sleep timer playing, and the minutes its switch starts one for.
        public var sleep: Sleep?
        public var sleepMinutes = HomeAssistantDevice.defaultSleepMinutes
        /// The clock's trouble: unsynchronised before a ring, the household's clocks that differ.
        public var clock = ClockReport()

        public init(
            ringing: Bool, next: (at: String, name: String, label: String?)?, nextShiftedFrom: String? = nil, alarms: [AlarmEntity],
            sounds: [String] = [], problems: [String: [String]] = [:]
        ) {
            self.ringing = ringing
            self.next = next
            self.nextShiftedFrom = nextShiftedFrom
            self.alarms = alarms
            self.sounds = sounds
            self.problems = problems
        }

        public static func == (a: Snapshot, b: Snapshot) -> Bool {
            a.ringing == b.ringing && a.alarms == b.alarms && a.next?.at == b.next?.at && a.next?.name == b.next?.name
                && a.next?.label == b.next?.label && a.nextShiftedFrom == b.nextShiftedFrom && a.sounds == b.sounds
                && a.problems == b.problems && a.reports == b.reports && a.sleep == b.sleep && a.sleepMinutes == b.sleepMinutes
                && a.clock == b.clock
        }
    }

    /// The snooze lengths the number entity offers.
    public static let snoozeMinutes = 1...60

    /// `rejected`: a command from Home Assistant that was refused (nothing changed).
    /// `ring_degraded`: a ring that fell back or rang the bell; `preflight_*`: the check before a ring.
    /// `waking`: a wake-up phase began. `clock_disagrees`: a household member's clock is more than a minute off.
    public static let eventTypes = ["fired", "snoozed", "stopped", "silenced", "missed", "rejected", "escalated", "ring_degraded",
                                    "preflight_failed", "preflight_recovered", "waking", "sleep_started", "sleep_ended", "bedtime",
                                    "clock_disagrees"]

    /// The event type Home Assistant's event entity gets for a daemon event, if it is one of them.
    public static func eventType(of event: DaemonEvent) -> String? {
        switch event {
        case .fired, .snoozed, .stopped, .dismissed, .silenced, .missed, .escalated, .ringDegraded, .preflightFailed, .preflightRecovered,
             .waking, .wakeUpStopped, .sleepStarted, .sleepEnded, .bedtime, .clockDisagrees:
            return event.name
        default: return nil
        }
    }

    public var id: String
    public var name: String
    public var version: String

    public init(id: String, name: String, version: String) {
        self.id = id
        self.name = name
        self.version = version
    }

    package var base: String { "alarmplay/\(id)" }
    public var availabilityTopic: String { base + "/availability" }
    public var ringingTopic: String { base + "/ringing" }
    public var nextTopic: String { base + "/next" }
    public var nextAttributesTopic: String { base + "/next/attributes" }
    public var eventTopic: String { base + "/event" }
    public var problemTopic: String { base + "/problem" }
    public var problemAttributesTopic: String { base + "/problem/attributes" }
    public var clockTopic: String { base + "/clock" }
    public var clockAttributesTopic: String { base + "/clock/attributes" }
    /// The reports not seen yet, retained, so a restart of `run` or of Home Assistant still has them.
    public var reportsTopic: String { base + "/reports" }
    public var discoveryTopic: String { "homeassistant/device/alarmplay_\(id)/config" }
    public static let householdTopics = ["alarmplay/all/snooze", "alarmplay/all/stop"]
    public static let homeAssistantStatusTopic = "homeassistant/status"

    /// Everything a command arrives on.
    public var commandTopics: [String] {
        [base + "/snooze/set", base + "/stop/set", base + "/alarm/+/+/set"] + sleepCommandTopics + Self.householdTopics
            + [Self.homeAssistantStatusTopic]
    }

    public func alarmTopic(_ alarm: AlarmEntity, _ what: String) -> String { base + "/alarm/\(alarm.topicID)/\(what)" }

    /// Component key → platform for these alarms: what the discovery message will hold.
    public func components(_ alarms: [AlarmEntity]) -> [String: String] {
        var keys = ["snooze": "button", "stop": "button", "ringing": "binary_sensor", "next": "sensor", "event": "event",
                    "problem": "binary_sensor", "clock": "binary_sensor"].merging(Self.sleepComponents) { $1 }
        for alarm in alarms {
            keys["alarm_\(alarm.topicID)_enabled"] = "switch"
            keys["alarm_\(alarm.topicID)_time"] = "text"
            keys["alarm_\(alarm.topicID)_skip"] = "button"
            keys["alarm_\(alarm.topicID)_sound"] = "select"
            keys["alarm_\(alarm.topicID)_volume"] = "number"
            keys["alarm_\(alarm.topicID)_snooze"] = "number"
            keys["alarm_\(alarm.topicID)_waking"] = "binary_sensor"
        }
        return keys
    }

    /// The device message. Components published before but gone now are sent once with only their
    /// platform, which is how Home Assistant is told to remove them (no ghosts).
    public func discovery(_ alarms: [AlarmEntity], sounds: [String], removed: [String: String]) -> JSONValue {
        let unique = { (key: String) in JSONValue.string("alarmplay_\(id)_\(key)") }
        var components: [(String, JSONValue)] = [
            ("snooze", ["platform": "button", "name": "Snooze", "unique_id": unique("snooze"), "icon": "mdi:alarm-snooze",
                        "command_topic": .string(base + "/snooze/set"), "payload_press": "PRESS"]),
            ("stop", ["platform": "button", "name": "Stop", "unique_id": unique("stop"), "icon": "mdi:alarm-off",
                      "command_topic": .string(base + "/stop/set"), "payload_press": "PRESS"]),
            ("ringing", ["platform": "binary_sensor", "name": "Ringing", "unique_id": unique("ringing"), "icon": "mdi:alarm-bell",
                         "state_topic": .string(ringingTopic), "payload_on": "ON", "payload_off": "OFF"]),
            ("next", ["platform": "sensor", "name": "Next alarm", "unique_id": unique("next"), "device_class": "timestamp",
                      "state_topic": .string(nextTopic), "json_attributes_topic": .string(nextAttributesTopic)]),
            ("event", ["platform": "event", "name": "Alarm", "unique_id": unique("event"), "state_topic": .string(eventTopic),
                       "event_types": .array(Self.eventTypes.map(JSONValue.string))]),
            ("problem", ["platform": "binary_sensor", "name": "Problem", "unique_id": unique("problem"), "device_class": "problem",
                         "state_topic": .string(problemTopic), "payload_on": "ON", "payload_off": "OFF",
                         "json_attributes_topic": .string(problemAttributesTopic)]),
            ("clock", ["platform": "binary_sensor", "name": "Clock", "unique_id": unique("clock"), "device_class": "problem",
                       "icon": "mdi:clock-alert-outline", "state_topic": .string(clockTopic), "payload_on": "ON", "payload_off": "OFF",
                       "json_attributes_topic": .string(clockAttributesTopic)]),
        ]
        components += sleepDiscovery()
        for alarm in alarms {
            let key = "alarm_\(alarm.topicID)"
            let title = alarm.label ?? alarm.name
            components.append((key + "_enabled", [
                "platform": "switch", "name": .string("\(title) enabled"), "unique_id": unique(key + "_enabled"), "icon": "mdi:alarm",
                "state_topic": .string(alarmTopic(alarm, "enabled")), "command_topic": .string(alarmTopic(alarm, "enabled/set")),
                "payload_on": "ON", "payload_off": "OFF",
            ]))
            components.append((key + "_time", [
                "platform": "text", "name": .string("\(title) time"), "unique_id": unique(key + "_time"), "icon": "mdi:clock-outline",
                "state_topic": .string(alarmTopic(alarm, "time")), "command_topic": .string(alarmTopic(alarm, "time/set")),
                "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$", "min": 5, "max": 8,
            ]))
            components.append((key + "_skip", [
                "platform": "button", "name": .string("\(title) skip next"), "unique_id": unique(key + "_skip"), "icon": "mdi:debug-step-over",
                "command_topic": .string(alarmTopic(alarm, "skip/set")), "payload_press": "PRESS",
            ]))
            // Home Assistant refuses a state missing from the options: a sound not listed (a
            // sequence's first, a file gone) is offered too.
            let options = sounds.contains(alarm.sound) ? sounds : sounds + [alarm.sound]
            components.append((key + "_sound", [
                "platform": "select", "name": .string("\(title) sound"), "unique_id": unique(key + "_sound"), "icon": "mdi:music-note",
                "state_topic": .string(alarmTopic(alarm, "sound")), "command_topic": .string(alarmTopic(alarm, "sound/set")),
                "options": .array(options.map(JSONValue.string)),
            ]))
            components.append((key + "_volume", [
                "platform": "number", "name": .string("\(title) volume"), "unique_id": unique(key + "_volume"), "icon": "mdi:volume-high",
                "state_topic": .string(alarmTopic(alarm, "volume")), "command_topic": .string(alarmTopic(alarm, "volume/set")),
                "min": 0, "max": 100, "step": 1, "unit_of_measurement": "%", "mode": "slider",
            ]))
            components.append((key + "_snooze", [
                "platform": "number", "name": .string("\(title) snooze"), "unique_id": unique(key + "_snooze"), "icon": "mdi:alarm-snooze",
                "state_topic": .string(alarmTopic(alarm, "snooze")), "command_topic": .string(alarmTopic(alarm, "snooze/set")),
                "min": .int(Self.snoozeMinutes.lowerBound), "max": .int(Self.snoozeMinutes.upperBound), "step": 1,
                "unit_of_measurement": "min", "device_class": "duration", "mode": "box",
            ]))
            components.append((key + "_waking", wakingComponent(alarm, title: title, uniqueID: unique(key + "_waking"))))
        }
        for (key, platform) in removed.sorted(by: { $0.key < $1.key }) {
            components.append((key, ["platform": .string(platform)]))
        }
        return [
            "device": ["identifiers": .array([.string("alarmplay_\(id)")]), "name": .string(name), "manufacturer": "alarmplay",
                       "model": "alarmplay", "sw_version": .string(version)],
            "origin": ["name": "alarmplay", "sw_version": .string(version)],
            "availability_topic": .string(availabilityTopic),
            "components": .object(components),
        ]
    }

    /// The retained states: topic → payload.
    public func states(_ snapshot: Snapshot) -> [String: String] {
        var states = [
            ringingTopic: snapshot.ringing ? "ON" : "OFF",
            nextTopic: snapshot.next?.at ?? "None",
            nextAttributesTopic: JSONWriter.compact([
                "id": .optional(snapshot.next?.name), "label": .optional(snapshot.next?.label),
                "shifted_from": .optional(snapshot.nextShiftedFrom),
            ]),
            problemTopic: snapshot.problems.isEmpty ? "OFF" : "ON",
            problemAttributesTopic: JSONWriter.compact(.object([
                ("reasons", .array(snapshot.problems.sorted { $0.key < $1.key }.flatMap { alarm in alarm.value.map { .string("\(alarm.key): \($0)") } })),
                ("alarms", .object(snapshot.problems.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map(JSONValue.string))) })),
            ])),
        ]
        states[clockTopic] = snapshot.clock.isTroubled ? "ON" : "OFF"
        states[clockAttributesTopic] = JSONWriter.compact(snapshot.clock.json(format: TimeFormat()))
        states[reportsTopic] = JSONWriter.compact(.object([("count", .int(snapshot.reports.count)), ("reports", .array(snapshot.reports))]))
        states.merge(sleepStates(snapshot)) { $1 }
        for alarm in snapshot.alarms {
            states[alarmTopic(alarm, "enabled")] = alarm.enabled ? "ON" : "OFF"
            states[alarmTopic(alarm, "time")] = alarm.time
            states[alarmTopic(alarm, "sound")] = alarm.sound
            states[alarmTopic(alarm, "volume")] = String(alarm.volumePercent)
            states[alarmTopic(alarm, "snooze")] = String(alarm.snoozeMinutes)
            states.merge(wakingStates(alarm)) { $1 }
        }
        return states
    }
}

extension HomeAssistantDevice.Snapshot {
    /// What Home Assistant shows of the core's snapshot; `sounds` are the names `sounds` lists, in order.
    package init(_ snapshot: Snapshot, sounds: [String]) {
        let format = TimeFormat()
        let waking = Dictionary(snapshot.waking.map { ($0.alarm.stateKey, $0) }) { first, _ in first }
        self.init(
            ringing: !snapshot.ringing.isEmpty,
            next: snapshot.next.map { (format.iso($0.at), $0.alarm.name, $0.alarm.label) },
            nextShiftedFrom: snapshot.next?.shiftedFrom.map(format.iso),
            alarms: snapshot.fileAlarms.map { alarm in
                let settings = alarm.settings
                return .init(name: alarm.name, label: alarm.label, enabled: alarm.enabled, time: Self.time(of: alarm, in: snapshot),
                             sound: Self.name(of: settings.sound, in: sounds), volumePercent: Int((settings.volume * 100).rounded()),
                             snoozeMinutes: settings.snooze / 60,
                             waking: waking[alarm.stateKey].map { ($0.progress(at: snapshot.now), format.iso($0.ring)) })
            },
            sounds: sounds,
            problems: Dictionary(snapshot.preflight.filter { !$0.problems.isEmpty }.map { ($0.id, $0.problems.map(\.description)) }) { first, _ in first })
        reports = snapshot.state.reports
        clock = snapshot.clock
        sleep = snapshot.sleep.map {
            .init(sound: $0.sound, endsAt: format.iso($0.endsAt), secondsLeft: $0.secondsLeft(at: snapshot.now), fadeSeconds: $0.fadeSeconds)
        }
    }

    /// The time the alarm's text entity shows: for a time per day, or one from the sun or a
    /// calendar, its next ring's (the day it rings next); otherwise its one time.
    package static func time(of alarm: Alarm, in snapshot: Snapshot) -> String {
        guard !alarm.times.isEmpty || alarm.sun != nil || alarm.fromCalendar != nil,
              let next = alarm.nextRing(after: snapshot.now, state: snapshot.state.schedule.alarms[alarm.stateKey], zone: snapshot.zone)
        else { return alarm.time.description }
        return snapshot.zone.localTime(at: next).time.description
    }

    /// The listed name a reference means (`3`, `Tone:Beep`, a bare `beep`), else the reference as written.
    package static func name(of reference: SoundReference, in sounds: [String]) -> String {
        switch reference {
        case let .index(index): return sounds.indices.contains(index) ? sounds[index] : reference.description
        case let .name(name):
            if let exact = sounds.first(where: { $0.lowercased() == name.lowercased() }) { return exact }
            let byKey = sounds.filter { $0.lowercased().hasSuffix(":" + name.lowercased()) }
            return byKey.count == 1 ? byKey[0] : name
        }
    }
}
