import AlarmCore

/// Presses and turns as actions. A short press acts when it is let go; a press held
/// `InputSettings.longPressNanoseconds` stops, at once, while still held; the key's own
/// auto-repeat is not more presses. A knob's click is one step of the volume. Pure: the caller
/// gives each record's instant (monotonic nanoseconds), so tests replay any sequence.
package struct InputPresses {
    package let keys: [UInt16: InputAction]
    /// Mapped keys down, and when they went down.
    private var held: [UInt16: Int64] = [:]
    /// Keys held long enough that they stopped already: their release does nothing more.
    private var spent: Set<UInt16> = []

    /// At most this many steps from one report of a knob turned fast.
    package static let stepsAtOnce = 5

    package init(keys: [UInt16: InputAction]) {
        self.keys = keys
    }

    /// What one record asks: the key's action on release, the volume for a knob.
    mutating package func take(_ record: InputRecord, at now: Int64) -> [InputAction] {
        switch record.kind {
        case .key:
            guard let action = keys[record.code] else { return [] }
            switch record.value {
            case 1:
                held[record.code] = held[record.code] ?? now
                return []
            case 0:
                defer { held[record.code] = nil; spent.remove(record.code) }
                return held[record.code] != nil && !spent.contains(record.code) ? [action] : []
            default:
                return []
            }
        case .relative:
            guard [InputKeyNames.axes["REL_DIAL"], InputKeyNames.axes["REL_WHEEL"]].contains(record.code), record.value != 0 else { return [] }
            let steps = min(Int(record.value.magnitude), Self.stepsAtOnce)
            return Array(repeating: record.value > 0 ? .louder : .quieter, count: steps)
        case .other:
            return []
        }
    }

    /// The long presses whose time has come by `now`: one stop each.
    mutating package func expire(at now: Int64) -> [InputAction] {
        var actions: [InputAction] = []
        for (code, since) in held where !spent.contains(code) && now - since >= InputSettings.longPressNanoseconds {
            spent.insert(code)
            actions.append(.stop)
        }
        return actions
    }

    /// When a key held now becomes a long press (for the loop's timer).
    package var nextLongPress: Int64? {
        held.filter { !spent.contains($0.key) }.values.min().map { $0 + InputSettings.longPressNanoseconds }
    }
}
