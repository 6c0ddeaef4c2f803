/// The names of `linux/input-event-codes.h` that a bedside button, keypad, remote or knob sends,
/// for the key maps in the alarms file (`"KEY_F1": "sleep"`). A code not named here is written
/// as its number (`"KEY_247"` or `"247"`).
package enum InputKeyNames {
    package static let keys: [String: UInt16] = {
        var names: [String: UInt16] = [
            "KEY_ESC": 1, "KEY_BACKSPACE": 14, "KEY_TAB": 15, "KEY_ENTER": 28, "KEY_SPACE": 57,
            "KEY_UP": 103, "KEY_PAGEUP": 104, "KEY_LEFT": 105, "KEY_RIGHT": 106, "KEY_DOWN": 108, "KEY_PAGEDOWN": 109,
            "KEY_MUTE": 113, "KEY_VOLUMEDOWN": 114, "KEY_VOLUMEUP": 115, "KEY_POWER": 116, "KEY_PAUSE": 119,
            "KEY_STOP": 128, "KEY_MENU": 139, "KEY_SLEEP": 142, "KEY_WAKEUP": 143, "KEY_NEXTSONG": 163,
            "KEY_PLAYPAUSE": 164, "KEY_PREVIOUSSONG": 165, "KEY_STOPCD": 166, "KEY_PLAY": 207, "KEY_OK": 352, "KEY_SELECT": 353,
            "KEY_F11": 87, "KEY_F12": 88,
            "BTN_LEFT": 0x110, "BTN_RIGHT": 0x111, "BTN_MIDDLE": 0x112,
        ]
        for (offset, letter) in "QWERTYUIOP".enumerated() { names["KEY_\(letter)"] = UInt16(16 + offset) }
        for (offset, letter) in "ASDFGHJKL".enumerated() { names["KEY_\(letter)"] = UInt16(30 + offset) }
        for (offset, letter) in "ZXCVBNM".enumerated() { names["KEY_\(letter)"] = UInt16(44 + offset) }
        for digit in 1...9 { names["KEY_\(digit)"] = UInt16(1 + digit) }
        names["KEY_0"] = 11
        for number in 1...10 { names["KEY_F\(number)"] = UInt16(58 + number) }
        for number in 0...9 { names["BTN_\(number)"] = UInt16(0x100 + number) }
        return names
    }()

    /// A knob or wheel: `REL_DIAL`, `REL_WHEEL`, `REL_HWHEEL`.
    package static let axes: [String: UInt16] = ["REL_X": 0, "REL_Y": 1, "REL_HWHEEL": 6, "REL_DIAL": 7, "REL_WHEEL": 8]

    /// The code a name gives: a known name, `KEY_247`, or a bare number.
    package static func code(_ name: String) -> UInt16? {
        let upper = name.uppercased()
        if let known = keys[upper] { return known }
        for prefix in ["KEY_", "BTN_", ""] where upper.hasPrefix(prefix) {
            if let number = UInt16(upper.dropFirst(prefix.count)), number < 0x300 { return number }
        }
        return nil
    }

    package static func name(of code: UInt16) -> String {
        keys.first { $0.value == code }?.key ?? "KEY_\(code)"
    }
}
