import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The terminal or pipe `run` was started from, as one of its faces: keys or lines on stdin become
/// commands (replies on stdout, one line each: a key's in the person's language, a script's line's
/// in English as on the socket); on a terminal a status line below the log shows what rings or
/// rings next, ticking each second while an alarm rings; and when no sound device works it rings
/// the terminal bell instead, on stderr too.
/// What a person reads here is in their language, while the log beside it stays English.
final package class TerminalFace: DaemonFace {
    private unowned let host: any FaceHost
    private var input: (any InputSource)?
    private var statusLine: StatusLine?
    private var ended = false
    /// When a lone Esc, held back in case an arrow key's bytes follow, counts as Esc.
    private var heldKey: EventLoop.Deadline?
    /// The person's language: `run` keeps the process's in `C` for its log.
    private let language = Localizer.fromEnvironment()

    package static func make(_ host: any FaceHost) -> TerminalFace? { TerminalFace(host: host) }

    package init(host: any FaceHost) {
        self.host = host
    }

    package func start() {
        let source = StandardInput.open()
        input = source
        if source.isTerminal { statusLine = StatusLine(descriptor: STDERR_FILENO) }
        host.loop.watch(STDIN_FILENO) { [unowned self] in readInput() }
    }

    /// Puts the terminal back as it was (raw mode off, the status line gone).
    package func stop() {
        host.loop.unwatch(STDIN_FILENO)
        host.loop.cancel(heldKey)
        ended = true
        statusLine?.clear()
        statusLine = nil
        input = nil
        host.loop.tickInterval = nil
        host.loop.onTick = nil
    }

    /// The log shares stderr: the status line is cleared before each line and drawn again after.
    package func beforeLogLine() { statusLine?.clear() }

    package func publish(_ event: DaemonEvent, at instant: Instant) {
        if event == .exiting { ended = true }
        guard !ended else { return }
        if case let .face(.page(.listening(address, _))) = event { tellWhereThePageIs(address) }
        updateTicks()
        redraw()
    }

    /// Once the page listens, on a terminal: where it is, and how to open it with its token. The
    /// token itself stays out of what may be kept (stderr redirected to a file, the journal).
    private func tellWhereThePageIs(_ address: String) {
        guard statusLine != nil, isatty(STDERR_FILENO) == 1, !address.isEmpty else { return }
        statusLine?.clear()
        let line = language.speaking {
            tr("the page: http://{address}/ ('alarmplay web' prints its address with the token, --qr as a code for a phone)", ["address": address])
        }
        Console.write(line + "\n", to: STDERR_FILENO)
    }

    /// Drains what stdin has without blocking. End of input is not "quit": under systemd
    /// stdin is /dev/null, and a script may close its pipe and still want the alarm to ring.
    /// A lone Esc is read again once its wait is over, by a deadline of the loop: waiting here
    /// would hold the loop, and a ring, for it.
    private func readInput() {
        host.loop.cancel(heldKey)
        heldKey = nil
        defer {
            if let held = input?.heldUntil { heldKey = host.loop.schedule(at: held) { [unowned self] in readInput() } }
        }
        let now = SystemMonotonicTime().now()
        while let input, let next = input.next(until: now) {
            switch next {
            case let .key(key):
                handle(key)
            case let .line(line):
                handle(line)
            case .endOfInput:
                host.loop.unwatch(STDIN_FILENO)
                host.report(.connection(.stdinClosed))
                return
            }
        }
    }

    private func handle(_ key: Key) {
        guard let request = ControlRequest(key: key) else { return }
        if request == .interrupt {
            _ = host.perform(request)
            return
        }
        let snapshot = host.snapshot()
        // With nothing ringing, `x` still dismisses a pending snooze or the ring an alarm wakes up to, as `stop` does elsewhere.
        let dismissesSnooze = request == .stop(id: nil) && !(snapshot.snoozed.isEmpty && snapshot.waking.isEmpty)
        if request == .help || (snapshot.ringing.isEmpty && !dismissesSnooze) {
            statusLine?.clear()
            let help = language.speaking { (snapshot.ringing.isEmpty ? tr("nothing is ringing; Ctrl-C quits. ") : "") + tr(ControlRequest.keyHelp) }
            Console.write(help + "\n", to: STDERR_FILENO)
            redraw()
            return
        }
        // Performed in `run`'s English, so the log says what happened in English; worded after,
        // for the person at the keys. A script's lines (below) get the socket's English replies.
        let result = host.perform(request)
        reply(language.speaking { result.line })
    }

    private func handle(_ line: String) {
        guard let request = ControlRequest(line: line) else {
            host.report(.connection(.unknownCommand(line: line, expected: "snooze, stop, status")))
            return
        }
        reply(host.perform(request).line)
    }

    private func reply(_ line: String) {
        statusLine?.clear()
        Console.write(line + "\n", to: STDOUT_FILENO)
        redraw()
    }

    /// Ticks only while something needs them: once a second while ringing or a sleep timer plays
    /// on a terminal (the "rung for" and "left" clocks) or while the bell substitutes for sound;
    /// none otherwise.
    private func updateTicks() {
        let snapshot = host.snapshot()
        let ringing = snapshot.ringing
        if ringing.last?.bell == true || (statusLine != nil && (!ringing.isEmpty || snapshot.sleep != nil)) {
            guard host.loop.tickInterval == nil else { return }
            host.loop.tickInterval = 1000
            host.loop.onTick = { [unowned self] in
                if host.snapshot().ringing.last?.bell == true { ringBell() }
                redraw()
            }
        } else {
            host.loop.tickInterval = nil
            host.loop.onTick = nil
        }
    }

    /// BEL on the terminal and on stderr: the last resort when no sound device opens.
    private func ringBell() {
        if let terminal = statusLine?.descriptor {
            Console.write("\u{07}", to: terminal)
        }
        if statusLine == nil || statusLine?.descriptor != STDERR_FILENO {
            Console.write("\u{07}", to: STDERR_FILENO)
        }
    }

    private func redraw() {
        guard let statusLine else { return }
        statusLine.draw(language.speaking { Self.lines(host.snapshot()) })
    }

    /// What rings or rings next, and the sleep timer playing.
    package static func lines(_ snapshot: Snapshot) -> [String] {
        scheduleLines(snapshot) + (snapshot.sleep.map { ["   " + $0.statusLine(now: snapshot.now)] } ?? [])
    }

    private static func scheduleLines(_ snapshot: Snapshot) -> [String] {
        let now = snapshot.now
        if let ring = snapshot.ringing.last {
            var line = "⏰ " + (ring.alarm.label ?? ring.alarm.name)
            if snapshot.ringing.count > 1 { line += " " + tr("(+{count} more)", ["count": String(snapshot.ringing.count - 1)]) }
            line += " · \(ring.alarm.settings.sound) · " + tr("ringing {duration}", ["duration": TimeText.clock(Double(now - ring.since.seconds))])
            if ring.bell { line += " " + tr("[no sound device: bell]") }
            line += " · " + trn("{n} snooze left", "{n} snoozes left", ring.snoozesLeft)
            return [line, "   " + tr("z/Space snooze · x/q/Esc stop · ? keys")]
        } else if let phase = snapshot.waking.first {
            return [phase.line(now: now)]
        } else if let pausedUntil = snapshot.pausedUntil {
            return [tr("paused until {date} ('alarmplay resume' ends it) · Ctrl-C quits", ["date": "\(pausedUntil)"])]
        } else if let next = snapshot.next {
            let values = ["id": next.alarm.name, "time": TimeFormat().short(next.at, from: now), "relative": TimeFormat.relative(from: now, to: next.at)]
            let line = next.isSnooze ? tr("next: {id} (snoozed), {time} ({relative}) · Ctrl-C quits", values)
                : tr("next: {id}, {time} ({relative}) · Ctrl-C quits", values)
            let check = snapshot.preflight.first { $0.id == next.alarm.name && $0.ring == next.at && !$0.problems.isEmpty }
            // Worded here, in the person's language; the log words the same problems in English.
            let problems = check.map { $0.problems.map(\.description).joined(separator: " · ") }
            return [line] + (problems.map { ["   ⚠ " + tr("check before the ring: {problems}", ["problems": $0])] } ?? [])
        } else {
            return [tr("no alarm scheduled · Ctrl-C quits")]
        }
    }
}
