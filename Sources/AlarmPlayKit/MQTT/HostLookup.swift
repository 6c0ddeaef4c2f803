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
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(first.pointee.ai_addr, first.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
        else { return nil }
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
