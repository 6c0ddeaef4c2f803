@testable import AlarmCore
@testable import AlarmAudio
@testable import AlarmRuntime
@testable import MQTTClient
@testable import FaceTerminal
@testable import FaceWeb
@testable import FaceMQTT
@testable import FaceHousehold
@testable import FaceHooks
@testable import FaceEventsFile
@testable import AlarmCLI
import UnitTestSupport
import XCTest

/// The man pages are generated from the command table and the real README, so every command and
/// option is in `alarmplay(1)` and every key of the alarms file in `alarmplay.json(5)`.
final class ManualPageTests: XCTestCase {
    private var readme: String {
        var url = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        url = "/" + url + "/README.md"
        return String(decoding: FileSystem.readBytes(url) ?? [], as: UTF8.self)
    }

    func testTheCommandPageHasEveryCommandAndOption() throws {
        let page = try ManualPage.command(readme: readme, date: "2026-12-01")
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
    }

    func testTheFilePageHasEveryKeyOfTheREADMEsTable() throws {
        let page = try ManualPage.fileFormat(readme: readme, date: "2026-12-01")
        for key in ["time", "days", "maxSnoozes", "fadeIn", "forceAudible", "hooks", "skip"] {
            XCTAssertTrue(page.contains(".TP\n\\fB\(key)\\fR"), key)
        }
        XCTAssertTrue(page.contains("\n.SH \"HOOKS\"\n"))
        XCTAssertTrue(page.contains("\n.SH \"TIME RULES\"\n"))
    }

    func testAREADMEWithoutTheSectionIsAnError() {
        XCTAssertThrowsError(try ManualPage.fileFormat(readme: "# alarmplay\n", date: "2026-12-01")) {
            XCTAssertEqual(($0 as? ManualPageError)?.exitCode, .dataError)
            XCTAssertEqual("\($0)", "README has no \"The alarms file\" section to put in the man page")
        }
    }
}
