import Foundation
import XCTest

@testable import AlarmCore
import UnitTestSupport

/// The parts of translation that are pure: placeholders, the English fallback when no catalog
/// is bound (the test runner's C locale), and the twelve-hour clock; and a Localizer speaking
/// German from a catalog msgfmt compiles here, on its thread only and only inside.
final class MessagesTests: XCTestCase {
    func testPlaceholdersInOnePass() {
        XCTAssertEqual("{b} then {a}".filling(["a": "1", "b": "2"]), "2 then 1")
        XCTAssertEqual("no alarm \"{id}\"".filling(["id": "{id}"]), "no alarm \"{id}\"", "a value is never read as a placeholder")
        XCTAssertEqual("{\"alarms\": []} {x}".filling(["x": "y"]), "{\"alarms\": []} y", "other braces stay")
        XCTAssertEqual("{unknown} {".filling(["x": "y"]), "{unknown} {")
    }

    func testEnglishWithoutACatalog() {
        XCTAssertEqual(tr("OVERVIEW: {text}", ["text": "x"]), "OVERVIEW: x")
        XCTAssertEqual(trn("{path}: {n} problem", "{path}: {n} problems", 1, ["path": "a.json"]), "a.json: 1 problem")
        XCTAssertEqual(trn("{path}: {n} problem", "{path}: {n} problems", 3, ["path": "a.json"]), "a.json: 3 problems")
        XCTAssertEqual(trc("weekday", "Mon"), "Mon")
        XCTAssertEqual(TimeFormat.relative(from: 0, to: 84_600), "in 23h 30m")
        XCTAssertEqual(TimeFormat.relative(from: 90, to: 0), "1m 30s ago")
    }

    func testTwelveHourClock() throws {
        let clock = ClockStyle(halves: ("AM", "PM"))
        let times = try ["00:00", "07:05", "12:05", "23:59:30"].map { try TimeOfDay(parsing: $0) }
        XCTAssertEqual(times.map { clock.text($0) }, ["12:00 AM", "7:05 AM", "12:05 PM", "11:59:30 PM"])
        XCTAssertEqual(times.map { ClockStyle.twentyFourHour.text($0) }, ["00:00", "07:05", "12:05", "23:59:30"])
        XCTAssertEqual(ClockStyle.twentyFourHour.text(times[1], seconds: true), "07:05:00")
    }

    func testALocalizerSpeaksOnlyInsideAndAMessageItsCatalogLacksStaysEnglish() throws {
        let catalog = try TestCatalog(german: [("ringing {duration}", "klingelt seit {duration}")])
        defer { catalog.remove() }

        let german = try XCTUnwrap(Localizer("de_DE.UTF-8"), "setup --test generates de_DE.UTF-8")
        XCTAssertEqual(german.speaking { tr("ringing {duration}", ["duration": "0:07"]) }, "klingelt seit 0:07")
        XCTAssertEqual(german.speaking { tr("[no sound device: bell]") }, "[no sound device: bell]", "not in this catalog: English")
        XCTAssertEqual(tr("ringing {duration}", ["duration": "0:07"]), "ringing 0:07", "outside: the process's C locale")
        XCTAssertEqual(Localizer("C")?.speaking { tr("ringing {duration}", ["duration": "0:07"]) }, "ringing 0:07")
        XCTAssertNil(Localizer("xx_NOWHERE.UTF-8"), "a locale that is not installed")
    }
}
