#if canImport(Glibc)
import Glibc
#endif

/// Read-only view of the process environment, passed in so tests can supply their own.
public struct Environment: Sendable {
    public var variables: [String: String]

    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    /// The real process environment.
    public static func current() -> Environment {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return Environment(variables)
    }

    public subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    public var home: String { self["HOME"] ?? "/" }

    /// An XDG base directory (`XDG_CONFIG_HOME` ...) or its documented default under `$HOME`.
    public func xdg(_ variable: String, default relative: String) -> String {
        if let value = self[variable], value.hasPrefix("/") { return value }
        return home + "/" + relative
    }

    public var configHome: String { xdg("XDG_CONFIG_HOME", default: ".config") }
    public var dataHome: String { xdg("XDG_DATA_HOME", default: ".local/share") }
    public var stateHome: String { xdg("XDG_STATE_HOME", default: ".local/state") }
}
