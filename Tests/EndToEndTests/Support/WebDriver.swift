import Foundation
import XCTest

/// A headless Chromium driven through chromedriver's plain WebDriver HTTP API (curl, no client
/// library), phone-sized (390×844), in a browser language (`--lang`, which also sets
/// Accept-Language). Stops both when released.
final class WebDriver {
    private let driver: RunningProcess
    private let base: String
    private let session: String

    init(language: String = "en-US") throws {
        let port = try WebDriver.freePort()
        base = "http://127.0.0.1:\(port)"
        driver = RunningProcess(["--port=\(port)"], environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/chromedriver")
        try driver.start()
        let deadline = Date().addingTimeInterval(10)
        while (try? WebDriver.call("GET", "http://127.0.0.1:\(port)/status")) == nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=500,900",
                                            "--lang=\(language)"],
                                   // Headless Chromium takes Accept-Language from this preference, not from --lang.
                                   "prefs": ["intl.accept_languages": language]],
        ]]]
        let created = try WebDriver.call("POST", base + "/session", capabilities)
        session = try XCTUnwrap((created as? [String: Any])?["sessionId"] as? String, "no WebDriver session: \(String(describing: created))")
        // Let the page read what it copied (FACTS.md: granted through the DevTools protocol).
        _ = try command("POST", "/goog/cdp/execute", ["cmd": "Browser.grantPermissions", "params": [
            "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]]])
        // A phone's viewport (headless windows cannot be narrower than 500 px).
        _ = try command("POST", "/goog/cdp/execute", ["cmd": "Emulation.setDeviceMetricsOverride", "params": [
            "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true]])
    }

    deinit {
        _ = try? WebDriver.call("DELETE", base + "/session/" + session)
        driver.signal(SIGTERM)
        _ = driver.wait(timeout: 5)
    }

    func open(_ url: String) throws {
        _ = try command("POST", "/url", ["url": url])
    }

    /// Runs `script` in the page (`arguments` as `arguments[0]`...) and returns its value.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try command("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    /// Runs `script`, which calls `arguments[arguments.length - 1](value)` when done.
    func runAsync(_ script: String) throws -> Any? {
        try command("POST", "/execute/async", ["script": script, "args": []])
    }

    /// The first element matching `css`, waited for up to `timeout`.
    func element(_ css: String, timeout: TimeInterval = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = try? command("POST", "/element", ["using": "css selector", "value": css]) as? [String: Any],
               let id = found.values.first as? String {
                return id
            }
            guard Date() < deadline else { throw NSError(domain: "no element \(css)", code: 1) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// A real click, as a finger would (WebDriver scrolls it into view first). The page redraws
    /// its lists on every event, so an element found a moment ago may be gone: find it again.
    func click(_ css: String) throws {
        for attempt in 1...3 {
            do {
                _ = try command("POST", "/element/\(try element(css))/click", [:])
                return
            } catch where "\(error)".contains("stale element") && attempt < 3 {
                continue
            }
        }
    }

    func type(_ css: String, _ text: String) throws {
        let id = try element(css)
        _ = try command("POST", "/element/\(id)/clear", [:])
        _ = try command("POST", "/element/\(id)/value", ["text": text])
    }

    /// The text of the first element matching `css` now (read in the page, so a redraw between
    /// finding and reading cannot make it stale).
    func text(_ css: String) throws -> String {
        _ = try element(css)
        return try run("return document.querySelector(arguments[0]).textContent;", [css]) as? String ?? ""
    }

    /// Polls `script` (a boolean expression) until it is true.
    func wait(for script: String, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? run("return !!(\(script));")) as? Bool == true { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Light or dark, as the phone's setting would choose (`prefers-color-scheme`).
    func colorScheme(_ scheme: String) throws {
        _ = try command("POST", "/goog/cdp/execute", ["cmd": "Emulation.setEmulatedMedia", "params": [
            "features": [["name": "prefers-color-scheme", "value": scheme]]]])
    }

    func screenshot(to path: String) throws {
        let encoded = try XCTUnwrap(try command("GET", "/screenshot") as? String)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try XCTUnwrap(Data(base64Encoded: encoded)).write(to: URL(fileURLWithPath: path))
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any? {
        try WebDriver.call(method, base + "/session/" + session + path, body)
    }

    /// One WebDriver call through curl; the `value` of its JSON reply, or an error naming it.
    private static func call(_ method: String, _ url: String, _ body: [String: Any]? = nil) throws -> Any? {
        let scratch = try TemporaryDirectory("alarmplay-webdriver")
        defer { scratch.remove() }
        var arguments = ["-s", "-S", "--max-time", "60", "-X", method, "-o", scratch.file("reply")]
        if let body {
            _ = FileManager.default.createFile(atPath: scratch.file("body"), contents: try JSONSerialization.data(withJSONObject: body))
            arguments += ["-H", "Content-Type: application/json", "--data-binary", "@" + scratch.file("body")]
        }
        let result = try ChildProcess.run(arguments + [url], environment: [:], executable: "/usr/bin/curl")
        guard result.status == 0, let data = FileManager.default.contents(atPath: scratch.file("reply")) else {
            throw NSError(domain: "curl \(method) \(url): \(result.stderr)", code: Int(result.status))
        }
        let reply = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        if let value = reply?["value"] as? [String: Any], let error = value["error"] as? String {
            throw NSError(domain: "\(method) \(url): \(error): \(value["message"] ?? "")", code: 2)
        }
        return reply?["value"]
    }

    static func freePort() throws -> UInt16 {
        let listener = try SocketListener()
        return listener.port
    }
}
