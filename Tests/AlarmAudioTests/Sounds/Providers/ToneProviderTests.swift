import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

/// A provider with fixed sounds, standing in for files so the registry's ordering shows.
private struct ListedProvider: SoundProvider {
    let id: String
    let keys: [String]

    func sounds() -> [Sound] {
        keys.map { Sound(provider: id, key: $0, title: $0) }
    }

    func open(_ sound: Sound) throws -> any AudioSource {
        SampleBufferSource(format: AudioFormat(sampleRate: 8_000, channels: 1), samples: [0])
    }
}

final class ToneProviderTests: XCTestCase {
    private let registry = SoundRegistry(providers: [
        ToneProvider(), ListedProvider(id: "file", keys: ["alarm-clock", "maple-leaf-rag"]),
    ])

    func testTonesComeFirstInTheirFixedOrder() {
        let names = registry.entries.map(\.sound.name)
        XCTAssertEqual(Array(names.prefix(8)), [
            "tone:classic", "tone:beep", "tone:digital", "tone:chime",
            "tone:sweep", "tone:melody", "tone:pulse", "tone:siren",
        ])
        XCTAssertEqual(Array(names.suffix(2)), ["file:alarm-clock", "file:maple-leaf-rag"])
        XCTAssertEqual(registry.entries.map(\.index), Array(0..<10))
    }

    func testToneDetailsDescribeTheRenderedSound() {
        let classic = ToneProvider().sounds()[0]
        XCTAssertEqual(classic.title, "Classic Beeps")
        XCTAssertEqual(classic.details, SoundDetails(durationSeconds: 1.0, sampleRate: 48_000, channels: 1))
    }

    func testResolvesByFullNameBareKeyAndIndex() throws {
        XCTAssertEqual(try registry.resolve(.name("tone:beep")).index, 1)
        XCTAssertEqual(try registry.resolve(.name("beep")).index, 1)
        XCTAssertEqual(try registry.resolve(.name("Tone:Beep")).index, 1)
        XCTAssertEqual(try registry.resolve(.index(3)).sound.name, "tone:chime")
        XCTAssertEqual(try registry.resolve(SoundReference(parsing: "0")).sound.key, "classic")
    }

    func testOutOfRangeIndexSaysHowManySoundsExist() {
        XCTAssertThrowsError(try registry.resolve(.index(42))) { error in
            XCTAssertEqual(String(describing: error),
                           "no sound 42: there are 10 sounds (0-9); see 'alarmplay sounds'")
        }
    }

    func testMisspelledToneSuggestsTheNearestName() {
        XCTAssertThrowsError(try registry.resolve(.name("tone:beeep"))) { error in
            XCTAssertEqual(error as? SoundError, .noSuchName("tone:beeep", suggestion: "tone:beep"))
        }
    }

    func testOpeningAToneStreamsItsRenderedSamples() throws {
        let source = try registry.open(try registry.resolve(.name("tone:beep")))
        XCTAssertEqual(source.format, AudioFormat(sampleRate: 48_000, channels: 1))
        XCTAssertEqual(source.frameCount, 96_000)
        var buffer = [Float](repeating: 0, count: 100_000)
        let read = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, frames: 100_000) }
        XCTAssertEqual(read, 96_000)
        let soft = Int(48_000 * ToneProvider.softStartSeconds)
        XCTAssertTrue(Array(buffer[soft..<96_000]) == Array(Tone.beep.render()[soft...]), "only the soft start differs")
    }

    func testEveryToneStartsSoftlyAndLoopsUntouched() throws {
        for tone in Tone.builtIn {
            let source = try registry.open(try registry.resolve(.name("tone:" + tone.key)))
            let frames = source.frameCount!
            var buffer = [Float](repeating: 0, count: frames)
            _ = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, frames: frames) }
            let firstMillisecond = buffer.prefix(48).map(abs).max() ?? 0
            XCTAssertLessThan(firstMillisecond, 0.02, "tone:\(tone.key) clicks: its first millisecond peaks at \(firstMillisecond)")
            try source.rewind()
            _ = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, frames: frames) }
            XCTAssertTrue(buffer == tone.render(), "tone:\(tone.key): the loop's later passes are the tone itself")
        }
    }

    func testOpeningAnUnknownToneThrows() {
        let stray = Sound(provider: "tone", key: "gong", title: "Gong")
        XCTAssertThrowsError(try ToneProvider().open(stray)) { error in
            XCTAssertEqual(error as? SoundError, .noSuchName("tone:gong", suggestion: nil))
        }
    }

    func testFallbackIsTheClassicTone() {
        let fallback = ToneProvider.fallback()
        XCTAssertEqual(fallback.samples, Tone.classic.render())
        XCTAssertEqual(fallback.format.sampleRate, 48_000)
    }
}
