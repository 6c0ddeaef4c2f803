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
