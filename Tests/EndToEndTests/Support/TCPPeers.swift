import Foundation

/// A raw TCP connection to loopback, for peers that say little or nothing.
final class TCPClient {
    let descriptor: Int32

    init?(port: UInt16) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { return nil }
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) {
        _ = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// True once the server has closed it (a read returns 0 or fails) within `seconds`.
    func isClosed(within seconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, seconds * 1000) > 0 else { return false }
        var byte: UInt8 = 0
        return read(descriptor, &byte, 1) <= 0
    }
}

/// A TCP listener on a free loopback port, to make a port "in use".
final class SocketListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        port = UInt16(bigEndian: address.sin_port)
        guard bound, listen(descriptor, 4) == 0 else { throw NSError(domain: "bind", code: Int(errno)) }
    }

    deinit {
        close(descriptor)
    }
}
