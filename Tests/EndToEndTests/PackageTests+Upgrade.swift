import Foundation
import XCTest

/// Installing this package over an older commit's (`PackageBuild.upgradeFrom`), in a fresh Debian 13
/// root, as `apt-get install ./…` does on a Pi: what the system service made in /var/lib/alarmplay
/// stays byte for byte, and a running service is restarted with the new binary once its files are in
/// place, so an alarm due in the minute after the upgrade rings on its second.
///
/// systemd cannot run in a chroot. Its part is played by a stand-in for `deb-systemd-invoke`, the
/// command the maintainer scripts call (Fixtures/package/deb-systemd-invoke): it stops and starts the
/// unit's ExecStart= as systemd would (SIGTERM; the command as the unit's User=) and logs each call
/// with the binary installed at that moment. dpkg, apt, the maintainer scripts and both binaries are
/// the real ones; that systemd itself honours the unit is `systemd-analyze verify`'s part (PackageTests).
extension PackageTests {
    func testAnUpgradeKeepsTheServicesAlarmsStateTokenAndSoundsByteForByte() throws {
        let root = try upgradeRoot()
        defer { root.remove() }
        XCTAssertEqual(try root.run("install -d -o alarmplay -g alarmplay /var/lib/alarmplay").status, 0)
        let pausedUntil = RunScenario.at(secondsAhead: 30 * 86_400).json.components(separatedBy: "\"")[7]
        for command in ["add 6:30 --days weekdays --id work --label Work", "add 9:00 --days sat,sun --id weekend",
                        "skip work", "pause --until \(pausedUntil)"] {
            let made = try root.run(Self.asService + command + " --alarms /var/lib/alarmplay/alarms.json")
            XCTAssertEqual(made.status, 0, command + ": " + made.stdout + made.stderr)
        }
        // The service's run makes its state and the page's token; a sound is uploaded through the page.
        let run = try root.start("exec " + Self.asService + "run --alarms /var/lib/alarmplay/alarms.json --http 127.0.0.1:0")
        let client = try WebClient(run: run, tokenFile: root.path + Self.stateFolder + "/http-token")
        let upload = try client.send("POST", "/api/sounds?name=rooster.wav", file: AlarmPlayBinary.fixtures + "/sounds/tone-440.wav")
        XCTAssertEqual(upload.status, 201, upload.body)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 20).status, 0, run.stderr)
        let before = try Self.contents(of: "/var/lib/alarmplay", in: root)
        for file in ["alarms.json", ".local/state/alarmplay/state.json", ".local/state/alarmplay/http-token"] {
            XCTAssertNotNil(before[file], "\(file) was not made: \(before.keys.sorted())")
        }
        XCTAssertTrue(before.keys.contains { $0.hasSuffix("rooster.wav") }, "\(before.keys.sorted())")

        let upgrade = try root.install(build.deb)
        XCTAssertEqual(upgrade.status, 0, upgrade.stdout + upgrade.stderr)
        XCTAssertEqual(try Self.contents(of: "/var/lib/alarmplay", in: root), before, "an upgrade changed /var/lib/alarmplay")
        let next = try root.run(Self.asService + "list --alarms /var/lib/alarmplay/alarms.json")
        XCTAssertTrue(next.stdout.contains("work") && next.stdout.contains(pausedUntil), "the new binary reads them: \(next.stdout)")
        let removed = try root.run("apt-get remove -y -qq alarmplay")
        XCTAssertEqual(removed.status, 0, removed.stdout + removed.stderr)
        XCTAssertEqual(try Self.contents(of: "/var/lib/alarmplay", in: root), before, "remove changed /var/lib/alarmplay")
    }

    func testAnUpgradeRestartsARunningServiceOnceItsFilesAreInPlaceAndItRingsTheMinuteAfter() throws {
        let root = try upgradeRoot()
        defer {
            _ = try? root.run("deb-systemd-invoke stop alarmplay.service")
            root.remove()
        }
        // The stand-in in place of deb-systemd-invoke, and the directory by which the maintainer
        // scripts know that systemd runs; a drop-in as `systemctl edit` writes it picks the device.
        let standIn = AlarmPlayBinary.repositoryRoot + "/Tests/Fixtures/package/deb-systemd-invoke"
        let setUp = try root.run("""
            dpkg-divert --quiet --local --rename --add /usr/bin/deb-systemd-invoke
            mkdir -p /run/systemd/system /etc/systemd/system/alarmplay.service.d /etc/alarmplay-test
            printf '%s\\n' '[Service]' 'ExecStart=' \
                'ExecStart=/usr/bin/alarmplay run --alarms /var/lib/alarmplay/alarms.json --device tap --no-http' \
                'Environment=ALSA_CONFIG_PATH=/etc/alarmplay-test/asound.conf TZ=UTC' >/etc/systemd/system/alarmplay.service.d/device.conf
            printf '%s\\n' '</usr/share/alsa/alsa.conf>' 'pcm.tap { type plug slave { pcm "tapfile" format S16_LE } }' \
                'pcm.tapfile { type file slave.pcm "null" file "/var/lib/alarmplay/tap.wav" format "wav" }' >/etc/alarmplay-test/asound.conf
            """)
        XCTAssertEqual(setUp.status, 0, setUp.stdout + setUp.stderr)
        try FileManager.default.copyItem(atPath: standIn, toPath: root.path + "/usr/bin/deb-systemd-invoke")
        XCTAssertEqual(try root.run("install -d -o alarmplay -g alarmplay /var/lib/alarmplay").status, 0)
        let due = RunScenario.at(secondsAhead: 45)
        try "{\"alarms\": [{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"ringFor\": \"2s\", \"fadeIn\": 0}]}\n"
            .write(toFile: root.path + "/var/lib/alarmplay/alarms.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try root.run("chown alarmplay: /var/lib/alarmplay/alarms.json && deb-systemd-invoke start alarmplay.service").status, 0)
        let log = root.path + "/var/log/alarmplay.log"
        XCTAssertTrue(wait(until: 20) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("event=loaded") },
                      "the older service did not start")
        let older = try root.run("alarmplay --version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let upgrade = try root.install(build.deb)
        XCTAssertEqual(upgrade.status, 0, upgrade.stdout + upgrade.stderr)
        XCTAssertLessThan(Date(), due.date, "the upgrade took until the alarm was due; nothing left to check")
        let newer = try root.run("alarmplay --version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotEqual(newer, older)
        // A reinstall runs this package's own prerm with "upgrade": it must not stop the service either.
        let reinstall = try root.run("cd /tmp && apt-get install -y -qq --reinstall ./" + (build.deb as NSString).lastPathComponent)
        XCTAssertEqual(reinstall.status, 0, reinstall.stdout + reinstall.stderr)
        let calls = try String(contentsOfFile: root.path + "/var/log/service-manager.log", encoding: .utf8)
        XCTAssertEqual(calls, "start \(older)\ntry-restart \(newer)\ntry-restart \(newer)\n",
                       "told to stop only by a restart, and only once the new binary is in place")

        XCTAssertTrue(wait(until: 80) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("event=silenced id=soon") },
                      (try? String(contentsOfFile: log, encoding: .utf8)) ?? "no log")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let lastStart = try XCTUnwrap(text.components(separatedBy: "service-manager: starting ").last)
        XCTAssertTrue(lastStart.hasPrefix(newer), "the ring came from the service started last, with the new binary: \(text)")
        let fired = lastStart.split(separator: "\n").filter { $0.contains("event=fired id=soon") }
        XCTAssertEqual(fired.count, 1, text)
        let late = try XCTUnwrap(fired.first?.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, text)
    }

    /// `alarmplay` as the system service runs it: its user, its home.
    static let asService = "setpriv --reuid alarmplay --regid alarmplay --init-groups env HOME=/var/lib/alarmplay TZ=UTC alarmplay "
    static let stateFolder = "/var/lib/alarmplay/.local/state/alarmplay"

    /// A fresh Debian 13 root with the older package installed.
    private func upgradeRoot() throws -> DebianRoot {
        try requireMount("chroot into a fresh Debian 13 root")
        guard !PackageBuild.foreign else {
            throw XCTSkip("the upgrade is tested with this machine's package: the maintainer scripts are the same files for every architecture")
        }
        let older = try build.olderDeb.get()
        let root = try DebianRoot(tar: try XCTUnwrap(build.rootTars["trixie"]), at: build.directory + "/root-upgrade")
        let install = try root.install(older)
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)
        let versions = try [older, build.deb].map { try DebianRoot.host(["/usr/bin/dpkg-deb", "-f", $0, "Version"]).stdout }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let ordered = try ChildProcess.run(["--compare-versions", versions[1], "gt", versions[0]], environment: [:], executable: "/usr/bin/dpkg")
        XCTAssertEqual(ordered.status, 0, "\(versions[1]) is not newer than \(versions[0])")
        return root
    }

    /// Every file under `folder` in the root: its mode, owner and SHA-256, by path.
    static func contents(of folder: String, in root: DebianRoot) throws -> [String: String] {
        let listing = try root.run("cd \(folder) && find . -type f -printf '%P %m %u:%g ' -exec sha256sum {} \\;").stdout
        var files: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            let words = line.split(separator: " ")
            files[String(words[0])] = words.dropFirst().dropLast().joined(separator: " ")
        }
        return files
    }
}
