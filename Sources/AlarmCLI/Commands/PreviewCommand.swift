import AlarmCore
import AlarmAudio
import AlarmRuntime
import FaceTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `alarmplay preview SOUND`: play a sound once, or looped for a while, to choose one.
public enum PreviewCommand: Command {
    public static let spec = CommandSpec(
        name: "preview",
        abstract: tr("Play a sound by index or name."),
        arguments: [ArgumentSpec("SOUND", help: tr("Index or name from 'alarmplay sounds' (e.g. 0, tone:chime, file:maple-leaf-rag); several, comma-separated, play in order."))],
        options: [
            .value("seconds", "D", short: "s", help: tr("Loop the sound for D (seconds, or e.g. 30s, 2m) instead of playing it once.")),
            .volume, .value("fade-in", "D", help: tr("Fade in over D (seconds, or e.g. 30s), as an alarm does.")), .device, .sounds,
            .value("label", "TEXT", help: tr("For speak: sounds, the label to say (as an alarm's).")),
            .value("voice", "VOICE", help: tr("For speak: sounds, the voice (e.g. en, de, en-us; default from LANG).")),
        ],
        discussion: tr("Ctrl-C stops at once (exit 130).")
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let seconds = try arguments.seconds("seconds", in: 0.01...86_400)
        let volume = try arguments.number("volume", in: 0...1) ?? 1
        let fadeIn = try arguments.seconds("fade-in", in: 0...3600) ?? 0
        let registry = arguments.soundRegistry(context)
        let entries = try arguments.positionals[0].split(separator: ",").map { try registry.resolve(SoundReference(parsing: $0.trimmingSpaces)) }
        guard let entry = entries.first else { throw UsageError(tr("give a sound: an index or a name from 'alarmplay sounds'")) }
        let options = PlaybackOptions(volume: volume, fadeInSeconds: fadeIn, loop: seconds != nil, limitSeconds: seconds)

        let signals = try SignalWatcher([SIGINT, SIGTERM, SIGHUP])
        let notifier = try Notifier()
        if let voice = arguments.value("voice"), let problem = VoiceCheck.problem(voice, installed: SpeechSynthesizer.voices()) { throw BadValue("--voice", problem: problem) }
        let ring = RingContext(label: arguments.value("label"), voice: arguments.value("voice"))
        let job = PlaybackJob.start(entries, from: registry, device: arguments.device, options: options, context: ring, notifier: notifier)
        let progress = ProgressLine(name: entries.map(\.sound.name).joined(separator: ", "),
                                    total: seconds ?? (entries.count == 1 ? entry.sound.details.durationSeconds : nil))

        var exitCode = ExitCode.success
        let loop = EventLoop()
        loop.watch(signals.descriptor) {
            let received = signals.pending()
            exitCode = received.contains(SIGINT) ? .interrupted : .terminated
            job.control.stop()
        }
        loop.watch(notifier.descriptor) {
            notifier.reset()
            if job.outcome != nil { loop.stop() }
        }
        if let progress {
            loop.tickInterval = 100
            loop.onTick = { progress.show(job) }
        }
        loop.run()
        progress?.finish(job)
        if case let .failure(failure) = job.outcome {
            throw failure
        }
        return exitCode
    }
}

/// `▶ tone:chime  0:03 / 0:12` on one line of a terminal, redrawn in place.
final package class ProgressLine {
    package let name: String
    package let total: Double?
    package let line: StatusLine

    /// Nil when stderr is not a terminal: a pipe or a log gets no progress.
    package init?(name: String, total: Double?) {
        guard let line = StatusLine(descriptor: STDERR_FILENO) else { return nil }
        self.name = name
        self.total = total
        self.line = line
    }

    package func show(_ job: PlaybackJob) {
        guard let rate = job.format.withLock({ $0?.sampleRate }) else { return }
        let elapsed = Double(job.control.framesPlayed) / Double(rate)
        line.draw(["▶ \(name)  \(TimeText.clock(elapsed))" + (total.map { " / " + TimeText.clock($0) } ?? "")])
    }

    package func finish(_ job: PlaybackJob) {
        show(job)
        line.finish()
    }
}
