#if canImport(Glibc)
import Glibc
#endif

/// The names the page answers to. A web page elsewhere can point a name of its own at this
/// machine (DNS rebinding) and so send requests the browser takes for its own site's: those
/// carry that name in `Host`, and are refused. An address typed as digits, `localhost`, the
/// machine's host name (and `NAME.local`, as mDNS gives it) and the names given with `run
/// --http-host` are this machine.
public struct HostCheck: Sendable {
    private let names: Set<String>

    public init(extra: [String] = [], hostName: String? = HostCheck.machineName()) {
        var names: Set<String> = ["localhost"]
        if let hostName, !hostName.isEmpty {
            let name = hostName.lowercased()
            names.formUnion([name, name + ".local"])
            if let short = name.split(separator: ".").first { names.insert(String(short)) }
        }
        names.formUnion(extra.map { Self.normalized($0) })
        self.names = names
    }

    /// Whether a request with this `Host` header may be served; one without (HTTP/1.0) may.
    public func allows(_ header: String?) -> Bool {
        guard let header else { return true }
        var host = Substring(header.lowercased())
        if host.hasPrefix("[") {
            // `[::1]:8137`: an IPv6 address, digits by definition.
            return host.contains("]")
        }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        let name = Self.normalized(String(host))
        return Self.isIPv4(name) || names.contains(name)
    }

    private static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    private static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    public static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
