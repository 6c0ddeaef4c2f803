import AlarmCore
import CSndFile

#if canImport(Glibc)
import Glibc
#endif

/// Why libsndfile could not open or read a file, in its own words (`sf_strerror`).
public struct SoundFileError: UserFacingError, Equatable {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
    public var exitCode: ExitCode { .dataError }
}

/// A sound file opened with libsndfile and decoded block by block, so memory stays the same
/// whatever the file's length. The only owner of the `SNDFILE*`; it closes it in `deinit`.
public final class SoundFileReader: AudioSource, SixteenBitReading {
    public let path: String
    public let format: AudioFormat
    public let frameCount: Int?
    /// The file's TITLE tag, if it has one.
    public let title: String?
    public let isSixteenBit: Bool
    private let handle: OpaquePointer

    /// libsndfile reads a 16-bit (or 8-bit) file as shorts without a float on the way.
    public var sixteenBitSamples: (any SixteenBitReading)? { isSixteenBit ? self : nil }

    public init(path: String) throws(SoundFileError) {
        if FileSystem.isDirectory(path) {
            throw SoundFileError(path: path, reason: tr("is a directory, not a sound file"))
        }
        // A FIFO or a device named in a playlist (or as a sound file) would hold the ringer in open().
        if let kind = FileRead.special(path) {
            throw SoundFileError(path: path, reason: tr("is {kind}, not a sound file", ["kind": kind]))
        }
        let suffix = path.split(separator: "/").last.flatMap { $0.contains(".") ? $0.split(separator: ".").last : nil } ?? ""
        if let header = Self.header(path), let problem = SoundFileSignature.problem(pathExtension: String(suffix), header: header) {
            throw SoundFileError(path: path, reason: problem)
        }
        var info = SF_INFO()
        guard let handle = sf_open(path, Int32(SFM_READ), &info) else {
            throw SoundFileError(path: path, reason: String(cString: sf_strerror(nil)))
        }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(handle)
            throw SoundFileError(path: path, reason: tr("no audio in file"))
        }
        self.path = path
        self.handle = handle
        format = AudioFormat(sampleRate: Int(info.samplerate), channels: Int(info.channels))
        // libsndfile reports an unknown length (some MP3/Ogg streams) as a huge or negative count.
        frameCount = info.frames > 0 && info.frames < Int64(Int32.max) * 16 ? Int(info.frames) : nil
        let subtype = info.format & Int32(SF_FORMAT_SUBMASK)
        isSixteenBit = [SF_FORMAT_PCM_16, SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8].map { Int32($0) }.contains(subtype)
        title = sf_get_string(handle, Int32(SF_STR_TITLE)).map { String(cString: $0) }
            .flatMap { $0.isEmpty ? nil : $0 }
    }

    deinit {
        sf_close(handle)
    }

    /// The first 12 bytes (enough for every signature `SoundFileSignature` knows); nil when the
    /// file cannot be opened (libsndfile then says why).
    private static func header(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 12)
        let count = fread(&bytes, 1, bytes.count, file)
        return Array(bytes.prefix(count))
    }

    public var durationSeconds: Double? {
        frameCount.map { Double($0) / Double(format.sampleRate) }
    }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        let count = sf_readf_float(handle, buffer, sf_count_t(frames))
        if count < 0 || (count == 0 && sf_error(handle) != 0) {
            throw SoundFileError(path: path, reason: String(cString: sf_strerror(handle)))
        }
        return Int(count)
    }

    public func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws -> Int {
        let count = sf_readf_short(handle, buffer, sf_count_t(frames))
        if count < 0 || (count == 0 && sf_error(handle) != 0) {
            throw SoundFileError(path: path, reason: String(cString: sf_strerror(handle)))
        }
        return Int(count)
    }

    /// Every frame as 16-bit samples (for `DecodedClip`); throws if fewer than `frames` decode.
    package func readAllShorts(frames: Int) throws(SoundFileError) -> [Int16] {
        var samples = [Int16](repeating: 0, count: frames * format.channels)
        let count = samples.withUnsafeMutableBufferPointer { sf_readf_short(handle, $0.baseAddress, sf_count_t(frames)) }
        guard count == frames else {
            let reason = count < 0 ? String(cString: sf_strerror(handle))
                : tr("ends after {count} of {frames} frames", ["count": String(count), "frames": String(frames)])
            throw SoundFileError(path: path, reason: reason)
        }
        return samples
    }

    public func rewind() throws {
        if sf_seek(handle, 0, SEEK_SET) < 0 {
            throw SoundFileError(path: path, reason: String(cString: sf_strerror(handle)))
        }
    }
}
