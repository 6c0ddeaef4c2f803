/// What a press of a button, a key or a turn of a knob does.
public enum InputAction: String, CaseIterable, Sendable {
    /// Snooze what rings; with nothing ringing, say when the next alarm is (if speech is there).
    case snooze
    case stop
    /// Start the sleep timer, or stop the one playing.
    case sleep
    /// The ringing sound (or the sleep timer's) a step louder or quieter.
    case louder, quieter
    /// Say when the next alarm is.
    case next
}

/// One input device `run` reads (`run --input PATH`, or an entry of the file's `"inputs"`):
/// its path, what its keys do, and whether `run` takes it for itself (`EVIOCGRAB`, so a desktop
/// does not also see the presses).
public struct InputSettings: Equatable, Sendable {
    public var device: String
    public var keys: [UInt16: InputAction]
    public var grab: Bool

    public init(device: String, keys: [UInt16: InputAction] = InputSettings.standardKeys, grab: Bool = false) {
        self.device = device
        self.keys = keys
        self.grab = grab
    }

    /// What works with no configuration: Space, Enter, Play/Pause and BTN_0 snooze; Esc, Stop and
    /// BTN_1 stop; the volume keys change the volume (a knob's turns too, always).
    public static let standardKeys: [UInt16: InputAction] = {
        var keys: [UInt16: InputAction] = [:]
        for name in ["KEY_SPACE", "KEY_ENTER", "KEY_PLAYPAUSE", "BTN_0"] { keys[InputKeyNames.keys[name]!] = .snooze }
        for name in ["KEY_ESC", "KEY_STOP", "BTN_1"] { keys[InputKeyNames.keys[name]!] = .stop }
        keys[InputKeyNames.keys["KEY_VOLUMEUP"]!] = .louder
        keys[InputKeyNames.keys["KEY_VOLUMEDOWN"]!] = .quieter
        return keys
    }()

    /// How long the sleep timer a button starts plays.
    public static let sleepSeconds = 30 * 60

    /// A press held this long stops, whatever its key does.
    public static let longPressNanoseconds: Int64 = 1_500_000_000
}
