import AlarmCore

/// Streams a source to an ALSA output block by block, applying gain, fade-in and fade-out, looping
/// seamlessly and honouring a stop request within one block (one ALSA period).
public enum Player {
    /// One ALSA period (~125 ms of our 0.5 s buffer): each write costs a wake-up and a trip
    /// through the sound server's client, so fewer, larger writes keep ringing cheap (measured:
    /// 1024-frame blocks used 2.7x aplay's CPU; 4096-frame blocks against a 6000-frame period
    /// woke PulseAudio's client thread 1.9x as often as aplay). A stop is still seen within one
    /// block and then drops what is buffered.
    package static func blockFrames(for output: ALSAOutput) -> Int {
        min(max(output.periodFrames, 1024), 16_384)
    }

    public static func play(
        _ source: any AudioSource, on output: ALSAOutput, options: PlaybackOptions, control: PlaybackControl
    ) throws -> PlaybackOutcome {
        let channels = source.format.channels
        let rate = Double(source.format.sampleRate)
        let limit = options.limitSeconds.map { Int(($0 * rate).rounded()) }
        let envelope = FadeIn(volume: options.volume, seconds: options.fadeInSeconds, sampleRate: source.format.sampleRate)
        let fadeOffset = Int((options.fadeElapsedSeconds * rate).rounded())
        // Only a playback with an end fades out before it.
        let fadeOut = limit != nil && options.fadeOutSeconds > 0 ? FadeOut(seconds: options.fadeOutSeconds, sampleRate: source.format.sampleRate) : nil
        // A 16-bit sound at unity gain goes to an S16 device as its own samples once any fade is
        // over: no conversion to float and back (a third of preview's cost beyond aplay's, measured).
        let samples = output.sixteenBit ? source.sixteenBitSamples : nil
        let blockFrames = blockFrames(for: output)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: blockFrames * channels)
        let shorts = UnsafeMutablePointer<Int16>.allocate(capacity: samples == nil ? 0 : blockFrames * channels)
        defer {
            buffer.deallocate()
            shorts.deallocate()
        }
        var played = 0
        var pace = WallClockPace(rate: rate)
        while !control.isStopRequested {
            var wanted = blockFrames
            if let limit { wanted = min(wanted, limit - played) }
            if wanted <= 0 { break }
            let count: Int
            let left = limit.map { $0 - played } ?? 0
            let gain = Float(control.gain)
            if let samples, gain == 1, envelope.leavesUnchanged(fromFrame: fadeOffset + played), fadeOut?.leavesUnchanged(frames: wanted, framesLeft: left) ?? true {
                count = try fill(shorts, frames: wanted, channels: channels, looping: options.loop, source: source, read: samples.read)
                if count == 0 { break }
                try output.write(shorts, frames: count)
            } else {
                count = try fill(buffer, frames: wanted, channels: channels, looping: options.loop, source: source, read: source.read)
                if count == 0 { break }
                envelope.apply(to: buffer, frames: count, channels: channels, startFrame: fadeOffset + played)
                fadeOut?.apply(to: buffer, frames: count, channels: channels, framesLeft: left)
                if gain != 1 { for index in 0..<(count * channels) { buffer[index] = min(max(buffer[index] * gain, -1), 1) } }
                try output.write(buffer, frames: count)
            }
            played += count
            control.add(frames: count)
            pace.keep(played: played, until: { control.isStopRequested })
        }
        if control.isStopRequested {
            output.drop()
            return .stopped
        }
        output.drain(unless: { control.isStopRequested })
        pace.finish(played: played, until: { control.isStopRequested })
        return control.isStopRequested ? .stopped : .finished
    }

    /// Reads a whole block, wrapping to the start of a looping source mid-block so the loop
    /// point has no gap. Returns fewer frames only at the end of a one-shot source.
    private static func fill<Sample>(
        _ buffer: UnsafeMutablePointer<Sample>, frames: Int, channels: Int, looping: Bool, source: any AudioSource,
        read: (UnsafeMutablePointer<Sample>, Int) throws -> Int
    ) throws -> Int {
        var filled = 0
        var emptyReads = 0
        while filled < frames {
            let count = try read(buffer + filled * channels, frames - filled)
            if count > 0 {
                filled += count
                emptyReads = 0
                continue
            }
            // A source that yields nothing right after a rewind is empty: stop, do not spin.
            emptyReads += 1
            guard looping, emptyReads < 2 else { break }
            try source.rewind()
        }
        return filled
    }
}
