import AlarmCore
import AlarmAudio
#if canImport(Glibc)
import Glibc
#endif

/// A sound file sent from the page, kept only if libsndfile can play it and only under a plain
/// name of its own, so nothing lands outside the user's sound folder.
package enum SoundUpload {
    package static let soundExtensions = ["wav", "flac", "ogg", "oga", "opus", "mp3"]

    /// Why the upload is refused before anything is written; nil when it may be checked.
    package static func refusal(name: String, file: String) -> Refusal? {
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
    package static func keepIfPlayable(_ received: String, as path: String) throws(Refusal) {
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

    /// On the worker, all of it: the file kept as `name` in `folder` (refused when a file there
    /// names the same sound, compared as the sounds see it: `ok.WAV` beside `ok.wav`), and the
    /// sounds scanned again with it. Nothing is left behind that the sounds cannot name.
    package static func add(_ received: String, as name: String, into folder: String,
                            scans: SoundScans) throws(Refusal) -> (scanned: SoundScans.Scanned, entry: SoundEntry) {
        if let existing = (FileSystem.contents(of: folder) ?? []).first(where: { $0.lowercased() == name.lowercased() }) {
            throw Refusal(.conflict, "\(existing) already exists in \(folder)")
        }
        let path = folder + "/" + name
        try keepIfPlayable(received, as: path)
        let scanned = scans.scan()
        guard let entry = scanned.sounds.entries.first(where: { $0.sound.details.path == path }) else {
            unlink(path)
            throw Refusal(.conflict, "\(name) names the same sound as a file already there")
        }
        return (scanned, entry)
    }
}
