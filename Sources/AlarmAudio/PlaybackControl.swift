import Synchronization

/// Shared between the thread that plays and the loop that handles keys and signals:
/// a stop request one way, progress the other. Lock-free, so a stop is seen within one block.
public final class PlaybackControl: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let frames = Atomic<Int>(0)

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

    package func add(frames count: Int) {
        frames.add(count, ordering: .relaxed)
    }
}
