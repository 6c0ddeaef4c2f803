import AudioTestSupport
import Foundation
import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

/// The 16-bit side of the file sources: the samples exactly as stored, from the same position as
/// the float reads, so a playback can switch between the two at any block.
final class SixteenBitReadingTests: XCTestCase {
    private var folder: String!
    /// Values across the whole 16-bit range a WAV fixture can hold, and its extremes, as stereo frames.
    private let stored: [Int16] = (0..<6_000).map { Int16(($0 * 11) % 65_535 - 32_767) } + [32_767, -32_767]

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sixteen-bit-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func wav() throws -> String {
        let path = folder + "/ramp.wav"
        try WAVWriter.write(stored.map { Float($0) / 32767 }, sampleRate: 8_000, channels: 2, to: path)
        return path
    }

    private func readAll(_ reading: any SixteenBitReading, block: Int) throws -> [Int16] {
        var out: [Int16] = []
        var buffer = [Int16](repeating: 0, count: block * 2)
        while true {
            let count = try buffer.withUnsafeMutableBufferPointer { try reading.read(into: $0.baseAddress!, frames: block) }
            if count == 0 { return out }
            out += buffer[0..<(count * 2)]
        }
    }

    func testStreamedFileGivesItsOwnSamples() throws {
        let reader = try SoundFileReader(path: try wav())
        XCTAssertEqual(try readAll(try XCTUnwrap(reader.sixteenBitSamples), block: 1_000), stored)
    }

    func testDecodedClipGivesItsOwnSamplesAndRewinds() throws {
        let clip = try XCTUnwrap(DecodedClip(try SoundFileReader(path: try wav())))
        let reading = try XCTUnwrap(clip.sixteenBitSamples)
        XCTAssertEqual(try readAll(reading, block: 700), stored)
        XCTAssertFalse(clip.isInMemory, "the first pass streams from the file")
        try clip.rewind()
        XCTAssertTrue(clip.isInMemory, "a repeat replays memory")
        XCTAssertEqual(try readAll(reading, block: 4_096), stored)
        try clip.rewind()
        XCTAssertEqual(try readAll(reading, block: 333), stored)
    }

    func testDecodedClipRewoundBeforeItsEndOnlySeeks() throws {
        let clip = try XCTUnwrap(DecodedClip(try SoundFileReader(path: try wav())))
        var floats = [Float](repeating: 0, count: 200)
        _ = try floats.withUnsafeMutableBufferPointer { try clip.read(into: $0.baseAddress!, frames: 100) }
        try clip.rewind()
        XCTAssertFalse(clip.isInMemory, "a check that decoded the start is not a repeat")
        XCTAssertEqual(try readAll(try XCTUnwrap(clip.sixteenBitSamples), block: 512), stored)
    }

    func testFloatAndShortReadsShareOnePosition() throws {
        for source in [try SoundFileReader(path: try wav()), try XCTUnwrap(DecodedClip(try SoundFileReader(path: try wav())))] as [any AudioSource] {
            var floats = [Float](repeating: 0, count: 200)
            XCTAssertEqual(try floats.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, frames: 100) }, 100)
            XCTAssertEqual(floats.map { Int16(($0 * 32768).rounded()) }, Array(stored[0..<200]))
            XCTAssertEqual(try readAll(try XCTUnwrap(source.sixteenBitSamples), block: 512), Array(stored[200...]))
        }
    }

    func testSoundsThatAreNotStoredAsSixteenBitOfferNoSamples() throws {
        let tone = SampleBufferSource(format: AudioFormat(sampleRate: 8_000, channels: 1), samples: [0, 0.5, -0.5])
        XCTAssertNil(tone.sixteenBitSamples)
        XCTAssertNil(FormatConverter(try SoundFileReader(path: try wav()), to: AudioFormat(sampleRate: 48_000, channels: 2)).sixteenBitSamples)
    }
}
