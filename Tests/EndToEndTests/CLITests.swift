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

    /// The binary and the scripts (the package's file name) read the same one version.
    func testVersionIsTheOneInVersionSwift() throws {
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "alarmplay \(Version.current)\n")
        let script = try ChildProcess.run([], environment: [:], executable: AlarmPlayBinary.repositoryRoot + "/scripts/version")
        XCTAssertEqual(script.status, 0, script.stderr)
        XCTAssertEqual(script.stdout, Version.current + "\n")
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

    func testBadNumbersAreUsageErrors() throws {
        let loud = try run(["preview", "0", "--volume", "1.5"])
        XCTAssertEqual(loud.status, 64)
        XCTAssertTrue(loud.stderr.contains("--volume must be between 0 and 1, got 1.5"), loud.stderr)
        let word = try run(["preview", "0", "--seconds", "soon"])
        XCTAssertEqual(word.status, 64)
        XCTAssertTrue(word.stderr.contains("--seconds: invalid duration \"soon\""), word.stderr)
    }

    func testDevicesListsNullAndPulse() throws {
        let result = try run(["devices"])
        XCTAssertEqual(result.status, 0)
        let names = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        XCTAssertTrue(names.contains("null"), result.stdout)
        XCTAssertTrue(names.contains("pulse"), result.stdout)
    }
}
