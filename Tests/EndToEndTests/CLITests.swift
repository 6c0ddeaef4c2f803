import AlarmCore
import XCTest

/// Help, version, usage errors and exit codes, through the real binary.
final class CLITests: XCTestCase {
    var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
    }

    override func tearDown() {
        home.remove()
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        try AlarmPlayBinary.run(arguments, environment: AlarmPlayBinary.environment(home: home))
    }

    func testHelpListsCommandsOnStdout() throws {
        for arguments in [["--help"], ["-h"], []] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.stdout.contains("USAGE: alarmplay COMMAND"), result.stdout)
            for command in ["sounds", "preview", "devices"] {
                XCTAssertTrue(result.stdout.contains("\n  \(command) "), "missing \(command)")
            }
            XCTAssertEqual(result.stderr, "")
        }
    }

    func testCommandHelpThreeWays() throws {
        let viaHelp = try run(["help", "preview"])
        let viaFlag = try run(["preview", "--help"])
        XCTAssertEqual(viaHelp.status, 0)
        XCTAssertEqual(viaFlag.status, 0)
        XCTAssertEqual(viaHelp.stdout, viaFlag.stdout)
        XCTAssertTrue(viaHelp.stdout.contains("USAGE: alarmplay preview SOUND"))
        XCTAssertTrue(viaHelp.stdout.contains("--seconds D"))
    }

    /// A plain build is the release written in version.h; scripts/version, which scripts/package builds
    /// in, adds the commit, so that each commit's package is newer than the one before, and than the
    /// release's packages (0.1.0-1).
    func testVersionIsTheReleaseAndEachCommitsVersionIsNewerThanTheOneBefore() throws {
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "alarmplay \(Version.current)\n")
        let header = try String(contentsOfFile: AlarmPlayBinary.repositoryRoot + "/Sources/CVersion/version.h", encoding: .utf8)
        XCTAssertTrue(header.contains("#define ALARMPLAY_RELEASE \"\(Version.current)\"\n"), header)
        let script = AlarmPlayBinary.repositoryRoot + "/scripts/version"
        let hasGit = FileManager.default.fileExists(atPath: AlarmPlayBinary.repositoryRoot + "/.git") && FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
        let history = hasGit ? try ChildProcess.run(["-C", AlarmPlayBinary.repositoryRoot, "rev-parse", "--verify", "-q", "HEAD~2"], environment: [:], executable: "/usr/bin/git").status : 1
        if history != 0 {
            throw XCTSkip("the tree has no git history of two commits here (scripts/trixie-build copies the files, not .git, into a root without git)")
        }
        let versions = try ["HEAD~2", "HEAD~1", "HEAD"].map { commit in
            let version = try ChildProcess.run([commit], environment: [:], executable: script)
            XCTAssertEqual(version.status, 0, version.stderr)
            return version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertTrue(versions[2].hasPrefix(Version.current + "+git"), versions[2])
        for (older, newer) in zip([Version.current + "-1"] + versions, versions) {
            let ordered = try ChildProcess.run(["--compare-versions", newer, "gt", older], environment: [:], executable: "/usr/bin/dpkg")
            XCTAssertEqual(ordered.status, 0, "\(newer) is not newer than \(older)")
        }
    }

    func testUnknownCommandSuggestsAndExits64() throws {
        let result = try run(["sound"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.first, "alarmplay: error: unknown command 'sound' (did you mean 'sounds'?)")
        XCTAssertTrue(result.stderr.contains("Usage:"))
        let option = try run(["--verison"])
        XCTAssertEqual(option.status, 64)
        XCTAssertEqual(option.stderr.split(separator: "\n").first, "alarmplay: error: unknown option '--verison' (did you mean '--version'?)")
    }

    func testUnknownOptionAndMissingValue() throws {
        let unknown = try run(["preview", "0", "--volum", "0.5"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("alarmplay: error: unknown option '--volum' (did you mean '--volume'?)"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("Usage: alarmplay preview SOUND"))
        let missing = try run(["preview", "0", "--seconds"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("missing value for '--seconds D'"), missing.stderr)
        let noSound = try run(["preview"])
        XCTAssertEqual(noSound.status, 64)
        XCTAssertTrue(noSound.stderr.contains("missing argument SOUND"))
    }

    /// One rule for every command: a value the command cannot take is bad data (65), said as
    /// `NAME: problem` with where to read about it; a command line of the wrong shape is a usage error (64).
    func testABadValueExits65AlikeInEveryCommand() throws {
        XCTAssertEqual(try run(["add", "07:00", "--label", "w"]).status, 0)
        for (arguments, message) in [
            (["add", "25:00"], "TIME: hour 25 out of range (00-23)"),
            (["shift", "w", "25:00"], "TIME: hour 25 out of range (00-23)"),
            (["shift", "w", "--by", "10x"], "--by: invalid duration \"10x\""),
            (["pause", "--until", "24.12.2026"], "--until: invalid date \"24.12.2026\" (expected YYYY-MM-DD)"),
            (["preview", "1", "--volume", "2"], "--volume: a number from 0 to 1, not 2"),
            (["preview", "0", "--seconds", "soon"], "--seconds: invalid duration \"soon\""),
            (["timer", "10x"], "DURATION: invalid duration \"10x\""),
            (["next", "--count", "0"], "--count: a whole number from 1 to 100000, not \"0\""),
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 65, "\(arguments): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.first?.hasPrefix("alarmplay: error: " + message) == true, "\(arguments): \(result.stderr)")
            XCTAssertEqual(lines.dropFirst(), ["  See 'alarmplay help \(arguments[0])'."], "\(arguments)")
        }
        let forgotten = try run(["add", "7:00", "--days", "--label", "x"])
        XCTAssertEqual(forgotten.status, 64)
        XCTAssertTrue(forgotten.stderr.hasPrefix("alarmplay: error: missing value for '--days DAYS'\nUsage: alarmplay add"), forgotten.stderr)
    }

    func testDevicesListsNullAndPulse() throws {
        let result = try run(["devices"])
        XCTAssertEqual(result.status, 0)
        let names = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        XCTAssertTrue(names.contains("null"), result.stdout)
        XCTAssertTrue(names.contains("pulse"), result.stdout)
    }
}
