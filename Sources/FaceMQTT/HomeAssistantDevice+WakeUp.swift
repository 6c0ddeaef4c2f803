import AlarmCore

/// Each alarm's "Waking up" binary sensor: on through its wake-up phase, with the phase's
/// `progress` (0 to 1, a step a minute) and the ring it leads to as attributes, for a sunrise
/// light's automation to follow.
extension HomeAssistantDevice {
    package func wakingComponent(_ alarm: AlarmEntity, title: String, uniqueID: JSONValue) -> JSONValue {
        [
            "platform": "binary_sensor", "name": .string("\(title) waking up"), "unique_id": uniqueID, "icon": "mdi:weather-sunset-up",
            "state_topic": .string(alarmTopic(alarm, "waking")), "payload_on": "ON", "payload_off": "OFF",
            "json_attributes_topic": .string(alarmTopic(alarm, "waking/attributes")),
        ]
    }

    package func wakingStates(_ alarm: AlarmEntity) -> [String: String] {
        [
            alarmTopic(alarm, "waking"): alarm.waking == nil ? "OFF" : "ON",
            alarmTopic(alarm, "waking/attributes"): JSONWriter.compact(.object([
                ("progress", .double(((alarm.waking?.progress ?? 0) * 100).rounded() / 100)), ("ring", .optional(alarm.waking?.ring)),
            ])),
        ]
    }
}
