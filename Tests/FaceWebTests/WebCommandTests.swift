import AlarmCore
@testable import FaceWeb
import XCTest

/// What the page's requests ask of the core, and what the page may not ask whatever its token.
final class WebCommandTests: XCTestCase {
    private func add(_ body: String) -> Result<ControlRequest, WebError> {
        Result { () throws(WebError) in
            try WebFace.command(.addAlarm, HTTPRequest(method: "POST", path: "/api/alarms", body: Array(body.utf8)))
        }
    }

    /// A calendar by a file or an address is refused like a hook (403, the field named): the token
    /// would read any file `run` can (its problems said what it held) or reach any server.
    func testThePageNamesCalendarsOnlyByTheirNames() throws {
        let refused = [
            (#"{"time": "07:00", "days": "daily", "skipDays": ["/home/u/.netrc"]}"#, "skipDays"),
            (#"{"time": "07:00", "days": "daily", "skipDays": ["holidays", "http://127.0.0.1:8080/secret"]}"#, "skipDays"),
            (#"{"days": "daily", "fromCalendar": {"calendar": "../mqtt-password.txt"}}"#, "fromCalendar"),
            (#"{"days": "daily", "fromCalendar": {"calendar": "https://intranet/feed.ics"}}"#, "fromCalendar"),
        ]
        for (body, field) in refused {
            guard case let .failure(error) = add(body) else { return XCTFail("accepted: \(body)") }
            XCTAssertEqual(error.response.status, 403, body)
            let text = String(decoding: error.response.body, as: UTF8.self)
            XCTAssertTrue(text.contains(#""field": "\#(field)""#) && text.contains("only in the alarms file itself"), text)
        }
        guard case let .success(.addAlarm(changes)) = add(#"{"time": "07:00", "days": "daily", "skipDays": ["holidays"], "label": "x"}"#) else {
            return XCTFail("a name is refused")
        }
        XCTAssertEqual(changes.values["skipDays"], ["holidays"])
    }
}
