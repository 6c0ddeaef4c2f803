import AlarmCore
import FaceTerminal
import UnitTestSupport
import Foundation
import XCTest

final class ClipboardTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "clipboard-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    /// A stand-in for a clipboard program that saves its standard input and its arguments.
    private func installFake(_ name: String, status: Int = 0) throws {
        let script = "#!/bin/sh\necho \"$@\" > \"\(directory!)/\(name).args\"\ncat > \"\(directory!)/\(name).in\"\nexit \(status)\n"
        let path = directory + "/" + name
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o755), 0)
    }

    private func contents(_ name: String) -> String? {
        try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }

    func testXclipGetsTheTextOnItsStandardInput() throws {
        try installFake("xclip")
        try installFake("wl-copy")
        let clipboard = Clipboard(environment: Environment(["PATH": directory + ":/usr/bin:/bin", "DISPLAY": ":0"]), terminalDescriptor: nil)
        XCTAssertEqual(clipboard.copy("1   00:01.00   00:01.00\n"), [.xclip])
        XCTAssertEqual(contents("xclip.in"), "1   00:01.00   00:01.00\n")
        XCTAssertEqual(contents("xclip.args"), "-selection clipboard\n")
        XCTAssertNil(contents("wl-copy.in"), "no Wayland display, no wl-copy")
    }

    func testWaylandAndOSC52Together() throws {
        try installFake("wl-copy")
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let clipboard = Clipboard(environment: Environment(["PATH": directory + ":/usr/bin:/bin", "WAYLAND_DISPLAY": "wayland-0"]), terminalDescriptor: fds[1])
        XCTAssertEqual(clipboard.copy("hi"), [.terminal, .wlCopy])
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fds[0], &buffer, buffer.count)
        XCTAssertEqual(String(decoding: buffer[0..<max(0, count)], as: UTF8.self), "\u{1B}]52;c;aGk=\u{07}")
        XCTAssertEqual(contents("wl-copy.in"), "hi")
    }

    func testFailingOrMissingHelpersAreNotReported() throws {
        try installFake("xclip", status: 1)
        let failing = Clipboard(environment: Environment(["PATH": directory + ":/usr/bin:/bin", "DISPLAY": ":0", "WAYLAND_DISPLAY": "w"]), terminalDescriptor: nil)
        XCTAssertEqual(failing.copy("x"), [])
    }

    func testHelperThatExitsWithoutReadingDoesNotKillUs() throws {
        let path = directory + "/xclip"
        try "#!/bin/sh\nexit 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o755), 0)
        let clipboard = Clipboard(environment: Environment(["PATH": directory + ":/usr/bin:/bin", "DISPLAY": ":0"]), terminalDescriptor: nil)
        // Big enough to fill the socket buffer: without MSG_NOSIGNAL this would be SIGPIPE.
        XCTAssertEqual(clipboard.copy(String(repeating: "x", count: 4_000_000)), [.xclip])
    }
}
