@testable import AlarmCore
@testable import FaceWeb
import UnitTestSupport
import XCTest

final class EventStreamClientTests: XCTestCase {
    func testMessagesQueueUntilTakenInPieces() {
        let client = EventStreamClient(greeting: "retry: 2000\n\n") { "snapshot" }
        client.enqueue(EventStreamClient.message("{\"event\":\"fired\"}"))
        var sent = ""
        while client.hasPending { sent += String(decoding: client.take(max: 7), as: UTF8.self) }
        XCTAssertEqual(sent, "retry: 2000\n\ndata: {\"event\":\"fired\"}\n\n")
    }

    func testAnOverflowingQueueIsReplacedByOneSnapshot() {
        let client = EventStreamClient(greeting: "") { EventStreamClient.message("now", event: "snapshot") }
        let message = EventStreamClient.message(String(repeating: "x", count: 1000))
        for _ in 0..<100 { client.enqueue(message) }
        let sent = String(decoding: client.take(max: 1 << 20), as: UTF8.self)
        XCTAssertLessThan(sent.utf8.count, EventStreamClient.queueLimit)
        XCTAssertTrue(sent.hasPrefix("event: snapshot\ndata: now\n\n"), String(sent.prefix(80)))
    }
}
