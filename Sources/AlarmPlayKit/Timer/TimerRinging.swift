#if canImport(Glibc)
import Glibc
#endif

/// A timer's zero rung like an alarm: the sound loops with its fade-in through the never-silent
/// `Ringer`; z, s, Space or Enter snooze for a minute (a kitchen timer's "+1:00"); x, q, Esc or
/// Ctrl-C stop; it falls silent by itself after the alarms' built-in ring duration.
public struct TimerRinging: TimeUpAction {
    static let snoozeSeconds: Int64 = 60

    public init() {}

    public func ring(_ timeUp: TimeUp, input: any InputSource, context: CommandContext) throws -> ExitCode {
        let clock = SystemMonotonicTime()
        let display = StatusLine(descriptor: STDERR_FILENO)
        let request = RingRequest(
            sound: timeUp.sound, volume: timeUp.volume, fadeInSeconds: timeUp.fadeInSeconds,
            ringForSeconds: Double(AlarmSettings.builtIn.ringFor), device: timeUp.device)
        while true {
            let startedAt = clock.now()
            let ringer = Ringer.start(request, registry: timeUp.registry, events: { event in
                if case let .fallback(reason) = event { context.console.err("alarmplay: fallback: \(reason)") }
            }, finished: {})
            let action = waitForAction(ringer, startedAt: startedAt, input: input, display: display, label: timeUp.label)
            ringer.control.stop()
            display?.clear()
            switch action {
            case .stop:
                context.console.err("\(timeUp.label): stopped")
                return .success
            case .silenced:
                context.console.err("\(timeUp.label): silenced after \(DurationText.format(AlarmSettings.builtIn.ringFor))")
                return .success
            case .snooze:
                context.console.err("\(timeUp.label): snoozed for a minute")
                guard snooze(until: clock.now() + Self.snoozeSeconds * 1_000_000_000, input: input, display: display, label: timeUp.label) else {
                    context.console.err("\(timeUp.label): stopped")
                    return .success
                }
                context.console.out("Time's up: \(timeUp.label)")
            }
        }
    }

    private enum Action { case stop, snooze, silenced }

    /// Redraws once a second and rings the bell while the ringer has no device, until a key,
    /// a line, or the end of the ring duration.
    private func waitForAction(
        _ ringer: Ringer, startedAt: Int64, input: any InputSource, display: StatusLine?, label: String
    ) -> Action {
        let clock = SystemMonotonicTime()
        while ringer.outcome == nil {
            if ringer.isBellActive { Console.write("\u{07}", to: STDERR_FILENO) }
            let rung = Double(clock.now() - startedAt) / 1e9
            display?.draw(["⏰ Time's up: \(label) · ringing \(TimeText.clock(rung)) · z/Space snooze 1m · x/q/Esc stop"])
            guard let event = input.next(until: clock.now() + 1_000_000_000) else { continue }
            if let request = Self.request(for: event) {
                return request == .snooze(id: nil) ? .snooze : .stop
            }
        }
        return .silenced
    }

    /// Waits out a snooze; false when it was stopped instead.
    private func snooze(until deadline: Int64, input: any InputSource, display: StatusLine?, label: String) -> Bool {
        let clock = SystemMonotonicTime()
        while clock.now() < deadline {
            display?.draw(["💤 \(label): rings again in \(CountdownFormat.remaining(deadline - clock.now())) · x/q/Esc stop"])
            let next = min(deadline, clock.now() + 1_000_000_000)
            guard let event = input.next(until: next) else { continue }
            if Self.request(for: event) == .stop(id: nil) {
                display?.clear()
                return false
            }
        }
        display?.clear()
        return true
    }

    /// Snooze or stop, from a key or a line; Ctrl-C stops. Nothing for other input.
    static func request(for event: InputEvent) -> ControlRequest? {
        switch event {
        case .key(.interrupt): return .stop(id: nil)
        case let .key(key): return ControlRequest(key: key).flatMap { $0 == .help ? nil : $0 }
        case let .line(line): return ControlRequest(line: line).flatMap { $0 == .snooze(id: nil) || $0 == .stop(id: nil) ? $0 : nil }
        case .endOfInput: return nil
        }
    }
}
