/// A command that changes alarms cannot do what was asked with this alarm as it is (skip an
/// alarm that is off); exit 1, as the command line and the file are both fine.
package struct AlarmCommandError: UserFacingError {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
    package var exitCode: ExitCode { .failure }
}
