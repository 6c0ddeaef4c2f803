import AlarmCore

/// The unit could not be written where it goes (or this program's own path is unknown): exit 1.
package struct InstallServiceError: UserFacingError {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
    package var exitCode: ExitCode { .failure }
}
