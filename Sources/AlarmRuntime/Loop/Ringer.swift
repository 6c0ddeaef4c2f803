import AlarmCore
import AlarmAudio
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Something the ringer had to do differently from what was asked, for the log.
public enum RingEvent: Sendable, Equatable {
    /// Playing a substitute (`reason` says why): the built-in tone, or the next device.
    case fallback(reason: String)
    /// No device could be opened: the caller rings the terminal bell until `bell(false)`.
    case bell(Bool)
    /// The wake-up sound cannot play (`reason`); the phase goes on in silence.
    case wakeUpFailed(reason: String)
}

/// Rings one sound in a loop on a background thread and never goes quiet because of a sound
/// problem: a sound that cannot be opened or decoded is replaced by the built-in tone, a device
/// that cannot be opened or stops taking audio by the next one (`DeviceFallback`), and when no
/// device works the caller is told to ring the terminal bell while the ringer keeps retrying.
public final class Ringer: Sendable {
    public let control = PlaybackControl()
    private let bellActive = Atomic<Bool>(false)
    private let result = Mutex<PlaybackOutcome?>(nil)
    /// Seconds between attempts to reopen a device while the bell rings.
    package static let retryInterval = 2.0
    /// A stopped ringer lets go within one block (~85 ms) and a drop; more means it is stuck.
    package static let handoverSeconds = 0.5

    public var isBellActive: Bool { bellActive.load(ordering: .relaxed) }

    /// How the ringing ended; nil while it rings.
    public var outcome: PlaybackOutcome? { result.withLock { $0 } }

    private init() {}

    /// Starts ringing. `events` and `finished` are called on the ringer's thread; keep them short
    /// (log, poke the event loop); `outcome` is set before `finished` is called. A ringer that
    /// takes over from `previous` (told to stop) first waits, at most `handoverSeconds`, for it to
    /// let go of the device: a `hw:` device opens only once at a time.
    public static func start(
        _ request: RingRequest, registry: SoundRegistry, after previous: Ringer? = nil, realtime: Bool = false,
        events: @escaping @Sendable (RingEvent) -> Void,
        finished: @escaping @Sendable () -> Void
    ) -> Ringer {
        let ringer = Ringer()
        do {
            try BackgroundThread.start {
                // `run` asks for it once it got it for its loop (and said so when refused).
                if realtime { ThreadPriority.raiseCurrentThread() }
                let giveUp = SystemMonotonicTime.seconds + handoverSeconds
                while let previous, previous.outcome == nil, SystemMonotonicTime.seconds < giveUp { usleep(5_000) }
                let outcome = ringer.ring(request, registry: registry, events: events)
                ringer.result.withLock { $0 = outcome }
                finished()
            }
        } catch {
            // Said, not rung on the caller's thread: that is the loop, which must go on.
            events(.fallback(reason: "no thread to ring on (\(error.description))"))
            ringer.result.withLock { $0 = .finished }
            finished()
        }
        return ringer
    }

    private func ring(_ request: RingRequest, registry: SoundRegistry, events: @escaping @Sendable (RingEvent) -> Void) -> PlaybackOutcome {
        let (request, wakeSound) = openWakeUp(request, registry: registry, events: events)
        var startAt = request.startAt
        var deadline = request.ringForSeconds.map { SystemMonotonicTime.seconds + $0 }
        var useFallback = false
        var soundingSince: Double?
        var devices = DeviceFallback(request.devices)
        while !control.isStopRequested {
            let remaining = deadline.map { $0 - SystemMonotonicTime.seconds }
            if let remaining, remaining <= 0 { break }
            let source: any AudioSource
            do {
                let alarm = try useFallback ? fallback(request, registry: registry) : open(request, registry: registry, events: events)
                source = leadingWakeUp(alarm, sound: wakeSound, request: request, events: events)
            } catch {
                events(.fallback(reason: PlaybackFailure(error).description))
                useFallback = true
                continue
            }
            guard let (device, output) = openDevice(&devices, source: source, events: events) else {
                sleepUnlessStopped(Self.retryInterval, until: deadline)
                devices.startOver()
                continue
            }
            if let start = startAt {
                startAt = nil
                waitUntil(start)
                deadline = request.ringForSeconds.map { SystemMonotonicTime.seconds + $0 }
                if control.isStopRequested { break }
                if let reason = source.notReadyReason {
                    events(.fallback(reason: reason))
                    useFallback = true
                    continue
                }
            }
            let now = SystemMonotonicTime.seconds
            let options = PlaybackOptions(
                volume: request.volume, fadeInSeconds: request.fadeInSeconds, loop: true,
                limitSeconds: deadline.map { $0 - now } ?? remaining, fadeElapsedSeconds: now - (soundingSince ?? now),
                fadeOutSeconds: request.fadeOutSeconds)
            if soundingSince == nil { soundingSince = now }
            do {
                return try Player.play(source, on: output, options: options, control: control)
            } catch let error as ALSAError {
                if error.code == -ETIMEDOUT { output.abandon { try? BackgroundThread.start($0) } }
                if let line = devices.failed(device, reason: error.description) { events(.fallback(reason: line)) }
            } catch {
                events(.fallback(reason: PlaybackFailure(error).description))
                useFallback = true
            }
        }
        setBell(false, events: events)
        return control.isStopRequested ? .stopped : .finished
    }

    /// The sound, or the sequence of sounds, the alarm asks for.
    private func open(_ request: RingRequest, registry: SoundRegistry, events: @escaping @Sendable (RingEvent) -> Void) throws -> any AudioSource {
        let first = try registry.open(registry.resolve(request.sound), context: request.context, failed: { events(.fallback(reason: $0)) })
        guard !request.laterSounds.isEmpty else { return first }
        let later = request.laterSounds.map { reference -> any AudioSource in
            do {
                return try registry.open(registry.resolve(reference), context: request.context)
            } catch {
                events(.fallback(reason: PlaybackFailure(error).description))
                return fallback(request, registry: registry)
            }
        }
        return SequenceSource([first] + later, fallback: { [self] in fallback(request, registry: registry) },
                              failed: { events(.fallback(reason: $0)) })
    }

    /// The alarm's fallback sound, else (or if that fails too) the built-in tone, which cannot.
    private func fallback(_ request: RingRequest, registry: SoundRegistry) -> any AudioSource {
        guard let sound = request.fallbackSound, let source = try? registry.open(registry.resolve(sound), context: request.context) else {
            return ToneProvider.fallback()
        }
        return source
    }

    /// The first device of the order that opens, else nil with the bell switched on.
    private func openDevice(
        _ devices: inout DeviceFallback, source: any AudioSource, events: @Sendable (RingEvent) -> Void
    ) -> (String, ALSAOutput)? {
        while let device = devices.current {
            switch DeviceOpener.open(device, format: source.format, sixteenBit: source.isSixteenBit, isStopped: { control.isStopRequested }) {
            case let .success(output)?:
                devices.opened(device)
                setBell(false, events: events)
                return (device, output)
            case let .failure(error)?:
                if let line = devices.failed(device, reason: error.description) { events(.fallback(reason: line)) }
            case nil:
                return nil
            }
        }
        setBell(true, events: events)
        return nil
    }

    private func setBell(_ on: Bool, events: @Sendable (RingEvent) -> Void) {
        if bellActive.exchange(on, ordering: .relaxed) != on { events(.bell(on)) }
    }

    /// Sleeps to a wall-clock instant: in short steps while it is far (a stop must not wait),
    /// then one absolute `clock_nanosleep` for the last stretch, accurate to well under a millisecond.
    private func waitUntil(_ instant: Instant) {
        let target = Double(instant.seconds) + Double(instant.nanoseconds) / 1e9
        while !control.isStopRequested, Self.wallNow() < target - 0.05 {
            usleep(20_000)
        }
        var spec = SystemClock.kernelTime(seconds: instant.seconds, nanoseconds: instant.nanoseconds)
        while clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &spec, nil) == EINTR {}
    }

    private static func wallNow() -> Double {
        let now = SystemClock().now()
        return Double(now.seconds) + Double(now.nanoseconds) / 1e9
    }

    private func sleepUnlessStopped(_ seconds: Double, until deadline: Double?) {
        let end = min(SystemMonotonicTime.seconds + seconds, deadline ?? .infinity)
        while !control.isStopRequested, SystemMonotonicTime.seconds < end {
            usleep(20_000)
        }
    }
}

extension Ringer: RingHandle {
    package func stop() { control.stop() }
    package var hasEnded: Bool { outcome != nil }
    package func scaleVolume(by factor: Double) -> Double { control.scaleVolume(by: factor) }
}
