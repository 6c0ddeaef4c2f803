import AlarmCore
import FaceWeb
import UnitTestSupport
import XCTest

final class AccessTokenTests: XCTestCase {
    func testMadeOnceAsThirtyTwoHexDigitsPrivateToTheUser() throws {
        let folder = "/tmp/alarmplay-token-\(getpid())"
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/alarmplay/http-token"
        let token = try AccessToken.loadOrCreate(path: path)
        XCTAssertEqual(token.count, 32)
        XCTAssertTrue(token.allSatisfy(\.isHexDigit))
        XCTAssertEqual(try AccessToken.loadOrCreate(path: path), token, "the second use reads the same token")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let other = folder + "/other/http-token"
        XCTAssertNotEqual(try AccessToken.loadOrCreate(path: other), token, "tokens are random")
    }

    func testMatchesOnlyTheWholeToken() {
        XCTAssertTrue(AccessToken.matches("00ff", "00ff"))
        XCTAssertFalse(AccessToken.matches("00fe", "00ff"))
        XCTAssertFalse(AccessToken.matches("00f", "00ff"))
        XCTAssertFalse(AccessToken.matches("", "00ff"))
    }
}
