import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// Where `run` serves the page: `127.0.0.1:8137` (the default), `0.0.0.0:8137` (every address,
/// for a phone on the LAN), `[::1]:8137` or `[::]:8137`.
public struct HTTPAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public static let `default` = HTTPAddress(host: "127.0.0.1", port: 8137)

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `ADDR:PORT`, with IPv6 addresses in brackets.
    public init(parsing text: String) throws(BadValue) {
        let usage = BadValue("--http", problem: "ADDRESS:PORT, e.g. 127.0.0.1:8137 or 0.0.0.0:8137, not \"\(text)\"")
        var host: Substring
        var portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { throw usage }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { throw usage }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = UInt16(portText) else { throw usage }
        self.init(host: String(host), port: port)
        guard isIPv6 || Self.isIPv4(self.host) else { throw BadValue(usage.name, problem: usage.problem + " (the address must be numeric)") }
    }

    public var isIPv6: Bool { host.contains(":") }

    /// 0.0.0.0 or ::: reachable from the LAN, so `web` prints the machine's LAN address.
    public var isAllAddresses: Bool { host == "0.0.0.0" || host == "::" }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isIPv4(_ host: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }

    /// Calls `body` with the socket address; nil when the address does not parse.
    package func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result? {
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
