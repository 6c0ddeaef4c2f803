import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// Reads what libmicrohttpd parsed of a request (headers, query arguments, peer) into an
/// `HTTPRequest`, so nothing past this file touches the C API.
package enum HTTPMessageReader {
    package static func request(_ connection: OpaquePointer, url: String, method: String, mhd: alarmplay_mhd_functions) -> HTTPRequest {
        var address = [CChar](repeating: 0, count: 64)
        var mhd = mhd
        alarmplay_mhd_client_address(&mhd, connection, &address, socklen_t(address.count))
        return HTTPRequest(
            method: method, path: url, query: values(connection, kind: .GET_ARGUMENT_KIND, lowercased: false, mhd: mhd),
            headers: values(connection, kind: .HEADER_KIND, lowercased: true, mhd: mhd),
            clientAddress: address.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    private final class Collected {
        var values: [String: String] = [:]
        let lowercased: Bool

        init(lowercased: Bool) {
            self.lowercased = lowercased
        }
    }

    private static func values(
        _ connection: OpaquePointer, kind: MHD_ValueKind, lowercased: Bool, mhd: alarmplay_mhd_functions
    ) -> [String: String] {
        let collected = Collected(lowercased: lowercased)
        withExtendedLifetime(collected) {
            _ = mhd.MHD_get_connection_values(connection, kind, { context, _, key, value in
                guard let context, let key else { return .YES }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                let name = String(cString: key)
                collected.values[collected.lowercased ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.values
    }
}
