#if canImport(Glibc)
import Glibc
#endif

/// Sounds from the page: preview on the alarm device, uploads into the user's sound folder, and
/// timers. A ringing alarm always wins over a preview.
extension AlarmDaemon {
    static let previewLimitSeconds = 30.0
    static let soundExtensions = ["wav", "flac", "ogg", "oga", "opus", "mp3"]

    func startPreview(_ name: String, _ request: HTTPRequest) throws(WebError) -> HTTPResponse {
        let volume = try WebRequestBody.object(request, allowed: ["volume"], optional: true).first?.value
        let level = volume.map { $0.numberValue?.double } ?? 0.8
        guard let level, level >= 0, level <= 1 else {
            throw WebError.problems([("volume", "volume must be a number from 0.0 to 1.0")])
        }
        guard model.ringing.isEmpty, prepared == nil else { throw WebError(409, "an alarm is ringing; it wins over a preview") }
        let entry: SoundEntry
        do {
            entry = try registry.resolve(SoundReference(parsing: name))
        } catch {
            throw WebError(404, error.description)
        }
        endPreview(reason: "replaced")
        let seconds = min(entry.sound.details.durationSeconds ?? 5, Self.previewLimitSeconds)
        preview = startRinger(RingRequest(sound: .name(entry.sound.name), volume: level, fadeInSeconds: 0,
                                          ringForSeconds: seconds, devices: configuration.devices), id: "preview")
        event(.previewStarted(sound: entry.sound.name, seconds: seconds))
        return .json(["previewing": .string(entry.sound.name), "seconds": .double(seconds)], status: 202)
    }

    func endPreview(reason: String) {
        guard let playing = preview else { return }
        playing.control.stop()
        preview = nil
        event(.previewEnded(reason: reason))
    }

    /// Keeps an uploaded file only if libsndfile can play it; the name is the file's own, without
    /// folders, so nothing lands outside the user's sound folder.
    func upload(_ request: HTTPRequest) throws(WebError) -> HTTPResponse {
        guard let name = request.query["name"], !name.isEmpty else {
            throw WebError(400, "give the file's name: POST /api/sounds?name=FILE.wav with the file as the body")
        }
        guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix("."), !name.contains(".."), name.utf8.count <= 200,
              !name.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { throw WebError(400, "\"\(name)\" is not a plain file name") }
        let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard name.contains("."), Self.soundExtensions.contains(suffix) else {
            throw WebError(415, "\(name): not a sound file name; use one of .\(Self.soundExtensions.joined(separator: ", ."))")
        }
        guard !request.body.isEmpty else { throw WebError(400, "the body is empty: send the file's bytes") }
        let folder = configuration.userSounds
        let path = folder + "/" + name
        guard !FileSystem.exists(path) else { throw WebError(409, "\(name) already exists in \(folder)") }
        let temporary = folder + "/.upload-\(getpid())-" + name
        do {
            try FileSystem.makeDirectories(folder)
            try AtomicFile.write(request.body, to: temporary, mode: 0o644)
        } catch {
            throw WebError(500, error.description)
        }
        defer { unlink(temporary) }
        do {
            _ = try SoundFileReader(path: temporary)
        } catch {
            throw WebError(415, "\(name) cannot be played: \(error.reason)")
        }
        guard link(temporary, path) == 0 else { throw WebError(409, "\(name): \(FileSystem.lastErrorDescription())") }
        registry = .standard(folders: configuration.soundFolders)
        guard let entry = registry.entries.first(where: { $0.sound.details.path == path }) else {
            throw WebError(500, "\(name) was saved but is not among the sounds")
        }
        event(.soundAdded(sound: entry.sound.name, path: path))
        return .json(SoundsCommand.json(entry), status: 201)
    }

    func startTimer(_ request: HTTPRequest) throws(WebError) -> HTTPResponse {
        let members = try WebRequestBody.object(request, allowed: ["duration", "label"])
        let body = Dictionary(members.map { ($0.key, $0.value) }) { $1 }
        let seconds: Int
        do throws(ValueError) {
            guard let value = body["duration"] else { throw ValueError("duration is missing, e.g. \"25m\"") }
            if let number = value.numberValue?.int {
                seconds = number
            } else {
                seconds = try DurationText.parse(value.stringValue ?? "")
            }
        } catch {
            throw WebError.problems([("duration", error.message)])
        }
        guard seconds >= 1, seconds <= 24 * 3600 else { throw WebError.problems([("duration", "duration must be from 1s to 24h")]) }
        if let label = body["label"], label.stringValue == nil, !label.isNull {
            throw WebError.problems([("label", "label must be a string")])
        }
        let now = clock.now()
        // Rung on a whole second like every alarm: the nearest one to the asked-for length.
        let at = now.seconds + seconds + (now.nanoseconds >= 500_000_000 ? 1 : 0)
        let local = LocalTimeZone.current.localTime(at: at)
        let number = (model.timers.compactMap { $0.alarm.id.flatMap { Int($0.dropFirst(6)) } }.max() ?? 0) + 1
        var settings = defaults
        settings.fadeIn = 0
        let alarm = Alarm(id: "timer-\(number)", position: model.fileAlarms.count + number, label: body["label"]?.stringValue ?? "Timer",
                          time: local.time, repeats: .date(local.date), settings: settings)
        model.timers.append(RunningTimer(alarm: alarm, at: at))
        event(.timerStarted(id: alarm.name, at: at, seconds: seconds))
        evaluate(clockChanged: false)
        return .json(RunningTimer(alarm: alarm, at: at).json(format: TimeFormat()), status: 201)
    }

    func cancelTimer(_ id: String) throws(WebError) -> HTTPResponse {
        evaluate(clockChanged: false)
        guard model.cancelTimer(id) else {
            throw WebError(404, "no timer \"\(id)\"; running: \(model.timers.compactMap(\.alarm.id).joined(separator: ", "))")
        }
        evaluate(clockChanged: false)
        event(.timerCancelled(id: id))
        return .json(["cancelled": .string(id)])
    }
}
