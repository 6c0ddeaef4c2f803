import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A host name resolved on a thread of its own (getaddrinfo blocks as long as DNS takes); the
/// loop hears of the answer through `done`, an eventfd it watches.
final class HostLookup: Sendable {
    let done: Notifier
    private let result = Mutex<String?>(nil)

    init() throws(SystemError) {
        done = try Notifier()
    }

    /// The numeric address found, nil when the name does not resolve.
    var address: String? { result.withLock { $0 } }

    func start(_ host: String) {
        BackgroundThread.start { [self] in
            let found = Self.resolve(host)
            result.withLock { $0 = found }
            done.signal()
        }
    }

    static func isNumeric(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    private static func resolve(_ host: String) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        // Only one address is tried: an IPv4 one when there is one. Debian's /etc/hosts gives
        // `localhost` ::1 first, where a broker listening on 127.0.0.1 (mosquitto's own `listener
        // 1883 127.0.0.1`) refuses, while libmosquitto, given the name, would have tried both.
        var chosen = first
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if current.pointee.ai_family == AF_INET { chosen = current; break }
            entry = current.pointee.ai_next
        }
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(chosen.pointee.ai_addr, chosen.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
        else { return nil }
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
