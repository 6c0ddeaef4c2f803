import AlarmCore
import AlarmAudio
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One sound playing on a background thread: open the sound, open the device, play. The event
/// loop learns that it ended through `notifier` and reads `outcome`.
public final class PlaybackJob: Sendable {
    public let control = PlaybackControl()
    public let format: Mutex<AudioFormat?> = Mutex(nil)
    private let result: Mutex<Result<PlaybackOutcome, PlaybackFailure>?> = Mutex(nil)

    private init() {}

    /// Starts playing `entries` (one sound, or several in order) from `registry` on `device`;
    /// `notifier` fires when it ends.
    public static func start(
        _ entries: [SoundEntry], from registry: SoundRegistry, device: String, options: PlaybackOptions,
        context: RingContext = RingContext(), notifier: Notifier
    ) -> PlaybackJob {
        let job = PlaybackJob()
        let started: Void? = try? BackgroundThread.start {
            let outcome: Result<PlaybackOutcome, PlaybackFailure>
            do {
                let sources = try entries.map { try registry.open($0, context: context) }
                // A preview shows what fails instead of covering it with a fallback.
                let source = sources.count == 1 ? sources[0] : SequenceSource(
                    sources, loopsLast: options.loop, fallback: { ToneProvider.fallback() }, failed: { _ in })
                job.format.withLock { $0 = source.format }
                let output = try ALSAOutput(device: device, format: source.format, sixteenBit: source.isSixteenBit)
                outcome = .success(try Player.play(source, on: output, options: options, control: job.control))
            } catch {
                outcome = .failure(PlaybackFailure(error))
            }
            job.result.withLock { $0 = outcome }
            notifier.signal()
        }
        if started == nil {
            job.result.withLock { $0 = .failure(PlaybackFailure(SystemError("pthread_create", code: EAGAIN))) }
            notifier.signal()
        }
        return job
    }

    /// Nil while still playing.
    public var outcome: Result<PlaybackOutcome, PlaybackFailure>? {
        result.withLock { $0 }
    }
}
