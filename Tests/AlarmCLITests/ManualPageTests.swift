@testable import AlarmCore
@testable import AlarmCLI
import UnitTestSupport
import XCTest

/// The man pages are generated from the command table and the real reference in `docs/`, so every
/// command and option is in `alarmplay(1)` and every key of the alarms file in `alarmplay.json(5)`.
final class ManualPageTests: XCTestCase {
    private var docs: String {
        "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/docs"
    }

    private var reference: String {
        get throws { try ManualPage.reference(folder: docs) }
    }

    func testTheCommandPageHasEveryCommandAndOption() throws {
        let page = try ManualPage.command(reference: reference, date: "2026-12-01")
        XCTAssertTrue(page.contains("\n.TH ALARMPLAY 1 \"2026-12-01\" \"alarmplay \(Version.current)\""), page)
        for command in CommandLineTool.commands {
            XCTAssertTrue(page.contains("\n.SS \"\(command.spec.usage)\"\n"), command.spec.name)
            for option in command.spec.options where option.name != "help" {
                XCTAssertTrue(page.contains("\\fB\\-\\-" + option.name.replacingAll("-", "\\-") + "\\fR"), "\(command.spec.name) --\(option.name)")
            }
        }
        XCTAssertFalse(page.contains(".SS \"alarmplay _generate"), "the hidden command stays hidden")
        for heading in ["EXIT STATUS", "FILES", "SEE ALSO"] {
            XCTAssertTrue(page.contains("\n.SH \"\(heading)\"\n"), heading)
        }
        XCTAssertTrue(page.contains("\n.SS \"Libraries: what an alarm needs, and what is loaded only when used\"\n"), "a page's sections are subsections of FILES")
        XCTAssertFalse(page.contains(".SH \"HOME ASSISTANT"), "FILES ends with its page")
    }

    func testTheFilePageHasEveryKeyOfTheReferencesTable() throws {
        let page = try ManualPage.fileFormat(reference: reference, date: "2026-12-01")
        for key in ["time", "days", "maxSnoozes", "fadeIn", "forceAudible", "hooks", "skip"] {
            XCTAssertTrue(page.contains(".TP\n\\fB\(key)\\fR"), key)
        }
        XCTAssertTrue(page.contains("\n.SH \"HOOKS\"\n"))
        XCTAssertTrue(page.contains("\n.SH \"TIME RULES\"\n"))
        XCTAssertFalse(page.contains(".SH \"SOUNDS\""), "the page ends with the alarms file's")
    }

    func testAReferenceWithoutTheSectionIsAnError() {
        XCTAssertThrowsError(try ManualPage.fileFormat(reference: "# alarmplay\n", date: "2026-12-01")) {
            XCTAssertEqual(($0 as? ManualPageError)?.exitCode, .dataError)
            XCTAssertEqual("\($0)", "docs/ has no \"The alarms file\" section to put in the man page")
        }
    }

    func testAMissingReferenceFolderIsAnError() {
        XCTAssertThrowsError(try ManualPage.reference(folder: docs + "/nosuch")) {
            XCTAssertEqual(($0 as? FileReadError)?.path, docs + "/nosuch")
        }
    }
}
