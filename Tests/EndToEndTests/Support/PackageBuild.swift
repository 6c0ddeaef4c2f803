import Foundation

/// What the package tests share, made once per test run (nothing is kept between runs): the
/// `.deb` from `scripts/package`, and the tars of fresh Debian 12 and 13 roots, made by
/// mmdebstrap while the package builds.
struct PackageBuild: Sendable {
    struct Failure: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    /// The suites the package must install on (Debian 12 and 13), and what their roots hold besides
    /// minbase: man-db for `man alarmplay`; systemd in one, so the system user is made once by
    /// systemd-sysusers and once by the postinst's useradd, and its units are verified.
    static let suites = ["bookworm", "trixie"]
    static let rootPackages = ["bookworm": ["man-db"], "trixie": ["man-db", "systemd"]]

    let deb: String
    let rootTars: [String: String]
    let directory: String

    static let shared: Result<PackageBuild, Failure> = Result { try PackageBuild() }.mapError { Failure(description: "\($0)") }

    private init() throws {
        directory = AlarmPlayBinary.repositoryRoot + "/.build/package-tests"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var tars: [String: String] = [:]
        var makers: [(String, ChildProcess)] = []
        // The roots are for the install tests, which need root that may mount and chroot.
        for suite in Self.suites where Privileges.canMount {
            let tar = directory + "/\(suite).tar"
            tars[suite] = tar
            makers.append((suite, try DebianRoot.makeTar(suite: suite, include: Self.rootPackages[suite] ?? [], at: tar)))
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SOURCE_DATE_EPOCH")
        // At the lowest priority: a release build takes both cores for minutes, while the tests
        // beside it need a little CPU at once (a private sound server must answer within 3 s).
        let package = try ChildProcess.run(
            ["-n", "19", AlarmPlayBinary.repositoryRoot + "/scripts/package"], environment: environment, executable: "/usr/bin/nice")
        for (suite, maker) in makers where maker.wait() != 0 {
            let log = (try? String(contentsOfFile: tars[suite]! + ".log", encoding: .utf8)) ?? ""
            throw Failure(description: "mmdebstrap \(suite) failed:\n\(log.suffix(2000))")
        }
        guard package.status == 0, let path = package.stdout.split(separator: "\n").last else {
            throw Failure(description: "scripts/package failed (\(package.status)):\n\(package.stderr.suffix(3000))")
        }
        deb = AlarmPlayBinary.repositoryRoot + "/" + path
        rootTars = tars
    }

    /// The package's files unpacked (`dpkg-deb -x`) under `directory`/unpacked, once.
    static let unpacked: Result<String, Failure> = Result {
        let build = try shared.get()
        let target = build.directory + "/unpacked"
        try DebianRoot.host(["/usr/bin/dpkg-deb", "-x", build.deb, target])
        return target
    }.mapError { Failure(description: "\($0)") }
}
