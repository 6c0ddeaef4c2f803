import AlarmCore
import XCTest

/// A face's report is a case; its log line (name, level, fields in order) is a public interface.
final class FaceReportTests: XCTestCase {
    private func line(_ report: FaceReport) -> String {
        let event = DaemonEvent.face(report)
        return ([event.name, event.level.name] + event.fields.map { "\($0.key)=\($0.value.logText)" }).joined(separator: " ")
    }

    func testThePageSaysWhyItIsNotThereAndWhetherItTriesAgain() {
        XCTAssertEqual(line(.page(.failed(address: "0.0.0.0:8080", reason: "in use", retrySeconds: 2))),
                       "http_failed warn address=0.0.0.0:8080 reason=in use retry_s=2")
        XCTAssertEqual(line(.page(.failed(address: "0.0.0.0:8080", reason: "no access token", retrySeconds: nil))),
                       "http_failed warn address=0.0.0.0:8080 reason=no access token")
        XCTAssertEqual(line(.page(.cannotServe(address: "a", reason: "libmicrohttpd12 is not installed"))),
                       "http_failed error address=a reason=libmicrohttpd12 is not installed")
    }

    func testARejectionNamesItsKindOnlyWhereItHasOne() {
        XCTAssertEqual(line(.broker(.rejected(topic: "t", kind: "not_found", reason: "r"))), "mqtt_rejected warn topic=t kind=not_found reason=r")
        XCTAssertEqual(line(.broker(.rejected(topic: "t", kind: nil, reason: "r"))), "mqtt_rejected warn topic=t reason=r")
    }

    func testAHookAndAnInputNameWhoseTheyAreFirst() {
        XCTAssertEqual(line(.hook(HookReport(id: "work", on: "fired", .done(code: .number(3), milliseconds: 12)))),
                       "hook_done warn id=work on=fired code=3 ms=12")
        XCTAssertEqual(line(.hook(HookReport(id: "work", on: "fired", .done(code: .number(0), milliseconds: 12)))),
                       "hook_done info id=work on=fired code=0 ms=12")
        XCTAssertEqual(line(.input(InputReport(device: "/dev/input/event3", .opened(name: "Knob", grabbed: true, back: true)))),
                       "input_back info device=/dev/input/event3 name=Knob grab=yes")
    }

    func testTheControlSocketsPeersAreDebugAndAnUnknownLineIsAWarning() {
        XCTAssertEqual(line(.connection(.refused(reason: "permission denied"))), "control_connection_refused debug reason=permission denied")
        XCTAssertEqual(line(.connection(.unknownCommand(line: "x", expected: "stop"))), "unknown_command warn line=x expected=stop")
        XCTAssertEqual(line(.eventsFile(.resumed(path: "/p", dropped: 4))), "events_file_resumed info path=/p dropped=4")
    }
}
