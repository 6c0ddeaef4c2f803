import AlarmCore

/// The tones alarmplay ships. Their order is their index in `alarmplay sounds` and their
/// keys are stored in alarm files: append new tones, never reorder or rename. `classic` is
/// the default alarm sound and the fallback when a chosen sound cannot play.
extension Tone {
    public static let builtIn: [Tone] = [classic, beep, digital, chime, sweep, melody, pulse, siren]

    /// Four quick beeps, then a pause: the bedside digital clock.
    public static let classic = Tone(
        key: "classic", title: untranslated("Classic Beeps"), cycleSeconds: 1.0,
        notes: (0..<4).map { beat in
            Note(start: Double(beat) * 0.125, length: 0.075, pitch: .fixed(1000), timbre: .buzzer, level: 0.75)
        })

    /// A pure 440 Hz tone, a second on and a second off.
    public static let beep = Tone(
        key: "beep", title: untranslated("440 Hz Beep"), cycleSeconds: 2.0,
        notes: [Note(start: 0, length: 1.0, pitch: .fixed(440))])

    /// Two pitches a major third apart, alternating fast, then a pause.
    public static let digital = Tone(
        key: "digital", title: untranslated("Digital Two-Tone"), cycleSeconds: 1.2,
        notes: (0..<8).map { step in
            Note(start: Double(step) * 0.1, length: 0.075, pitch: .midi(step.isMultiple(of: 2) ? 88 : 84),
                 timbre: .buzzer, level: 0.7)
        })

    /// A doorbell's ding-dong (E5, C5) on a bell, left to ring out.
    public static let chime = Tone(
        key: "chime", title: untranslated("Chime"), cycleSeconds: 3.0,
        notes: [(0.0, 76), (0.7, 72)].map { start, midi in
            Note(start: start, length: 3.0 - start, pitch: .midi(midi), timbre: .bell, level: 0.5, release: 0.3)
        })

    /// A rising whoop from 400 to 1200 Hz, then a breath.
    public static let sweep = Tone(
        key: "sweep", title: untranslated("Rising Sweep"), cycleSeconds: 1.0,
        notes: [Note(start: 0, length: 0.8, pitch: .glide(from: 400, to: 1200), timbre: .warm)])

    /// A soft music-box phrase in C major that comes to rest on its tonic.
    public static let melody = Tone(
        key: "melody", title: untranslated("Gentle Melody"), cycleSeconds: 4.0,
        notes: {
            // (beat, MIDI note, beats held); a beat is 0.25 s.
            let phrase: [(Int, Int, Int)] = [
                (0, 67, 1), (1, 72, 1), (2, 76, 1), (3, 79, 1), (4, 76, 2), (6, 77, 1), (7, 74, 1),
                (8, 71, 2), (10, 74, 1), (11, 79, 1), (12, 72, 4),
            ]
            return phrase.map { beat, midi, beats in
                Note(start: Double(beat) * 0.25, length: Double(beats) * 0.25, pitch: .midi(midi),
                     timbre: .musicBox, level: 0.45, release: 0.04)
            }
        }())

    /// Three long pulses and a pause, the rhythm of a smoke alarm (ISO 8201 "T3").
    public static let pulse = Tone(
        key: "pulse", title: untranslated("Triple Pulse"), cycleSeconds: 4.0,
        notes: (0..<3).map { beat in
            Note(start: Double(beat), length: 0.5, pitch: .fixed(1500), timbre: .warm)
        })

    /// A siren warbling between 600 and 1200 Hz every two seconds. It never stops, so it is
    /// built to be phase-continuous at the loop point instead of fading: 900 Hz × 2 s and
    /// 0.5 Hz × 2 s are whole cycles.
    public static let siren = Tone(
        key: "siren", title: untranslated("Siren"), cycleSeconds: 2.0,
        notes: [Note(start: 0, length: 2.0, pitch: .warble(center: 900, depth: 300, rate: 0.5),
                     timbre: .warm, level: 0.45, attack: 0, release: 0)])
}
