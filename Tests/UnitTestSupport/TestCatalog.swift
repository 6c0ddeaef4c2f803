import Foundation
import XCTest

@testable import AlarmCore

/// A German catalog of a few messages, compiled by msgfmt into a folder of its own and bound
/// (`Messages.setUp`) until `remove`, for the tests of what speaks German inside a Localizer.
package struct TestCatalog {
    package let folder: String

    /// `messages`: original → German.
    package init(german messages: [(String, String)]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let entries = messages.map { "msgid \(quoted($0.0))\nmsgstr \(quoted($0.1))\n" }
        try (["msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"] + entries)
            .joined(separator: "\n").write(toFile: folder + "/de.po", atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--output-file=" + folder + "/de/LC_MESSAGES/alarmplay.mo", folder + "/de.po"]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0)
        Messages.setUp(folder: folder)
    }

    /// The process back in `C`, the folder gone.
    package func remove() {
        setlocale(LC_ALL, "C")
        try? FileManager.default.removeItem(atPath: folder)
    }
}
