/// Which device a ring plays on next. The devices asked for are tried in order, then `default`
/// (the machine's own choice) if it was not among them. A device that cannot be opened or stops
/// taking audio is left for the next one at once: every failure the ringer sees (no server there,
/// `-EHOSTDOWN` or `-ECONNREFUSED`; busy; a stall the watchdog caught; gone) is one that retrying
/// the same device right away would only repeat. Once every device has failed, the ring falls
/// back to the bell and the order starts over from the first. Each device's reason is logged
/// once, not on every retry while the bell rings. Pure: the ringer reports what happened.
public struct DeviceFallback: Sendable, Equatable {
    /// The order tried, without repeats, ending with `default`.
    public let devices: [String]
    private var failedSinceStart: Set<String> = []
    /// The reason last logged for each device, until it plays again.
    private var logged: [String: String] = [:]

    /// Where an alarm rings: its own `devices` (the alarm's, else the alarms file's), else
    /// `run`'s `--device` list, else `default`.
    public static func asked(alarm: [String]?, commandLine: [String]) -> [String] {
        if let alarm, !alarm.isEmpty { return alarm }
        return commandLine.isEmpty ? ["default"] : commandLine
    }

    public init(_ asked: [String]) {
        var order: [String] = []
        for device in asked + ["default"] where !order.contains(device) { order.append(device) }
        devices = order
    }

    /// The device to try now; nil when all have failed (bell, then `startOver`).
    public var current: String? { devices.first { !failedSinceStart.contains($0) } }

    /// The current device failed; returns the line to log, nil when this device already said so.
    public mutating func failed(_ device: String, reason: String) -> String? {
        failedSinceStart.insert(device)
        guard logged[device] != reason else { return nil }
        logged[device] = reason
        return reason
    }

    /// `device` is playing: a later failure of it is news again.
    public mutating func opened(_ device: String) {
        logged[device] = nil
    }

    /// After the bell's retry interval: try the whole order again, from the first.
    public mutating func startOver() {
        failedSinceStart = []
    }
}
