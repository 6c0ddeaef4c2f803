import AlarmCore
import AlarmRuntime
import UnitTestSupport
import XCTest

final class SystemdUnitTests: XCTestCase {
    func testUserUnit() {
        let unit = SystemdUnit(scope: .user, command: ["/usr/local/bin/alarmplay", "run"])
        XCTAssertEqual(unit.text, """
            # Written by 'alarmplay install-service'; run it again after moving the binary.
            [Unit]
            Description=alarmplay alarm clock
            After=sound.target
            # Never give up restarting: an alarm clock that stopped is silent when it matters.
            StartLimitIntervalSec=0

            [Service]
            ExecStart=/usr/local/bin/alarmplay run
            Restart=on-failure
            RestartSec=10
            # No After=time-sync.target: a Pi without a real-time clock boots with a stale time, and
            # 'run' wakes when NTP steps the clock and works out its alarms again.

            [Install]
            WantedBy=default.target

            """)
        XCTAssertEqual(SystemdUnit.path(.user, environment: Environment(["HOME": "/home/pi"])), "/home/pi/.config/systemd/user/alarmplay.service")
        XCTAssertEqual(unit.instructions(userName: "pi")[4], "  sudo loginctl enable-linger pi")
    }

    func testSystemUnitRunsAsTheUserInTheAudioGroup() {
        let unit = SystemdUnit(scope: .system(user: "pi"), command: ["/opt/alarmplay", "run", "--device", "plughw:0"])
        let service = unit.text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "[Service]" }.prefix { $0 != "" }
        XCTAssertEqual(Array(service), [
            "[Service]", "ExecStart=/opt/alarmplay run --device plughw:0", "Restart=on-failure", "RestartSec=10",
            "User=pi", "SupplementaryGroups=audio",
            "# Lets 'run' wake the machine from suspend for an alarm (CLOCK_REALTIME_ALARM).",
            "AmbientCapabilities=CAP_WAKE_ALARM",
            "# The alarm before the machine's other work: 'run' puts its loop and its ringers on real-time",
            "# scheduling (CAP_SYS_NICE), and waits on the disk before other programs do.",
            "AmbientCapabilities=CAP_SYS_NICE", "Nice=-10", "IOSchedulingClass=best-effort", "IOSchedulingPriority=0",
            "RuntimeDirectory=alarmplay",
            "Environment=ALARMPLAY_SOCKET=/run/alarmplay/control.sock",
            "# No After=time-sync.target: a Pi without a real-time clock boots with a stale time, and",
            "# 'run' wakes when NTP steps the clock and works out its alarms again.",
        ])
        XCTAssertTrue(unit.text.hasSuffix("WantedBy=multi-user.target\n"))
        XCTAssertEqual(SystemdUnit.path(.system(user: "pi"), environment: Environment([:])), "/etc/systemd/system/alarmplay.service")
    }

    func testExecStartWordsAreQuotedAndEscaped() {
        XCTAssertEqual(SystemdUnit.quote("/usr/bin/alarmplay"), "/usr/bin/alarmplay")
        XCTAssertEqual(SystemdUnit.quote("/home/pi/my alarms.json"), "\"/home/pi/my alarms.json\"")
        XCTAssertEqual(SystemdUnit.quote("100%"), "100%%")
        XCTAssertEqual(SystemdUnit.quote("$HOME"), "$$HOME")
        XCTAssertEqual(SystemdUnit.quote("a\"b\\c"), "\"a\\\"b\\\\c\"")
        XCTAssertEqual(SystemdUnit.quote(""), "\"\"")
        XCTAssertEqual(SystemdUnit.quote(";"), "\";\"")
    }
}

final class PackagedSystemdUnitTests: XCTestCase {
    func testThePackagesUserUnitRunsTheInstalledBinary() {
        let text = SystemdUnit.packaged(system: false).text
        XCTAssertTrue(text.hasPrefix(SystemdUnit.packagedHeader + "\n[Unit]\n"), text)
        XCTAssertTrue(text.contains("\nExecStart=/usr/bin/alarmplay run\n"), text)
        XCTAssertFalse(text.contains("User="), text)
        XCTAssertTrue(text.hasSuffix("\nWantedBy=default.target\n"), text)
    }

    func testThePackagesSystemUnitRunsAsTheSysusersUserWithItsAlarmsInItsHome() {
        let text = SystemdUnit.packaged(system: true).text
        for line in [
            "ExecStart=/usr/bin/alarmplay run --alarms /var/lib/alarmplay/alarms.json", "User=alarmplay",
            "SupplementaryGroups=audio", "AmbientCapabilities=CAP_WAKE_ALARM", "AmbientCapabilities=CAP_SYS_NICE", "Nice=-10",
            "StateDirectory=alarmplay",
            "WantedBy=multi-user.target",
        ] {
            XCTAssertTrue(text.contains("\n" + line + "\n"), "\(line) missing:\n\(text)")
        }
        XCTAssertEqual(SystemdUnit.sysusers, """
            u alarmplay - "alarmplay alarm clock" /var/lib/alarmplay
            m alarmplay audio

            """)
    }
}
