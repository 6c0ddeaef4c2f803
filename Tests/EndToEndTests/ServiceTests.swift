import Foundation
import XCTest

/// `install-service`: the unit it prints or writes passes `systemd-analyze verify`, which
/// works here as root without a running systemd: plainly for a system unit, and with
/// `--user` given an `XDG_RUNTIME_DIR` for a user unit.
final class ServiceTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        home = try TemporaryDirectory("alarmplay-service")
        environment = AlarmPlayBinary.environment(home: home)
        try FileManager.default.createDirectory(atPath: home.file("runtime"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() {
        home.remove()
    }

    /// Exit status and stderr of `systemd-analyze [--user] verify UNIT`; empty stderr means no warnings either.
    private func verify(_ unitPath: String, user: Bool) throws -> (status: Int32, stderr: String) {
        let result = try ChildProcess.run(
            (user ? ["--user"] : []) + ["verify", unitPath], environment: environment, executable: "/usr/bin/systemd-analyze")
        return (result.status, result.stderr)
    }

    private var executable: String {
        URL(fileURLWithPath: AlarmPlayBinary.path).resolvingSymlinksInPath().path
    }

    func testPrintedUserUnitPassesVerify() throws {
        let result = try ChildProcess.run(["install-service", "--print", "--alarms", "my alarms.json", "--device", "plughw:0"], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertTrue(
            result.stdout.contains("\nExecStart=\(executable) run --alarms \"\(cwd)/my alarms.json\" --device plughw:0\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nRestart=on-failure\n"))
        XCTAssertTrue(result.stdout.hasSuffix("\nWantedBy=default.target\n"))
        try home.write("unit/alarmplay.service", result.stdout)
        let verified = try verify(home.file("unit/alarmplay.service"), user: true)
        XCTAssertEqual(verified.status, 0, verified.stderr)
        XCTAssertEqual(verified.stderr, "")
    }

    func testThePageOptionsPassIntoTheUnit() throws {
        let lan = try ChildProcess.run(["install-service", "--print", "--http", "0.0.0.0:8137"], environment: environment)
        XCTAssertEqual(lan.status, 0, lan.stderr)
        XCTAssertTrue(lan.stdout.contains("\nExecStart=\(executable) run --http 0.0.0.0:8137\n"), lan.stdout)
        let off = try ChildProcess.run(["install-service", "--print", "--no-http"], environment: environment)
        XCTAssertTrue(off.stdout.contains("\nExecStart=\(executable) run --no-http\n"), off.stdout)
        let bad = try ChildProcess.run(["install-service", "--print", "--http", "8137"], environment: environment)
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.stderr.contains("--http: ADDRESS:PORT"), bad.stderr)
    }

    func testPrintedSystemUnitPassesVerify() throws {
        let user = ProcessInfo.processInfo.userName
        var sudo = environment
        sudo["SUDO_USER"] = user
        let result = try ChildProcess.run(["install-service", "--system", "--print"], environment: sudo)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\nUser=\(user)\nSupplementaryGroups=audio\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nAmbientCapabilities=CAP_WAKE_ALARM\n"), "a system service may wake the machine")
        XCTAssertTrue(result.stdout.hasSuffix("\nWantedBy=multi-user.target\n"))
        try home.write("unit/alarmplay.service", result.stdout)
        let verified = try verify(home.file("unit/alarmplay.service"), user: false)
        XCTAssertEqual(verified.status, 0, verified.stderr)
        XCTAssertEqual(verified.stderr, "")
    }

    func testEveryDeviceGoesIntoTheUnitInOrder() throws {
        let result = try ChildProcess.run(["install-service", "--print", "--device", "default", "--device", "plughw:CARD=Headphones"],
                                          environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(" run --device default --device plughw:CARD=Headphones"), result.stdout)
    }

    func testVerifyCatchesABrokenUnit() throws {
        try home.write("unit/alarmplay.service", "[Service]\nExecStart=/nonexistent/alarmplay run\n")
        XCTAssertNotEqual(try verify(home.file("unit/alarmplay.service"), user: false).status, 0)
    }

    /// The units the package ships (`_generate user-unit`, `system-unit`) pass verify too, with
    /// ExecStart pointed at this build, as /usr/bin/alarmplay is not installed here.
    func testThePackagesUnitsPassVerify() throws {
        for (name, user) in [("user-unit", true), ("system-unit", false)] {
            let result = try ChildProcess.run(["_generate", name], environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("\nExecStart=/usr/bin/alarmplay run"), result.stdout)
            try home.write("\(name)/alarmplay.service", result.stdout.replacingOccurrences(of: "/usr/bin/alarmplay", with: executable))
            let verified = try verify(home.file("\(name)/alarmplay.service"), user: user)
            XCTAssertEqual(verified.status, 0, verified.stderr)
            XCTAssertEqual(verified.stderr, "", name)
        }
    }

    func testWritesTheUserUnitAndSaysHowToEnableIt() throws {
        var named = environment
        named["USER"] = "pi"
        let result = try ChildProcess.run(["install-service"], environment: named)
        XCTAssertEqual(result.status, 0, result.stderr)
        let path = home.file("config/systemd/user/alarmplay.service")
        XCTAssertEqual(result.stdout, """
            wrote \(path)
            Start it now and at every login:
              systemctl --user daemon-reload
              systemctl --user enable --now alarmplay.service
            Start it at boot without logging in (a headless Pi):
              sudo loginctl enable-linger pi
            Follow its log:
              journalctl --user -u alarmplay -f

            """)
        let printed = try ChildProcess.run(["install-service", "--print"], environment: named)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), printed.stdout)
        XCTAssertEqual(try verify(path, user: true).status, 0)
    }

    func testUserAndSystemTogetherIsAUsageError() throws {
        let result = try ChildProcess.run(["install-service", "--user", "--system"], environment: environment)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("alarmplay: error: --user and --system cannot be used together\n"), result.stderr)
    }
}
