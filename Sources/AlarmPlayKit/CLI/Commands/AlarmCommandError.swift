/// A command that changes alarms cannot do what was asked with this alarm as it is (skip an
/// alarm that is off); exit 1, as the command line and the file are both fine.
struct AlarmCommandError: UserFacingError {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
    var exitCode: ExitCode { .failure }
}
