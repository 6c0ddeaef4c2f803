@testable import AlarmCore
import UnitTestSupport
import XCTest

final class NewTextTests: XCTestCase {
    private func changes(_ values: [String: String]) -> AlarmChanges {
        var changes = AlarmChanges()
        for (key, value) in values { changes.set(key, .string(value)) }
        return changes
    }

    func testAnIdEveryFaceCouldNotAddressIsRefusedWhenWritten() {
        XCTAssertNotNil(NewText.problem("a/b", as: "id"))
        XCTAssertNil(NewText.problem("a/b", as: "label"), "a slash is fine in a label")
        XCTAssertNil(NewText.problem("früh-06h45", as: "id"))
        XCTAssertNotNil(NewText.problem("a\u{7}b", as: "label"))
        XCTAssertNotNil(NewText.problem("gym\u{202E}txt.exe", as: "label"))
        XCTAssertNotNil(NewText.problem("x\u{2067}y", as: "id"))
    }

    /// The page's URLs normalise `.` and `..` away: such an alarm could be added, never changed or deleted there.
    func testDotAndDotDotAreNoIds() throws {
        let file = try AlarmFile.parse("{\"alarms\": [{\"id\": \"work\", \"time\": \"06:45\"}]}", path: "alarms.json", sounds: nil)
        for id in [".", ".."] {
            XCTAssertThrowsError(try AlarmFileEdits.add(changes(["time": "07:00", "id": id]), to: file)) { error in
                XCTAssertEqual((error as? AlarmEditRejected)?.problems,
                               [.init(key: "id", message: "an id cannot be \"\(id)\" (the page's addresses read it as a folder)")])
            }
            XCTAssertThrowsError(try AlarmFileEdits.edit("work", changes(["id": id]), in: file))
        }
        XCTAssertNil(NewText.problem("...", as: "id"))
        XCTAssertNil(NewText.problem(".", as: "label"))
    }

    func testAddAndEditRefuseThemWithTheKeyAtFault() throws {
        let file = try AlarmFile.parse("{\"alarms\": [{\"id\": \"work\", \"time\": \"06:45\"}]}", path: "alarms.json", sounds: nil)
        XCTAssertThrowsError(try AlarmFileEdits.add(changes(["time": "07:00", "id": "a/b"]), to: file)) { error in
            XCTAssertEqual((error as? AlarmEditRejected)?.problems.map(\.key), ["id"])
        }
        XCTAssertThrowsError(try AlarmFileEdits.edit("work", changes(["label": "\u{202E}krow"]), in: file)) { error in
            XCTAssertEqual((error as? AlarmEditRejected)?.problems.map(\.key), ["label"])
        }
        XCTAssertNoThrow(try AlarmFileEdits.edit("work", changes(["label": "Work / gym"]), in: file))
    }
}
