import AlarmCore

/// A playlist's entries played in order as one source, from the first again after the last,
/// until the ring ends. The next entry is opened when one starts (a stream buffers while a file
/// plays); one that cannot be opened or breaks is left out, said through `failed`, and the next
/// plays. Only when no entry opens at all does the source fail, and the ring falls back.
public final class PlaylistSource: AudioSource {
    private typealias Opened = (index: Int, source: any AudioSource)

    public let format = SequenceSource.commonFormat
    private let name: String
    private let openers: [() throws -> any AudioSource]
    private let failed: @Sendable (String) -> Void
    private var current: Opened?
    private var ahead: Opened?

    /// Throws when none of `openers` opens: the ring (and the check before it) then knows at once.
    public init(name: String, _ openers: [() throws -> any AudioSource], failed: @escaping @Sendable (String) -> Void) throws {
        self.name = name
        self.openers = openers
        self.failed = failed
        guard let first = openFrom(0) else { throw SoundError.broken(name: name, reason: "no entry of the playlist can be played") }
        current = first
        ahead = openAfter(first.index)
    }

    public var frameCount: Int? { nil }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        // Each entry gets one chance per call: a round of silent ones ends the sound.
        for _ in 0...openers.count {
            guard let playing = current else { return 0 }
            do {
                let count = try playing.source.read(into: buffer, frames: frames)
                if count > 0 { return count }
            } catch {
                failed(leftOut(playing.index, PlaybackFailure(error).description))
            }
            try moveOn(from: playing)
        }
        return 0
    }

    public func rewind() throws {
        current = openFrom(0)
        ahead = current.flatMap { openAfter($0.index) }
    }

    /// The entry opened ahead plays next; a playlist of one plays it again from its start.
    private func moveOn(from playing: Opened) throws {
        guard openers.count > 1 else { return try playing.source.rewind() }
        current = ahead ?? openFrom(playing.index + 1)
        ahead = current.flatMap { openAfter($0.index) }
    }

    /// The entry after `index` opened ahead, unless it is that entry again (a playlist of one).
    private func openAfter(_ index: Int) -> Opened? {
        guard openers.count > 1, let next = openFrom(index + 1), next.index != index else { return nil }
        return next
    }

    /// The first entry from `start` on (round the end) that opens, each failure said.
    private func openFrom(_ start: Int) -> Opened? {
        for step in 0..<openers.count {
            let at = (start + step) % openers.count
            do {
                let opened = try openers[at]()
                return (at, opened.format == format ? opened : FormatConverter(opened, to: format))
            } catch {
                failed(leftOut(at, PlaybackFailure(error).description))
            }
        }
        return nil
    }

    private func leftOut(_ index: Int, _ reason: String) -> String {
        "\(name), entry \(index + 1): \(reason); the next entry plays"
    }
}
