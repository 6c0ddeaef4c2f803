import AlarmCore
import AlarmCLI
import UnitTestSupport
import XCTest

final class ArgumentParserTests: XCTestCase {
    private let spec = CommandSpec(
        name: "preview", abstract: "Plays a sound.",
        arguments: [ArgumentSpec("SOUND", help: "The sound."), ArgumentSpec("SECONDS", optional: true, help: "How long.")],
        options: [
            .value("volume", "LEVEL", help: "Volume."),
            .value("device", "PCM", short: "D", help: "ALSA device."),
            .value("sounds", "DIR", repeatable: true, help: "Sound folders."),
            .flag("json", help: "JSON output."),
            .flag("quiet", short: "q", help: "Less output."),
        ])

    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, spec: spec)
    }

    private func message(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            XCTAssertEqual(error.command, "preview")
            XCTAssertEqual(error.exitCode, .usage)
            return error.message
        }
    }

    func testFlagsValuesAndPositionalsInAnyOrder() throws {
        let parsed = try parse(["--json", "beep", "--volume", "0.5", "-D", "pulse", "3", "-q"])
        XCTAssertEqual(parsed.positionals, ["beep", "3"])
        XCTAssertEqual(parsed.value("volume"), "0.5")
        XCTAssertEqual(parsed.value("device"), "pulse")
        XCTAssertEqual(parsed.flags, ["json", "quiet"])
        XCTAssertTrue(parsed.flag("json"))
        XCTAssertFalse(parsed.flag("help"))
        XCTAssertEqual(parsed.positional(1), "3")
        XCTAssertNil(parsed.positional(2))
    }

    func testEqualsFormAndEmptyValue() throws {
        let parsed = try parse(["--volume=0.25", "--device=plughw:1,0", "--sounds=", "beep"])
        XCTAssertEqual(parsed.value("volume"), "0.25")
        XCTAssertEqual(parsed.value("device"), "plughw:1,0")
        XCTAssertEqual(parsed.all("sounds"), [""])
        XCTAssertEqual(try parse(["--device=a=b", "beep"]).value("device"), "a=b", "only the first = splits")
    }

    func testRepeatableOptionsCollectEveryValueInOrder() throws {
        let parsed = try parse(["--sounds", "/a", "beep", "--sounds=/b", "--sounds", "/c"])
        XCTAssertEqual(parsed.all("sounds"), ["/a", "/b", "/c"])
        XCTAssertEqual(parsed.value("sounds"), "/c")
        XCTAssertEqual(parsed.all("volume"), [])
    }

    func testAnOptionThatIsNotRepeatableOnlyOnce() {
        XCTAssertEqual(message(["--volume", "1", "--volume", "2", "beep"]), "option '--volume' given more than once")
    }

    func testUnknownOptionsSuggestTheClosest() {
        XCTAssertEqual(message(["--volum", "1", "beep"]), "unknown option '--volum' (did you mean '--volume'?)")
        XCTAssertEqual(message(["--devcie=pulse", "beep"]), "unknown option '--devcie' (did you mean '--device'?)")
        XCTAssertEqual(message(["--frobnicate", "beep"]), "unknown option '--frobnicate'")
        XCTAssertEqual(message(["-z", "beep"]), "unknown option '-z'")
        XCTAssertEqual(message(["-qD", "beep"]), "unknown option '-qD'")
    }

    func testMissingValuesAndFlagsWithValues() {
        XCTAssertEqual(message(["beep", "--volume"]), "missing value for '--volume LEVEL'")
        XCTAssertEqual(message(["beep", "-D"]), "missing value for '--device PCM'")
        XCTAssertEqual(message(["beep", "--json=yes"]), "option '--json' takes no value")
    }

    /// A forgotten value is said where it is missing, not as a stray word further on.
    func testAnOptionIsNotTakenAsTheValueBeforeIt() throws {
        XCTAssertEqual(message(["beep", "--volume", "--device", "pulse"]), "missing value for '--volume LEVEL'")
        XCTAssertEqual(message(["beep", "--device", "--json"]), "missing value for '--device PCM'")
        XCTAssertEqual(try parse(["beep", "--device=--odd"]).value("device"), "--odd")
        XCTAssertEqual(try parse(["beep", "--volume", "-0.5"]).value("volume"), "-0.5")
        XCTAssertEqual(try parse(["beep", "--device", "-"]).value("device"), "-")
    }

    func testArgumentCounts() {
        XCTAssertEqual(message([]), "missing argument SOUND")
        XCTAssertEqual(message(["beep", "3", "extra"]), "unexpected argument 'extra'")
        XCTAssertNil(message(["beep"]), "the second argument is optional")
    }

    /// `-5` and `-0.5` are numbers, not options, whether positional or an option's value.
    func testNegativeNumbersArePositionalsOrValues() throws {
        let parsed = try parse(["beep", "-5", "--volume", "-0.5"])
        XCTAssertEqual(parsed.positionals, ["beep", "-5"])
        XCTAssertEqual(parsed.value("volume"), "-0.5")
        XCTAssertEqual(try parse(["-1e3", "beep"]).positionals, ["-1e3", "beep"])
        XCTAssertEqual(try parse(["-", "beep"]).positionals, ["-", "beep"], "a lone dash is stdin, a positional")
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try parse(["--json", "--", "--volume", "-q"])
        XCTAssertEqual(parsed.positionals, ["--volume", "-q"])
        XCTAssertEqual(parsed.flags, ["json"])
        XCTAssertNil(parsed.value("volume"))
        XCTAssertEqual(try parse(["--", "--", "x"]).positionals, ["--", "x"], "only the first -- is special")
    }

    func testHelpNeedsNoArguments() throws {
        XCTAssertTrue(try parse(["-h"]).flag("help"))
        XCTAssertTrue(try parse(["--help", "a", "b", "c"]).flag("help"))
    }

    func testNumericOptions() throws {
        let parsed = try parse(["beep", "--volume", "1.5"])
        XCTAssertThrowsError(try parsed.number("volume", in: 0...1)) {
            XCTAssertEqual(($0 as? BadValue)?.description, "--volume: a number from 0 to 1, not 1.5")
            XCTAssertEqual(($0 as? BadValue)?.exitCode, .dataError)
        }
        XCTAssertEqual(try parsed.number("volume"), 1.5)
        XCTAssertThrowsError(try parse(["beep", "--volume", "loud"]).number("volume")) {
            XCTAssertEqual(($0 as? BadValue)?.description, "--volume: a number, not \"loud\"")
        }
        XCTAssertThrowsError(try parse(["beep", "--volume", "nan"]).number("volume"))
    }
}
