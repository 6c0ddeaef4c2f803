/// One key press as a terminal in raw mode reports it.
public enum Key: Sendable, Equatable {
    /// A printable character other than space.
    case character(Character)
    case space
    /// Return or Enter (CR or LF).
    case enter
    case tab
    case backspace
    /// Esc pressed on its own, not the start of an arrow or function key sequence.
    case escape
    /// Ctrl-C (0x03), delivered as a key because raw mode keeps ISIG off.
    case interrupt
    /// Ctrl-D (0x04).
    case endOfTransmission
    /// Any other control byte, e.g. 0x1A for Ctrl-Z.
    case control(UInt8)
    case arrow(Direction)
    /// A key sent as ESC followed by a character (Alt+x on most terminals).
    case alt(Character)
    /// Any other escape sequence (function keys, Home, Delete...), kept whole so it never reads as Esc.
    case sequence([UInt8])

    public enum Direction: Sendable, Equatable {
        case up, down, right, left
    }
}
