@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class EventLogTests: XCTestCase {
    func testValuesAreBareWhenSafe() {
        for value in ["work", "#3", "2026-12-07T06:45:00.002+01:00", "tone:beep", "ünïcode", "a,b"] {
            XCTAssertEqual(EventLog.quoted(value), value)
        }
    }

    func testValuesThatWouldBreakAFieldAreQuotedAndEscaped() {
        XCTAssertEqual(EventLog.quoted(""), #""""#)
        XCTAssertEqual(EventLog.quoted("Work days"), #""Work days""#)
        XCTAssertEqual(EventLog.quoted("a=b"), #""a=b""#)
        XCTAssertEqual(EventLog.quoted(#"unknown key "snoze""#), #""unknown key \"snoze\"""#)
        XCTAssertEqual(EventLog.quoted(#"C:\path"#), #""C:\\path""#)
        XCTAssertEqual(EventLog.quoted("two\nlines"), #""two\nlines""#)
    }

    /// One event is one line, whatever the value holds: a CR or CRLF (one `Character` in Swift)
    /// from a file or a pipe written on Windows must not start a new line in the journal.
    func testCarriageReturnsAreEscapedToo() {
        XCTAssertEqual(EventLog.quoted("dos\r\nline"), #""dos\r\nline""#)
        XCTAssertEqual(EventLog.quoted("back\rover"), #""back\rover""#)
    }

    func testALineHasTimeLevelEventThenFieldsInOrder() throws {
        let text = try withTimeZone("Europe/Berlin") {
            let log = EventLog(threshold: .info, clock: FixedClock(Instant(seconds: instant("2026-12-07T06:45:00+01:00"), nanoseconds: 2_999_999)))
            return try captureStandardError {
                log.log(.fired(id: "work", scheduled: instant("2026-12-07T06:45:00+01:00"), lateMilliseconds: 2, snooze: nil))
                log.log(.fallback(id: "work", reason: #"sound file:x: "gone""#))
                log.log(.prepared(id: "work"))
                log.log(.timerFailed(problem: "no timer"))
            }
        }
        XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false), [
            "time=2026-12-07T06:45:00.002+01:00 level=info event=fired id=work scheduled=2026-12-07T06:45:00+01:00 late_ms=2",
            #"time=2026-12-07T06:45:00.002+01:00 level=warn event=fallback id=work reason="sound file:x: \"gone\"""#,
            #"time=2026-12-07T06:45:00.002+01:00 level=error event=timer_failed problem="no timer""#,
            "",
        ])
    }

    func testTheThresholdDropsQuieterLevels() throws {
        let quiet = EventLog(threshold: .warning, clock: FixedClock(seconds: 0))
        let verbose = EventLog(threshold: .debug, clock: FixedClock(seconds: 0))
        let text = try withTimeZone("UTC") {
            try captureStandardError {
                quiet.log(.rearmed(id: "work"))
                quiet.log(.missed(id: "work", scheduled: 0, lateSeconds: 61))
                verbose.log(.face(.connection(.request(line: "status"))))
            }
        }
        XCTAssertEqual(text, "time=1970-01-01T00:00:00.000+00:00 level=warn event=missed id=work scheduled=1970-01-01T00:00:00+00:00 late_s=61\n"
                       + "time=1970-01-01T00:00:00.000+00:00 level=debug event=control request=status\n")
    }

    /// What `body` writes to file descriptor 2 (the log writes straight to it).
    private func captureStandardError(_ body: () -> Void) throws -> String {
        var template = Array("/tmp/alarmplay-log-XXXXXX".utf8CString)
        let file = mkstemp(&template)
        XCTAssertGreaterThanOrEqual(file, 0)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer {
            close(file)
            unlink(path)
        }
        let saved = dup(STDERR_FILENO)
        dup2(file, STDERR_FILENO)
        body()
        dup2(saved, STDERR_FILENO)
        close(saved)
        return try XCTUnwrap(FileSystem.readText(path))
    }
}
