import AlarmCore
import FaceWeb
import UnitTestSupport
import XCTest

final class HostCheckTests: XCTestCase {
    func testThisMachinesNamesAndAddressesAndNoOthers() {
        let check = HostCheck(extra: ["alarm.example.org"], hostName: "raspberrypi")
        for host in ["127.0.0.1:8137", "192.168.1.20:8137", "[::1]:8137", "localhost:8137", "raspberrypi:8137", "RaspberryPi.local:8137",
                     "alarm.example.org", "alarm.example.org.:8137", nil] {
            XCTAssertTrue(check.allows(host), host ?? "no Host")
        }
        for host in ["evil.example:8137", "raspberrypi.evil.example", "192.168.1.20.nip.io:8137", "localhost.evil.example"] {
            XCTAssertFalse(check.allows(host), host)
        }
    }
}
