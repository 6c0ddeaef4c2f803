@testable import AlarmCore
@testable import AlarmRuntime
import XCTest

/// The socket's reply lines, as `run` writes them and the CLI reads them back.
final class ControlReplyTests: XCTestCase {
    func testEachKindTravelsAsAWordAndComesBack() {
        let kinds: [Refusal.Kind] = [.notFound, .conflict, .invalid([]), .unavailable, .unsupported, .failed]
        for kind in kinds {
            let line = CommandResult.refused(Refusal(kind, "no")).line
            XCTAssertEqual(ControlReply(line), .refused(kind, "no"), line)
        }
        XCTAssertEqual(CommandResult.refused(Refusal(.notFound, "no alarm \"x\"")).line, "error not_found: no alarm \"x\"")
    }

    func testDoneValuesAndOldRefusals() {
        XCTAssertEqual(ControlReply(CommandResult.done(Phrase(verbatim: "snoozed wake: until 07:09")).line), .done("snoozed wake: until 07:09"))
        XCTAssertEqual(ControlReply("{\"ringing\": []}"), .value("{\"ringing\": []}"))
        XCTAssertEqual(ControlReply("error: nothing is ringing"), .refused(nil, "nothing is ringing"), "a run older than the kind word")
        XCTAssertEqual(ControlReply("error bogus: words"), .refused(nil, "words"))
    }
}
