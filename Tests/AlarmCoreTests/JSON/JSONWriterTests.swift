import AlarmCore
import UnitTestSupport
import XCTest

final class JSONWriterTests: XCTestCase {
    func testPrettyOutputIsStableAndKeepsOrder() {
        let value: JSONValue = [
            "zeta": 1, "alpha": [true, nil, "x"], "empty": [:], "list": [], "nested": ["volume": 0.6, "n": -3],
            "objects": [["a": 1]],
        ]
        XCTAssertEqual(JSONWriter.pretty(value), """
            {
              "zeta": 1,
              "alpha": [true, null, "x"],
              "empty": {},
              "list": [],
              "nested": {
                "volume": 0.6,
                "n": -3
              },
              "objects": [
                {
                  "a": 1
                }
              ]
            }

            """)
    }

    func testNumbersAreWrittenAsRead() throws {
        let text = "[0.60, 90, 1e3, -0.5]"
        XCTAssertEqual(JSONWriter.compact(try JSONParser.parseStrict(text)), "[0.60, 90, 1e3, -0.5]")
        XCTAssertEqual(JSONWriter.compact(.double(3)), "3")
        XCTAssertEqual(JSONWriter.compact(.double(0.1)), "0.1")
        XCTAssertEqual(JSONWriter.compact(.double(1e-7)), "1e-7")
        XCTAssertEqual(JSONWriter.compact(.double(.nan)), "null")
    }

    func testEscaping() {
        XCTAssertEqual(JSONWriter.quoted("a\"b\\c\nd\u{01}é/"), #""a\"b\\c\nd\u0001é/""#)
    }

    func testLongScalarArraysBreakIntoLines() {
        let value = JSONValue.array((0..<30).map { .string("item\($0)") })
        XCTAssertEqual(JSONWriter.pretty(value).split(separator: "\n").count, 32)
    }

    func testRoundTripOfAnEditedDocument() throws {
        let text = """
            {
              "alarms": [
                {"id": "work", "time": "06:45", "days": ["mon", "fri"], "volume": 0.60}
              ]
            }
            """
        var document = try JSONParser.parseStrict(text)
        var alarms = try XCTUnwrap(document["alarms"]?.arrayValue)
        alarms[0]["time"] = "07:00"
        alarms[0]["label"] = "Work"
        alarms[0]["days"] = nil
        document["alarms"] = .array(alarms)
        XCTAssertEqual(JSONWriter.pretty(document), """
            {
              "alarms": [
                {
                  "id": "work",
                  "time": "07:00",
                  "volume": 0.60,
                  "label": "Work"
                }
              ]
            }

            """)
        XCTAssertEqual(try JSONParser.parseStrict(JSONWriter.pretty(document)), document)
    }
}
