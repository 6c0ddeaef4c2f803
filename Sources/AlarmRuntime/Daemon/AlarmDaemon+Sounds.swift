import AlarmCore
import AlarmAudio
#if canImport(Glibc)
import Glibc
#endif

/// Sounds and timers from the faces: a preview on the alarm device, uploads into the user's sound
/// folder, and timers. A ringing alarm always wins over a preview.
extension AlarmDaemon {
    package static let previewLimitSeconds = 30.0
    package static let soundExtensions = ["wav", "flac", "ogg", "oga", "opus", "mp3"]

    package func startPreview(_ name: String, volume: Double) -> CommandResult {
        guard volume >= 0, volume <= 1 else {
            return .refused(Refusal(field: "volume", "volume must be a number from 0.0 to 1.0"))
        }
        let refused = CommandResult.refused(Refusal(.conflict, "an alarm is ringing; it wins over a preview"))
        guard model.ringing.isEmpty, !engine.isOpen else { return refused }
        guard sleepTimer == nil else { return .refused(Refusal(.conflict, "a sleep timer is playing; 'alarmplay sleep --stop' ends it")) }
        let entry: SoundEntry
        do {
            entry = try source.registry.resolve(SoundReference(parsing: name))
        } catch {
            return .refused(Refusal(.notFound, error.description))
        }
        endPreview(reason: "replaced")
        let seconds = min(entry.sound.details.durationSeconds ?? 5, Self.previewLimitSeconds)
        guard engine.startPreview(RingRequest(sound: .name(entry.sound.name), volume: volume, fadeInSeconds: 0,
                                              ringForSeconds: seconds, devices: configuration.devices))
        else { return refused }
        event(.previewStarted(sound: entry.sound.name, seconds: seconds))
        return .value(.previewing(sound: entry.sound.name, seconds: seconds))
    }

    /// True when a preview was playing.
    @discardableResult
    package func endPreview(reason: String) -> Bool {
        guard engine.endPreview() else { return false }
        previewEnded(reason: reason)
        return true
    }

    /// Keeps an uploaded file only if libsndfile can play it; the name is the file's own, without
    /// folders, so nothing lands outside the user's sound folder. Received into a file beside it
    /// (up to 50 MiB, never in memory), checked off the loop, then taken into the sounds on it.
    package func addSound(_ name: String, _ file: String, _ reply: @escaping (CommandResult) -> Void) {
        if let refusal = Self.uploadRefusal(name, file) { return reply(.refused(refusal)) }
        let folder = configuration.userSounds
        let path = folder + "/" + name
        // Compared as the sounds see it: `ok.WAV` beside `ok.wav` names the same sound.
        if let existing = (FileSystem.contents(of: folder) ?? []).first(where: { $0.lowercased() == name.lowercased() }) {
            return reply(.refused(Refusal(.conflict, "\(existing) already exists in \(folder)")))
        }
        worker.perform({ try Self.keepIfPlayable(file, as: path) }, then: { [unowned self] outcome in
            if case let .failure(refusal as Refusal) = outcome { return reply(.refused(refusal)) }
            source.registry = .standard(folders: configuration.soundFolders)
            guard let entry = source.registry.entries.first(where: { $0.sound.details.path == path }) else {
                // Nothing is left behind that the sounds cannot name.
                unlink(path)
                return reply(.refused(Refusal(.conflict, "\(name) names the same sound as a file already there")))
            }
            event(.soundAdded(sound: entry.sound.name, path: path))
            reply(.value(.sound(entry)))
        })
    }

    private static func uploadRefusal(_ name: String, _ file: String) -> Refusal? {
        guard !name.isEmpty else { return whole("give the file's name: POST /api/sounds?name=FILE.wav with the file as the body") }
        guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix("."), !name.contains(".."), name.utf8.count <= 200,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || NewText.isBidiControl($0) }),
              name.first?.isWhitespace == false
        else { return whole("\"\(name)\" is not a plain file name") }
        let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard name.contains("."), soundExtensions.contains(suffix) else {
            return Refusal(.unsupported, "\(name): not a sound file name; use one of .\(soundExtensions.joined(separator: ", ."))")
        }
        var info = stat()
        guard !file.isEmpty, stat(file, &info) == 0, info.st_size > 0 else { return whole("the body is empty: send the file's bytes") }
        return nil
    }

    /// A problem of the request as a whole, not of one field.
    private static func whole(_ message: String) -> Refusal {
        Refusal(.invalid([.init(field: nil, message: message)]), message)
    }

    /// On the worker: the received file, beside the target, flushed and checked by libsndfile,
    /// then linked into place (never over a file that appeared meanwhile).
    private static func keepIfPlayable(_ received: String, as path: String) throws(Refusal) {
        let name = String(path.dropFirst(FileSystem.parent(of: path).count + 1))
        let descriptor = open(received, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(.failed, "\(name): \(FileSystem.lastErrorDescription())") }
        // On the disk before it is a sound: a power cut must not leave half a file among them.
        let flushed = fsync(descriptor) == 0 && fchmod(descriptor, 0o644) == 0
        close(descriptor)
        guard flushed else { throw Refusal(.failed, "\(name): \(FileSystem.lastErrorDescription())") }
        do {
            _ = try SoundFileReader(path: received)
        } catch {
            throw Refusal(.unsupported, "\(name) cannot be played: \(error.reason)")
        }
        guard link(received, path) == 0 else { throw Refusal(.conflict, "\(name): \(FileSystem.lastErrorDescription())") }
    }

    package func startTimer(seconds: Int, label: String?) -> CommandResult {
        guard seconds >= 1, seconds <= 24 * 3600 else {
            return .refused(Refusal(field: "duration", "duration must be from 1s to 24h"))
        }
        let now = clock.now()
        // Rung on a whole second like every alarm: the nearest one to the asked-for length.
        let at = now.seconds + seconds + (now.nanoseconds >= 500_000_000 ? 1 : 0)
        let local = LocalTimeZone.current.localTime(at: at)
        let number = (model.timers.compactMap { $0.alarm.id.flatMap { Int($0.dropFirst(6)) } }.max() ?? 0) + 1
        var settings = source.defaults
        settings.fadeIn = 0
        let alarm = Alarm(id: "timer-\(number)", position: model.fileAlarms.count + number, label: label ?? "Timer",
                          time: local.time, repeats: .date(local.date), settings: settings)
        model.timers.append(RunningTimer(alarm: alarm, at: at))
        event(.timerStarted(id: alarm.name, at: at, seconds: seconds))
        return .value(.timer(RunningTimer(alarm: alarm, at: at)))
    }

    package func cancelTimer(_ id: String) -> CommandResult {
        guard model.cancelTimer(id) else {
            let running = model.timers.compactMap(\.alarm.id)
            return .refused(Refusal(.notFound, running.isEmpty ? "no timer \"\(id)\"; none is running"
                                               : "no timer \"\(id)\"; running: \(running.joined(separator: ", "))"))
        }
        event(.timerCancelled(id: id))
        return .value(.timerCancelled(id: id))
    }
}
