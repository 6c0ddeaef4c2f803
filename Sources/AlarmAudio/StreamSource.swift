import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// A network stream decoded by an `ffmpeg` child into raw 16-bit PCM on a pipe, at a fixed rate
/// and channel count. The child runs in a process group of its own and dies with this process
/// (PR_SET_PDEATHSIG); `deinit` kills it and reaps it, so none outlives a stop, a snooze or `run`.
///
/// It is also the stream's watchdog: a read that gets no audio for `stallSeconds` or that has
/// heard only digital silence for `silenceSeconds` throws, and the ringer falls back to another
/// sound. A stream does not rewind: its end is an error, not a loop point.
public final class StreamSource: AudioSource {
    /// What ffmpeg is asked to decode every stream to.
    public static let pcmFormat = AudioFormat(sampleRate: 48_000, channels: 2)
    public static let stallSeconds = 5.0
    public static let silenceSeconds = 10.0

    public let format = StreamSource.pcmFormat
    public let url: String
    private let pid: pid_t
    private let audio: Int32
    private let errors: Int32
    private var pending: [UInt8] = []
    private var silentFrames = 0
    /// When audio last arrived; nil until playback starts (a pre-rolled stream waits 15 s for
    /// its second, which is not a stall).
    private var lastAudio: Double?

    public init(url: String, ffmpeg: String) throws(StreamError) {
        self.url = url
        var audioPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&audioPipe) == 0, pipe(&errorPipe) == 0 else { throw StreamError("cannot make a pipe: \(FileSystem.lastErrorDescription())") }
        let arguments = [ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-reconnect", "1", "-reconnect_streamed", "1",
                         "-i", url, "-vn", "-f", "s16le", "-ac", "2", "-ar", "48000", "pipe:1"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let child = alarmplay_spawn_child(argv, audioPipe[1], errorPipe[1])
        close(audioPipe[1])
        close(errorPipe[1])
        guard child > 0 else {
            close(audioPipe[0])
            close(errorPipe[0])
            throw StreamError("cannot start ffmpeg: \(FileSystem.lastErrorDescription())")
        }
        pid = child
        audio = audioPipe[0]
        errors = errorPipe[0]
        _ = fcntl(audio, F_SETFD, FD_CLOEXEC)
        _ = fcntl(errors, F_SETFD, FD_CLOEXEC)
        _ = fcntl(errors, F_SETFL, O_NONBLOCK)
    }

    deinit {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        close(audio)
        close(errors)
    }

    public var frameCount: Int? { nil }
    public var isSixteenBit: Bool { true }

    /// Whether audio is waiting to be read: at the ring's second a stream that has produced
    /// nothing yet is given up for the fallback.
    public var hasAudio: Bool {
        var entry = pollfd(fd: audio, events: Int16(POLLIN), revents: 0)
        return !pending.isEmpty || (poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0)
    }

    /// A stream opened during the pre-roll that has nothing by the second is down.
    public var notReadyReason: String? { hasAudio ? nil : StreamError("no audio by the ring's second").description }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        if lastAudio == nil { lastAudio = SystemMonotonicTime.seconds }
        let frameBytes = format.channels * 2
        while pending.count < frameBytes {
            try receive()
        }
        let count = min(frames, pending.count / frameBytes)
        var loud = false
        pending.withUnsafeBytes { raw in
            let samples = raw.bindMemory(to: Int16.self)
            for index in 0..<(count * format.channels) {
                let sample = Int16(littleEndian: samples[index])
                if sample > 1 || sample < -1 { loud = true }
                buffer[index] = Float(sample) * (1 / 32768)
            }
        }
        pending.removeFirst(count * frameBytes)
        silentFrames = loud ? 0 : silentFrames + count
        if Double(silentFrames) >= Self.silenceSeconds * Double(format.sampleRate) {
            throw StreamError("digital silence for \(Int(Self.silenceSeconds)) s")
        }
        return count
    }

    /// Waits for more audio, at most until the stall limit since the last audio.
    private func receive() throws(StreamError) {
        var entry = pollfd(fd: audio, events: Int16(POLLIN), revents: 0)
        let left = Self.stallSeconds - (SystemMonotonicTime.seconds - (lastAudio ?? SystemMonotonicTime.seconds))
        guard poll(&entry, 1, Int32(max(0, left) * 1000) + 1) > 0 else {
            throw StreamError("no audio for \(Int(Self.stallSeconds)) s (stalled)" + childSays())
        }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = Glibc.read(audio, &chunk, chunk.count)
        if count < 0, errno == EINTR { return }
        guard count > 0 else { throw StreamError("the stream ended" + childSays()) }
        pending += chunk[0..<count]
        lastAudio = SystemMonotonicTime.seconds
    }

    /// ffmpeg's last error line, for the log (`: Connection refused`).
    private func childSays() -> String {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(errors, &chunk, chunk.count)
        guard count > 0 else { return "" }
        let text = String(decoding: chunk[0..<count], as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).last else { return "" }
        return " (ffmpeg: \(line.prefix(200)))"
    }

    public func rewind() throws {
        throw StreamError("a stream cannot restart from the beginning")
    }
}

/// A stream that cannot be played, or stopped playing (`stream: no audio for 5 s (stalled)`).
public struct StreamError: Error, CustomStringConvertible, Sendable, Equatable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "stream: " + reason }
}
