import Foundation
import XCTest

/// `doctor` names the audio path on each set-up: PipeWire through ALSA's `default` and through
/// its PulseAudio service, `default` routed to a PipeWire that does not run, and the order.
final class DoctorAudioPathTests: XCTestCase {
    var home: TemporaryDirectory!
    var pipewire: PipeWireServer!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        pipewire = try PipeWireServer()
        try home.write("alarms.json", "{\"alarms\": [{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"daily\", \"sound\": \"file:tone-440\"}]}\n")
    }

    override func tearDown() {
        pipewire.stop()
        home.remove()
    }

    private func doctor(_ devices: [String], _ extra: [String: String] = [:]) throws -> CommandResult {
        try AlarmPlayBinary.run(
            ["doctor", "--alarms", home.file("alarms.json"), "--sounds", AlarmPlayBinary.fixtures + "/sounds"]
                + devices.flatMap { $0.hasPrefix("--") ? [$0] : ["--device", $0] },
            environment: AlarmPlayBinary.environment(home: home, pipewire.environment.merging(extra) { $1 }.merging(["USER": "alarmtester"]) { $1 }))
    }

    private func assertLines(_ result: CommandResult, _ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        for expected in lines {
            XCTAssertTrue(result.stdout.contains(expected), "missing \(expected) in\n\(result.stdout)", file: file, line: line)
        }
    }

    func testPipeWireRunningThroughDefaultAndThroughItsPulseService() throws {
        try pipewire.start()
        let result = try doctor(["default", "pulse"])
        assertLines(result, [
            "✔ audio path default: default is PipeWire (ALSA plugin 'pipewire'), running for alarmtester\n",
            "✔ device default: opens at 48000 Hz, 1 ch\n",
            "✔ audio path pulse: pulse is PulseAudio (ALSA plugin 'pulse'), running for alarmtester\n",
            "✔ device pulse: opens at 48000 Hz, 1 ch\n",
            "✔ mixer: default: not muted, not turned down\n",
        ])
    }

    func testDefaultRoutedToAPipeWireThatDoesNotRunSaysWhatToChange() throws {
        let result = try doctor([])
        XCTAssertEqual(result.status, 1, result.stdout)
        assertLines(result, [
            "✘ audio path default: default is PipeWire (ALSA plugin 'pipewire'), but no PipeWire runs for alarmtester — run alarmplay as alarmtester's user service with lingering",
            "✘ device default: cannot open audio device \"default\": Host is down — ",
        ])
        XCTAssertFalse(result.stdout.contains("rings instead"), result.stdout)
    }

    func testALaterDeviceThatWorksTurnsTheFailuresBeforeItIntoAdvice() throws {
        let tap = try ALSATap(in: home, base: pipewire.alsaConfiguration)
        let result = try doctor(["default", "tap"], tap.environment)
        assertLines(result, [
            "⚠ device default: cannot open audio device \"default\": Host is down (another device of the order rings instead)",
            "✔ audio path tap: tap is an ALSA 'plug' device\n",
            "✔ device tap: opens at 48000 Hz, 1 ch\n",
        ])
        let json = try doctor(["default", "tap", "--json"], tap.environment)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let checks = try XCTUnwrap(parsed["checks"] as? [[String: Any]])
        let defaultDevice = try XCTUnwrap(checks.first { $0["check"] as? String == "device default" })
        XCTAssertEqual(defaultDevice["blocking"] as? Bool, false)
    }
}
