import AlarmCore

/// Why work handed off the loop was not done: it could not wait its turn. Each face says it as
/// "busy" (503 with `Retry-After` on the page, `error busy:` on the socket, MQTT's `rejected`).
package struct WorkRefused: UserFacingError, Equatable {
    package enum Reason: Equatable {
        /// So many wait already (the queue's limit).
        case full(waiting: Int)
        /// No worker thread could be started (a task limit).
        case noThread
        /// The edits ahead of this one took its whole time (`seconds`).
        case waitedBehind(seconds: Int)
    }

    package var reason: Reason

    package init(_ reason: Reason) {
        self.reason = reason
    }

    package init(_ refusal: WorkerPool.Refusal) {
        switch refusal {
        case let .full(waiting): self.init(Reason.full(waiting: waiting))
        case .noThread: self.init(Reason.noThread)
        }
    }

    package var description: String {
        switch reason {
        case let .full(waiting): return "\(waiting) requests wait already; nothing was changed, try again in a few seconds"
        case .noThread: return "no worker thread could start (a task limit?); nothing was changed"
        case let .waitedBehind(seconds):
            return "the edits ahead of this one took over \(seconds) s (a slow calendar or disk?); nothing was changed, try again"
        }
    }

    package var exitCode: ExitCode { .temporaryFailure }
}
