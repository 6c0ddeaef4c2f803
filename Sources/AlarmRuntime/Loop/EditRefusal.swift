import AlarmCore

extension Refusal {
    /// Why an edit of the alarms file was not made, in the core's terms; each face renders it.
    package init(editError error: any Error) {
        switch error {
        case let error as AlarmEditRejected:
            self.init(.invalid(error.problems.map { Problem(field: $0.key, message: $0.message) }), error.description)
        case let error as AlarmFileError:
            switch error {
            case .missing, .unreadable: self.init(.unavailable, error.description)
            case .invalid: self.init(.conflict, "the alarms file has problems; fix it first (nothing was changed)", details: error.lines)
            }
        case is WorkRefused, is FileLock.Held:
            self.init(.busy, "\(error)")
        case let error as AlarmNotFound:
            self.init(.notFound, error.description)
        case let error as AlarmCommandError:
            // Not with this alarm as it is (off, no ring left to skip or move): a conflict, not a failure.
            self.init(.conflict, error.description)
        case let error as any UserFacingError:
            self.init(error.exitCode == .failure ? .failed : .conflict, error.description)
        default:
            self.init(.failed, "\(error)")
        }
    }
}
