import AlarmCore
import AlarmAudio
import AudioTestSupport
import Synchronization
import XCTest

/// A playlist plays its entries in order and round again; one that cannot play is left out and said.
final class PlaylistSourceTests: XCTestCase {
    private func sine(_ frequency: Double, seconds: Double) -> SampleBufferSource {
        let frames = Int(seconds * 48_000)
        let samples = (0..<frames).flatMap { frame -> [Float] in
            let value = Float(0.5 * sin(2 * Double.pi * frequency * Double(frame) / 48_000))
            return [value, value]
        }
        return SampleBufferSource(format: AudioFormat(sampleRate: 48_000, channels: 2), samples: samples)
    }

    private func left(_ source: any AudioSource, seconds: Double) throws -> Signal {
        let frames = Int(seconds * 48_000)
        var buffer = [Float](repeating: 0, count: frames * 2)
        var filled = 0
        while filled < frames {
            let count = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress! + filled * 2, frames: min(1000, frames - filled)) }
            if count == 0 { break }
            filled += count
        }
        return Signal(samples: stride(from: 0, to: filled * 2, by: 2).map { buffer[$0] }, sampleRate: 48_000)
    }

    func testEntriesPlayInOrderThenFromTheFirstAgainAndABrokenOneIsLeftOutAndSaid() throws {
        let said = Mutex<[String]>([])
        let playlist = try PlaylistSource(name: "playlist:morning.m3u", [
            { self.sine(440, seconds: 0.5) },
            { throw SoundError.broken(name: "file:gone", reason: "no such file") },
            { self.sine(880, seconds: 0.5) },
        ], failed: { line in said.withLock { $0.append(line) } })
        let heard = try left(playlist, seconds: 2)
        XCTAssertEqual(heard.samples.count, 96_000, "it goes on round the list")
        for (from, frequency) in [(0.05, 440.0), (0.55, 880.0), (1.05, 440.0), (1.55, 880.0)] {
            XCTAssertEqual(try XCTUnwrap(heard.slice(from: from, to: from + 0.4).estimatedFrequency()), frequency, accuracy: 2, "at \(from) s")
        }
        XCTAssertTrue(said.withLock { $0 }.first?.hasPrefix("playlist:morning.m3u, entry 2: ") == true, "\(said.withLock { $0 })")
        XCTAssertTrue(said.withLock { $0 }.first?.hasSuffix("; the next entry plays") == true)
    }

    func testAPlaylistOfOneLoopsItAndOneWithNothingPlayableFailsAtOnce() throws {
        let one = try PlaylistSource(name: "p", [{ self.sine(660, seconds: 0.25) }], failed: { _ in })
        XCTAssertEqual(try left(one, seconds: 1).samples.count, 48_000)
        XCTAssertThrowsError(try PlaylistSource(name: "playlist:none.m3u", [{ throw SoundError.broken(name: "x", reason: "gone") }], failed: { _ in })) {
            XCTAssertTrue("\($0)".contains("no entry of the playlist can be played"), "\($0)")
        }
    }

    func testTheFileGivesItsEntriesInOrderRelativeToItsFolder() {
        XCTAssertEqual(PlaylistFile.entries("#EXTM3U\n#EXTINF:-1,Birds\nbirds.wav\n\n/abs/rain.flac\nhttps://radio.example/live\nftp://x/y\n",
                                            fileExtension: "m3u", folder: "/s"),
                       [.file(path: "/s/birds.wav"), .file(path: "/abs/rain.flac"), .stream(url: "https://radio.example/live")])
        XCTAssertEqual(PlaylistFile.entries("[playlist]\nFile2=b.ogg\nTitle1=A\nFile1=http://r.example/a\nNumberOfEntries=2\n", fileExtension: "pls", folder: "/s"),
                       [.stream(url: "http://r.example/a"), .file(path: "/s/b.ogg")])
    }

    /// 17 MB of entries (over the 16 MiB any file a person names may have): only the start is
    /// read, and its first 500 entries play; the station list sees its first stream the same way.
    func testAHugePlaylistIsReadOnlyForItsFirstEntries() throws {
        let folder = NSTemporaryDirectory() + "playlists-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let line = "#EXTINF:-1,A song with a long title to fill the line\nmusic/a-song-with-a-long-name-\(String(repeating: "x", count: 40)).flac\n"
        let text = String(repeating: line, count: 17 * (1 << 20) / line.utf8.count + 1)
        try text.write(toFile: folder + "/huge.m3u", atomically: false, encoding: .utf8)
        try String(repeating: "http://radio.example/live\n", count: 17 * (1 << 20) / 26 + 1)
            .write(toFile: folder + "/radio.m3u", atomically: false, encoding: .utf8)

        let streams = StreamProvider(folders: [folder], ffmpeg: "/usr/bin/ffmpeg")
        let playlists = PlaylistProvider(folders: [folder], streams: streams).sounds()
        XCTAssertEqual(playlists.map(\.name), ["playlist:huge.m3u", "playlist:radio.m3u"])
        XCTAssertEqual(playlists.first?.details.summary, "playlist, 500 entries")
        let station = try XCTUnwrap(streams.sounds().first)
        XCTAssertEqual(station.name, "stream:radio")
        XCTAssertNil(station.details.brokenReason)
        XCTAssertEqual(station.details.url, "http://radio.example/live")
    }
}

/// A playlist's entry that is a FIFO or a device is refused at once: opening it would hold the ringer.
final class SpecialFileEntryTests: XCTestCase {
    func testAFIFOIsNotOpenedAsASoundFile() throws {
        let path = NSTemporaryDirectory() + "entry-\(UUID().uuidString).wav"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        addTeardownBlock { unlink(path) }
        XCTAssertThrowsError(try SoundFileReader(path: path)) {
            XCTAssertTrue("\($0)".contains("is a FIFO, not a sound file"), "\($0)")
        }
        XCTAssertThrowsError(try SoundFileReader(path: "/dev/zero"))
    }
}
