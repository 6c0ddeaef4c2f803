import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

/// What `run` makes once and faces read in their own language: a reply and a preflight problem
/// are worded when read, so in English in `run`'s `C` (the log, the socket, `--json`) and in
/// German inside a German Localizer (the terminal).
final class PhraseTests: XCTestCase {
    func testWordedWhenReadInTheReadersLanguage() throws {
        let catalog = try TestCatalog(german: [
            ("snoozed {id} until {time}", "{id} schlummert bis {time}"), ("stopped {ids}", "{ids} beendet"),
            ("nothing is ringing", "es klingelt nichts"), ("clock: {reason}", "Uhr: {reason}"),
            ("not synchronised (the kernel says so: no NTP yet, the time may be off)", "nicht synchronisiert"),
            ("cannot open audio device \"{device}\": {reason}", "Audiogerät \"{device}\" lässt sich nicht öffnen: {reason}"),
        ])
        defer { catalog.remove() }
        let german = try XCTUnwrap(Localizer("de_DE.UTF-8"))

        let reply = CommandResult.done(Phrase([Phrase("snoozed {id} until {time}", ["id": "work", "time": "07:39"]),
                                               Phrase("stopped {ids}", ["ids": "tea"])]))
        XCTAssertEqual(reply.line, "ok: snoozed work until 07:39; stopped tea")
        XCTAssertEqual(german.speaking { reply.line }, "ok: work schlummert bis 07:39; tea beendet")
        let refused = CommandResult.refused(ScheduleModel.nothingRings)
        XCTAssertEqual(refused.line, "error conflict: nothing is ringing")
        XCTAssertEqual(german.speaking { refused.line }, "error conflict: es klingelt nichts")
        XCTAssertEqual(german.speaking { Phrase(verbatim: "nothing is ringing").description }, "nothing is ringing", "verbatim: never looked up")

        let clock = PreflightProblem(.clock, Phrase("not synchronised (the kernel says so: no NTP yet, the time may be off)"))
        XCTAssertEqual(clock.description, "clock: not synchronised (the kernel says so: no NTP yet, the time may be off)")
        XCTAssertEqual(german.speaking { clock.description }, "Uhr: nicht synchronisiert")
        let device = PreflightProblem(.device("tap"), Phrase(describing: ALSAError(kind: .open, device: "tap", code: -2, reason: "No such device")))
        XCTAssertEqual(device.description, "cannot open audio device \"tap\": No such device")
        XCTAssertEqual(german.speaking { device.description }, "Audiogerät \"tap\" lässt sich nicht öffnen: No such device", "the error is worded when read too")
    }
}
