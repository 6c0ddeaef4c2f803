@testable import AlarmCore
import UnitTestSupport
import XCTest

final class ScheduleModelTimersTests: XCTestCase {
    private let start = 1_796_630_400 // 2026-12-07T00:00:00Z

    func testATimerEndsOnTheNearestWholeSecondWithoutAFadeAndTakesTheNextFreeNumber() throws {
        try withTimeZone("UTC") {
            var model = ScheduleModel(clock: ManualClock(Instant(seconds: start, nanoseconds: 600_000_000)))
            var defaults = AlarmSettings.builtIn
            defaults.fadeIn = 30
            let first = try model.startTimer(seconds: 90, label: nil, defaults: defaults).get()
            XCTAssertEqual(first.at, start + 91, "0.6 s into the second: the nearest whole one is 91 s on")
            XCTAssertEqual(first.alarm.name, "timer-1")
            XCTAssertEqual(first.alarm.settings.fadeIn, 0)
            XCTAssertEqual(first.alarm.label, "Timer")
            XCTAssertEqual(try model.startTimer(seconds: 5, label: "tea", defaults: defaults).get().alarm.name, "timer-2")
            XCTAssertNoThrow(try model.cancelTimer("timer-1").get())
            XCTAssertEqual(try model.startTimer(seconds: 5, label: nil, defaults: defaults).get().alarm.name, "timer-3",
                           "numbers go on from the highest running")
        }
    }

    func testALengthOutOfRangeOrAnUnknownTimerIsRefusedAndNamesWhatRuns() {
        var model = ScheduleModel(clock: ManualClock(Instant(seconds: start)))
        XCTAssertEqual(model.startTimer(seconds: 0, label: nil, defaults: .builtIn).failure?.message, "duration must be from 1s to 24h")
        XCTAssertEqual(model.startTimer(seconds: 24 * 3600 + 1, label: nil, defaults: .builtIn).failure?.kind,
                       .invalid([.init(field: "duration", message: "duration must be from 1s to 24h")]))
        XCTAssertEqual(model.cancelTimer("timer-9").failure?.message, "no timer \"timer-9\"; none is running")
        _ = model.startTimer(seconds: 60, label: nil, defaults: .builtIn)
        XCTAssertEqual(model.cancelTimer("timer-9").failure?.kind, .notFound)
        XCTAssertEqual(model.cancelTimer("timer-9").failure?.message, "no timer \"timer-9\"; running: timer-1")
        XCTAssertTrue(model.timers.count == 1)
    }

    func testAStartedTimerIsSaidAndOneCancelledWhileItRingsIsSaidCancelledThenStopped() throws {
        try withTimeZone("UTC") {
            let clock = ManualClock(Instant(seconds: start))
            var model = ScheduleModel(clock: clock)
            let timer = try model.startTimer(seconds: 5, label: nil, defaults: .builtIn).get()
            XCTAssertEqual(model.drainOutcomes(), [.timerStarted(timer, seconds: 5)])
            _ = model.evaluate()
            clock.set(Instant(seconds: start + 5))
            _ = model.evaluate()
            _ = model.drainOutcomes()
            XCTAssertNoThrow(try model.cancelTimer("timer-1").get())
            XCTAssertEqual(model.drainOutcomes().map { OutcomeEffects($0) { _, _ in nil }.event.name }, ["timer_cancelled", "stopped"])
            XCTAssertEqual(model.cancelTimer("timer-1").failure?.kind, .notFound)
            XCTAssertEqual(model.drainOutcomes(), [], "a refusal says nothing")
        }
    }

    func testAHouseholdCopyIsNeitherListedNorCancelledAsATimer() throws {
        try withTimeZone("UTC") {
            var model = ScheduleModel(clock: ManualClock(Instant(seconds: start)))
            let copy = Alarm(id: "household-1", position: 1, label: "Work", time: TimeOfDay(hour: 0, minute: 0, second: 1),
                             repeats: .date(CalendarDate(year: 2026, month: 12, day: 7)), settings: .builtIn)
            model.timers.append(RunningTimer(alarm: copy, at: start + 1, isHouseholdCopy: true))
            let timer = try model.startTimer(seconds: 60, label: nil, defaults: .builtIn).get()
            XCTAssertEqual(timer.alarm.name, "timer-1")
            XCTAssertEqual(timer.alarm.position, 2, "after the copy")
            XCTAssertEqual(model.startedTimers.map(\.alarm.name), ["timer-1"])
            XCTAssertEqual(model.cancelTimer("household-1").failure?.message, "no timer \"household-1\"; running: timer-1")
            XCTAssertEqual(model.dropCopy("timer-1").failure?.kind, .notFound, "a timer is not dropped as a copy")
            _ = model.drainOutcomes()
            XCTAssertNoThrow(try model.dropCopy("household-1").get())
            XCTAssertEqual(model.drainOutcomes(), [], "the household's stop says it, not the timers")
            XCTAssertEqual(model.timers.map(\.alarm.name), ["timer-1"])
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(failure) = self { return failure }
        return nil
    }
}
