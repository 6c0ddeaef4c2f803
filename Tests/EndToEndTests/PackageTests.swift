import Foundation
import XCTest

/// The Debian package as a user gets it: built by `scripts/package`, checked by lintian, then
/// installed with `apt-get install ./alarmplay_….deb` in fresh Debian 12 and 13 roots, used there
/// (sounds, the page, the man pages, bash completion) and purged, leaving nothing behind.
final class PackageTests: XCTestCase {
    private var build: PackageBuild!

    override func setUpWithError() throws {
        build = try PackageBuild.shared.get()
    }

    func testLintianFindsNoErrorsAndOnlyWarningsTheDocsExplain() throws {
        let result = try ChildProcess.run(
            ["--pedantic", "--tag-display-limit", "0", build.deb], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
            executable: "/usr/bin/lintian")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("E:") }, [], result.stdout + result.stderr)
        let development = try String(contentsOfFile: AlarmPlayBinary.repositoryRoot + "/docs/development.md", encoding: .utf8)
        let packaging = try XCTUnwrap(development.components(separatedBy: "\n## Packaging\n").dropFirst().last)
        for warning in lines where warning.hasPrefix("W:") {
            let tag = warning.split(separator: " ")[2]
            XCTAssertTrue(packaging.contains("`\(tag)`"), "docs/development.md's packaging section does not explain \(warning)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: build.deb))
        XCTAssertTrue(build.deb.hasSuffix("_\(Self.architecture).deb"), build.deb)
    }

    func testTheControlFileDependsOnWhatTheBinaryLinks() throws {
        let control = try DebianRoot.host(["/usr/bin/dpkg-deb", "-f", build.deb]).stdout
        let depends = try XCTUnwrap(control.split(separator: "\n").first { $0.hasPrefix("Depends: ") })
        for library in ["libc6", "libasound2", "libsndfile1"] {
            XCTAssertTrue(depends.contains(library + " (>= "), "\(library) missing from \(depends)")
        }
        XCTAssertFalse(depends.contains("swift"), "the Swift runtime is linked in: \(depends)")
        let recommends = try XCTUnwrap(control.split(separator: "\n").first { $0.hasPrefix("Recommends: ") })
        for package in ["libical3", "curl"] {
            XCTAssertTrue(recommends.contains(package), "\(package) missing from \(recommends)")
        }
    }

    func testInstallsRunsAndPurgesOnDebian12() throws {
        try requireMount("chroot into a fresh Debian 12 root")
        try installUseAndPurge(suite: "bookworm")
    }

    func testInstallsRunsAndPurgesOnDebian13() throws {
        try requireMount("chroot into a fresh Debian 13 root")
        try installUseAndPurge(suite: "trixie")
    }

    private static var architecture: String {
        (try? DebianRoot.host(["/usr/bin/dpkg", "--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? "?"
    }

    private func installUseAndPurge(suite: String) throws {
        let root = try DebianRoot(tar: try XCTUnwrap(build.rootTars[suite]), at: build.directory + "/root-" + suite)
        defer { root.remove() }
        let deb = "/tmp/" + (build.deb as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: build.deb, toPath: root.path + deb)

        let install = try root.run("cd /tmp && apt-get update -qq && apt-get install -y -qq ./\((deb as NSString).lastPathComponent)")
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        let files = try root.run("dpkg -L alarmplay").stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(files.contains("/usr/bin/alarmplay"), files.joined(separator: "\n"))

        let sounds = try root.run("alarmplay sounds")
        XCTAssertEqual(sounds.status, 0, sounds.stderr)
        XCTAssertTrue(sounds.stdout.contains("Alarm Clock") && sounds.stdout.contains("Maple Leaf Rag"), sounds.stdout)
        let paths = try root.run("alarmplay sounds --json").stdout
        XCTAssertTrue(paths.contains("\"/usr/share/alarmplay/sounds/maple-leaf-rag.flac\""), paths)

        // The catalogs in /usr/share/locale. A fresh root has no generated locale; Debian 12's glibc
        // (2.36) honours LANGUAGE over C.UTF-8, Debian 13's (2.41) treats C.UTF-8 as C and ignores it.
        XCTAssertTrue(files.contains("/usr/share/locale/ko/LC_MESSAGES/alarmplay.mo"), files.joined(separator: "\n"))
        if suite == "bookworm" {
            let german = try root.run("LANGUAGE=de LANG=C.UTF-8 alarmplay --help")
            XCTAssertTrue(german.stdout.contains("BEFEHLE:"), german.stdout + german.stderr)
        }

        let manual = try root.run("man alarmplay | cat")
        XCTAssertEqual(manual.status, 0, manual.stderr)
        for text in ["install-service", "--wake-early", "EXIT STATUS", "alarmplay.json(5)"] {
            XCTAssertTrue(manual.stdout.contains(text), "man alarmplay lacks \(text)")
        }
        let format = try root.run("man 5 alarmplay.json | cat")
        XCTAssertTrue(format.stdout.contains("maxSnoozes") && format.stdout.contains("HOOKS"), format.stdout + format.stderr)

        let user = try root.run("getent passwd alarmplay; id -nG alarmplay")
        XCTAssertTrue(user.stdout.contains(":/var/lib/alarmplay:/usr/sbin/nologin\n"), user.stdout + user.stderr)
        XCTAssertTrue(user.stdout.split(separator: "\n").last?.split(separator: " ").contains("audio") == true, user.stdout)
        if PackageBuild.rootPackages[suite]?.contains("systemd") == true {
            XCTAssertTrue((install.stdout + install.stderr).contains("Creating user 'alarmplay'"), "made by systemd-sysusers: \(install.stdout)")
            let verified = try root.run("""
                systemd-analyze verify /usr/lib/systemd/system/alarmplay.service && \
                XDG_RUNTIME_DIR=/tmp systemd-analyze --user verify /usr/lib/systemd/user/alarmplay.service
                """)
            XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
            XCTAssertEqual(verified.stderr, "", "the units verify without warnings")
        } else {
            XCTAssertFalse((install.stdout + install.stderr).contains("Creating user"), "made by useradd: \(install.stdout)")
        }

        try servesThePage(root)

        let completion = try root.run("""
            source /usr/share/bash-completion/completions/alarmplay
            COMP_LINE="alarmplay sno"; COMP_POINT=${#COMP_LINE}; _alarmplay; echo "${COMPREPLY[*]}"
            """)
        XCTAssertEqual(completion.stdout, "snooze\n", completion.stderr)

        // What the system service would have made: purge removes it too.
        XCTAssertEqual(try root.run("install -d -o alarmplay /var/lib/alarmplay && echo '{\"alarms\": []}' > /var/lib/alarmplay/alarms.json").status, 0)
        let purge = try root.run("apt-get purge -y -qq alarmplay")
        XCTAssertEqual(purge.status, 0, purge.stdout + purge.stderr)
        XCTAssertNotEqual(try root.run("dpkg -s alarmplay").status, 0, "dpkg still knows the package")
        for path in files where !isSharedDirectory(path, in: root) {
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.path + path), "\(path) is left after purge")
        }
        for path in ["/usr/share/alarmplay", "/usr/share/doc/alarmplay", "/var/lib/alarmplay"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.path + path), "\(path) is left after purge")
        }
    }

    /// `run` in the root serves the page behind its token, and the API lists the alarm added there.
    private func servesThePage(_ root: DebianRoot) throws {
        let environment = ["XDG_STATE_HOME": "/tmp/home/state", "XDG_CONFIG_HOME": "/tmp/home/config", "TZ": "UTC"]
        let added = try root.run("alarmplay add 6:45 --id work --days weekdays", environment: environment)
        XCTAssertEqual(added.status, 0, added.stdout + added.stderr)
        let run = try root.start("exec alarmplay run --http 127.0.0.1:0", environment: environment)
        defer {
            run.signal(SIGTERM)
            XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
        }
        // The root shares the host's network: the host's curl reaches the page.
        var client = try WebClient(run: run, tokenFile: root.path + "/tmp/home/state/alarmplay/http-token")
        let status = try client.get("/api/alarms")
        XCTAssertEqual(status.status, 200, status.body)
        XCTAssertTrue(status.body.contains("\"work\""), status.body)
        let token = try XCTUnwrap(client.token)
        client.token = nil
        let page = try client.get("/?token=" + token)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("<html"), "the page comes from /usr/share/alarmplay/web: \(page.body.prefix(200))")
        XCTAssertEqual(try client.get("/app.js").status, 401, "and it is behind the token")
    }

    private func isSharedDirectory(_ path: String, in root: DebianRoot) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path + path, isDirectory: &isDirectory) && isDirectory.boolValue
            && !path.contains("alarmplay")
    }
}
