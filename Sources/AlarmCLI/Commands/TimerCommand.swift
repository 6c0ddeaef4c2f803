import AlarmCore
import AlarmRuntime
import FaceTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `alarmplay timer DURATION`: counts down on one in-place line and rings at zero.
public enum TimerCommand: Command {
    public static let spec = CommandSpec(
        name: "timer",
        abstract: tr("Count down and ring at zero."),
        arguments: [ArgumentSpec("DURATION", help: tr("How long, e.g. {examples}; a bare number is seconds.", ["examples": DurationText.examples]))],
        options: [
            .value("label", "TEXT", help: tr("What the timer is for, shown while counting and at zero.")),
            .value("sound", "SOUND", help: tr("Sound to ring, by index or name (see 'alarmplay sounds').")),
            .volume,
            .value("fade-in", "D", help: tr("Fade the sound in over D (e.g. 10s); default: full volume at once.")),
            .value("ring-for", "D", help: tr("Stop ringing by itself after D (e.g. 30s); default: 10m.")),
            .device,
            .sounds,
        ],
        discussion: tr("""
            KEYS (on a terminal): Space pause/resume, + add a minute, q or Ctrl-C cancel.
            At zero it rings like an alarm: z, s, Space or Enter snooze for a minute; x, q, Esc or
            Ctrl-C stop. It stops by itself after 10 minutes (--ring-for).
            Without a terminal on standard input, reads one command per line: {commands};
            at zero, snooze or stop. Its lines go to standard output, an unknown command's
            error to standard error. End of input does not cancel. Exits 0 when the time is up,
            130 when cancelled.
            """, ["commands": TimerControl.lineCommands.joined(separator: ", ")])
    )

    /// What rings at zero.
    package static let timeUpAction: any TimeUpAction = TimerRinging()

    /// Far beyond any timer, and far from overflowing nanoseconds.
    package static let maximumSeconds = 100 * 24 * 3600

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let seconds: Int
        do { seconds = try DurationText.parse(arguments.positional(0) ?? "") } catch { throw BadValue("DURATION", problem: error.message) }
        guard seconds > 0 else { throw BadValue("DURATION", problem: tr("a timer needs a duration longer than zero")) }
        guard seconds <= maximumSeconds else { throw BadValue("DURATION", problem: tr("a timer can run for at most 100 days")) }
        let duration = Int64(seconds) * 1_000_000_000
        let volume = try arguments.number("volume", in: 0...1) ?? AlarmSettings.builtIn.volume
        let fadeIn = try arguments.seconds("fade-in", in: 0...3600) ?? 0
        let ringFor = try arguments.seconds("ring-for", in: 1...(24 * 3600)) ?? Double(AlarmSettings.builtIn.ringFor)
        // Checked now, not at zero: a typo must not be found when the tea is already cold.
        let registry = arguments.soundRegistry(context)
        let sound = arguments.value("sound").map(SoundReference.init(parsing:)) ?? AlarmSettings.builtIn.sound
        _ = try registry.resolve(sound)
        let label = arguments.value("label") ?? tr("Timer")
        let request = RingRequest(
            sound: sound, volume: volume, fadeInSeconds: fadeIn,
            ringForSeconds: ringFor, devices: arguments.devices)
        var prepared: (ringer: Ringer, deadline: Int64)?
        let clock = SystemMonotonicTime()
        let input = StandardInput.open()
        var countdown = Countdown(duration: duration, startedAt: clock.now())
        let display = StatusLine(descriptor: STDERR_FILENO)
        // Without a status line, the timer speaks in lines, all on standard output.
        if display == nil {
            context.console.out(tr("{label}: {left} started", ["label": label, "left": CountdownFormat.remaining(duration)]))
        }
        while true {
            let now = clock.now()
            if countdown.isFinished(at: now) { break }
            prepared = TimerRinging.prepare(prepared, request, registry: registry, deadline: countdown.deadline, now: now)
            display?.draw([CountdownFormat.line(countdown, label: label, at: now)])
            // Wake at the deadline itself, a second before it (to prepare), or when the shown second
            // changes; redraws never move the deadline.
            let preroll = countdown.deadline.map { $0 - TimerRinging.preroll }.flatMap { $0 > now ? $0 : nil }
            let wake = [countdown.deadline, preroll, CountdownFormat.nextChange(countdown, at: now)].compactMap { $0 }.min()
            guard let event = input.next(until: wake) else { continue }
            let control: TimerControl?
            switch event {
            case let .key(key): control = TimerControl(key: key)
            case let .line(line):
                control = TimerControl(line: line)
                if control == nil, !line.allSatisfy(\.isWhitespace) {
                    context.console.err(tr("alarmplay: unknown timer command \"{line}\"; expected {commands}",
                                           ["line": String(line.prefix(80)), "commands": TimerControl.lineCommands.joined(separator: ", ")]))
                }
            case .endOfInput: control = nil
            }
            guard let control else { continue }
            let result = apply(control, to: &countdown, at: clock.now())
            if control == .cancel {
                prepared?.ringer.control.stop()
                if let display {
                    display.clear()
                    context.console.err("\(label): \(result)")
                } else {
                    context.console.out("\(label): \(result)")
                }
                return .interrupted
            }
            if !input.isTerminal { context.console.out(result) }
        }
        let timeUp = TimeUp(
            label: label, request: request, registry: registry,
            prepared: prepared.flatMap { $0.deadline == countdown.deadline ? $0.ringer : nil },
            deadline: countdown.deadline ?? 0, noticedAt: clock.now()
        )
        display?.clear()
        context.console.out(tr("Time's up: {label}", ["label": label]))
        return try timeUpAction.ring(timeUp, input: input, context: context)
    }

    /// Applies `control` and describes the result in one line.
    package static func apply(_ control: TimerControl, to countdown: inout Countdown, at now: Int64) -> String {
        switch control {
        case .togglePause:
            countdown.togglePause(at: now)
        case .addMinute:
            countdown.add(60_000_000_000)
        case .cancel:
            return tr("cancelled with {left} left", ["left": CountdownFormat.remaining(countdown.remaining(at: now))])
        }
        let left = CountdownFormat.remaining(countdown.remaining(at: now))
        return countdown.isPaused ? tr("paused with {left} left", ["left": left]) : tr("running, {left} left", ["left": left])
    }
}
