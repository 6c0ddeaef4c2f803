import AlarmRuntime
@testable import FaceWeb
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class HTTPServerTests: XCTestCase {
    /// `run` stopping while an edit's reply is still on the worker (found by CI: SIGTERM right
    /// after a save from the page aborted `run`).
    func testAServerGoingWithAReplyStillToComeClosesItsConnection() throws {
        let loop = EventLoop()
        let deferred = DeferredReply()
        var server: HTTPServer? = HTTPServer(
            address: HTTPAddress(host: "127.0.0.1", port: 0), loop: loop, bodyLimit: { _ in 1024 },
            admit: { _ in nil }, handle: { _ in .later(deferred) })
        try server?.start()
        let client = try connect(port: XCTUnwrap(server?.port))
        defer { close(client) }
        let request = Array("GET /api/alarms HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        XCTAssertEqual(request.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }, request.count)

        run(loop, until: { deferred.whenAnswered != nil })
        XCTAssertNotNil(deferred.whenAnswered, "the request was never parked")
        server = nil
        deferred.answer(.error(200, "late"))

        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                XCTAssertEqual(count, 0, "the connection was left open")
                break
            }
            received += buffer[..<count]
        }
        XCTAssertFalse(String(decoding: received, as: UTF8.self).contains("late"), "an answer came after the server went")
    }

    private func run(_ loop: EventLoop, until condition: @escaping () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        func check() {
            if condition() || Date() > deadline { loop.stop() } else { _ = loop.schedule(afterMilliseconds: 5, check) }
        }
        _ = loop.schedule(afterMilliseconds: 5, check)
        loop.run()
    }

    private func connect(port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }
}
