import AlarmCore
import FaceWeb
import UnitTestSupport
import XCTest

final class WebRouteTests: XCTestCase {
    private func route(_ method: String, _ path: String) -> WebRoute? {
        try? WebRoute.resolve(method: method, path: path).get()
    }

    func testEveryEndpointHasItsRoute() {
        XCTAssertEqual(route("GET", "/"), .page(""))
        XCTAssertEqual(route("GET", "/app.js"), .page("app.js"))
        XCTAssertEqual(route("GET", "/api/status"), .status)
        XCTAssertEqual(route("GET", "/api/alarms"), .listAlarms)
        XCTAssertEqual(route("POST", "/api/alarms"), .addAlarm)
        XCTAssertEqual(route("PATCH", "/api/alarms/work"), .editAlarm("work"))
        XCTAssertEqual(route("DELETE", "/api/alarms/work"), .removeAlarm("work"))
        XCTAssertEqual(route("POST", "/api/alarms/work/skip"), .alarm("work", .skip))
        XCTAssertEqual(route("POST", "/api/alarms/work/enable"), .alarm("work", .enable))
        XCTAssertEqual(route("POST", "/api/snooze"), .snooze)
        XCTAssertEqual(route("POST", "/api/stop"), .stop)
        XCTAssertEqual(route("GET", "/api/sounds"), .sounds)
        XCTAssertEqual(route("POST", "/api/sounds"), .uploadSound)
        XCTAssertEqual(route("POST", "/api/sounds/tone:beep/preview"), .preview("tone:beep"))
        XCTAssertEqual(route("DELETE", "/api/preview"), .stopPreview)
        XCTAssertEqual(route("POST", "/api/timer"), .startTimer)
        XCTAssertEqual(route("DELETE", "/api/timer/timer-1"), .cancelTimer("timer-1"))
        XCTAssertEqual(route("GET", "/api/events"), .events)
        XCTAssertEqual(route("HEAD", "/api/status"), .status)
    }

    func testUnknownPathsAre404AndWrongMethods405WithAllow() {
        guard case let .failure(missing) = WebRoute.resolve(method: "GET", path: "/api/nothing") else { return XCTFail() }
        XCTAssertEqual(missing.response.status, 404)
        guard case let .failure(wrong) = WebRoute.resolve(method: "PUT", path: "/api/alarms") else { return XCTFail() }
        XCTAssertEqual(wrong.response.status, 405)
        XCTAssertEqual(wrong.response.headers.first { $0.0 == "Allow" }?.1, "GET, POST")
        XCTAssertNil(route("GET", "/api/alarms/work/explode"))
        XCTAssertNil(route("GET", "/etc/passwd"))
        XCTAssertNil(route("POST", "/api/sounds//preview"))
    }
}
