import AlarmCore
import UnitTestSupport
import XCTest

final class JSONParserTests: XCTestCase {
    private func problems(_ text: String) -> [String] {
        JSONParser.parse(text).problems.map(\.description)
    }

    func testValuesKeepPositionsAndKeyOrder() throws {
        let text = "{\n  \"zeta\": 1,\n  \"alpha\": [true, null, \"é\", -2.50e3],\n  \"mid\": {\"x\": \"y\"}\n}"
        let value = try JSONParser.parseStrict(text)
        let members = try XCTUnwrap(value.members)
        XCTAssertEqual(members.map(\.key), ["zeta", "alpha", "mid"])
        XCTAssertEqual(members[0].keyPosition, SourcePosition(line: 2, column: 3))
        XCTAssertEqual(members[0].value.position, SourcePosition(line: 2, column: 11))
        let array = try XCTUnwrap(members[1].value.arrayValue)
        XCTAssertEqual(array.map(\.position.column), [13, 19, 25, 30])
        XCTAssertEqual(array[2].stringValue, "é")
        XCTAssertEqual(array[3].numberValue?.text, "-2.50e3")
        XCTAssertEqual(array[3].numberValue?.double, -2500)
        XCTAssertEqual(value["mid"]?["x"]?.stringValue, "y")
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(problems("{\"ü€\": 1,}"), ["1:9: trailing comma before '}'"])
    }

    func testEscapes() throws {
        let value = try JSONParser.parseStrict(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00"]"#)
        XCTAssertEqual(value.arrayValue?.first?.stringValue, "a\"b\\c/d\n\té😀")
    }

    func testTrailingCommasAreReportedAndParsingGoesOn() {
        let result = JSONParser.parse("{\"a\": [1, 2,],\n \"b\": 3,\n}")
        XCTAssertEqual(result.problems.map(\.description), ["1:12: trailing comma before ']'", "2:8: trailing comma before '}'"])
        XCTAssertEqual(result.value?["b"]?.numberValue?.int, 3)
    }

    func testTruncatedInput() {
        XCTAssertEqual(problems("{\"a\": [1, 2]"), ["1:13: unexpected end of file, expected '}'"])
        XCTAssertEqual(problems("[1, 2"), ["1:6: unexpected end of file, expected ']'"])
        XCTAssertEqual(problems("{\"a\":"), ["1:6: unexpected end of file, expected a value"])
        XCTAssertEqual(problems(""), ["1:1: unexpected end of file, expected a value"])
        XCTAssertEqual(JSONParser.parse("{\"a\": [1, 2]").value, nil)
    }

    func testBadLiteralsAndStrings() {
        XCTAssertEqual(problems("[True]"), ["1:2: invalid literal \"True\" (did you mean \"true\"?)"])
        XCTAssertEqual(problems("[nul]"), ["1:2: invalid literal \"nul\" (did you mean \"null\"?)"])
        XCTAssertEqual(problems("[loud]"), ["1:2: invalid value \"loud\" (strings need double quotes)"])
        XCTAssertEqual(problems("['x']"), ["1:2: strings must use double quotes, not single quotes"])
        XCTAssertEqual(problems("[\"abc\n]"), ["1:2: unterminated string (missing closing '\"')"])
        XCTAssertEqual(problems("{a: 1}"), ["1:2: object keys need double quotes: \"a\""])
        XCTAssertEqual(problems("[1] // x"), ["1:5: unexpected '/' after the end of the JSON value"])
        XCTAssertEqual(problems("{// x\n}"), ["1:2: comments are not allowed in JSON"])
    }

    func testBadEscapesAndNumbersAreReportedAndParsingGoesOn() {
        XCTAssertEqual(
            problems(#"["a\qb", 01, .5, 1., -"#),
            [
                "1:4: invalid escape \"\\q\" in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                "1:10: invalid number \"01\"", "1:14: invalid number \".5\"", "1:18: invalid number \"1.\"",
                "1:22: invalid number \"-\"", "1:23: unexpected end of file, expected ']'",
            ])
        XCTAssertEqual(problems(#"["\u12G4"]"#), ["1:3: invalid \\u escape (expected four hex digits)"])
    }

    func testDuplicateKeysKeepTheFirst() {
        let result = JSONParser.parse("{\"a\": 1,\n \"a\": 2}")
        XCTAssertEqual(result.problems.map(\.description), ["2:2: duplicate key \"a\" (first at 1:2)"])
        XCTAssertEqual(result.value?["a"]?.numberValue?.int, 1)
    }

    func testMissingCommas() {
        XCTAssertEqual(problems("{\"a\": 1 \"b\": 2}"), ["1:9: missing ',' between members"])
        XCTAssertEqual(problems("[1 2]"), ["1:4: missing ',' between elements"])
        XCTAssertEqual(problems("{\"a\" 1}"), ["1:6: expected ':' after \"a\", got '1'"])
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000)
        XCTAssertEqual(problems(text), ["1:257: nesting deeper than 256 levels"])
    }
}
