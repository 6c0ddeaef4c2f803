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
                event(.stdinClosed)
                return
            }
        }
    }

    private func handle(_ key: Key) {
        guard let request = ControlRequest(key: key) else { return }
        if request == .interrupt {
            _ = perform(request)
            return
        }
        // With nothing ringing, `x` still dismisses a pending snooze, as `stop` does elsewhere.
        let dismissesSnooze = request == .stop(id: nil) && !model.state.snoozes.isEmpty
        if request == .help || (model.ringing.isEmpty && !dismissesSnooze) {
            statusLine?.clear()
            Console.write((model.ringing.isEmpty ? "nothing is ringing; Ctrl-C quits. " : "") + ControlRequest.keyHelp + "\n", to: STDERR_FILENO)
            redrawStatus()
            return
        }
        report(perform(request).line)
    }

    private func handle(_ line: String) {
        guard let request = ControlRequest(line: line) else {
            event(.unknownCommand(line: line, expected: "snooze, stop, status"))
            return
        }
        report(perform(request).line)
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
        event(.control(request: line))
        return perform(request).line
    }

    func statusJSON() -> JSONValue {
        let format = TimeFormat()
        let snapshot = snapshot()
        let ringingJSON: [JSONValue] = snapshot.ringing.map { ring in
            .object([
                ("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)),
                ("since", .string(format.iso(ring.since.seconds))), ("snoozesLeft", .int(ring.snoozesLeft)),
                ("sound", .string(ring.alarm.settings.sound.description)), ("sounding", .bool(ring.sounding)), ("bell", .bool(ring.bell)),
            ])
        }
        let snoozedJSON: [JSONValue] = snapshot.snoozed.map { snooze in
            .object([
                ("id", .string(snooze.alarm.name)), ("label", .optional(snooze.alarm.label)), ("until", .string(format.iso(snooze.until))),
                ("snoozesLeft", .int(snooze.snoozesLeft)),
            ])
        }
        let nextJSON: JSONValue = snapshot.next.map { ring in
            .object([("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)), ("at", .string(format.iso(ring.at))),
                     ("shiftedFrom", ring.shiftedFrom.map { .string(format.iso($0)) } ?? .null)])
        } ?? .null
        let wake: JSONValue = ["canWake": .bool(wakeAbility.canWake), "reason": .optional(wakeAbility.reason)]
        return .object([("ringing", .array(ringingJSON)), ("snoozed", .array(snoozedJSON)), ("next", nextJSON),
                        ("alarms", .int(snapshot.alarms.count)), ("pausedUntil", .optional(snapshot.pausedUntil?.description)),
                        ("wake", wake), ("schedule", .string(usingLastGood ? "last-good" : "file")), ("version", .string(Version.current)),
                        ("problems", .array(fileProblems.map(JSONValue.string))), ("timers", .array(model.timers.map { $0.json(format: format) })),
                        ("now", .string(format.iso(snapshot.now)))] + faces.flatMap(\.statusMembers).map { ($0.key, $0.value) })
    }

    /// Ticks only while something needs them: once a second while ringing on a terminal (the
    /// "rung for" clock) or while the bell substitutes for sound; none otherwise.
    func statusTicks() {
        let bell = sounding?.ringer.isBellActive == true
        if bell || (statusLine != nil && !model.ringing.isEmpty) {
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
        let snapshot = snapshot()
        let now = snapshot.now
        if let ring = model.ringing.last {
            let rung = TimeText.clock(Double(now - ring.since.seconds))
            let others = model.ringing.count > 1 ? " (+\(model.ringing.count - 1) more)" : ""
            let bell = snapshot.ringing.last?.bell == true ? " [no sound device: bell]" : ""
            statusLine.draw([
                "⏰ \(ring.alarm.label ?? ring.alarm.name)\(others) · \(ring.alarm.settings.sound) · ringing \(rung)\(bell) · \(ring.snoozesLeft) snooze\(ring.snoozesLeft == 1 ? "" : "s") left",
                "   z/Space snooze · x/q/Esc stop · ? keys",
            ])
        } else if let pausedUntil = snapshot.pausedUntil {
            statusLine.draw(["paused until \(pausedUntil) ('alarmplay resume' ends it) · Ctrl-C quits"])
        } else if let next = snapshot.next {
            let snoozed = next.isSnooze ? " (snoozed)" : ""
            statusLine.draw(["next: \(next.alarm.name)\(snoozed), \(TimeFormat().short(next.at)) (\(TimeFormat.relative(from: now, to: next.at))) · Ctrl-C quits"])
        } else {
            statusLine.draw(["no alarm scheduled · Ctrl-C quits"])
        }
    }
}
