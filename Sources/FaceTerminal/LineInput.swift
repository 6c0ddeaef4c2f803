import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// One command per line from a pipe, a file or `/dev/null`. A partial line waits in the buffer
/// without blocking anyone; a line longer than `maxLineBytes` is dropped whole, so a runaway
/// writer cannot grow the buffer without bound.
public final class LineInput: InputSource {
    public static let maxLineBytes = 1024

    private let descriptor: Int32
    private let wait = ReadinessWait()
    private var buffer: [UInt8] = []
    private var lines: [String] = []
    private var ended: EndedInput?
    /// Inside an over-long line: everything up to its newline is dropped.
    private var skipping = false

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public var isTerminal: Bool { false }

    /// A partial line waits for its newline, however long.
    public var heldUntil: Int64? { nil }

    public func next(until deadline: Int64?) -> InputEvent? {
        while true {
            if !lines.isEmpty { return .line(lines.removeFirst()) }
            if ended != nil { return ended!.next(waiting: wait, until: deadline) }
            if wait.wait(for: descriptor, until: deadline) == .deadline { return nil }
            readAvailable()
        }
    }

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &chunk, chunk.count)
        if count > 0 {
            buffer += chunk[0..<count]
            while let newline = buffer.firstIndex(of: 0x0A) {
                if !skipping, newline <= Self.maxLineBytes { append(buffer[..<newline]) }
                skipping = false
                buffer.removeSubrange(...newline)
            }
            if buffer.count > Self.maxLineBytes {
                buffer = []
                skipping = true
            }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            if !skipping { append(buffer[...]) }
            buffer = []
            ended = EndedInput()
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        if !line.isEmpty { lines.append(line) }
    }
}
