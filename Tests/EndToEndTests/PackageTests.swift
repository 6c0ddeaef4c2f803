import Foundation
import AudioTestSupport
import XCTest

/// The Debian package as a user gets it: built by `scripts/package`, checked by lintian, then
/// installed with `apt-get install ./alarmplay_….deb` in fresh Debian 12 and 13 roots, used there
/// (sounds, doctor, an alarm ringing into an ALSA file, the page, the man pages, bash completion) and
/// purged, leaving nothing behind; and upgraded over an older commit's package (PackageTests+Upgrade).
/// `scripts/test --arch arm64` runs the same tests on the arm64 package in an arm64 Debian 13 root.
///
/// What depends on the Debian release the package is built on is said in the output: a package built
/// on Debian 13 depends on `libasound2t64` (Debian 12's `libasound2`, renamed by Debian 13's 64-bit
/// `time_t` transition) and on Debian 13's glibc, so it is installed on Debian 13 alone.
final class PackageTests: XCTestCase {
    var build: PackageBuild!

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
        XCTAssertTrue(build.deb.hasSuffix("_\(PackageBuild.architecture).deb"), build.deb)
    }

    /// The ALSA library's package is named after the release the package is built on.
    func testTheControlFileDependsOnWhatTheBinaryLinks() throws {
        let control = try DebianRoot.host(["/usr/bin/dpkg-deb", "-f", build.deb]).stdout
        let depends = try XCTUnwrap(control.split(separator: "\n").first { $0.hasPrefix("Depends: ") })
        let alsa = PackageBuild.builtOnRelease >= 13 ? "libasound2t64" : "libasound2"
        print("PackageTests: built on Debian \(PackageBuild.builtOnRelease), so Depends names \(alsa)"
              + (alsa == "libasound2" ? "" : " (Debian 12's libasound2, renamed by Debian 13's 64-bit time_t transition)"))
        for library in ["libc6", alsa, "libsndfile1"] {
            XCTAssertTrue(depends.contains(library + " (>= "), "\(library) missing from \(depends)")
        }
        XCTAssertFalse(depends.contains("swift"), "the Swift runtime is linked in: \(depends)")
        let recommends = try XCTUnwrap(control.split(separator: "\n").first { $0.hasPrefix("Recommends: ") })
        for package in [PackageBuild.builtOnRelease >= 13 ? "libical3t64" : "libical3", "curl"] {
            XCTAssertTrue(recommends.contains(package), "\(package) missing from \(recommends)")
        }
        let version = try XCTUnwrap(control.split(separator: "\n").first { $0.hasPrefix("Version: ") })
        let upstream = try ChildProcess.run([], environment: [:], executable: AlarmPlayBinary.repositoryRoot + "/scripts/version").stdout
        XCTAssertEqual(version, "Version: " + upstream.trimmingCharacters(in: .whitespacesAndNewlines) + "-1")
    }

    func testInstallsRunsAndPurgesOnDebian12() throws {
        guard PackageBuild.suites.contains("bookworm") else {
            throw XCTSkip("runs only for a package built on Debian 12: one built on Debian 13 depends on Debian 13's libraries "
                          + "(libasound2t64, its glibc), which Debian 12 lacks")
        }
        try requireMount("chroot into a fresh Debian 12 root")
        try installUseAndPurge(suite: "bookworm")
    }

    func testInstallsRunsAndPurgesOnDebian13() throws {
        try requireMount("chroot into a fresh Debian 13 root")
        try installUseAndPurge(suite: "trixie")
    }

    /// The shared files (man pages, completions, units) are the same for every architecture, made by
    /// the same generator: checked in this machine's roots; the arm64 root (minbase, set up under
    /// emulation) checks what differs, the binary.
    private var checksTheSharedFiles: Bool { !PackageBuild.foreign }

    private func installUseAndPurge(suite: String) throws {
        let tar = try XCTUnwrap(build.rootTars[suite], "no root for \(suite): scripts/test --arch arm64 names its tar")
        let root = try DebianRoot(tar: tar, at: build.directory + "/root-" + suite)
        defer { root.remove() }
        let install = try root.install(build.deb)
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        let files = try root.run("dpkg -L alarmplay").stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(files.contains("/usr/bin/alarmplay"), files.joined(separator: "\n"))
        let version = try root.run("alarmplay --version").stdout
        XCTAssertEqual(version, "alarmplay " + (try root.run("dpkg-query -W -f '${Version}' alarmplay").stdout.split(separator: "-").dropLast()
            .joined(separator: "-")) + "\n", "--version is the package's version")

        let sounds = try root.run("alarmplay sounds")
        XCTAssertEqual(sounds.status, 0, sounds.stderr)
        XCTAssertTrue(sounds.stdout.contains("Alarm Clock") && sounds.stdout.contains("Maple Leaf Rag"), sounds.stdout)
        let paths = try root.run("alarmplay sounds --json").stdout
        XCTAssertTrue(paths.contains("\"/usr/share/alarmplay/sounds/maple-leaf-rag.flac\""), paths)
        try ringsOnItsSecond(root)

        // The catalogs in /usr/share/locale. A fresh root has no generated locale; Debian 12's glibc
        // (2.36) honours LANGUAGE over C.UTF-8, Debian 13's (2.41) treats C.UTF-8 as C and ignores it.
        XCTAssertTrue(files.contains("/usr/share/locale/ko/LC_MESSAGES/alarmplay.mo"), files.joined(separator: "\n"))
        if suite == "bookworm" {
            let german = try root.run("LANGUAGE=de LANG=C.UTF-8 alarmplay --help")
            XCTAssertTrue(german.stdout.contains("BEFEHLE:"), german.stdout + german.stderr)
        }

        if checksTheSharedFiles { try checkSharedFiles(root, suite: suite, install: install) }
        try servesThePage(root)

        // What the system service would have made: remove keeps it, purge removes it too.
        XCTAssertEqual(try root.run("install -d -o alarmplay /var/lib/alarmplay && echo '{\"alarms\": []}' > /var/lib/alarmplay/alarms.json").status, 0)
        let remove = try root.run("apt-get remove -y -qq alarmplay")
        XCTAssertEqual(remove.status, 0, remove.stdout + remove.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.path + "/var/lib/alarmplay/alarms.json"), "remove keeps the alarms")
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

    private func checkSharedFiles(_ root: DebianRoot, suite: String, install: CommandResult) throws {
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

        let completion = try root.run("""
            source /usr/share/bash-completion/completions/alarmplay
            COMP_LINE="alarmplay sno"; COMP_POINT=${#COMP_LINE}; _alarmplay; echo "${COMPREPLY[*]}"
            """)
        XCTAssertEqual(completion.stdout, "snooze\n", completion.stderr)
    }

    /// `doctor` passes and an alarm rings on its second, into an ALSA file tap in the root.
    private func ringsOnItsSecond(_ root: DebianRoot) throws {
        try """
            </usr/share/alsa/alsa.conf>
            pcm.tap { type plug slave { pcm "tapfile" format S16_LE } }
            pcm.tapfile { type file slave.pcm "null" file "/tmp/ring/tap.wav" format "wav" }
            """.write(toFile: root.path + "/tmp/asound.conf", atomically: true, encoding: .utf8)
        let environment = ["XDG_STATE_HOME": "/tmp/ring/state", "XDG_CONFIG_HOME": "/tmp/ring/config", "TZ": "UTC",
                           "ALSA_CONFIG_PATH": "/tmp/asound.conf", "ALARMPLAY_SOCKET": "/tmp/ring/control.sock"]
        try FileManager.default.createDirectory(atPath: root.path + "/tmp/ring/config/alarmplay", withIntermediateDirectories: true)
        // Far enough ahead for run to start under emulation.
        let due = RunScenario.at(secondsAhead: PackageBuild.foreign ? 15 : 8)
        try "{\"alarms\": [{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"ringFor\": \"2s\", \"fadeIn\": 0}]}\n"
            .write(toFile: root.path + "/tmp/ring/config/alarmplay/alarms.json", atomically: true, encoding: .utf8)
        let run = try root.start("exec alarmplay run --device tap --no-http", environment: environment)
        XCTAssertNotNil(run.waitForLog("event=loaded", timeout: 20), run.stderr)
        // With run up, every check passes (no sound server or card here: `default` is advice only).
        let doctor = try root.run("alarmplay doctor --device tap", environment: environment)
        XCTAssertEqual(doctor.status, 0, doctor.stdout + doctor.stderr)
        XCTAssertTrue(doctor.stdout.contains("✔ device tap") && doctor.stdout.contains("The next alarm will ring."), doctor.stdout)
        XCTAssertNotNil(run.waitForLog("event=silenced id=soon", timeout: 40), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 20).status, 0, run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first, run.stderr)
        let late = try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, fired)
        let audio = try WAVReader.read(path: root.path + "/tmp/ring/tap.wav")
        XCTAssertGreaterThan(audio.interleaved.map(abs).max() ?? 0, 0.1, "the tap heard the ring")
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
