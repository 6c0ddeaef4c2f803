@testable import AlarmCore
@testable import AlarmCLI
import UnitTestSupport
import XCTest

final class RoffTests: XCTestCase {
    private let readme = """
        # Title
        ## Files
        intro `--alarms FILE`
        ```sh
        # not a heading
        .dot
        ```
        ### Deeper
        still in Files
        ## Next
        elsewhere
        """

    func testASectionRunsToTheNextHeadingOfItsLevelAndSkipsHashesInCode() throws {
        let body = try XCTUnwrap(Roff.section("Files", of: readme))
        XCTAssertTrue(body.contains("# not a heading"))
        XCTAssertTrue(body.contains("still in Files"))
        XCTAssertFalse(body.contains("elsewhere"))
        XCTAssertNil(Roff.section("Missing", of: readme))
    }

    func testRenderingMakesSubheadingsCodeBlocksAndProtectsRequests() throws {
        let roff = Roff.render(try XCTUnwrap(Roff.section("Files", of: readme)), base: 2)
        XCTAssertEqual(roff, """
            .PP
            intro \\fB\\-\\-alarms FILE\\fR
            .PP
            .RS 4
            .nf
            # not a heading
            \\&.dot
            .fi
            .RE
            .SH "DEEPER"
            .PP
            still in Files

            """)
    }

    func testInlineMarksLinksAndBackslashes() {
        XCTAssertEqual(Roff.inline("**Pause.** see [Hooks](#hooks), `a\\b`"), "\\fBPause.\\fR see Hooks, \\fBa\\eb\\fR")
        XCTAssertEqual(Roff.inline("**bold `code` still**"), "\\fBbold \\fBcode still\\fR")
    }

    func testTablesBecomeTaggedParagraphs() {
        let roff = Roff.render("""
            | key | type | meaning | default |
            |---|---|---|---|
            | `time` | string | when it rings | |
            | `volume` | number | how loud | `0.8` |
            | `a \\| b` | x | y | |
            """, base: 1)
        XCTAssertEqual(roff, """
            .TP
            \\fBtime\\fR \\(em string
            when it rings
            .TP
            \\fBvolume\\fR \\(em number
            how loud
            .br
            Default: \\fB0.8\\fR
            .TP
            \\fBa | b\\fR \\(em x
            y

            """)
    }

    func testAnIndentedFenceInAListItemEndsItsBlock() {
        XCTAssertEqual(Roff.render("- step\n   ```sh\n   .run\n   ```\nafter", base: 1),
                       ".IP \\(bu 2\nstep\n.PP\n.RS 4\n.nf\n   .run\n.fi\n.RE\n.PP\nafter\n")
    }

    func testListItemsKeepTheirContinuationLines() {
        XCTAssertEqual(Roff.render("- one\n  more\n- two", base: 1), ".IP \\(bu 2\none\nmore\n.IP \\(bu 2\ntwo\n")
    }
}
