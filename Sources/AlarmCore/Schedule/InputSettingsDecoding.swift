/// Reading `"inputs"` at the top of the file: each a device path, or an object with its key map,
/// each problem at its place.
extension AlarmFileDecoder {
    package static let inputKeys = ["device", "keys", "grab"]

    mutating package func decodeInputs(_ value: JSONValue) -> [InputSettings] {
        guard let list = value.arrayValue else {
            report(Self.got(tr("inputs must be a list of devices such as [\"/dev/input/by-id/usb-remote-event-kbd\"]"), value), at: value.position)
            return []
        }
        return list.compactMap { decodeInput($0) }
    }

    private mutating func decodeInput(_ value: JSONValue) -> InputSettings? {
        if let path = value.stringValue { return path.isEmpty ? reportNil(tr("an input needs a device path"), at: value.position) : InputSettings(device: path) }
        guard let members = value.members else {
            report(Self.got(tr("an input must be a device path or an object with \"device\""), value), at: value.position)
            return nil
        }
        let before = problems.count
        checkKeys(members, allowed: Self.inputKeys, in: "inputs")
        guard let device = value["device"] else { return reportNil(tr("an input needs \"device\": its path, e.g. \"/dev/input/event0\""), at: value.position) }
        guard let path = string(device, tr("device must be a path such as \"/dev/input/event0\"")) else { return nil }
        var settings = InputSettings(device: path)
        if let grab = value["grab"] {
            if let flag = grab.boolValue { settings.grab = flag } else { report(Self.got(tr("grab must be true or false"), grab), at: grab.position) }
        }
        if let keys = value["keys"] { settings.keys.merge(decodeKeyMap(keys)) { $1 } }
        return problems.count == before ? settings : nil
    }

    private mutating func decodeKeyMap(_ value: JSONValue) -> [UInt16: InputAction] {
        guard let members = value.members else {
            report(Self.got(tr("keys must be an object such as {\"KEY_F1\": \"sleep\"}"), value), at: value.position)
            return [:]
        }
        let actions = InputAction.allCases.map(\.rawValue)
        var map: [UInt16: InputAction] = [:]
        for member in members {
            guard let code = InputKeyNames.code(member.key) else {
                let hint = Suggestion.closest(to: member.key.uppercased(), in: Array(InputKeyNames.keys.keys)).map { tr(" (did you mean \"{name}\"?)", ["name": $0]) } ?? ""
                report(tr("unknown key \"{key}\"{hint}; names as evtest shows them, e.g. KEY_F1, BTN_0, or the code", ["key": member.key, "hint": hint]),
                       at: member.keyPosition)
                continue
            }
            guard let action = member.value.stringValue.flatMap(InputAction.init(rawValue:)) else {
                let hint = member.value.stringValue.flatMap { Suggestion.closest(to: $0, in: actions) }.map { tr(" (did you mean \"{name}\"?)", ["name": $0]) } ?? ""
                report(Self.got(tr("a key does one of {actions}{hint}", ["actions": actions.joined(separator: ", "), "hint": hint]), member.value),
                       at: member.value.position)
                continue
            }
            map[code] = action
        }
        return map
    }
}
