import AlarmCore

/// `--laps-file` could not be written; the laps were printed all the same.
package struct LapsFileError: UserFacingError {
    package var path: String
    package var reason: String

    package var description: String {
        tr("cannot write the laps to {path}: {reason}", ["path": path, "reason": reason])
    }

    package var exitCode: ExitCode { .cannotCreate }
}
