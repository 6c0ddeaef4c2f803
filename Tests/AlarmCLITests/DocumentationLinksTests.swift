import Foundation
import XCTest

/// Every relative link of the README and the reference in docs/ leads somewhere: the file exists,
/// and a `#fragment` names a heading of it as GitHub spells its anchors.
final class DocumentationLinksTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private var pages: [URL] {
        let docs = root.appendingPathComponent("docs")
        let listed = (try? FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)) ?? []
        return [root.appendingPathComponent("README.md")] + listed.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// GitHub's anchor of a heading: lower case, spaces to hyphens, other punctuation dropped.
    static func anchor(_ heading: String) -> String {
        let text = heading.lowercased().replacingOccurrences(of: "`", with: "")
        return String(text.compactMap { character -> Character? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
            return nil
        })
    }

    private func anchors(of page: URL) throws -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        var fenced = false
        for line in try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { continue }
            let base = Self.anchor(String(line[line.index(after: space)...]))
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    func testEveryRelativeLinkAndAnchorResolves() throws {
        XCTAssertGreaterThan(pages.count, 5, "the README and the docs pages")
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var broken: [String] = []
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                guard FileManager.default.fileExists(atPath: file.path) else {
                    broken.append("\(page.lastPathComponent): \(target): no such file")
                    continue
                }
                if parts.count == 2, file.pathExtension == "md", try !anchors(of: file).contains(parts[1]) {
                    broken.append("\(page.lastPathComponent): \(target): no such heading")
                }
            }
        }
        XCTAssertEqual(broken, [])
    }

    func testAnchorsAreSpelledAsGitHubSpellsThem() {
        XCTAssertEqual(Self.anchor("The alarms file"), "the-alarms-file")
        XCTAssertEqual(Self.anchor("Running at boot: `alarmplay install-service`"), "running-at-boot-alarmplay-install-service")
        XCTAssertEqual(Self.anchor("PipeWire, PulseAudio and a system service"), "pipewire-pulseaudio-and-a-system-service")
    }
}
