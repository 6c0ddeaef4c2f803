import AlarmCore
import AlarmCLI
import UnitTestSupport
import XCTest

final class AudioPathTests: XCTestCase {
    func testAServerThatRunsForAnotherUserNamesThatUserAndTheFix() {
        var path = AudioPath(device: "default", pluginType: "pipewire", user: "alarmplay")
        path.serverUsers = ["pi"]
        XCTAssertEqual(path.check.outcome, .failed)
        XCTAssertEqual(path.check.message, "default is PipeWire (ALSA plugin 'pipewire'), but no PipeWire runs for alarmplay; it runs for pi")
        XCTAssertTrue(path.check.fix?.contains("pi's user service with lingering") == true, path.check.line)
        path.serverRunning = true
        XCTAssertEqual(path.check, .ok("audio path default", "default is PipeWire (ALSA plugin 'pipewire'), running for alarmplay"))
    }

    func testACardHeldByASoundServerSaysWho() {
        var path = AudioPath(device: "plughw:CARD=Headphones", pluginType: "plug", user: "alarmplay")
        XCTAssertEqual(path.check.outcome, .ok)
        path.cardHolders = ["pipewire (pid 812) on card0"]
        XCTAssertEqual(path.check.message, "plughw:CARD=Headphones is a card, held by pipewire (pid 812) on card0")
        XCTAssertEqual(path.check.outcome, .failed)
    }

    func testPulseAndUnknownNames() {
        XCTAssertEqual(AudioPath(device: "pulse", pluginType: "pulse", user: "me").server, .pulseAudio)
        XCTAssertEqual(AudioPath(device: "nosuch", pluginType: nil, user: "me").check.outcome, .failed)
        XCTAssertEqual(AudioPath(device: "tap", pluginType: "plug", user: "me").check.message, "tap is an ALSA 'plug' device")
    }
}
