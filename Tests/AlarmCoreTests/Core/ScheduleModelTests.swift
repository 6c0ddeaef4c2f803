@testable import AlarmCore
@testable import FaceTerminal
@testable import AlarmCLI
import UnitTestSupport
import Synchronization
import XCTest

/// `run`'s loop around the schedule model, step for step as the daemon takes them: every path
/// ends in evaluate-then-arm; a request first evaluates; the timer's handler runs only once its
/// deadline has passed. What it records is what the daemon would log.
struct LoopReplay {
    let clock: ManualClock
    var model: ScheduleModel
    var deadline: Instant?
    /// What `evaluate` said is due next.
    var due: Ring?
    /// The ring whose sound was opened ahead (the pre-roll).
    var opened: Ring?
    var log: [String] = []

    init(_ alarms: [Alarm], at start: Int) {
        clock = ManualClock(Instant(seconds: start))
        model = ScheduleModel(clock: clock)
        model.use(alarms, pausedUntil: nil)
        evaluate()
    }

    var now: Instant { clock.now() }

    mutating func evaluate() {
        due = model.evaluate()
        for outcome in model.drainOutcomes() { record(outcome) }
        if let current = opened, current != due { opened = nil }
        if opened == nil, model.ringing.isEmpty, let due, model.opensAhead(due, preroll: 1) {
            opened = due
            log.append("prepared \(due.alarm.name) \(due.at)")
        }
        deadline = model.deadline(for: due, preroll: 1, soundOpen: opened != nil || !model.ringing.isEmpty, wakeEarly: nil, also: nil)
    }

    private mutating func record(_ outcome: ScheduleModel.Outcome) {
        switch outcome {
        case let .fired(due, late):
            if opened?.alarm.stateKey == due.alarm.stateKey { opened = nil }
            log.append("fired \(due.alarm.name) \(due.at)\(due.snoozeCount.map { " snooze=\($0)" } ?? "") late_ms=\(late)")
        case let .heldByPause(due): log.append("skipped \(due.alarm.name) \(due.at)")
        case let .missed(due, late): log.append("missed \(due.alarm.name) \(due.at) late_s=\(late)")
        case let .silenced(ring): log.append("silenced \(ring.alarm.name)")
        case let .snoozed(alarm, until, _): log.append("snoozed \(alarm.name) until=\(until)")
        case let .snoozeRefused(alarm): log.append("snooze_refused \(alarm.name)")
        case let .stopped(alarm, _): log.append("stopped \(alarm.name)")
        case let .dismissed(alarm): log.append("dismissed \(alarm.name)")
        case let .rearmed(alarm): log.append("rearmed \(alarm.name)")
        case let .escalated(ring, step): log.append("escalated \(ring.alarm.name) step=\(step)")
        case let .wakeUpStopped(alarm, ring): log.append("stopped waking \(alarm.name) \(ring)")
        case let .timerStarted(timer, seconds): log.append("timer_started \(timer.alarm.name) \(seconds)")
        case let .timerCancelled(id): log.append("timer_cancelled \(id)")
        }
    }

    /// The timer's own handler: the kernel wakes the loop once the deadline has passed.
    mutating func timerHandler() {
        guard let deadline, deadline <= now else { return }
        evaluate()
    }

    /// A request from a face: what came due is handled first, then the change, then evaluate.
    mutating func request(_ change: (inout ScheduleModel) -> Void) {
        evaluate()
        change(&model)
        evaluate()
    }

    /// A change that does not look first (a page timer started): it still ends in evaluate.
    mutating func change(_ change: (inout ScheduleModel) -> Void) {
        change(&model)
        evaluate()
    }

    /// Lets time pass to `end`, waking at each deadline on the dot.
    mutating func run(until end: Instant) {
        while let deadline, deadline <= end, deadline >= now {
            clock.set(deadline)
            evaluate()
        }
        clock.set(end)
    }

    mutating func run(until seconds: Int) { run(until: Instant(seconds: seconds)) }
}

final class ScheduleModelTests: XCTestCase {
    private let t = instant("2026-12-07T08:00:00+00:00")

    private func oneShot(_ id: String, at seconds: Int, position: Int, ringFor: Int = 5, snooze: Int = 60) -> Alarm {
        var made = withTimeZone("UTC") {
            let local = LocalTimeZone.current.localTime(at: seconds)
            return Alarm(id: id, position: position, time: local.time, repeats: .date(local.date))
        }
        made.settings.ringFor = ringFor
        made.settings.snooze = snooze
        return made
    }

    private func replay(_ alarms: [Alarm], at start: Int, _ body: (inout LoopReplay) -> Void) -> LoopReplay {
        withTimeZone("UTC") {
            var loop = LoopReplay(alarms, at: start)
            body(&loop)
            return loop
        }
    }

    // MARK: Issue 25: a request at any instant can neither skip nor delay a ring.

    /// The requests a face can make just after a second, each as the daemon handles it.
    private var requests: [(String, (inout LoopReplay) -> Void)] {
        let added = oneShot("added", at: t + 3600, position: 3)
        let timer = oneShot("timer-1", at: t + 300, position: 9)
        let at = t + 300
        return [
            ("a status request", { $0.request { _ in } }),
            ("a snooze of another alarm", { $0.request { _ = $0.snooze("other") } }),
            ("an edit", { $0.request { $0.use($0.fileAlarms + [added], pausedUntil: nil) } }),
            ("a page timer", { $0.change { $0.timers.append(RunningTimer(alarm: timer, at: at)) } }),
        ]
    }

    /// Runs `setup` up to just before `moment`, then each request 0.1 ms after it and before
    /// the timer's handler, then the handler and two more seconds; returns each log.
    private func eachRequest(at moment: Int, otherRings: Bool, setup: (inout LoopReplay) -> Void) -> [(String, LoopReplay)] {
        let a = oneShot("a", at: t, position: 1)
        let other = oneShot("other", at: otherRings ? t - 30 : t + 7200, position: 2, ringFor: 600)
        return requests.map { name, request in
            (name, replay([a, other], at: t - 40) { loop in
                setup(&loop)
                loop.run(until: Instant(seconds: moment - 1, nanoseconds: 999_000_000))
                loop.clock.set(Instant(seconds: moment, nanoseconds: 100_000))
                request(&loop)
                loop.timerHandler()
                loop.run(until: moment + 2)
            })
        }
    }

    func testARequestJustAfterARingsSecondDoesNotSkipIt() {
        for (name, loop) in eachRequest(at: t, otherRings: true, setup: { _ in }) {
            XCTAssertEqual(loop.log.filter { $0.hasPrefix("fired a") }, ["fired a \(t) late_ms=0"], "\(name): \(loop.log)")
            XCTAssertFalse(loop.log.contains { $0.hasPrefix("missed") }, "\(name): \(loop.log)")
        }
    }

    func testARequestJustAfterASnoozesEndDoesNotSkipIt() {
        let end = t + 1 + 60
        for (name, loop) in eachRequest(at: end, otherRings: true, setup: { loop in
            loop.run(until: t + 1)
            loop.request { _ = $0.snooze("a") }
        }) {
            XCTAssertTrue(loop.log.contains("snoozed a until=\(end)"), "\(name): \(loop.log)")
            XCTAssertEqual(loop.log.filter { $0.hasPrefix("fired a \(end)") }, ["fired a \(end) snooze=1 late_ms=0"], "\(name): \(loop.log)")
        }
    }

    func testARequestJustAfterARingsEndSilencesItThen() {
        for (name, loop) in eachRequest(at: t + 5, otherRings: true, setup: { _ in }) {
            let fired = loop.log.firstIndex(of: "fired a \(t) late_ms=0")
            let silenced = loop.log.firstIndex(of: "silenced a")
            XCTAssertNotNil(fired, "\(name): \(loop.log)")
            XCTAssertNotNil(silenced, "\(name): \(loop.log)")
            XCTAssertFalse(loop.model.ringing.contains { $0.alarm.name == "a" }, "\(name)")
        }
    }

    func testARequestJustAfterAPrerollsSecondStillOpensTheSoundAndRingsOnTime() {
        for (name, loop) in eachRequest(at: t - 1, otherRings: false, setup: { _ in }) {
            XCTAssertEqual(loop.log.filter { $0.hasSuffix("a \(t)") || $0.hasPrefix("fired a") }, ["prepared a \(t)", "fired a \(t) late_ms=0"],
                           "\(name): \(loop.log)")
        }
    }

    // MARK: The daemon's decisions

    func testTwoAlarmsAtOnceSnoozeOneStopTheOther() {
        let a = oneShot("a", at: t, position: 1, ringFor: 600)
        let b = oneShot("b", at: t, position: 2, ringFor: 600)
        let loop = replay([a, b], at: t - 10) { loop in
            loop.run(until: t + 2)
            XCTAssertEqual(loop.model.ringing.map(\.alarm.name), ["a", "b"], "the newest last: the one heard")
            loop.request { XCTAssertEqual(try? $0.snooze("a").get().description, "snoozed a until \(TimeFormat().short(t + 62))") }
            loop.request { XCTAssertEqual(try? $0.stop("b").get().description, "stopped b") }
            loop.request { XCTAssertEqual($0.stop("b"), .failure(Refusal(.conflict, "nothing is ringing"))) }
            loop.run(until: t + 63)
        }
        XCTAssertEqual(loop.log, ["prepared a \(t)", "fired a \(t) late_ms=0", "fired b \(t) late_ms=0", "snoozed a until=\(t + 62)",
                                  "stopped b", "prepared a \(t + 62)", "fired a \(t + 62) snooze=1 late_ms=0"])
    }

    func testSnoozeRefusedWhenNoneLeftAndWithNothingRinging() {
        var a = oneShot("a", at: t, position: 1, ringFor: 600)
        a.settings.maxSnoozes = 0
        _ = replay([a], at: t - 10) { loop in
            loop.request { XCTAssertEqual($0.snooze(nil), .failure(Refusal(.conflict, "nothing is ringing"))) }
            loop.run(until: t)
            loop.request { XCTAssertEqual($0.snooze("a"), .failure(Refusal(.conflict, "no snoozes left for a (max 0); it keeps ringing"))) }
            loop.request { XCTAssertEqual($0.snooze("nope"), .failure(Refusal(.conflict, "nope is not ringing (ringing: a)"))) }
            XCTAssertEqual(loop.model.ringing.map(\.alarm.name), ["a"])
        }
    }

    func testAPauseDuringASnoozeHoldsItsEnd() {
        let a = oneShot("a", at: t, position: 1)
        let loop = replay([a], at: t - 10) { loop in
            loop.run(until: t + 1)
            loop.request { _ = $0.snooze("a") }
            loop.request { $0.use([a], pausedUntil: try! CalendarDate(parsing: "2026-12-08")) }
            loop.run(until: t + 120)
        }
        XCTAssertEqual(loop.log, ["prepared a \(t)", "fired a \(t) late_ms=0", "snoozed a until=\(t + 61)", "skipped a \(t + 61)"])
        XCTAssertTrue(loop.model.state.snoozes.isEmpty)
    }

    func testEnablingADoneOneShotRingsItAtItsNextTime() {
        var once = withTimeZone("UTC") { alarm("08:00", .once, id: "once") }
        once.settings.ringFor = 5
        let loop = replay([once], at: t - 10) { loop in
            loop.run(until: t + 10)
            XCTAssertNil(loop.due, "done after ringing")
            loop.request { _ = $0.rearm("once") }
            XCTAssertEqual(loop.due?.at, t + 86400)
            XCTAssertEqual(loop.model.snapshot(heard: nil, bell: false).next?.at, t + 86400)
        }
        XCTAssertEqual(loop.log, ["prepared once \(t)", "fired once \(t) late_ms=0", "silenced once", "rearmed once"])
    }

    func testAnEditWhileRingingKeepsItRingingToItsEnd() {
        let a = oneShot("a", at: t, position: 1, ringFor: 30)
        var relabelled = a
        relabelled.label = "Renamed"
        let loop = replay([a], at: t - 10) { loop in
            loop.run(until: t + 5)
            loop.request { $0.use([relabelled], pausedUntil: nil) }
            XCTAssertEqual(loop.model.ringing.map(\.alarm.name), ["a"])
            XCTAssertEqual(loop.deadline, Instant(seconds: t + 30))
            loop.run(until: t + 40)
        }
        XCTAssertEqual(loop.log, ["prepared a \(t)", "fired a \(t) late_ms=0", "silenced a"])
    }

    func testAClockStepBackStartsAfreshAndOneForwardPastARingMissesIt() {
        var daily = withTimeZone("UTC") { alarm("08:00", days("daily"), id: "daily") }
        daily.settings.ringFor = 5
        let b = oneShot("b", at: t + 3600, position: 2)
        let loop = replay([daily, b], at: t - 10) { loop in
            loop.run(until: t + 10)
            // Back before a ring it has handled (a Pi that booted with its clock ahead): it starts afresh
            // from the new now, so the ring comes again when the clock says so.
            loop.clock.set(Instant(seconds: t - 100))
            loop.evaluate()
            loop.run(until: t + 10)
            loop.clock.set(Instant(seconds: t + 7200))
            loop.evaluate()
        }
        XCTAssertEqual(loop.log, ["prepared daily \(t)", "fired daily \(t) late_ms=0", "silenced daily",
                                  "prepared daily \(t)", "fired daily \(t) late_ms=0", "silenced daily", "missed b \(t + 3600) late_s=3600"])
    }
}
