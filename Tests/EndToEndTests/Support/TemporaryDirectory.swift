import Foundation

/// A fresh directory under /tmp, removed by `remove()`; every test gets its own XDG folders.
struct TemporaryDirectory {
    let path: String

    init(_ label: String = "alarmplay-test") throws {
        var template = Array("/tmp/\(label)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw NSError(domain: "mkdtemp", code: Int(errno))
        }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws {
        let target = file(name)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
