import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Where copied text went.
public enum ClipboardTarget: String, Sendable, Equatable {
    /// The OSC 52 escape sequence, which the terminal (or tmux, or an ssh client's terminal) turns into
    /// a clipboard update: the only way that works over ssh.
    case terminal = "OSC 52"
    case wlCopy = "wl-copy"
    case xclip = "xclip"
}

/// Puts text on the clipboard by every route available, because none works everywhere: OSC 52 needs
/// a terminal that honours it, `wl-copy` a Wayland session, `xclip` an X display.
public struct Clipboard: Sendable {
    public var environment: Environment
    /// The terminal to send OSC 52 to; nil when output is not a terminal.
    public var terminalDescriptor: Int32?

    public init(environment: Environment, terminalDescriptor: Int32?) {
        self.environment = environment
        self.terminalDescriptor = terminalDescriptor
    }

    /// The first of stderr and stdout that is a terminal.
    public static func terminalDescriptor() -> Int32? {
        [STDERR_FILENO, STDOUT_FILENO].first { isatty($0) == 1 }
    }

    /// The OSC 52 sequence that sets the clipboard (`c`) to `text`, ended by BEL, which more terminals
    /// accept than ST.
    public static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}"
    }

    /// Copies `text`; returns the targets that took it, empty when none did.
    public func copy(_ text: String) -> [ClipboardTarget] {
        var used: [ClipboardTarget] = []
        if let terminalDescriptor {
            Console.write(Self.osc52(text), to: terminalDescriptor)
            used.append(.terminal)
        }
        for (target, helper) in helpers() {
            guard let executable = FileSystem.executable(helper.name, path: environment["PATH"]) else { continue }
            if helper.copy(text, executable: executable, environment: environment) { used.append(target) }
        }
        return used
    }

    private func helpers() -> [(ClipboardTarget, ClipboardHelper)] {
        var helpers: [(ClipboardTarget, ClipboardHelper)] = []
        if environment["WAYLAND_DISPLAY"] != nil {
            helpers.append((.wlCopy, ClipboardHelper(name: "wl-copy", arguments: [])))
        }
        if environment["DISPLAY"] != nil {
            helpers.append((.xclip, ClipboardHelper(name: "xclip", arguments: ["-selection", "clipboard"])))
        }
        return helpers
    }
}
