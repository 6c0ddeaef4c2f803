import AlarmCore

/// Who a `run` is among the household: its MQTT device id and a short hash of the machine and its
/// alarms file. Stable across restarts, and distinct for two `run`s given the same `--mqtt-id`
/// (two users on one machine, or two machines cloned from one image), which would otherwise take
/// each other's rings for their own and ignore them.
package enum HouseholdIdentity {
    package static func instance(deviceID: String, alarmsPath: String, machineID: String?) -> String {
        "\(deviceID)-\(hash((machineID ?? HostName.current()) + "\n" + alarmsPath))"
    }

    package static func instance(_ configuration: AlarmDaemon.Configuration) -> String? {
        configuration.mqtt.map {
            instance(deviceID: $0.deviceID, alarmsPath: configuration.alarmsPath,
                     machineID: FileSystem.readText("/etc/machine-id")?.split(whereSeparator: \.isWhitespace).first.map(String.init))
        }
    }

    /// FNV-1a, 32 bits as 8 hex digits: short enough for a topic-friendly id, and the same in
    /// every build (Swift's own `hashValue` is seeded per process).
    private static func hash(_ text: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in text.utf8 { value = (value ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
