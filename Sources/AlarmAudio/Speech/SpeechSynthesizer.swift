import AlarmCore
import CEspeak
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// libespeak-ng in-process: text in, 16-bit samples out. The engine is one global state in the
/// library, so every use goes through one lock; it is set up on first use (a few milliseconds)
/// and never again. The only file that imports the espeak module.
public enum SpeechSynthesizer {
    /// The engine's sample rate once it is set up.
    private static let engine = Mutex<Int?>(nil)
    private static let heard = Mutex<[Int16]>([])
    /// The installed voices, listed once: every `voice` in the alarms file is checked against them.
    private static let installed = Mutex<[String]?>(nil)
    private static let library = OptionalLibrary.espeak.load(alarmplay_espeak_load)

    /// Speaks `text` with `voice` (a language such as `en`, `de`, `en-us`, or a voice name).
    public static func speak(_ text: String, voice: String) throws(SpeechError) -> (samples: [Int16], sampleRate: Int) {
        try engine.withLock { rate throws(SpeechError) -> (samples: [Int16], sampleRate: Int) in
            let espeak = try functions()
            let sampleRate = try start(&rate)
            guard espeak.espeak_SetVoiceByName(voice) == EE_OK else { throw SpeechError("unknown voice \"\(voice)\"") }
            heard.withLock { $0 = [] }
            let result = text.withCString { espeak.espeak_Synth($0, strlen($0) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil) }
            _ = espeak.espeak_Synchronize()
            guard result == EE_OK else { throw SpeechError("speech synthesis failed (\(result.rawValue))") }
            return (heard.withLock { $0 }, sampleRate)
        }
    }

    /// Every voice installed: the languages they speak (`en-us`) and their file names (`gmw/en-US`).
    public static func voices() -> [String] {
        if let known = installed.withLock({ $0 }) { return known }
        let listed = listVoices()
        // An engine that could not start lists nothing; it may start next time.
        if !listed.isEmpty { installed.withLock { $0 = listed } }
        return listed
    }

    private static func listVoices() -> [String] {
        (try? engine.withLock { rate throws(SpeechError) -> [String] in
            let espeak = try functions()
            _ = try start(&rate)
            var names: Set<String> = []
            guard var entry = espeak.espeak_ListVoices(nil) else { return [] }
            while let voice = entry.pointee {
                if let languages = voice.pointee.languages { names.insert(String(cString: languages + 1).lowercased()) }
                if let identifier = voice.pointee.identifier {
                    names.insert(String(cString: identifier).split(separator: "/").last.map { $0.lowercased() } ?? "")
                }
                entry += 1
            }
            return names.filter { !$0.isEmpty }.sorted()
        }) ?? []
    }

    /// libespeak-ng's functions; a missing library is a speech error like any other (the ringer falls back).
    private static func functions() throws(SpeechError) -> alarmplay_espeak_functions {
        switch library {
        case let .success(table): return table.functions
        case let .failure(error): throw SpeechError(error.description)
        }
    }

    private static func start(_ rate: inout Int?) throws(SpeechError) -> Int {
        if let rate { return rate }
        let espeak = try functions()
        let started = espeak.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard started > 0 else { throw SpeechError("espeak-ng could not start (is espeak-ng-data installed?)") }
        espeak.espeak_SetSynthCallback { samples, count, _ in
            if let samples, count > 0 { SpeechSynthesizer.heard.withLock { $0.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count))) } }
            return 0
        }
        rate = Int(started)
        return Int(started)
    }
}

public struct SpeechError: Error, CustomStringConvertible, Sendable, Equatable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
