import AlarmCore
import AlarmRuntime
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// Runs hook commands from the event loop without ever waiting on them: spawned with posix_spawn
/// (no shell: arguments are passed as given), stdin /dev/null, in a process group of their own;
/// their output read as it comes and logged (`event=hook_output`), their end seen through a pidfd
/// (`event=hook_done code=0 ms=...`), killed after their timeout. At most `limit` run at once,
/// the rest wait their turn. A missing program is logged, and that is all.
final package class HookRunner {
    package struct Job {
        package var hook: Hook
        package var id: String
        package var environment: [String: String]
    }

    private struct Running {
        let job: Job
        let pid: pid_t
        let pidfd: Int32
        let output: Int32
        let started: Int64
        var deadline: EventLoop.Deadline?
        var buffer: [UInt8] = []
    }

    package static let limit = 4
    private let loop: EventLoop
    private let report: FaceReport.Sink
    private var running: [Int32: Running] = [:]
    private var queue: [Job] = []
    private let clock = SystemMonotonicTime()

    package init(loop: EventLoop, report: @escaping FaceReport.Sink) {
        self.loop = loop
        self.report = report
    }

    deinit {
        for child in running.values {
            kill(-child.pid, SIGKILL)
            loop.unwatch(child.pidfd)
            loop.unwatch(child.output)
            loop.cancel(child.deadline)
            var status: Int32 = 0
            waitpid(child.pid, &status, 0)
            close(child.pidfd)
            close(child.output)
        }
    }

    package func run(_ job: Job) {
        guard running.count < Self.limit else {
            queue.append(job)
            note(job, .queued(waiting: queue.count))
            return
        }
        start(job)
    }

    private func start(_ job: Job) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return failed(job, FileSystem.lastErrorDescription()) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (killed whole at the timeout), and none of run's blocked or
        // ignored signals: the mask is inherited through exec, and so is SIGPIPE's SIG_IGN.
        var none = sigset_t()
        sigemptyset(&none)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = job.hook.command.map { strdup($0) } + [nil]
        let envp = job.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, job.hook.command[0], &actions, &attributes, argv, envp)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            return failed(job, String(cString: strerror(spawned)))
        }
        let pidfd = alarmplay_pidfd_open(pid)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        var child = Running(job: job, pid: pid, pidfd: pidfd, output: ends[0], started: clock.now())
        child.deadline = loop.schedule(afterMilliseconds: Int64(job.hook.timeout) * 1000) { [unowned self] in
            guard running[pidfd] != nil else { return }
            running[pidfd]?.deadline = nil
            note(job, .timeout(afterSeconds: job.hook.timeout))
            kill(-pid, SIGKILL)
        }
        running[pidfd] = child
        loop.watch(ends[0]) { [unowned self] in readOutput(pidfd) }
        loop.watch(pidfd) { [unowned self] in ended(pidfd) }
        note(job, .started(run: job.hook.command.joined(separator: " ")))
    }

    private func failed(_ job: Job, _ reason: String) {
        note(job, .failed(run: job.hook.command[0], reason: reason))
        startQueued()
    }

    /// Logs what the command printed, a line at a time (a partial line waits for its end).
    private func readOutput(_ key: Int32) {
        guard var child = running[key] else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(child.output, &chunk, chunk.count)
        guard count > 0 else {
            loop.unwatch(child.output)
            return
        }
        child.buffer += chunk[0..<count]
        while let newline = child.buffer.firstIndex(of: 0x0A) {
            emit(child.job, child.buffer[..<newline])
            child.buffer.removeSubrange(...newline)
        }
        if child.buffer.count > 4096 {
            emit(child.job, child.buffer[...])
            child.buffer = []
        }
        running[key] = child
    }

    private func emit(_ job: Job, _ bytes: ArraySlice<UInt8>) {
        note(job, .output(line: String(decoding: bytes, as: UTF8.self)))
    }

    private func ended(_ key: Int32) {
        readOutput(key)
        guard let child = running.removeValue(forKey: key) else { return }
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0, errno == EINTR {}
        if !child.buffer.isEmpty { emit(child.job, child.buffer[...]) }
        loop.unwatch(child.pidfd)
        loop.unwatch(child.output)
        loop.cancel(child.deadline)
        close(child.pidfd)
        close(child.output)
        let exited = (status & 0x7F) == 0
        let code: EventValue = exited ? .number(Int((status >> 8) & 0xFF)) : .text("signal \(status & 0x7F)")
        let milliseconds = (clock.now() - child.started) / 1_000_000
        note(child.job, .done(code: code, milliseconds: Int(milliseconds)))
        startQueued()
    }

    private func startQueued() {
        while running.count < Self.limit, !queue.isEmpty {
            start(queue.removeFirst())
        }
    }

    /// A report about one hook's run, naming its alarm and event first.
    private func note(_ job: Job, _ step: HookReport.Step) {
        report(.hook(HookReport(id: job.id, on: job.hook.on.rawValue, step)))
    }
}
