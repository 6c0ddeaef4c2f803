import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// Single keys from a terminal in raw mode. Owns the `RawMode`: the terminal is restored when this
/// source is released.
public final class KeyInput: InputSource {
    /// How long an ESC waits for the rest of an arrow or function key before it counts as Esc.
    /// Terminals send a sequence in one write; 40 ms also covers a sequence split by a slow ssh link.
    package static let escapeWait: Int64 = 40_000_000

    private let rawMode: RawMode
    private let wait = ReadinessWait()
    private var decoder = KeyDecoder()
    private var queue: [Key] = []
    private var ended: EndedInput?

    public init?(rawMode: RawMode?) {
        guard let rawMode else { return nil }
        self.rawMode = rawMode
    }

    public var isTerminal: Bool { true }

    /// Counted from the bytes' arrival, not from each call: a caller that only drains what is
    /// there (`run`'s loop, deadline now) still gets its Esc once this passes.
    public private(set) var heldUntil: Int64?

    public func next(until deadline: Int64?) -> InputEvent? {
        while true {
            if !queue.isEmpty { return .key(queue.removeFirst()) }
            if ended != nil { return ended!.next(waiting: wait, until: deadline) }
            if let heldUntil {
                let waitUntil = deadline.map { min($0, heldUntil) } ?? heldUntil
                if wait.wait(for: rawMode.descriptor, until: waitUntil) == .deadline {
                    guard waitUntil == heldUntil else { return nil }
                    queue += decoder.flush()
                    self.heldUntil = nil
                    continue
                }
            } else if wait.wait(for: rawMode.descriptor, until: deadline) == .deadline {
                return nil
            }
            readAvailable()
        }
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(rawMode.descriptor, &buffer, buffer.count)
        if count > 0 {
            queue += decoder.feed(buffer[0..<count])
            heldUntil = decoder.hasPending ? SystemMonotonicTime().now() + Self.escapeWait : nil
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            // The terminal hung up.
            queue += decoder.flush()
            heldUntil = nil
            ended = EndedInput()
        }
    }
}
