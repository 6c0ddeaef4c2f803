import AlarmCore
import FaceWeb
import UnitTestSupport
import XCTest

final class BadTokenLimiterTests: XCTestCase {
    func testTwentyBadTokensAMinuteAreAllowedTheTwentyFirstBlocksUntilTheMinutePasses() {
        var limiter = BadTokenLimiter()
        for second in 0..<20 { limiter.recordFailure("10.0.0.7", now: Double(second)) }
        XCTAssertFalse(limiter.isBlocked("10.0.0.7", now: 20))
        limiter.recordFailure("10.0.0.7", now: 20)
        XCTAssertTrue(limiter.isBlocked("10.0.0.7", now: 20.5))
        XCTAssertFalse(limiter.isBlocked("10.0.0.8", now: 20.5), "another address is not blocked")
        XCTAssertFalse(limiter.isBlocked("10.0.0.7", now: 60.5), "the oldest failure left the window")
    }

    func testAFloodDoesNotGrowWithoutBound() {
        var limiter = BadTokenLimiter()
        for attempt in 0..<10_000 { limiter.recordFailure("10.0.0.7", now: Double(attempt) / 1000) }
        XCTAssertTrue(limiter.isBlocked("10.0.0.7", now: 10))
        XCTAssertFalse(limiter.isBlocked("10.0.0.7", now: 71))
    }
}
