import Foundation
import XCTest

/// Deque's axe-core (installed by `scripts/setup --test`) run inside the page that a
/// `WebDriver` shows: the serious and critical violations, one line per rule.
struct AccessibilityAudit {
    static let scriptPath = "/usr/local/lib/alarmplay-test/axe-core/axe.min.js"
    private let source: String

    init() throws {
        guard let source = try? String(contentsOfFile: Self.scriptPath, encoding: .utf8) else {
            throw NSError(domain: "no axe-core at \(Self.scriptPath): run scripts/setup --test", code: 1)
        }
        self.source = source
    }

    /// "rule (impact): target, target" for each serious or critical rule the screen breaks.
    func violations(in browser: WebDriver) throws -> [String] {
        if try browser.run("return typeof axe === 'undefined';") as? Bool == true {
            try browser.run(source)
        }
        let found = try browser.runAsync("""
            const done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ["violations"] }).then((results) => done(results.violations
                .filter((rule) => rule.impact === "serious" || rule.impact === "critical")
                .map((rule) => `${rule.id} (${rule.impact}): ${rule.nodes.map((node) => node.target.join(" ")).join(", ")}`)),
              (error) => done([`axe failed: ${error}`]));
            """)
        return try XCTUnwrap(found as? [String], "axe returned \(String(describing: found))")
    }
}
