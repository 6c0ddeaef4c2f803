import AlarmCore
import UnitTestSupport
import XCTest

final class AlarmEditTests: XCTestCase {
    static let handWritten = """
        {
          "defaults": {"sound": "tone:beep", "volume": 0.5},
          "alarms": [
            {"id": "work", "label": "Work days", "time": "06:45", "days": ["mon","tue","wed","thu","fri"], "volume": 0.60},
            {"time": "16:00", "enabled": false}
          ]
        }
        """

    func testAnEditKeepsDefaultsOrderAndNumbersAsWritten() throws {
        let file = try AlarmFile.parse(Self.handWritten, path: "a.json", sounds: .fake)
        var alarms = AlarmEdit.alarms(of: file.document)
        var changes = AlarmChanges()
        changes.set("fadeIn", "2m")
        changes.apply(to: &alarms[0])
        let edit = AlarmEdit(document: AlarmEdit.replacingAlarms(of: file.document, with: alarms), alarmIndex: 0)
        let (text, edited) = try edit.validated(path: "a.json", sounds: .fake)
        XCTAssertEqual(text, """
            {
              "defaults": {
                "sound": "tone:beep",
                "volume": 0.5
              },
              "alarms": [
                {
                  "id": "work",
                  "label": "Work days",
                  "time": "06:45",
                  "days": ["mon", "tue", "wed", "thu", "fri"],
                  "volume": 0.60,
                  "fadeIn": "2m"
                },
                {
                  "time": "16:00",
                  "enabled": false
                }
              ]
            }

            """)
        XCTAssertEqual(edited.alarms[0].settings.fadeIn, 120)
        XCTAssertEqual(edited.alarms[0].settings.sound, .name("tone:beep"))
        XCTAssertEqual(edited.alarms[1].enabled, false)
    }

    func testProblemsAreTiedToTheKeysOfTheEditedAlarm() throws {
        let file = try AlarmFile.parse(Self.handWritten, path: "a.json", sounds: .fake)
        var alarms = AlarmEdit.alarms(of: file.document)
        var changes = AlarmChanges()
        changes.set("volume", 1.5)
        changes.set("snooze", "5x")
        changes.set("sound", 42)
        changes.apply(to: &alarms[1])
        let edit = AlarmEdit(document: AlarmEdit.replacingAlarms(of: file.document, with: alarms), alarmIndex: 1)
        XCTAssertThrowsError(try edit.validated(path: "a.json", sounds: .fake)) { error in
            XCTAssertEqual((error as? AlarmEditRejected)?.problems, [
                .init(key: "sound", message: "no sound 42: there are 9 sounds (0-8); see 'alarmplay sounds'"),
                .init(key: "volume", message: "volume must be a number from 0.0 to 1.0, got 1.5"),
                .init(key: "snooze", message: "invalid duration \"5x\" (use e.g. \"30s\", \"9m\", \"1h30m\" or \"1:30\")"),
            ])
            XCTAssertEqual((error as? AlarmEditRejected)?.exitCode, .dataError)
        }
    }

    func testADuplicateIdNamesTheAlarmThatHasIt() throws {
        let file = try AlarmFile.parse(Self.handWritten, path: "a.json", sounds: .fake)
        let alarms = AlarmEdit.alarms(of: file.document) + [["id": "work", "time": "07:00"]]
        let edit = AlarmEdit(document: AlarmEdit.replacingAlarms(of: file.document, with: alarms), alarmIndex: 2)
        XCTAssertThrowsError(try edit.validated(path: "a.json", sounds: .fake)) { error in
            XCTAssertEqual((error as? AlarmEditRejected)?.problems, [.init(key: "id", message: "duplicate id \"work\" (alarm 1 has it)")])
        }
    }

    func testTheFirstAlarmOfANewFile() throws {
        let alarms: [JSONValue] = [["id": "06h45", "time": "06:45"]]
        let edit = AlarmEdit(document: AlarmEdit.replacingAlarms(of: AlarmEdit.emptyDocument, with: alarms), alarmIndex: 0)
        let (text, file) = try edit.validated(path: "a.json", sounds: nil)
        XCTAssertEqual(text, "{\n  \"alarms\": [\n    {\n      \"id\": \"06h45\",\n      \"time\": \"06:45\"\n    }\n  ]\n}\n")
        XCTAssertEqual(file.alarms.map(\.name), ["06h45"])
    }
}
