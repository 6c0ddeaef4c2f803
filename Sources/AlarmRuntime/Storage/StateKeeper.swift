import AlarmCore

/// state.json for `run`: read once at start, written off the loop whenever what it holds changed
/// (`StateWriter`), and flushed at exit.
package final class StateKeeper {
    private let store: StateStore
    private let writer: StateWriter
    /// What state.json holds, so that it is written only when something in it changed.
    private var saved: DaemonState?

    package init(path: String, notifier: Notifier) {
        store = StateStore(path: path)
        writer = StateWriter(store: store, notifier: notifier)
    }

    /// The stored state, or an empty one with why it could not be read.
    package func load() -> (state: DaemonState, problem: String?) {
        let loaded = store.load()
        saved = loaded.state
        return loaded
    }

    /// `lastChecked` alone moving on does not count: every ring handled since the last write
    /// changed the state and was saved with it, so a stale value after a crash re-examines only
    /// seconds that held nothing.
    package func save(_ state: DaemonState) {
        var unchanged = saved
        unchanged?.lastChecked = state.lastChecked
        guard state != unchanged else { return }
        writer.save(state)
        saved = state
    }

    package func flush(_ state: DaemonState) { writer.flush(state) }

    /// The writes that failed since the last call, for the log.
    package func drainFailures() -> [String] { writer.drainFailures() }
}
