import XCTest

@testable import AlarmCore
@testable import AlarmCLI
import UnitTestSupport

/// `alarmplay sleep`'s arguments: what it asks `run` for, and the located line for what is wrong.
final class SleepCommandTests: XCTestCase {
    private func request(_ arguments: [String]) throws -> ControlRequest {
        try SleepCommand.request(ArgumentParser.parse(arguments, spec: SleepCommand.spec))
    }

    private func usage(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try request(arguments)
            XCTFail("accepted \(arguments)", file: file, line: line)
            return nil
        } catch let error as UsageError {
            XCTAssertEqual(error.exitCode, .usage, file: file, line: line)
            return error.message
        } catch let error as BadValue {
            XCTAssertEqual(error.exitCode, .dataError, file: file, line: line)
            return error.description
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testStartsStopsOrAsksForTheTimeLeft() throws {
        XCTAssertEqual(try request(["30m"]), .startSleep(SleepRequest(seconds: 1800)))
        XCTAssertEqual(try request(["1h", "file:rain,tone:melody", "--fade", "10m", "--volume", "0.3"]),
                       .startSleep(SleepRequest(seconds: 3600, sound: "file:rain,tone:melody", volume: 0.3, fadeSeconds: 600)))
        XCTAssertEqual(try request(["45m", "2"]), .startSleep(SleepRequest(seconds: 2700, sound: "2")))
        XCTAssertEqual(try request(["--stop"]), .stopSleep)
        XCTAssertEqual(try request([]), .status)
        XCTAssertEqual(try request(["status", "--json"]), .status)
    }

    func testBadArgumentsSayWhichOneAndWhy() {
        XCTAssertEqual(usage(["3x"]), "DURATION: invalid duration \"3x\" (use e.g. \"30s\", \"9m\", \"1h30m\" or \"1:30\")")
        XCTAssertEqual(usage(["1:75"]), "DURATION: invalid duration \"1:75\" (minutes and seconds go up to 59)")
        XCTAssertEqual(usage(["0"]), "DURATION: duration must be from 1s to 24h")
        XCTAssertEqual(usage(["25h"]), "DURATION: duration must be from 1s to 24h")
        XCTAssertEqual(usage(["10m", "--fade", "20m"]), "--fade: fade must be from 0s to the duration (10m)")
        XCTAssertEqual(usage(["10m", "--fade", "soon"])?.hasPrefix("--fade: invalid duration \"soon\""), true)
        XCTAssertEqual(usage(["10m", "--volume", "2"]), "--volume: a number from 0 to 1, not 2")
        XCTAssertEqual(usage(["10m", ""]), "SOUND: sound must name a sound: an index or a name from 'alarmplay sounds'")
        XCTAssertEqual(usage(["--stop", "10m"]), "--stop takes no DURATION, SOUND, --fade or --volume")
        XCTAssertEqual(usage(["--volume", "0.2"]), "give a DURATION first, e.g. 'alarmplay sleep 30m'")
    }
}
