import Foundation
import XCTest

/// `alarmplay sounds` over real files in every format, and over a folder of broken ones.
final class SoundsCommandTests: XCTestCase {
    var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
    }

    override func tearDown() {
        home.remove()
    }

    func sounds(_ extra: [String]) throws -> [[String: Any]] {
        let result = try AlarmPlayBinary.run(["sounds", "--json"] + extra, environment: AlarmPlayBinary.environment(home: home))
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func testEveryFormatIsReadWithItsDetails() throws {
        let entries = try sounds(["--sounds", AlarmPlayBinary.fixtures + "/sounds"])
        let files = entries.filter { $0["provider"] as? String == "file" && ($0["path"] as? String)?.contains("Fixtures") == true }
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0["name"] as! String, $0) })
        let expected: [(String, Int, Int)] = [
            ("file:tone-440", 48000, 1), ("file:tone-660", 44100, 2), ("file:tone-550", 44100, 1),
            ("file:tone-880", 48000, 1), ("file:tone-330", 44100, 1),
        ]
        for (name, rate, channels) in expected {
            let entry = try XCTUnwrap(byName[name], "missing \(name)")
            XCTAssertEqual(entry["broken"] as? Bool, false, name)
            XCTAssertEqual(entry["sampleRate"] as? Int, rate, name)
            XCTAssertEqual(entry["channels"] as? Int, channels, name)
            XCTAssertEqual(try XCTUnwrap(entry["durationSeconds"] as? Double), 1.0, accuracy: 0.06, name)
        }
    }

    func testIndicesAreConsecutiveTonesFirstFilesSorted() throws {
        let entries = try sounds(["--sounds", AlarmPlayBinary.fixtures + "/sounds"])
        XCTAssertEqual(entries.map { $0["index"] as? Int }, Array(0..<entries.count).map { $0 })
        let providers = entries.map { $0["provider"] as! String }
        // Providers in registry order, so a new provider never moves an existing sound's index.
        let order = ["tone", "file", "stream", "speak"]
        XCTAssertEqual(providers, providers.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }, "\(providers)")
        let fileNames = entries.filter { $0["provider"] as? String == "file" }.map { $0["name"] as! String }
        XCTAssertEqual(fileNames, fileNames.sorted())
        XCTAssertEqual(providers.last, "speak")
    }

    func testBrokenFilesAreListedWithReasonAndDoNotHideGoodOnes() throws {
        let folder = home.file("bad")
        try FileManager.default.createDirectory(atPath: folder + "/x.wav", withIntermediateDirectories: true)
        let good = try Data(contentsOf: URL(fileURLWithPath: AlarmPlayBinary.fixtures + "/sounds/tone-440.wav"))
        try good.write(to: URL(fileURLWithPath: folder + "/good.wav"))
        try good.prefix(30).write(to: URL(fileURLWithPath: folder + "/truncated.wav"))
        try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: folder + "/random.flac"))
        try Data().write(to: URL(fileURLWithPath: folder + "/empty.ogg"))
        try "not a sound".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        try "<html>this is not an mp3</html>".write(toFile: folder + "/garbage.mp3", atomically: true, encoding: .utf8)

        let entries = try sounds(["--sounds", folder])
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as! String, $0) })
        XCTAssertEqual(byName["file:good"]?["broken"] as? Bool, false)
        for name in ["file:x", "file:truncated", "file:random", "file:empty", "file:garbage"] {
            let entry = try XCTUnwrap(byName[name], "\(name) not listed")
            XCTAssertEqual(entry["broken"] as? Bool, true, name)
            XCTAssertFalse((entry["reason"] as? String ?? "").isEmpty, name)
        }
        XCTAssertNil(byName["file:notes"], "non-audio extensions are not sounds")

        XCTAssertEqual(byName["file:garbage"]?["reason"] as? String,
                       "not a valid MP3 file: it starts with 3C 68 74 6D (expected an ID3 tag or an MPEG audio frame)")
        XCTAssertEqual(byName["file:empty"]?["reason"] as? String, "empty file")
        let table = try AlarmPlayBinary.run(["sounds", "--sounds", folder], environment: AlarmPlayBinary.environment(home: home))
        XCTAssertTrue(table.stdout.contains("BROKEN: not a valid FLAC file"), table.stdout)
        XCTAssertTrue(table.stdout.contains("BROKEN: Error in WAV file"), "truncated.wav has a good header, libsndfile says why: \(table.stdout)")
        XCTAssertEqual(table.stderr, "", "no decoder's own lines on stderr")
        XCTAssertTrue(table.stdout.hasPrefix("#"), table.stdout)
        XCTAssertEqual(table.stdout.split(separator: "\n").first?.split(separator: " "), ["#", "NAME", "TITLE", "PROVIDER", "DETAILS"])

        let preview = try AlarmPlayBinary.run(
            ["preview", "file:random", "--sounds", folder, "--device", "null"], environment: AlarmPlayBinary.environment(home: home))
        XCTAssertEqual(preview.status, 65)
        XCTAssertTrue(preview.stderr.hasPrefix("alarmplay: error: cannot play file:random: not a valid FLAC file: it starts with "),
                      preview.stderr)
    }

    func testUnreadableFileIsBrokenWithPermissionDenied() throws {
        let folder = home.file("locked")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let locked = folder + "/locked.wav"
        try FileManager.default.copyItem(atPath: AlarmPlayBinary.fixtures + "/sounds/tone-440.wav", toPath: locked)
        chmod(locked, 0)
        chmod(home.path, 0o755)
        // root reads any file, so run as nobody when the tests run as root (CI does).
        var arguments = [AlarmPlayBinary.path, "sounds", "--json", "--sounds", folder]
        if getuid() == 0 { arguments = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments }
        let process = RunningProcess(Array(arguments.dropFirst()), environment: AlarmPlayBinary.environment(home: home), executable: arguments[0])
        try process.start()
        let result = process.wait(timeout: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Permission denied"), result.stdout)
    }

    func testUnknownSoundSaysHowManyExist() throws {
        let result = try AlarmPlayBinary.run(["preview", "999"], environment: AlarmPlayBinary.environment(home: home))
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("alarmplay: error: no sound 999: there are "), result.stderr)
        let named = try AlarmPlayBinary.run(["preview", "file:tone-44", "--sounds", AlarmPlayBinary.fixtures + "/sounds"], environment: AlarmPlayBinary.environment(home: home))
        XCTAssertEqual(named.status, 64)
        XCTAssertTrue(named.stderr.contains("(did you mean \"file:tone-440\"?)"), named.stderr)
    }
}
