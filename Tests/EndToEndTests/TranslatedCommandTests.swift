import Foundation
import XCTest

/// The commands in German and Korean through glibc's gettext and the catalogs compiled from
/// `po/`: tables, times, durations, help, errors and doctor; LANGUAGE before LANG; the clock of
/// the locale; untranslated text in English; `C` unchanged.
final class TranslatedCommandTests: XCTestCase {
    var home: TemporaryDirectory!
    private let after = "2026-11-30T12:00:00+00:00"

    override func setUpWithError() throws {
        try MessageCatalogs.compile()
        home = try TemporaryDirectory()
        try home.write("alarms.json", """
            {"alarms": [
              {"id": "work", "label": "Work", "time": "06:45", "days": "weekdays", "sound": "tone:beep"},
              {"id": "gym", "time": "07:30", "days": ["sat", "sun"], "enabled": false}
            ]}
            """)
    }

    override func tearDown() {
        home.remove()
    }

    private func run(_ arguments: [String], _ language: [String: String]) throws -> CommandResult {
        try AlarmPlayBinary.run(arguments, environment: AlarmPlayBinary.environment(home: home, language.merging(["TZ": "UTC"]) { $1 }))
    }

    private func next(_ language: [String: String]) throws -> String {
        let result = try run(["next", "-n", "2", "--after", after, "--alarms", home.file("alarms.json")], language)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testGerman() throws {
        let german = ["LANG": "de_DE.UTF-8"]
        XCTAssertEqual(try next(german), """
            work  Di, 01. Dez 2026 06:45:00 UTC  (in 18 Std. 45 Min.)
            work  Mi, 02. Dez 2026 06:45:00 UTC  (in 1 T. 18 Std.)

            """)
        let list = try run(["list", "--alarms", home.file("alarms.json")], german)
        XCTAssertEqual(list.status, 0, list.stderr)
        let lines = list.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "ID    AN   ZEIT   TAGE/DATUM  BEZEICHNUNG  KLANG             NÄCHSTER")
        XCTAssertTrue(lines.last?.hasSuffix("aus") == true, list.stdout)

        let help = try run(["list", "--help"], german)
        XCTAssertTrue(help.stdout.hasPrefix("ÜBERSICHT: Die Wecker auflisten:"), help.stdout)
        XCTAssertTrue(help.stdout.contains("AUFRUF: alarmplay list [options]\n\nOPTIONEN:\n  --json                  Ein JSON-Array der Wecker ausgeben."), help.stdout)
        // The discussion has no translation yet: English, not nothing.
        XCTAssertTrue(help.stdout.contains("NEXT is 'in 7h 12m (Mon 07 Dec 06:45)'"), help.stdout)

        let missing = try run(["remove", "nope", "--alarms", home.file("alarms.json")], german)
        XCTAssertEqual(missing.status, 64)
        XCTAssertEqual(missing.stderr, "alarmplay: Fehler: kein Wecker \"nope\"; die Wecker sind: work, gym\n")
        let unknown = try run(["lsit"], german)
        XCTAssertEqual(unknown.stderr, """
            alarmplay: Fehler: unbekannter Befehl 'lsit' (meinten Sie 'list'?)
            Aufruf: alarmplay COMMAND [options]
              Siehe 'alarmplay --help'.

            """)

        let doctor = try run(["doctor", "--alarms", home.file("alarms.json"), "--device", "null"], german)
        XCTAssertTrue(doctor.stdout.contains("✔ Weckerdatei: "), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("✔ nächstes Klingeln: work (Work) "), doctor.stdout)
        let json = try run(["doctor", "--json", "--alarms", home.file("alarms.json"), "--device", "null"], german)
        XCTAssertTrue(json.stdout.contains("\"check\": \"alarms file\""), "JSON keeps the English names: \(json.stdout)")
    }

    func testKorean() throws {
        let korean = ["LANG": "ko_KR.UTF-8"]
        XCTAssertEqual(try next(korean), """
            work  2026년 12월 01일 (화) 06:45:00 UTC  (18시간 45분 후)
            work  2026년 12월 02일 (수) 06:45:00 UTC  (1일 18시간 후)

            """)
        let list = try run(["list", "--alarms", home.file("alarms.json")], korean)
        // Hangul takes two columns: the columns still line up on a terminal.
        XCTAssertEqual(list.stdout.split(separator: "\n").first, "ID    켬  시간   요일/날짜  이름  소리              다음")
        XCTAssertTrue(list.stdout.contains("tone:classic (0)  끔"), list.stdout)
        let help = try run(["--help"], korean)
        XCTAssertTrue(help.stdout.contains("사용법: alarmplay COMMAND [options]\n\n명령:\n  run "), help.stdout)
        let missing = try run(["next", "--alarms", home.file("nothing.json")], korean)
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.hasPrefix("alarmplay: 오류: \(home.file("nothing.json"))에 알람 파일이 없습니다."), missing.stderr)
        let doctor = try run(["doctor", "--alarms", home.file("alarms.json"), "--device", "null"], korean)
        XCTAssertTrue(doctor.stdout.contains("✔ 알람 파일: "), doctor.stdout)
    }

    func testLanguageComesBeforeLang() throws {
        XCTAssertEqual(try next(["LANGUAGE": "ko:de", "LANG": "de_DE.UTF-8"]).split(separator: "\n").first,
                       "work  2026년 12월 01일 (화) 06:45:00 UTC  (18시간 45분 후)")
        XCTAssertEqual(try next(["LANGUAGE": "fr:de", "LANG": "ko_KR.UTF-8"]).split(separator: "\n").first,
                       "work  Di, 01. Dez 2026 06:45:00 UTC  (in 18 Std. 45 Min.)", "down LANGUAGE's list to a catalog there is")
    }

    func testTheClockFollowsTheLocale() throws {
        XCTAssertEqual(try next(["LANG": "en_US.UTF-8"]), """
            work  Tue 01 Dec 2026 6:45:00 AM UTC  (in 18h 45m)
            work  Wed 02 Dec 2026 6:45:00 AM UTC  (in 1d 18h)

            """, "en_US writes twelve hours (%r)")
        XCTAssertTrue(try next(["LANG": "ko_KR.UTF-8"]).contains(" 06:45:00 UTC"), "ko_KR's time format is 24-hour (%H시)")
    }

    func testEnglishForCAndForLanguagesWithoutACatalog() throws {
        let english = """
            work  Tue 01 Dec 2026 06:45:00 UTC  (in 18h 45m)
            work  Wed 02 Dec 2026 06:45:00 UTC  (in 1d 18h)

            """
        XCTAssertEqual(try next([:]), english)
        XCTAssertEqual(try next(["LANG": "C"]), english)
        XCTAssertEqual(try next(["LANG": "C", "LANGUAGE": "de"]), english, "gettext ignores LANGUAGE in the C locale")
        XCTAssertEqual(try next(["LANG": "fr_FR.UTF-8"]), english)
    }
}
