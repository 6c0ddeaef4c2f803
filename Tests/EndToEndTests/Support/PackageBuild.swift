import Foundation

/// What the package tests share, made once per test run: the `.deb` from `scripts/package`, the
/// tars of fresh Debian 12 and 13 roots, made by mmdebstrap while the package builds, and the
/// package of an older commit to upgrade from (`scripts/package-commit`, built once and kept).
///
/// With `ALARMPLAY_TEST_ARCH=arm64` (`scripts/test --arch arm64`), the package is the arm64 one
/// (`scripts/package --arch arm64`, built with Debian 13's libraries) and the only root is an arm64
/// Debian 13 one, whose tar `ALARMPLAY_TEST_ROOT_TAR_TRIXIE` names (made once by scripts/lib/roots.sh:
/// four minutes under emulation).
struct PackageBuild: Sendable {
    struct Failure: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    /// What the roots hold besides minbase: man-db for `man alarmplay`; systemd in Debian 13's, so the
    /// system user is made once by systemd-sysusers and once by the postinst's useradd, and its units
    /// are verified. The arm64 root is minbase alone (see `checksTheSharedFiles`).
    static let rootPackages = ["bookworm": ["man-db"], "trixie": ["man-db", "systemd"]]

    /// The architecture the package is for: this machine's, or a foreign one (arm64 on amd64).
    static let architecture = ProcessInfo.processInfo.environment["ALARMPLAY_TEST_ARCH"] ?? hostArchitecture
    static let hostArchitecture =
        (try? DebianRoot.host(["/usr/bin/dpkg", "--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? "?"
    static var foreign: Bool { architecture != hostArchitecture }
    /// The Debian release the package was built on, whose libraries it depends on: a foreign
    /// package is built in a Debian 13 root, a native one on this machine.
    static let builtOnRelease: Int = foreign ? 13 : hostRelease
    static let hostRelease: Int = {
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let line = release.split(separator: "\n").first { $0.hasPrefix("VERSION_ID=") } ?? ""
        return Int(line.dropFirst("VERSION_ID=".count).filter(\.isNumber)) ?? 0
    }()
    /// The suites the package is installed on: Debian 12 and 13 for a package built on Debian 12;
    /// Debian 13 alone for one built on 13, whose libraries (libasound2t64, glibc 2.41) Debian 12 lacks.
    static var suites: [String] { builtOnRelease >= 13 ? ["trixie"] : ["bookworm", "trixie"] }
    /// The commit the upgrade test starts from: the last one before packages had versions that
    /// order and maintainer scripts that restart the service (ALARMPLAY_TEST_UPGRADE_FROM to change it).
    static let upgradeFrom = ProcessInfo.processInfo.environment["ALARMPLAY_TEST_UPGRADE_FROM"] ?? "bc61941"

    let deb: String
    let rootTars: [String: String]
    let directory: String
    /// The older package, or why there is none.
    let olderDeb: Result<String, Failure>

    static let shared: Result<PackageBuild, Failure> = Result { try PackageBuild() }.mapError { Failure(description: "\($0)") }

    private init() throws {
        directory = AlarmPlayBinary.repositoryRoot + "/.build/package-tests"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var tars: [String: String] = [:]
        var makers: [(String, ChildProcess)] = []
        // The roots are for the install tests, which need root that may mount and chroot.
        for suite in Self.suites where Privileges.canMount {
            if Self.foreign {
                tars[suite] = ProcessInfo.processInfo.environment["ALARMPLAY_TEST_ROOT_TAR_" + suite.uppercased()]
                continue
            }
            let tar = directory + "/\(suite).tar"
            tars[suite] = tar
            makers.append((suite, try DebianRoot.makeTar(suite: suite, include: Self.rootPackages[suite] ?? [], at: tar)))
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SOURCE_DATE_EPOCH")
        // At the lowest priority: a release build takes both cores for minutes, while the tests
        // beside it need a little CPU at once (a private sound server must answer within 3 s).
        let script = AlarmPlayBinary.repositoryRoot + "/scripts/"
        let older = Self.foreign || !Privileges.canMount ? nil
            : try ChildProcess(["-n", "19", script + "package-commit", Self.upgradeFrom], environment: environment, executable: "/usr/bin/nice",
                               stdout: directory + "/older.out", stderr: directory + "/older.log")
        let package = try ChildProcess.run(
            ["-n", "19", script + "package"] + (Self.foreign ? ["--arch", Self.architecture] : []), environment: environment,
            executable: "/usr/bin/nice")
        for (suite, maker) in makers where maker.wait() != 0 {
            let log = (try? String(contentsOfFile: tars[suite]! + ".log", encoding: .utf8)) ?? ""
            throw Failure(description: "mmdebstrap \(suite) failed:\n\(log.suffix(2000))")
        }
        guard package.status == 0, let path = package.stdout.split(separator: "\n").last else {
            throw Failure(description: "scripts/package failed (\(package.status)):\n\(package.stderr.suffix(3000))")
        }
        deb = AlarmPlayBinary.repositoryRoot + "/" + path
        rootTars = tars
        olderDeb = Self.waitForOlder(older, in: directory)
    }

    private static func waitForOlder(_ older: ChildProcess?, in directory: String) -> Result<String, Failure> {
        guard let older else { return .failure(Failure(description: "no older package: the upgrade is tested with this machine's package, as root")) }
        let out = (try? String(contentsOfFile: directory + "/older.out", encoding: .utf8)) ?? ""
        guard older.wait() == 0, let path = out.split(separator: "\n").last else {
            let log = (try? String(contentsOfFile: directory + "/older.log", encoding: .utf8)) ?? ""
            return .failure(Failure(description: "scripts/package-commit \(upgradeFrom) failed:\n\(log.suffix(3000))"))
        }
        return .success(String(path))
    }

    /// The package's files unpacked (`dpkg-deb -x`) under `directory`/unpacked, once.
    static let unpacked: Result<String, Failure> = Result {
        let build = try shared.get()
        let target = build.directory + "/unpacked"
        try DebianRoot.host(["/usr/bin/dpkg-deb", "-x", build.deb, target])
        return target
    }.mapError { Failure(description: "\($0)") }
}
