@testable import AlarmCore
import XCTest

/// A refusal's kind is the CLI's exit status, one each, so a script can tell them apart.
final class RefusalExitCodeTests: XCTestCase {
    func testEveryKindHasItsOwnStatus() {
        XCTAssertEqual(Refusal.Kind.notFound.exitCode, .usage)
        XCTAssertEqual(Refusal.Kind.invalid([]).exitCode, .dataError)
        XCTAssertEqual(Refusal.Kind.conflict.exitCode, .temporaryFailure)
        XCTAssertEqual(Refusal.Kind.unavailable.exitCode, .unavailable)
        XCTAssertEqual(Refusal.Kind.failed.exitCode, .failure)
        XCTAssertEqual(ExitCode.temporaryFailure.rawValue, 75)
    }
}
