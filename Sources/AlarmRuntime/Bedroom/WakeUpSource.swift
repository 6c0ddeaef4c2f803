import AlarmCore
import AlarmAudio

/// One source for a wake-up phase and the ring after it, so one playback on one open device
/// carries both (a `hw:` device opens only once, and a second ringer would wait for the first to
/// let go): the wake-up sound, looping, under a gain rising from -40 dB to full over the phase
/// (`FadeIn`'s even rise in decibels), up to the frame of the ring's second; then the alarm's own
/// sound from its first frame, at full level, with no gap between them. The frames are counted
/// from the wall clock at the first read, so a playback begun late in the phase (a restart, a
/// device that fell over) starts at the level the phase has reached and still hands over on time.
final package class WakeUpSource: AudioSource {
    package let format: AudioFormat
    private var wake: any AudioSource
    private let alarm: any AudioSource
    private let phase: WakeUpRequest
    private let now: () -> Double
    private let failed: (String) -> Void
    private var rise: FadeIn
    /// Set at the first read: the frame of the ring, and where in the rise the first frame falls.
    private var ringFrame: Int?
    private var riseOffset = 0
    private var played = 0

    /// `now` is the wall clock in seconds; `failed` hears why the wake-up sound went silent.
    package init(wake: any AudioSource, then alarm: any AudioSource, phase: WakeUpRequest, now: @escaping () -> Double,
         failed: @escaping (String) -> Void) {
        // In the wake-up sound's format: the phase is the long part (converting it cost a quarter
        // of the phase's CPU, measured), the ring after it is converted instead.
        format = wake.format
        self.wake = wake
        self.alarm = alarm.format == wake.format ? alarm : FormatConverter(alarm, to: wake.format)
        self.phase = phase
        self.now = now
        self.failed = failed
        rise = FadeIn(volume: 1, seconds: phase.ring.exactSeconds - phase.start.exactSeconds, sampleRate: wake.format.sampleRate)
    }

    package var frameCount: Int? { nil }
    package var isSixteenBit: Bool { wake.isSixteenBit && alarm.isSixteenBit }

    package func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        let ring = ringFrame ?? begin()
        guard played < ring else { return try alarm.read(into: buffer, frames: frames) }
        let wanted = min(frames, ring - played)
        let count = readWake(into: buffer, frames: wanted)
        rise.apply(to: buffer, frames: count, channels: format.channels, startFrame: riseOffset + played)
        played += count
        return count
    }

    /// Before the ring the wake-up sound loops (nothing to rewind); after it the alarm's sound does.
    package func rewind() throws {
        if let ringFrame, played >= ringFrame { try alarm.rewind() }
    }

    private func begin() -> Int {
        let wall = now()
        let rate = Double(format.sampleRate)
        let ring = max(0, Int(((phase.ring.exactSeconds - wall) * rate).rounded()))
        riseOffset = max(0, Int(((wall - phase.start.exactSeconds) * rate).rounded()))
        ringFrame = ring
        return ring
    }

    /// The wake-up sound, looped; one that fails or is empty goes on as silence, said once.
    private func readWake(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        do {
            var count = try wake.read(into: buffer, frames: frames)
            if count == 0 {
                try wake.rewind()
                count = try wake.read(into: buffer, frames: frames)
            }
            if count > 0 { return count }
            fail("the wake-up sound is empty")
        } catch {
            fail(PlaybackFailure(error).description)
        }
        buffer.update(repeating: 0, count: frames * format.channels)
        return frames
    }

    private func fail(_ reason: String) {
        failed(reason + "; the wake-up goes on in silence")
        wake = SilenceSource(format: format)
    }
}

/// Nothing, forever: what a wake-up sound that failed leaves under the phase.
final package class SilenceSource: AudioSource {
    package let format: AudioFormat

    package init(format: AudioFormat) {
        self.format = format
    }

    package var frameCount: Int? { nil }

    package func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        buffer.update(repeating: 0, count: frames * format.channels)
        return frames
    }

    package func rewind() throws {}
}
