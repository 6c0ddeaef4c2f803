import AlarmCore
import AlarmRuntime
import FaceTerminal
#if canImport(Glibc)
import Glibc
#endif

/// A timer's zero rung like an alarm: the sound loops with its fade-in through the never-silent
/// `Ringer`; z, s, Space or Enter snooze for a minute (a kitchen timer's "+1:00"); x, q, Esc or
/// Ctrl-C stop; it falls silent by itself after the alarms' built-in ring duration.
public struct TimerRinging: TimeUpAction {
    package static let snoozeSeconds: Int64 = 60

    public init() {}

    public func ring(_ timeUp: TimeUp, input: any InputSource, context: CommandContext) throws -> ExitCode {
        let clock = SystemMonotonicTime()
        let display = StatusLine(descriptor: STDERR_FILENO)
        var ready = timeUp.prepared
        // Beside the status line on a terminal; without one, on standard output with the timer's other lines.
        let console = context.console
        let say = { (line: String) in display == nil ? console.out(line) : console.err(line) }
        while true {
            let startedAt = clock.now()
            let ringer = ready ?? Self.start(timeUp.request, registry: timeUp.registry, startAt: nil)
            ready = nil
            let action = waitForAction(ringer, startedAt: startedAt, input: input, display: display, label: timeUp.label)
            ringer.control.stop()
            display?.clear()
            switch action {
            case .stop:
                say(tr("{label}: stopped", ["label": timeUp.label]))
                return .success
            case .silenced:
                let rang = Int((timeUp.request.ringForSeconds ?? Double(AlarmSettings.builtIn.ringFor)).rounded())
                say(tr("{label}: silenced after {duration}", ["label": timeUp.label, "duration": DurationText.format(rang)]))
                return .success
            case .snooze:
                say(tr("{label}: snoozed for a minute", ["label": timeUp.label]))
                guard snooze(until: clock.now() + Self.snoozeSeconds * 1_000_000_000, input: input, display: display, label: timeUp.label) else {
                    say(tr("{label}: stopped", ["label": timeUp.label]))
                    return .success
                }
                context.console.out(tr("Time's up: {label}", ["label": timeUp.label]))
            }
        }
    }

    private enum Action { case stop, snooze, silenced }

    /// Nanoseconds before zero at which the sound and device are opened.
    package static let preroll: Int64 = 1_000_000_000

    package static func start(_ request: RingRequest, registry: SoundRegistry, startAt: Instant?) -> Ringer {
        var request = request
        request.startAt = startAt
        return Ringer.start(request, registry: registry, events: { event in
            if case let .fallback(reason) = event { Console().err(tr("alarmplay: fallback: {reason}", ["reason": reason])) }
        }, finished: {})
    }

    /// Keeps a ringer prepared for `deadline` (monotonic) once it is within the pre-roll: starts
    /// one, or cancels one whose deadline moved (a pause, "+1:00").
    package static func prepare(
        _ current: (ringer: Ringer, deadline: Int64)?, _ request: RingRequest, registry: SoundRegistry,
        deadline: Int64?, now: Int64
    ) -> (ringer: Ringer, deadline: Int64)? {
        if let current, current.deadline == deadline { return current }
        current?.ringer.control.stop()
        guard let deadline, deadline - now <= preroll else { return nil }
        // The ringer waits on the wall clock; the countdown runs on the monotonic one.
        let wall = SystemClock().now()
        let offset = Int(deadline - now)
        let zero = Instant(
            seconds: wall.seconds + (wall.nanoseconds + offset) / 1_000_000_000,
            nanoseconds: (wall.nanoseconds + offset) % 1_000_000_000)
        return (start(request, registry: registry, startAt: zero), deadline)
    }

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
    package static func request(for event: InputEvent) -> ControlRequest? {
        switch event {
        case .key(.interrupt): return .stop(id: nil)
        case let .key(key): return ControlRequest(key: key).flatMap { $0 == .help ? nil : $0 }
        case let .line(line): return ControlRequest(line: line).flatMap { $0 == .snooze(id: nil) || $0 == .stop(id: nil) ? $0 : nil }
        case .endOfInput: return nil
        }
    }
}
