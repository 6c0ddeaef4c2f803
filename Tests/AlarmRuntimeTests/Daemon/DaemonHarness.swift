@testable import AlarmCore
@testable import AlarmAudio
@testable import AlarmRuntime
import Synchronization
import UnitTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A real `AlarmDaemon` on a clock the test moves and with sounds that only say they started:
/// the test takes the loop's steps itself (the timer's wake is `tick`, a worker's result is
/// `settle`), so a sequence of `run`'s decisions plays in microseconds, exactly, with no device.
final class DaemonHarness {
    /// A sound that plays nothing and ends when told.
    final class Sound: RingHandle {
        let id: String
        let request: RingRequest
        private(set) var stopped = false
        init(id: String, request: RingRequest) {
            self.id = id
            self.request = request
        }
        func stop() { stopped = true }
        var hasEnded: Bool { false }
        var isBellActive: Bool { false }
    }

    /// Every event the daemon published, as "name id".
    final class Recorder: DaemonFace {
        private(set) var said: [String] = []
        func start() {}
        func stop() {}
        func publish(_ event: DaemonEvent, at instant: Instant) {
            said.append([event.name, event.alarmID].compactMap { $0 }.joined(separator: " "))
        }
        func clear() { said = [] }
    }

    /// What the kernel says of the clock, as the test sets it: synchronised unless told.
    final class KernelClock: Sendable {
        let synchronised = Mutex<Bool?>(true)
    }

    let folder: String
    let clock: ManualClock
    let kernel = KernelClock()
    let recorder = Recorder()
    private(set) var sounds: [Sound] = []
    private(set) var daemon: AlarmDaemon!

    var alarmsPath: String { folder + "/alarms.json" }

    /// `alarms`: the file's text; `now`: an ISO instant with its offset. Inside `withTimeZone`.
    init(alarms: String, now: String) throws {
        var template = Array("/tmp/alarmplay-daemon-XXXXXX".utf8CString)
        folder = String(cString: mkdtemp(&template))
        clock = ManualClock(Instant(seconds: instant(now)))
        try alarms.write(toFile: alarmsPath, atomically: true, encoding: .utf8)
        let configuration = AlarmDaemon.Configuration(
            alarmsPath: alarmsPath, devices: ["null"], soundFolders: SoundFolders(paths: []), statePath: folder + "/state.json",
            socketPath: folder + "/control.sock", log: EventLog(threshold: .error), wakeEarly: 0)
        let kernel = kernel
        let seams = DaemonSeams(clock: clock, synchronised: { kernel.synchronised.withLock { $0 } }, startSound: { [unowned self] request, id, _ in
            let sound = Sound(id: id, request: request)
            sounds.append(sound)
            return sound
        })
        daemon = try AlarmDaemon(configuration, seams: seams)
        daemon.faces = [recorder]
        try daemon.loadAlarms()
        daemon.evaluate(clockChanged: false)
    }

    deinit {
        daemon = nil
        _ = try? FileManager.default.removeItem(atPath: folder)
    }

    /// Moves the clock to `when` (ISO) without the timer's wake: what a request arriving in that
    /// second, before the timer, finds.
    func move(to when: String) { clock.set(Instant(seconds: instant(when))) }

    /// The timer's wake at `when`.
    func tick(at when: String) {
        move(to: when)
        daemon.evaluate(clockChanged: false)
    }

    /// The second the timer is armed for (nil: nothing due).
    var armed: Int? { daemon.timer.deadline.map { Int($0.seconds) } }

    @discardableResult
    func perform(_ request: ControlRequest) -> CommandResult { daemon.perform(request) }

    /// Takes what finished off the loop, as the loop would, until `done` holds (at most 5 s).
    func settle(until done: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(5)
        while !done() {
            guard Date() < deadline else { return XCTFail("nothing finished off the loop", file: file, line: line) }
            var ready = pollfd(fd: daemon.notifier.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) == 1 else { continue }
            daemon.notifier.reset()
            daemon.takeNews()
        }
    }

    /// Writes the file and reloads it, as inotify would make `run` do.
    func edit(_ alarms: String) throws {
        try alarms.write(toFile: alarmsPath, atomically: true, encoding: .utf8)
        var reloaded = false
        daemon.reload(reason: "file changed") { reloaded = true }
        settle { reloaded }
    }

    /// The events since the last call, but for the check before each ring and the sound opened
    /// ahead: those run off the loop at their own pace on the real machine (and have tests of their own).
    func said() -> [String] {
        defer { recorder.clear() }
        return recorder.said.filter { !$0.hasPrefix("preflight") && !$0.hasPrefix("prepared") }
    }
}
