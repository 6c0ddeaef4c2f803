import AlarmCore
import CALSA

#if canImport(Glibc)
import Glibc
#endif

/// An open ALSA playback PCM taking interleaved float frames, or a 16-bit sound's own samples
/// when it was opened `sixteenBit`. The only owner of the `snd_pcm_t`; it closes it in `deinit`.
public final class ALSAOutput {
    public let device: String
    public let format: AudioFormat
    /// S16 on the device: the float blocks the player makes are converted here, 16-bit samples go as they are.
    public let sixteenBit: Bool
    private let pcm: OpaquePointer
    /// The device's period in frames (about 125 ms at the latency asked): writes of exactly
    /// this much wake the sound server's client thread once a period, as aplay's do.
    public let periodFrames: Int
    private var converted: [Int16] = []
    /// Set by `abandon`: the handle is being closed elsewhere.
    private var abandoned = false
    /// Recoveries since the device last took audio; see `recover`.
    private var recoveriesWithoutAudio = 0
    /// A suspend may be followed by an underrun before audio flows again; more is no hiccup.
    private static let recoveriesAllowed = 2

    /// About half a second of buffer, the period a quarter of it (ALSA's `snd_pcm_set_params`
    /// splits the latency into four periods): the same choice as aplay and MPD, large enough
    /// to ride out a busy Pi, small enough that a stop is heard at once.
    public static let latencyMicroseconds: UInt32 = 500_000
    /// How long a write may wait for room before the device counts as stalled (the ringing
    /// watchdog): four buffers' worth, far beyond any scheduling hiccup.
    public static let stallMilliseconds: Int32 = 2000

    /// Opens `device` at the sound's own rate and channel count. `soft_resample` lets ALSA's
    /// plug layer convert where the hardware cannot take the format as is.
    public init(device: String, format: AudioFormat, sixteenBit: Bool = false) throws(ALSAError) {
        self.device = device
        self.format = format
        self.sixteenBit = sixteenBit
        alarmplay_silence_alsa_errors()
        var handle: OpaquePointer?
        var result = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard result >= 0, let handle else {
            throw ALSAError(kind: .open, device: device, code: result, reason: Self.reason(result))
        }
        result = snd_pcm_set_params(
            handle, sixteenBit ? SND_PCM_FORMAT_S16_LE : SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
            UInt32(format.channels), UInt32(format.sampleRate), 1, Self.latencyMicroseconds)
        guard result >= 0 else {
            snd_pcm_close(handle)
            throw ALSAError(kind: .open, device: device, code: result, reason: Self.reason(result))
        }
        var bufferSize: snd_pcm_uframes_t = 0
        var periodSize: snd_pcm_uframes_t = 0
        periodFrames = snd_pcm_get_params(handle, &bufferSize, &periodSize) >= 0 && periodSize > 0 ? Int(periodSize) : 4096
        pcm = handle
    }

    deinit {
        if !abandoned { snd_pcm_close(pcm) }
    }

    /// A stalled device (a hung sound server) can block `snd_pcm_close` as long as it stays hung:
    /// `closing` runs the close on a thread of its own (the runtime's), so the ringer goes on to the
    /// fallbacks; a close it cannot start leaves the hung handle open rather than block.
    public func abandon(closing: (@escaping @Sendable () -> Void) -> Void) {
        guard !abandoned else { return }
        abandoned = true
        let handle = ClosingHandle(pcm: pcm)
        closing { snd_pcm_close(handle.pcm) }
    }

    /// The handle of an abandoned output: only the closing thread touches it after the handover.
    private struct ClosingHandle: @unchecked Sendable {
        let pcm: OpaquePointer
    }

    /// Writes all `frames` frames, blocking while the buffer is full; a device that is gone
    /// throws `.lost` so the caller can fall back.
    public func write(_ samples: UnsafePointer<Float>, frames: Int) throws(ALSAError) {
        guard sixteenBit else { return try write(raw: UnsafeRawPointer(samples), frames: frames, frameBytes: format.channels * 4) }
        let count = frames * format.channels
        if converted.count < count { converted = [Int16](repeating: 0, count: count) }
        // The error comes back as a value: Swift 6.0's withUnsafeMutableBufferPointer rethrows
        // only `any Error`, so a typed throw inside its closure does not compile there.
        let failure = converted.withUnsafeMutableBufferPointer { target -> ALSAError? in
            // Truncated, not rounded (a libm call per sample, measured as a third of the cost of
            // ringing): the difference is below one step of 16 bits. Clamped, as a lossy decoder
            // or a gain may overshoot full scale a little; NaN becomes silence.
            for index in 0..<count {
                let value = samples[index] * 32767
                target[index] = value.isNaN ? 0 : Int16(max(-32768, min(32767, value)))
            }
            do throws(ALSAError) {
                try write(raw: UnsafeRawPointer(target.baseAddress!), frames: frames, frameBytes: format.channels * 2)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes 16-bit samples as they are, to a device opened `sixteenBit`.
    public func write(_ samples: UnsafePointer<Int16>, frames: Int) throws(ALSAError) {
        precondition(sixteenBit, "16-bit samples go only to a device opened for S16")
        try write(raw: UnsafeRawPointer(samples), frames: frames, frameBytes: format.channels * 2)
    }

    private func write(raw samples: UnsafeRawPointer, frames: Int, frameBytes: Int) throws(ALSAError) {
        var offset = 0
        while offset < frames {
            // Never more than there is room for: a blocking `snd_pcm_writei` could wait inside
            // ALSA with no time limit, out of the watchdog's reach.
            let frameCount = min(try room(), frames - offset)
            let written = snd_pcm_writei(pcm, samples + offset * frameBytes, snd_pcm_uframes_t(frameCount))
            if written > 0 {
                offset += Int(written)
                recoveriesWithoutAudio = 0
            } else if written < 0 {
                try recover(Int32(written))
            }
        }
    }

    /// The frames the device takes now, waiting while it has no room. A device that takes no
    /// audio for a while (a hung sound server, a USB speaker pulled while its driver keeps the
    /// PCM open) would block a write forever: after `stallMilliseconds` without room, whatever
    /// the device answered meanwhile, it counts as lost.
    private func room() throws(ALSAError) -> Int {
        let giveUp = SystemMonotonicTime.seconds + Double(Self.stallMilliseconds) / 1000
        while true {
            let left = Int32(((giveUp - SystemMonotonicTime.seconds) * 1000).rounded(.up))
            guard left > 0 else {
                throw ALSAError(kind: .lost, device: device, code: -ETIMEDOUT,
                                reason: "stalled: it took no audio for \(Self.stallMilliseconds / 1000) s")
            }
            let avail: snd_pcm_sframes_t
            if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED {
                // Not started: the room cannot grow before the device plays, and it starts only
                // once the buffer reaches the start threshold (the whole buffer, from
                // `snd_pcm_set_params`). Waiting for room here never ends on a PCM whose poll
                // tells the truth (pipewire-alsa, measured: the 2 s stall on every ring; a card's
                // kernel driver polls by the same avail_min rule, not measured for want of a card
                // here), so the buffer is filled without waiting. The write that fills it starts
                // the PCM; a full one that did not start is started here.
                avail = snd_pcm_avail_update(pcm)
                if avail == 0 {
                    let started = snd_pcm_start(pcm)
                    if started < 0 { try recover(started) }
                    continue
                }
            } else {
                let ready = snd_pcm_wait(pcm, left)
                avail = ready < 0 ? snd_pcm_sframes_t(ready) : snd_pcm_avail_update(pcm)
                // The wait ran out its budget: stalled (the loop's top says so), even though a frozen
                // PulseAudio's plugin still claims room from its own bookkeeping (measured). Only an
                // error then is news: a dead PipeWire 1.4 reports itself here, not in the wait.
                if ready == 0, avail >= 0 { continue }
            }
            if avail > 0 { return Int(avail) }
            if avail < 0 { try recover(Int32(avail)) }
        }
    }

    /// Underruns (`-EPIPE`) and suspends (`-ESTRPIPE`) are recovered in place, as MPD's ALSA
    /// output does; a device that is gone throws `.lost` so the caller can fall back.
    private func recover(_ code: Int32) throws(ALSAError) {
        if code == -ENODEV || code == -EIO || code == -EBADFD || code == -ENOTTY {
            throw ALSAError(kind: .lost, device: device, code: code, reason: Self.reason(code))
        }
        let recovered = snd_pcm_recover(pcm, code, 1)
        if recovered < 0, recovered != -EPIPE {
            let kind: ALSAError.Kind = recovered == -ENODEV || recovered == -EIO ? .lost : .write
            throw ALSAError(kind: kind, device: device, code: recovered, reason: Self.reason(recovered))
        }
        // A prepared PCM takes the next write, so a failure again before any audio went in is
        // no underrun: pipewire-alsa whose server died answers every call with -EPIPE, and
        // either "recovers" each time (0.3.65, measured), which would spin here for good, or
        // fails the recovery itself with -EPIPE (1.4 on Debian 13, measured). Both are a lost device.
        recoveriesWithoutAudio += 1
        if recovered < 0 || recoveriesWithoutAudio > Self.recoveriesAllowed {
            throw ALSAError(kind: .lost, device: device, code: code,
                            reason: "\(Self.reason(code)) again after recovering (its sound server went away?)")
        }
    }

    /// Discards what is buffered: a stop is heard at once, never after a drain.
    public func drop() {
        snd_pcm_drop(pcm)
    }

    /// Lets what is buffered play out (the natural end of a one-shot preview), but drops it as
    /// soon as `shouldStop` says so: a blocking `snd_pcm_drain` would make Ctrl-C wait for
    /// the rest of the buffer (and, through a sound server, ~1.5 s more).
    public func drain(unless shouldStop: () -> Bool) {
        snd_pcm_nonblock(pcm, 1)
        let result = snd_pcm_drain(pcm)
        guard result == -EAGAIN else { return }
        // Bounded by the buffer length plus a sound server's own latency.
        var waited = 0
        while snd_pcm_state(pcm) == SND_PCM_STATE_DRAINING, waited < 5_000 {
            if shouldStop() {
                snd_pcm_drop(pcm)
                return
            }
            usleep(10_000)
            waited += 10
        }
    }

    package static func reason(_ code: Int32) -> String {
        String(cString: snd_strerror(code))
    }
}
