#if canImport(Glibc)
import Glibc
#endif

/// The daemon's faces: keys or lines on stdin, the status line on a terminal, the terminal
/// bell when no sound device works, and the replies to the control socket.
extension AlarmDaemon {
    func openInput() {
        let source = StandardInput.open()
        input = source
        if source.isTerminal { statusLine = StatusLine(descriptor: STDERR_FILENO) }
        loop.watch(STDIN_FILENO) { [unowned self] in readInput() }
    }

    /// Drains what stdin has without blocking. End of input is not "quit": under systemd
    /// stdin is /dev/null, and a script may close its pipe and still want the alarm to ring.
    private func readInput() {
        let now = SystemMonotonicTime().now()
        while let input, let next = input.next(until: now) {
            switch next {
            case let .key(key):
                handle(key)
            case let .line(line):
                handle(line)
            case .endOfInput:
                loop.unwatch(STDIN_FILENO)
                event(.debug, "stdin_closed", [:])
                return
            }
        }
    }

    private func handle(_ key: Key) {
        if key == .interrupt {
            if ringing.isEmpty {
                exitCode = .interrupted
                loop.stop()
            } else {
                _ = perform(.stop(id: nil))
            }
            return
        }
        guard let request = ControlRequest(key: key) else { return }
        // With nothing ringing, `x` still dismisses a pending snooze, as `stop` does elsewhere.
        let dismissesSnooze = request == .stop(id: nil) && !state.snoozes.isEmpty
        if request == .help || (ringing.isEmpty && !dismissesSnooze) {
            statusLine?.clear()
            Console.write((ringing.isEmpty ? "nothing is ringing; Ctrl-C quits. " : "") + ControlRequest.keyHelp + "\n", to: STDERR_FILENO)
            redrawStatus()
            return
        }
        report(perform(request))
    }

    private func handle(_ line: String) {
        guard let request = ControlRequest(line: line) else {
            event(.warning, "unknown_command", ["line": line, "expected": "snooze, stop, status"])
            return
        }
        report(perform(request))
    }

    /// Replies to stdin commands go to stdout, one line each, for the script that sent them.
    private func report(_ reply: String) {
        statusLine?.clear()
        Console.write(reply + "\n", to: STDOUT_FILENO)
        redrawStatus()
    }

    func reply(to line: String) -> String {
        guard let request = ControlRequest(line: line) else {
            return "error: unknown command \"\(line)\"; expected snooze [ID], stop [ID] or status"
        }
        event(.debug, "control", ["request": line])
        return perform(request)
    }

    func statusJSON() -> JSONValue {
        let format = TimeFormat()
        let now = clock.now().seconds
        let next = alarms.nextRings(after: now, count: 1, state: state.schedule).first
        let ringingJSON: [JSONValue] = ringing.map { ring in
            .object([
                ("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)),
                ("since", .string(format.iso(ring.since.seconds))), ("snoozesLeft", .int(ring.snoozesLeft)),
                ("sound", .string(ring.alarm.settings.sound.description)),
                ("sounding", .bool(sounding?.key == ring.key)), ("bell", .bool(sounding?.key == ring.key && sounding?.ringer.isBellActive == true)),
            ])
        }
        let snoozedJSON: [JSONValue] = alarms.compactMap { alarm in
            guard let snooze = state.snoozes[alarm.stateKey] else { return nil }
            return .object([
                ("id", .string(alarm.name)), ("label", .optional(alarm.label)), ("until", .string(format.iso(snooze.until))),
                ("snoozesLeft", .int(max(0, alarm.settings.maxSnoozes - snooze.count))),
            ])
        }
        let nextJSON: JSONValue = next.map { ring in
            .object([("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)), ("at", .string(format.iso(ring.at)))])
        } ?? .null
        // Where the page is served, for `alarmplay web`; null with --no-http or while it cannot start.
        let http: JSONValue = web?.listening.map { .string($0.description) } ?? .null
        let wake: JSONValue = ["canWake": .bool(timer.wakesFromSuspend), "reason": .optional(timer.noWakeReason)]
        return .object([("ringing", .array(ringingJSON)), ("snoozed", .array(snoozedJSON)), ("next", nextJSON),
                        ("alarms", .int(alarms.count)), ("pausedUntil", .optional(pausedUntil?.description)), ("http", http), ("wake", wake),
                        ("schedule", .string(usingLastGood ? "last-good" : "file")), ("version", .string(Version.current))])
    }

    /// Ticks only while something needs them: once a second while ringing on a terminal (the
    /// "rung for" clock) or while the bell substitutes for sound; none otherwise.
    func statusTicks() {
        let bell = sounding?.ringer.isBellActive == true
        if bell || (statusLine != nil && !ringing.isEmpty) {
            loop.tickInterval = 1000
            loop.onTick = { [unowned self] in
                if sounding?.ringer.isBellActive == true { ringBell() }
                redrawStatus()
            }
        } else {
            loop.tickInterval = nil
            loop.onTick = nil
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

    func redrawStatus() {
        guard let statusLine else { return }
        let now = clock.now().seconds
        if let ring = ringing.last {
            let rung = TimeText.clock(Double(now - ring.since.seconds))
            let others = ringing.count > 1 ? " (+\(ringing.count - 1) more)" : ""
            let bell = sounding?.ringer.isBellActive == true ? " [no sound device: bell]" : ""
            statusLine.draw([
                "⏰ \(ring.alarm.label ?? ring.alarm.name)\(others) · \(ring.alarm.settings.sound) · ringing \(rung)\(bell) · \(ring.snoozesLeft) snooze\(ring.snoozesLeft == 1 ? "" : "s") left",
                "   z/Space snooze · x/q/Esc stop · ? keys",
            ])
        } else if let pausedUntil {
            statusLine.draw(["paused until \(pausedUntil) ('alarmplay resume' ends it) · Ctrl-C quits"])
        } else if let next = DueRings.next(after: now, alarms: alarms, state: state) {
            let snoozed = state.snoozes[next.alarm.stateKey]?.until == next.at ? " (snoozed)" : ""
            statusLine.draw(["next: \(next.alarm.name)\(snoozed), \(TimeFormat().short(next.at)) (\(TimeFormat.relative(from: now, to: next.at))) · Ctrl-C quits"])
        } else {
            statusLine.draw(["no alarm scheduled · Ctrl-C quits"])
        }
    }
}
