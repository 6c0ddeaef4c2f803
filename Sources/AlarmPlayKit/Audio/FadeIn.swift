#if canImport(Glibc)
import Glibc
#endif

/// TEMPORARY until the tones branch lands.
public struct FadeIn: Sendable {
    public var volume: Double
    public var frames: Int
    public init(volume: Double, seconds: Double, sampleRate: Double) {
        self.volume = volume
        frames = Int(seconds * sampleRate)
    }
    public func gain(atFrame frame: Int) -> Float {
        guard frame < frames else { return Float(volume) }
        return Float(volume * pow(10, (-40 + 40 * Double(frame) / Double(frames)) / 20))
    }
}
