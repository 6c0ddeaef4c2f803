import AlarmCore
import AlarmRuntime
import UnitTestSupport
import XCTest

final class HTTPAddressTests: XCTestCase {
    func testParsesIPv4AndBracketedIPv6() throws {
        XCTAssertEqual(try HTTPAddress(parsing: "0.0.0.0:8137"), HTTPAddress(host: "0.0.0.0", port: 8137))
        XCTAssertEqual(try HTTPAddress(parsing: "[::1]:9000"), HTTPAddress(host: "::1", port: 9000))
        XCTAssertEqual(try HTTPAddress(parsing: "[::]:80").description, "[::]:80")
        XCTAssertTrue(try HTTPAddress(parsing: "[::]:80").isAllAddresses)
        XCTAssertFalse(HTTPAddress.default.isAllAddresses)
    }

    func testRefusesWhatIsNotAddressAndPort() {
        for bad in ["8137", "localhost:8137", "127.0.0.1", "127.0.0.1:99999", "::1:80", "[::1]80", "1.2.3:80", ":80"] {
            XCTAssertThrowsError(try HTTPAddress(parsing: bad), bad) { error in
                XCTAssertTrue("\(error)".contains("--http: ADDRESS:PORT"), "\(error)")
            }
        }
    }
}
