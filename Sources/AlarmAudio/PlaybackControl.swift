import Synchronization

/// Shared between the thread that plays and the loop that handles keys and signals:
/// a stop request one way, progress the other. Lock-free, so a stop is seen within one block.
public final class PlaybackControl: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let frames = Atomic<Int>(0)
    /// A scale on the sound's own volume, in thousandths, that a button or a knob changes while it plays.
    private let scale = Atomic<Int>(1000)

    public init() {}

    public func stop() {
        stopRequested.store(true, ordering: .releasing)
    }

    public var isStopRequested: Bool {
        stopRequested.load(ordering: .acquiring)
    }

    /// Frames handed to the device so far (for progress lines).
    public var framesPlayed: Int {
        frames.load(ordering: .relaxed)
    }

    /// The volume scale now (1: as asked).
    public var gain: Double {
        Double(scale.load(ordering: .relaxed)) / 1000
    }

    /// Multiplies the scale by `factor`, kept between a twentieth and four times; returns the new scale.
    @discardableResult
    public func scaleVolume(by factor: Double) -> Double {
        var current = scale.load(ordering: .relaxed)
        while true {
            let wanted = min(max(Int((Double(current) * factor).rounded()), 50), 4000)
            let (exchanged, original) = scale.compareExchange(expected: current, desired: wanted, ordering: .relaxed)
            if exchanged { return Double(wanted) / 1000 }
            current = original
        }
    }

    package func add(frames count: Int) {
        frames.add(count, ordering: .relaxed)
    }
}
