import Foundation
import XCTest

/// A real `run` scenario with a sound folder of its own that a test changes under the running
/// process (files deleted, replaced, broken): the base of the fallback and preflight tests.
class SoundFolderTestCase: XCTestCase {
    var scenario: RunScenario!
    var sounds: TemporaryDirectory!

    override func setUpWithError() throws {
        scenario = try RunScenario()
        // Not beside alarms.json: run watches that folder, and the sounds are changed under it.
        sounds = try TemporaryDirectory("alarmplay-sounds")
    }

    override func tearDown() {
        scenario.tearDown()
        sounds.remove()
    }

    func copyFixture(_ name: String, as target: String) throws {
        try FileManager.default.copyItem(atPath: AlarmPlayBinary.fixtures + "/sounds/" + name, toPath: sounds.file(target))
    }

    func stop(_ run: RunningProcess) {
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
