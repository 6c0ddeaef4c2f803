import AlarmCore
import AudioTestSupport
import Foundation
import XCTest

/// Without the page's, MQTT's, speech's and QR codes' libraries (each pointed at a file that does not
/// exist, as if its package were not installed), alarms still ring and each face that needs one says
/// once which package is missing.
final class MissingLibraryTests: XCTestCase {
    var scenario: RunScenario!

    static let missing = [
        "ALARMPLAY_LIB_MICROHTTPD": "/nonexistent/libmicrohttpd.so.12", "ALARMPLAY_LIB_MOSQUITTO": "/nonexistent/libmosquitto.so.1",
        "ALARMPLAY_LIB_ESPEAK": "/nonexistent/libespeak-ng.so.1", "ALARMPLAY_LIB_QRENCODE": "/nonexistent/libqrencode.so.4",
        "ALARMPLAY_LIB_ICAL": "/nonexistent/libical.so.3",
    ]

    override func setUpWithError() throws {
        scenario = try RunScenario()
        scenario.extraEnvironment = Self.missing
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testAnAlarmRingsWithoutThemAndEachFaceNamesItsPackageOnce() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"spoken\", \(due.json), \"sound\": \"speak:time\", \"ringFor\": \"3s\", \"fadeIn\": 0}"])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun(["--mqtt", "mqtt://127.0.0.1:1883"])
        XCTAssertNotNil(run.waitForLog("event=silenced", timeout: 15), run.stderr)
        // Long enough for a retry of the page (after 1 s, then 2 s) to show in the log, were there one.
        Thread.sleep(forTimeInterval: 3.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        let maps = try String(contentsOfFile: "/proc/\(run.processIdentifier)/maps", encoding: .utf8)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)

        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.5), to: due.date.addingTimeInterval(2.5)), "the fallback rings")
        let page = run.logLines("event=http_failed")
        XCTAssertEqual(page.count, 1, "said once, not retried: \(run.stderr)")
        XCTAssertTrue(page.first?.contains("the phone page needs the package libmicrohttpd12t64 (Debian 12: libmicrohttpd12), which is missing") == true, run.stderr)
        let mqtt = run.logLines("event=mqtt_disconnected")
        XCTAssertEqual(mqtt.count, 1, run.stderr)
        XCTAssertTrue(mqtt.first?.contains("MQTT (Home Assistant) needs the package libmosquitto1, which is missing") == true, run.stderr)
        XCTAssertTrue(run.stderr.contains("speech (speak:) needs the package libespeak-ng1, which is missing"), "why it fell back: \(run.stderr)")
        for library in ["libmicrohttpd", "libmosquitto", "libespeak-ng", "libqrencode", "libical", "libgnutls", "libssl"] {
            XCTAssertFalse(maps.contains(library), "\(library) is mapped by a run that could not load it")
        }
    }

    func testTheQRCodeWithoutLibqrencodeIsOneClearErrorAndThePlainAddressStillWorks() throws {
        let plain = try scenario.control(["web"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.hasPrefix("http://"), plain.stdout)
        let qr = try scenario.control(["web", "--qr"])
        XCTAssertEqual(qr.status, 69)
        XCTAssertEqual(qr.stdout, "")
        XCTAssertTrue(qr.stderr.hasPrefix("alarmplay: error: the QR code needs the package libqrencode4, which is missing: /nonexistent/libqrencode.so.4: "),
                      qr.stderr)
        XCTAssertEqual(qr.stderr.split(separator: "\n").count, 1, qr.stderr)
    }
}
