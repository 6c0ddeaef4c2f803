import Foundation
import XCTest

/// What a test may need beyond a normal user's rights. The README's test command runs as a
/// normal user and in containers too; such a test says what it lacks and is skipped there,
/// while CI, which is root, runs it.
enum Privileges {
    static let isRoot = getuid() == 0

    /// Root that may also make mount namespaces and mount (a container may drop CAP_SYS_ADMIN).
    static let canMount: Bool = {
        guard isRoot else { return false }
        let result = try? ChildProcess.run(["-m", "/bin/true"], environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/unshare")
        return result?.status == 0
    }()
}

extension XCTestCase {
    /// Skips the test, naming the reason, unless this process runs as root.
    func requireRoot(_ purpose: String) throws {
        guard Privileges.isRoot else { throw XCTSkip("needs root (\(purpose)); not run as user \(getuid())") }
    }

    /// Skips the test, naming the reason, unless this process may mount.
    func requireMount(_ purpose: String) throws {
        guard Privileges.canMount else { throw XCTSkip("needs root that may mount (\(purpose)); not run here") }
    }
}
