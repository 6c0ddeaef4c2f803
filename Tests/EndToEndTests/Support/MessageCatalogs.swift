import Foundation
import XCTest

/// The compiled catalogs the checkout's binary finds in `.build/locale`, made from `po/` by
/// `scripts/locale` (msgfmt) once per test run.
enum MessageCatalogs {
    private static let compiled: Result<Void, NSError> = {
        let result = try? ChildProcess.run([AlarmPlayBinary.repositoryRoot + "/scripts/locale"],
                                           environment: ["PATH": "/usr/bin:/bin"], executable: "/bin/sh")
        guard let result, result.status == 0 else {
            return .failure(NSError(domain: "scripts/locale failed: \(result?.stderr ?? "did not start")", code: 1))
        }
        return .success(())
    }()

    static func compile() throws {
        try compiled.get()
    }
}
