import AlarmCore
import AlarmRuntime
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A host name resolved on a thread of its own (getaddrinfo blocks as long as DNS takes); the
/// loop hears of the answer through `done`, an eventfd it watches.
final package class HostLookup: Sendable {
    package let done: Notifier
    private let result = Mutex<[String]>([])

    package init() throws(SystemError) {
        done = try Notifier()
    }

    /// The numeric addresses found, in the order to try them; empty when the name does not resolve.
    package var addresses: [String] { result.withLock { $0 } }

    /// Without a thread for it, the name reads as not resolving (the connection tries again later).
    package func start(_ host: String) {
        do {
            try BackgroundThread.start { [self] in
                let found = Self.resolve(host)
                result.withLock { $0 = found }
                done.signal()
            }
        } catch {
            result.withLock { $0 = [] }
            done.signal()
        }
    }

    package static func isNumeric(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// getaddrinfo's answer reordered as RFC 8305 asks: its first address first, then the families
    /// alternating, so that a name with an IPv6 address the server does not listen on (Debian's
    /// `/etc/hosts` maps `localhost` to `::1` too) still reaches it on the next one.
    package static func interleaved(_ found: [(family: Int32, address: String)]) -> [String] {
        var unique: [(family: Int32, address: String)] = []
        for entry in found where !unique.contains(where: { $0.address == entry.address }) { unique.append(entry) }
        guard let first = unique.first?.family else { return [] }
        var preferred = unique.filter { $0.family == first }.map(\.address)[...]
        var others = unique.filter { $0.family != first }.map(\.address)[...]
        var ordered: [String] = []
        while let next = preferred.popFirst() {
            ordered.append(next)
            if let other = others.popFirst() { ordered.append(other) }
        }
        return ordered + others
    }

    private static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var found: [(family: Int32, address: String)] = []
        var entry = list
        while let current = entry?.pointee {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(current.ai_addr, current.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                found.append((current.ai_family, text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
            }
            entry = current.ai_next
        }
        return interleaved(found)
    }
}
