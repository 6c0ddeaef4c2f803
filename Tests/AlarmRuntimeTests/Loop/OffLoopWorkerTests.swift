@testable import AlarmCore
@testable import AlarmRuntime
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Edits of the alarms file off the loop, while another process holds its lock (the test, with
/// a lock of its own on `alarms.json.lock`).
final class OffLoopWorkerTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/alarms.json" }
    private var held: Int32 = -1

    override func setUpWithError() throws {
        var template = Array("/tmp/alarmplay-worker-XXXXXX".utf8CString)
        folder = String(cString: mkdtemp(&template))
        try #"{"alarms": [{"id": "a", "time": "07:00"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        held = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
        XCTAssertEqual(flock(held, LOCK_EX), 0)
    }

    override func tearDown() {
        close(held)
        _ = try? FileManager.default.removeItem(atPath: folder)
    }

    private func disable(_ worker: OffLoopWorker, then done: @escaping (Result<OffLoopWorker.Written<Int>, any Error>) -> Void) {
        worker.edit(path: path, sounds: SoundRegistry(providers: []), whenMissing: nil, { file in
            try AlarmFileEdits.setEnabled(false, "a", in: file)
        }, then: done)
    }

    /// Takes what finished, as the loop does when the notifier wakes it, until `done` or 15 s.
    private func settle(_ worker: OffLoopWorker, _ notifier: Notifier, until done: () -> Bool) {
        let deadline = SystemMonotonicTime.seconds + 15
        while !done(), SystemMonotonicTime.seconds < deadline {
            var ready = pollfd(fd: notifier.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) == 1 else { continue }
            notifier.reset()
            worker.deliver()
        }
    }

    func testEditsPastTheQueuesLimitAreRefusedAsBusyAtOnceNotGivenAThreadEach() throws {
        let notifier = try Notifier()
        let worker = try OffLoopWorker(notifier: notifier)
        var answers: [String] = []
        for index in 0..<20 {
            // The first is under way (waiting for the lock) before the others arrive.
            if index == 1 { for _ in 0..<5000 where worker.editsWaiting > 0 { usleep(1000) } }
            disable(worker) { outcome in
                if case let .failure(error) = outcome { answers.append(Refusal(editError: error).kind.word + ": \(error)") }
            }
        }
        // Answered at once, on this thread: one edit waits for the lock, 8 wait their turn.
        XCTAssertEqual(answers.count, 11, "\(answers)")
        XCTAssertTrue(answers.allSatisfy { $0.hasPrefix("busy: 8 requests wait already") }, "\(answers)")
    }

    func testAnEditWaitingOnAHeldLockIsRefusedAtItsTimeLimitNamingTheOtherProcess() throws {
        let notifier = try Notifier()
        let worker = try OffLoopWorker(notifier: notifier, editSeconds: 1)
        var answers: [String] = []
        for _ in 0..<2 {
            disable(worker) { outcome in
                if case let .failure(error) = outcome { answers.append(Refusal(editError: error).kind.word + ": \(error)") }
            }
        }
        settle(worker, notifier) { answers.count == 2 }
        XCTAssertEqual(answers.first, "busy: another process holds \(path).lock (waited 1 s); nothing was changed, try again")
        // The second waited behind the first, not for the lock: it says so.
        XCTAssertEqual(answers.last, "busy: the edits ahead of this one took over 1 s (a slow calendar or disk?); nothing was changed, try again")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("07:00"))
    }

    func testAnEditMadeOnceTheLockIsFree() throws {
        let notifier = try Notifier()
        let worker = try OffLoopWorker(notifier: notifier)
        var written: Int?
        disable(worker) { written = (try? $0.get())?.value }
        usleep(200_000)
        close(held)
        held = -1
        settle(worker, notifier) { written != nil }
        XCTAssertEqual(written, 0)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("\"enabled\": false"))
    }
}
