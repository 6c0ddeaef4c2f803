import AlarmCore
import UnitTestSupport
import XCTest

final class RingingAlarmTests: XCTestCase {
    private func ringing(ringFor: Int, maxSnoozes: Int = 3, used: Int = 0, since: Instant) -> RingingAlarm {
        var settings = AlarmSettings.builtIn
        settings.ringFor = ringFor
        settings.maxSnoozes = maxSnoozes
        let alarm = Alarm(id: "work", position: 1, time: try! TimeOfDay(parsing: "06:45"), settings: settings)
        return RingingAlarm(alarm: alarm, since: since, snoozesUsed: used)
    }

    func testEndsRingForAfterItStartedToTheNanosecond() {
        let since = Instant(seconds: 1_796_622_300, nanoseconds: 2_500_000)
        XCTAssertEqual(ringing(ringFor: 600, since: since).endsAt, Instant(seconds: 1_796_622_900, nanoseconds: 2_500_000))
        // A zero ring duration still rings for a second rather than being silenced at once.
        XCTAssertEqual(ringing(ringFor: 0, since: since).endsAt, Instant(seconds: 1_796_622_301, nanoseconds: 2_500_000))
    }

    func testSnoozesLeftNeverGoesNegative() {
        let since = Instant(seconds: 0)
        XCTAssertEqual(ringing(ringFor: 60, maxSnoozes: 3, used: 1, since: since).snoozesLeft, 2)
        XCTAssertEqual(ringing(ringFor: 60, maxSnoozes: 3, used: 3, since: since).snoozesLeft, 0)
        XCTAssertEqual(ringing(ringFor: 60, maxSnoozes: 1, used: 3, since: since).snoozesLeft, 0, "maxSnoozes lowered by an edit")
        XCTAssertEqual(ringing(ringFor: 60, since: since).key, "work")
    }
}
