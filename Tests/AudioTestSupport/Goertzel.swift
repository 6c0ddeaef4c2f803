import Foundation

extension Signal {
    /// Amplitude of the component at `frequency`, by the Goertzel algorithm (one DFT bin
    /// at any frequency): a sine of amplitude A at that frequency gives about A when the
    /// signal holds many of its cycles. Use it to ask "is 440 Hz there, and how loud?"
    /// without an FFT.
    public func amplitude(atFrequency frequency: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let omega = 2 * Double.pi * frequency / Double(sampleRate)
        let coefficient = 2 * cos(omega)
        var previous = 0.0
        var beforePrevious = 0.0
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return 2 * max(0, power).squareRoot() / Double(samples.count)
    }

    /// `amplitude(atFrequency:)` in dBFS.
    public func levelDBFS(atFrequency frequency: Double) -> Double {
        Decibels.fromAmplitude(amplitude(atFrequency: frequency))
    }
}
