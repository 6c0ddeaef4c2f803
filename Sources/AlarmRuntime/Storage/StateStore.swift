import AlarmCore

/// `$XDG_STATE_HOME/alarmplay/state.json`, written atomically. A missing or unreadable file is
/// an empty state: losing a skip is better than refusing to ring.
public struct StateStore: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public init(environment: Environment) {
        path = environment.stateHome + "/alarmplay/state.json"
    }

    /// The stored state, or an empty one with the reason it could not be read (for the log).
    public func load() -> (state: DaemonState, problem: String?) {
        guard let text = FileSystem.readText(path) else { return (DaemonState(), nil) }
        do {
            return (try DaemonState(json: JSONParser.parseStrict(text)), nil)
        } catch let error as JSONParseError {
            return (DaemonState(), "\(path): \(error)")
        } catch {
            return (DaemonState(), "\(path): \(error)")
        }
    }

    public func save(_ state: DaemonState) throws(SystemError) {
        try AtomicFile.write(JSONWriter.pretty(state.json), to: path, mode: 0o600)
    }
}
