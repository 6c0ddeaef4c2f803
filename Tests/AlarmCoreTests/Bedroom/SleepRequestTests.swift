import XCTest

@testable import AlarmCore
@testable import FaceTerminal
@testable import FaceMQTT
import UnitTestSupport

final class SleepRequestTests: XCTestCase {
    func testFadesOverFiveMinutesOrTheLastThirdOfAShortTimer() {
        XCTAssertEqual(SleepRequest.defaultFade(forSeconds: 9), 3)
        XCTAssertEqual(SleepRequest.defaultFade(forSeconds: 10 * 60), 200)
        XCTAssertEqual(SleepRequest.defaultFade(forSeconds: 15 * 60 - 1), 299)
        XCTAssertEqual(SleepRequest.defaultFade(forSeconds: 15 * 60), 300)
        XCTAssertEqual(SleepRequest.defaultFade(forSeconds: 3600), 300)
        XCTAssertEqual(SleepRequest(seconds: 3600, fadeSeconds: 60).fade, 60)
    }

    func testProblemsNameTheFieldAtFault() {
        XCTAssertNil(SleepRequest(seconds: 1800, sound: "tone:melody", volume: 0.4, fadeSeconds: 1800).problem)
        XCTAssertEqual(SleepRequest(seconds: 0).problem?.field, "duration")
        XCTAssertEqual(SleepRequest(seconds: 24 * 3600 + 1).problem?.field, "duration")
        XCTAssertEqual(SleepRequest(seconds: 60, volume: 1.5).problem?.field, "volume")
        XCTAssertEqual(SleepRequest(seconds: 60, fadeSeconds: 61).problem?.message, "fade must be from 0s to the duration (1m)")
        XCTAssertEqual(SleepRequest(seconds: 60, sound: "").problem?.field, "sound")
        XCTAssertEqual(SleepRequest(seconds: 60, sound: "tone:beep, ").problem?.field, "sound")
    }

    /// What `alarmplay sleep` sends is read back as the same request by `run`.
    func testTheControlLineReadsBackAsTheSameRequest() {
        let requests: [ControlRequest] = [
            .startSleep(SleepRequest(seconds: 1800)),
            .startSleep(SleepRequest(seconds: 9, sound: "file:Rain at night,tone:melody", volume: 0.25, fadeSeconds: 3)),
            .startSleep(SleepRequest(seconds: 60, sound: "3")),
            .stopSleep,
        ]
        for request in requests {
            XCTAssertEqual(ControlRequest(line: request.line), request, request.line)
        }
        XCTAssertEqual(ControlRequest.startSleep(SleepRequest(seconds: 9, volume: 0.25, fadeSeconds: 3)).line, "sleep 9 fade=3 volume=0.25")
    }

    func testLinesTypedByHandTakeDurationsAndRefuseNonsense() {
        XCTAssertEqual(ControlRequest(line: "sleep 30m"), .startSleep(SleepRequest(seconds: 1800)))
        XCTAssertEqual(ControlRequest(line: "SLEEP 1h fade=10m tone:melody"), .startSleep(SleepRequest(seconds: 3600, sound: "tone:melody", fadeSeconds: 600)))
        XCTAssertNil(ControlRequest(line: "sleep"))
        XCTAssertNil(ControlRequest(line: "sleep soon"))
        XCTAssertNil(ControlRequest(line: "sleep 30m fade=later"))
        XCTAssertNil(ControlRequest(line: "sleep 30m volume=loud"))
        XCTAssertNil(ControlRequest(line: "sleep --stop now"))
    }

    func testEndReasonsFromThePreviewPath() {
        XCTAssertEqual(SleepEnd(previewReason: "played"), .elapsed)
        XCTAssertEqual(SleepEnd(previewReason: "alarm"), .alarm)
        XCTAssertEqual(SleepEnd(previewReason: "stopped"), .stopped)
        XCTAssertEqual(SleepEnd(previewReason: "replaced"), .replaced)
    }

    func testTheTimerShowsItsTimeLeftAndWhenItFades() {
        let timer = SleepTimer(sound: "tone:melody", volume: 0.5, startedAt: 1_000, endsAt: 2_800, fadeSeconds: 300)
        XCTAssertEqual(timer.secondsLeft(at: 1_001), 1_799)
        XCTAssertEqual(timer.secondsLeft(at: 3_000), 0)
        XCTAssertFalse(timer.isFading(at: 2_499))
        XCTAssertTrue(timer.isFading(at: 2_500))
        XCTAssertEqual(timer.statusLine(now: 1_001), "☾ sleep · tone:melody · 29:59 left, fades over the last 5m · 'alarmplay sleep --stop' ends it")
        var snapshot = Snapshot(alarms: [], state: DaemonState(), pausedUntil: nil, now: 2_501)
        snapshot.sleep = timer
        XCTAssertEqual(TerminalFace.lines(snapshot), [
            "no alarm scheduled · Ctrl-C quits",
            "   ☾ sleep · tone:melody · 4:59 left, fading out · 'alarmplay sleep --stop' ends it",
        ], "the status line shows it below what rings next")
        XCTAssertEqual(DaemonEvent.sleepStarted(sound: "tone:melody", seconds: 1800, fadeSeconds: 300, endsAt: 2_800).name, "sleep_started")
        XCTAssertEqual(DaemonEvent.sleepEnded(reason: .alarm).fields, [EventField("reason", .text("alarm"))])
    }
}
