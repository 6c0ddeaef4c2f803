#if canImport(Glibc)
import Glibc
#endif

/// One accepted stream socket, non-blocking, with its own input and output buffers: what arrives
/// is kept until a whole line is there, what is to be sent waits until the peer can take it.
/// Nothing here ever blocks, so a silent or slow peer costs only its own buffers. Owns the
/// descriptor and closes it in `deinit`.
final package class Connection {
    package enum Input: Equatable {
        /// A complete line, without its newline (or the last bytes before the end of the stream).
        case line(String)
        /// Nothing complete yet; wait for the descriptor to be readable again.
        case incomplete
        /// More than the limit arrived without a newline.
        case tooLong
        /// The peer closed its side (or the socket failed) with nothing left to read.
        case ended
    }

    package enum Output: Equatable {
        case flushed
        /// The peer's socket buffer is full; wait until it is writable again.
        case pending
        /// The peer is gone.
        case failed
    }

    package let descriptor: Int32
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var inputEnded = false

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        close(descriptor)
    }

    /// Reads what the socket has now and returns the first complete line, if any.
    package func readLine(limit: Int) -> Input {
        var chunk = [UInt8](repeating: 0, count: 2048)
        while !inputEnded, input.count <= limit {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                input += chunk[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                inputEnded = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
                break
            }
        }
        if let newline = input.firstIndex(of: 0x0A), newline <= limit {
            let line = String(decoding: input[..<newline], as: UTF8.self)
            input.removeSubrange(...newline)
            return .line(line.hasSuffix("\r") ? String(line.dropLast()) : line)
        }
        if input.count > limit { return .tooLong }
        guard inputEnded else { return .incomplete }
        guard !input.isEmpty else { return .ended }
        defer { input = [] }
        return .line(String(decoding: input, as: UTF8.self))
    }

    /// Queues `text` and writes as much as the peer takes now.
    package func send(_ text: String) -> Output {
        output += Array(text.utf8)
        return flush()
    }

    package func flush() -> Output {
        while !output.isEmpty {
            let written = output.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                output.removeFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return .pending
            } else {
                return .failed
            }
        }
        return .flushed
    }
}
