import Foundation
import XCTest

/// The compiled catalogs the checkout's binary finds in `.build/locale`, made from `po/` by
/// `scripts/locale` (msgfmt) once per test run. Tests run side by side in many processes
/// (scripts/test-suites compiles them first), so catalogs newer than their `.po` are used as
/// they are: compiling again would rewrite a file another test's `run` is reading.
enum MessageCatalogs {
    private static var upToDate: Bool {
        let root = AlarmPlayBinary.repositoryRoot
        let sources = (try? FileManager.default.contentsOfDirectory(atPath: root + "/po"))?.filter { $0.hasSuffix(".po") } ?? []
        return !sources.isEmpty && sources.allSatisfy { name in
            let source = try? FileManager.default.attributesOfItem(atPath: root + "/po/" + name)[.modificationDate] as? Date
            let compiled = try? FileManager.default.attributesOfItem(
                atPath: root + "/.build/locale/\(name.dropLast(3))/LC_MESSAGES/alarmplay.mo")[.modificationDate] as? Date
            return source.flatMap { source in compiled.map { $0 >= source } } ?? false
        }
    }

    private static let compiled: Result<Void, NSError> = {
        if upToDate { return .success(()) }
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
