import Foundation
import XCTest

extension XCTestCase {
    /// Polls `condition` until it holds or `seconds` pass; true if it held.
    func wait(until seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }
}

/// How late a ring may be in an end-to-end test: within its second. The tests run side by side
/// on a loaded machine, where a process can wait for a core for hundreds of milliseconds; how
/// late rings are on an idle machine is measured in bench/, not asserted here.
let onItsSecond = 1000
