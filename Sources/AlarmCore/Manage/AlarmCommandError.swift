/// A command that changes alarms cannot do what was asked with this alarm as it is (skip an
/// alarm that is off): a conflict, exit 75 as when `run` refuses the same, since the command line
/// and the file are both fine.
package struct AlarmCommandError: UserFacingError {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
    package var exitCode: ExitCode { .temporaryFailure }
}
