import AudioTestSupport
import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

final class ToneSynthesisTests: XCTestCase {
    private func signal(_ tone: Tone) -> Signal {
        Signal(samples: tone.render(), sampleRate: Tone.sampleRate)
    }

    /// The band the click detector holds a tone to: per note, the partials' frequencies
    /// weighted by amplitude (a buzzer's weak 5th harmonic should not excuse a click in its
    /// fundamental), with 25% room for the spectrum the 5 ms edge fades add.
    private func bandLimit(_ tone: Tone) -> Double {
        let perNote = tone.notes.map { note in
            let partials = note.timbre.partials
            let weighted = partials.reduce(0) { $0 + $1.amplitude * $1.ratio * $1.ratio }
            return note.pitch.highest * (weighted / partials.reduce(0) { $0 + $1.amplitude }).squareRoot()
        }
        return (perNote.max() ?? 0) * 1.25
    }

    func testEveryToneRendersOneCycleAtAUsefulLevel() {
        for tone in Tone.builtIn {
            let rendered = signal(tone)
            XCTAssertEqual(rendered.count, Int(tone.cycleSeconds * 48_000), tone.key)
            XCTAssertGreaterThan(rendered.peakDBFS, -9, "\(tone.key) too quiet")
            XCTAssertLessThan(rendered.peakDBFS, -1, "\(tone.key) too close to clipping")
            XCTAssertGreaterThan(rendered.rmsDBFS, -30, tone.key)
        }
    }

    func testBeepMeasures440HzForOneSecondThenFallsSilent() throws {
        let beep = signal(.beep)
        let frequency = try XCTUnwrap(beep.slice(from: 0.01, to: 0.99).estimatedFrequency())
        XCTAssertEqual(frequency, 440, accuracy: 0.01)
        XCTAssertEqual(beep.slice(from: 0.1, to: 0.9).amplitude(atFrequency: 440), 0.5, accuracy: 0.005)
        XCTAssertTrue(beep.slice(from: 1.0, to: 2.0).isSilent(thresholdDBFS: -120))
        let spans = beep.soundSpans()
        XCTAssertEqual(spans.count, 1)
        XCTAssertEqual(spans.first?.duration ?? 0, 1.0, accuracy: 0.01)
    }

    func testPatternsHaveTheirNumberOfBeeps() {
        let expected = ["classic": 4, "beep": 1, "digital": 8, "pulse": 3, "sweep": 1, "siren": 1, "chime": 1]
        for tone in Tone.builtIn {
            guard let count = expected[tone.key] else { continue }
            XCTAssertEqual(signal(tone).soundSpans(bridging: 0.02).count, count, tone.key)
        }
    }

    func testClassicBeepsAt1000Hz() throws {
        let firstBeep = signal(.classic).slice(from: 0.01, to: 0.07)
        let frequency = try XCTUnwrap(firstBeep.estimatedFrequency())
        XCTAssertEqual(frequency, 1000, accuracy: 0.5)
    }

    func testNoToneClicksAnywhere() {
        for tone in Tone.builtIn {
            let report = signal(tone).worstClick(bandLimit: bandLimit(tone))
            XCTAssertLessThanOrEqual(report.ratio, 1, "\(tone.key) clicks at sample \(report.index)")
        }
    }

    /// Where a note starts or ends with no other note sounding, the signal must be at rest
    /// (the siren, one note as long as its cycle, has no edges):
    /// within half a millisecond of the edge the 5 ms raised-cosine fade is below 3%.
    func testNoteEdgesAreFaded() {
        for tone in Tone.builtIn {
            let rendered = signal(tone)
            for note in tone.notes where note.length < tone.cycleSeconds {
                for edge in [note.start, note.start + note.length] {
                    let overlapped = tone.notes.contains { $0.start < edge && $0.start + $0.length > edge }
                    guard !overlapped else { continue }
                    let near = rendered.slice(from: edge - 0.0005, to: edge + 0.0005)
                    let peak = near.samples.map { Double(abs($0)) }.max() ?? 0
                    XCTAssertLessThan(peak, 0.03 * note.level, "\(tone.key) edge at \(edge) s")
                }
            }
        }
    }

    func testEveryToneLoopsWithoutAClick() {
        for tone in Tone.builtIn {
            let rendered = signal(tone)
            let join = rendered.slice(from: tone.cycleSeconds - 0.02, to: tone.cycleSeconds)
                .followed(by: rendered.slice(from: 0, to: 0.02))
            let report = join.worstClick(bandLimit: bandLimit(tone))
            XCTAssertLessThanOrEqual(report.ratio, 1, "\(tone.key) clicks at the loop point")
            let peak = Double(rendered.samples.map(abs).max() ?? 0)
            let largestStep = peak * 2 * Double.pi * bandLimit(tone) / 48_000
            let jump = Double(abs(rendered.samples[rendered.count - 1] - rendered.samples[0]))
            XCTAssertLessThanOrEqual(jump, largestStep, tone.key)
        }
    }

    func testSirenIsPhaseContinuousAcrossTheLoop() {
        let siren = signal(.siren)
        // A continuous cycle's last sample is one step before the first: a quarter-degree of
        // a 900 Hz sine, not the silence other tones end in.
        XCTAssertGreaterThan(abs(siren.samples[siren.count - 2]), 0.01)
        let rising = siren.slice(from: 0.45, to: 0.55).estimatedFrequency() ?? 0
        let falling = siren.slice(from: 1.45, to: 1.55).estimatedFrequency() ?? 0
        XCTAssertEqual(rising, 1200, accuracy: 15)
        XCTAssertEqual(falling, 600, accuracy: 15)
    }

    func testSweepRises() throws {
        let sweep = signal(.sweep)
        let early = try XCTUnwrap(sweep.slice(from: 0.05, to: 0.15).estimatedFrequency())
        let late = try XCTUnwrap(sweep.slice(from: 0.65, to: 0.75).estimatedFrequency())
        XCTAssertEqual(early, 400 + 800 * 0.1 / 0.8, accuracy: 10)
        XCTAssertEqual(late, 400 + 800 * 0.7 / 0.8, accuracy: 10)
    }

    func testChimeHasInharmonicPartialsAndDecays() {
        let chime = signal(.chime)
        let ding = chime.slice(from: 0.05, to: 0.65)
        let e5 = 659.255
        XCTAssertGreaterThan(ding.levelDBFS(atFrequency: e5), -20)
        XCTAssertGreaterThan(ding.levelDBFS(atFrequency: e5 * 2.76), -40)
        XCTAssertLessThan(ding.levelDBFS(atFrequency: e5 * 3), ding.levelDBFS(atFrequency: e5 * 2.76) - 15)
        let levels = chime.windowLevels()
        XCTAssertGreaterThan(levels[8].rmsDBFS - levels[26].rmsDBFS, 12, "the dong should ring out")
    }

    func testMelodyPlaysItsNotesInOrder() {
        let melody = signal(.melody)
        let g4 = 391.995, c5 = 523.251, e5 = 659.255
        let first = melody.slice(from: 0.02, to: 0.23)
        XCTAssertGreaterThan(first.levelDBFS(atFrequency: g4), first.levelDBFS(atFrequency: c5) + 20)
        let third = melody.slice(from: 0.52, to: 0.73)
        XCTAssertGreaterThan(third.levelDBFS(atFrequency: e5), third.levelDBFS(atFrequency: g4) + 20)
    }

    func testTonesAreDistinct() {
        let keys = Tone.builtIn.map(\.key)
        XCTAssertEqual(Set(keys).count, keys.count)
        XCTAssertEqual(Set(Tone.builtIn.map(\.title)).count, keys.count)
        XCTAssertGreaterThanOrEqual(keys.count, 6)
    }

    func testRenderingIsDeterministic() {
        XCTAssertEqual(Tone.chime.render(), Tone.chime.render())
    }

    func testMisconfiguredNotesStillRenderWithoutCrashing() {
        let odd = Tone(key: "odd", title: "Odd", cycleSeconds: 0.5, notes: [
            Note(start: 0.4, length: 1.0, pitch: .fixed(500)),  // runs past the cycle
            Note(start: 0, length: 0.1, pitch: .fixed(30_000)),  // above Nyquist
            Note(start: 0, length: 0.1, pitch: .fixed(.nan)),
            Note(start: -1, length: 0.2, pitch: .glide(from: 100, to: 200)),
            Note(start: 0.2, length: 0.1, pitch: .warble(center: 500, depth: 100, rate: 0)),
        ])
        let samples = odd.render()
        XCTAssertEqual(samples.count, 24_000)
        XCTAssertTrue(samples.allSatisfy(\.isFinite))
        XCTAssertGreaterThan(samples[22_000].magnitude, 0)
    }
}
