@testable import AlarmCore
@testable import MQTTClient
import UnitTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The order a broker's addresses are tried in (RFC 8305's interleaving).
final class HostLookupTests: XCTestCase {
    private let v4 = Int32(AF_INET)
    private let v6 = Int32(AF_INET6)

    func testFamiliesAlternateStartingWithTheResolversFirst() {
        XCTAssertEqual(HostLookup.interleaved([(v6, "::1"), (v6, "fe80::1"), (v4, "127.0.0.1"), (v4, "10.0.0.1")]),
                       ["::1", "127.0.0.1", "fe80::1", "10.0.0.1"])
        XCTAssertEqual(HostLookup.interleaved([(v4, "127.0.0.1"), (v6, "::1"), (v6, "fe80::1")]), ["127.0.0.1", "::1", "fe80::1"])
    }

    func testRepeatedAddressesAreTriedOnce() {
        XCTAssertEqual(HostLookup.interleaved([(v6, "::1"), (v4, "127.0.0.1"), (v6, "::1"), (v4, "127.0.0.1")]), ["::1", "127.0.0.1"])
        XCTAssertEqual(HostLookup.interleaved([]), [])
    }
}
