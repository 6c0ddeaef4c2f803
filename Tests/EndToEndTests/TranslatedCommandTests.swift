import Foundation
import XCTest

/// The commands in German and Korean through glibc's gettext and the catalogs compiled from
/// `po/`: tables, times, durations, help and its paragraphs, errors (usage errors and the value
/// errors they wrap too) and doctor's details (its
/// JSON in English); LANGUAGE before LANG; the clock of the locale; `C` unchanged; catalogs
/// with nothing left untranslated.
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

    /// What gives a day its time (a time per weekday, the sun) and the usage line speak the language
    /// as the days beside them do; in C they keep the file's words.
    func testDayRulesAndTheUsageLineInTheLanguage() throws {
        // Svalbard in December: no sunrise, so next says why it rings at latest.
        try home.write("rules.json", #"{"location": {"latitude": 78.2, "longitude": 15.6}, "alarms": [{"id": "week", "times": {"sun": "10:00", "mon": "06:30"}}, {"id": "sun", "sun": {"event": "sunrise", "offset": "-30m", "latest": "09:00"}, "days": "daily"}]}"#)
        let file = home.file("rules.json")
        for (language, times, rule, noSun, usage) in [
            ("de_DE.UTF-8", "So 10:00, Mo 06:30", "Sonnenaufgang −30m (–09:00)", "kein Sonnenaufgang an diesem Tag", "Aufruf: alarmplay shift ID [TIME] [Optionen]"),
            ("ko_KR.UTF-8", "일 10:00, 월 06:30", "일출 −30m (–09:00)", "그날은 일출 없음", "사용법: alarmplay shift ID [TIME] [옵션]"),
            ("C", "sun 10:00, mon 06:30", "sunrise −30m (–09:00)", "no sunrise that day", "Usage: alarmplay shift ID [TIME] [options]"),
        ] {
            let list = try run(["list", "--alarms", file], ["LANG": language])
            XCTAssertTrue(list.stdout.contains("  \(times)  "), "\(language): \(list.stdout)")
            XCTAssertTrue(list.stdout.contains("  \(rule)  "), "\(language): \(list.stdout)")
            let next = try run(["next", "--after", after, "--alarms", file], ["LANG": language])
            XCTAssertTrue(next.stdout.contains(noSun), "\(language): \(next.stdout)")
            let shift = try run(["shift"], ["LANG": language])
            XCTAssertTrue(shift.stderr.contains("\n" + usage + "\n"), "\(language): \(shift.stderr)")
        }
    }

    /// A built-in tone's title is alarmplay's own words, so it is translated; a file's stays its own.
    func testBuiltInSoundTitlesInTheLanguage() throws {
        for (language, title) in [("de_DE.UTF-8", "Klassisches Piepen"), ("ko_KR.UTF-8", "클래식 비프음"), ("C", "Classic Beeps")] {
            let sounds = try run(["sounds", "--sounds", AlarmPlayBinary.fixtures + "/sounds"], ["LANG": language])
            XCTAssertEqual(sounds.status, 0, sounds.stderr)
            let lines = sounds.stdout.split(separator: "\n")
            XCTAssertTrue(lines.contains { $0.contains("tone:classic") && $0.contains("  \(title)  ") }, "\(language): \(sounds.stdout)")
            XCTAssertTrue(lines.contains { $0.contains("file:tone-440") }, sounds.stdout)
        }
        let json = try run(["sounds", "--json"], ["LANG": "de_DE.UTF-8"])
        XCTAssertTrue(json.stdout.contains("\"title\": \"Classic Beeps\""), "JSON keeps the English title: \(json.stdout)")
    }

    func testGerman() throws {
        let german = ["LANG": "de_DE.UTF-8"]
        XCTAssertEqual(try next(german), """
            work  Di., 1. Dez. 2026 06:45:00 UTC  (in 18 Std. 45 Min.)
            work  Mi., 2. Dez. 2026 06:45:00 UTC  (in 1 T. 18 Std.)

            """)
        let list = try run(["list", "--alarms", home.file("alarms.json")], german)
        XCTAssertEqual(list.status, 0, list.stderr)
        let lines = list.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "ID    AN   ZEIT   TAGE/DATUM     BEZEICHNUNG  KLANG             NÄCHSTER")
        XCTAssertTrue(lines.last?.hasSuffix("aus") == true, list.stdout)

        let help = try run(["list", "--help"], german)
        XCTAssertTrue(help.stdout.hasPrefix("ÜBERSICHT: Die Wecker auflisten:"), help.stdout)
        XCTAssertTrue(help.stdout.contains("AUFRUF: alarmplay list [Optionen]\n\nOPTIONEN:\n  --json                  Ein JSON-Array der Wecker ausgeben."), help.stdout)
        XCTAssertTrue(help.stdout.contains("NÄCHSTER ist 'in 7 Std. 12 Min. (Mo, 07. Dez 06:45)'"), help.stdout)
        let helpRun = try run(["help", "run"], german)
        XCTAssertTrue(helpRun.stdout.contains("""
            Während ein Wecker klingelt: z, s, Leertaste oder Enter schlummern; x, q oder Esc beenden;
            ? zeigt die Tasten. Aus einer Pipe ein Befehl pro Zeile: snooze, stop, status.
            """), helpRun.stdout)
        XCTAssertEqual(try run(["run", "--help"], german).stdout, helpRun.stdout, "--help and help COMMAND agree")

        let missing = try run(["remove", "nope", "--alarms", home.file("alarms.json")], german)
        XCTAssertEqual(missing.status, 64)
        XCTAssertEqual(missing.stderr, "alarmplay: Fehler: kein Wecker \"nope\"; die Wecker sind: work, gym\n")
        let unknown = try run(["lsit"], german)
        XCTAssertEqual(unknown.stderr, """
            alarmplay: Fehler: unbekannter Befehl 'lsit' (meinten Sie 'list'?)
            Aufruf: alarmplay BEFEHL [Optionen]
              Siehe 'alarmplay --help'.

            """)

        let sound = try run(["preview", "tone:beeep", "--device", "null"], german)
        XCTAssertEqual(sound.stderr, "alarmplay: Fehler: kein Klang \"tone:beeep\" (meinten Sie \"tone:beep\"?); siehe 'alarmplay sounds'\n")

        let doctor = try run(["doctor", "--alarms", home.file("alarms.json"), "--device", "null"], german)
        XCTAssertTrue(doctor.stdout.contains("✔ Weckerdatei: "), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("✔ nächstes Klingeln: work (Work) "), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("alarms.json: 2 Wecker, 1 an\n"), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("✔ Audioweg null: null ist ein ALSA-Gerät vom Typ 'null'\n"), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("✔ Gerät null: öffnet mit 48000 Hz, 1 ch\n"), doctor.stdout)
        let json = try run(["doctor", "--json", "--alarms", home.file("alarms.json"), "--device", "null"], german)
        XCTAssertTrue(json.stdout.contains("\"check\": \"alarms file\""), "JSON keeps the English names: \(json.stdout)")
        XCTAssertTrue(json.stdout.contains("\"message\": \"null is an ALSA 'null' device\""), "and the English messages: \(json.stdout)")

        let validate = try run(["validate", "--alarms", home.file("alarms.json")], german)
        XCTAssertTrue(validate.stdout.hasPrefix("2 Wecker, 1 an; nächster: work, "), validate.stdout)
        let added = try run(["add", "21:00", "--alarms", home.file("alarms.json")], german)
        XCTAssertEqual(added.stdout.split(separator: "\n").first.map(String.init), "21h00 zu \(home.file("alarms.json")) hinzugefügt", added.stderr)
    }

    func testKorean() throws {
        let korean = ["LANG": "ko_KR.UTF-8"]
        XCTAssertEqual(try next(korean), """
            work  2026년 12월 1일 (화) 06:45:00 UTC  (18시간 45분 후)
            work  2026년 12월 2일 (수) 06:45:00 UTC  (1일 18시간 후)

            """)
        let list = try run(["list", "--alarms", home.file("alarms.json")], korean)
        // Hangul takes two columns: the columns still line up on a terminal.
        XCTAssertEqual(list.stdout.split(separator: "\n").first, "ID    켬  시간   요일/날짜  이름  소리              다음")
        XCTAssertTrue(list.stdout.contains("tone:classic (0)  끔"), list.stdout)
        let help = try run(["--help"], korean)
        XCTAssertTrue(help.stdout.contains("사용법: alarmplay 명령 [옵션]\n\n명령:\n  run "), help.stdout)
        let missing = try run(["next", "--alarms", home.file("nothing.json")], korean)
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.hasPrefix("alarmplay: 오류: \(home.file("nothing.json"))에 알람 파일이 없습니다."), missing.stderr)
        let validate = try run(["validate", "--alarms", home.file("alarms.json")], korean)
        XCTAssertTrue(validate.stdout.hasPrefix("알람 2개, 1개 켜짐; 다음: work, "), validate.stdout)
        let disabled = try run(["disable", "gym", "--alarms", home.file("alarms.json")], korean)
        XCTAssertEqual(disabled.stdout.split(separator: "\n").first.map(String.init), "gym은(는) 이미 꺼져 있었습니다", disabled.stderr)
        let doctor = try run(["doctor", "--alarms", home.file("alarms.json"), "--device", "null"], korean)
        XCTAssertTrue(doctor.stdout.contains("✔ 알람 파일: "), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("alarms.json: 알람 2개, 1개 켜짐\n"), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("✔ 소리 tone:beep: tone:beep 열기와 디코딩 성공 (48000 Hz, 1 ch)\n"), doctor.stdout)
        let helpRun = try run(["help", "run"], korean)
        XCTAssertTrue(helpRun.stdout.contains("""
            알람 파일을 고치면 바로
            적용되고, SIGHUP을 받으면 다시 읽습니다. 로그는 stderr에 logfmt 줄로 나갑니다.
            """), helpRun.stdout)
        XCTAssertTrue(try run(["help"], korean).stdout.contains("  doctor            다음 알람이 울릴지 점검합니다"))
    }

    /// The DAYS/DATE column in the reader's words; `--json`'s pattern stays the file's English.
    func testHowAlarmsRepeatInTheLanguage() throws {
        try home.write("repeats.json", """
            {"alarms": [
              {"id": "gym", "time": "06:15", "days": ["mon", "thu"], "every": "2w", "from": "2026-12-07"},
              {"id": "rent", "time": "09:00", "monthly": "first mon"},
              {"id": "pay", "time": "09:00", "monthly": 15},
              {"id": "xmas", "time": "08:00", "yearly": "12-24"},
              {"id": "odd", "time": "08:00", "days": ["sat", "tue"]},
              {"id": "work", "time": "06:45", "days": "weekdays"},
              {"id": "nap", "time": "14:30", "enabled": false}
            ]}
            """)
        func days(_ language: [String: String]) throws -> [String] {
            let result = try run(["list", "--alarms", home.file("repeats.json")], language)
            XCTAssertEqual(result.status, 0, result.stderr)
            let rows = result.stdout.split(separator: "\n").map(String.init)
            let header = try XCTUnwrap(rows.first)
            // The column's start, counted in characters: each of these headers is one column a character.
            let start = try XCTUnwrap(header.range(of: language["LANG"] == "de_DE.UTF-8" ? "TAGE/DATUM" : "DAYS/DATE"))
            let column = header.distance(from: header.startIndex, to: start.lowerBound)
            return rows.dropFirst().map { row in
                let cells = row.dropFirst(column).components(separatedBy: "  ")
                return cells[0]
            }
        }
        XCTAssertEqual(try days(["LANG": "C"]), [
            "every 2 weeks on Mon, Thu", "1st Mon of the month", "15th of the month", "24 Dec yearly", "tue,sat", "weekdays", "once",
        ])
        XCTAssertEqual(try days(["LANG": "de_DE.UTF-8"]), [
            "alle 2 Wochen am Mo, Do", "1. Mo des Monats", "am 15. des Monats", "jährlich am 24. Dez.", "Di,Sa", "werktags", "einmal",
        ])
        let korean = try run(["list", "--alarms", home.file("repeats.json")], ["LANG": "ko_KR.UTF-8"]).stdout
        for words in ["2주마다 월, 목", "매월 1번째 월요일", "매월 15일", "매년 12월 24일", "화,토", "평일", "한 번"] {
            XCTAssertTrue(korean.contains("  \(words)  "), "\(words) in \(korean)")
        }
        let json = try run(["list", "--json", "--alarms", home.file("repeats.json")], ["LANG": "de_DE.UTF-8"]).stdout
        XCTAssertTrue(json.contains("\"pattern\": \"every 2 weeks on Mon, Thu\""), json)
    }

    func testLanguageComesBeforeLang() throws {
        XCTAssertEqual(try next(["LANGUAGE": "ko:de", "LANG": "de_DE.UTF-8"]).split(separator: "\n").first,
                       "work  2026년 12월 1일 (화) 06:45:00 UTC  (18시간 45분 후)")
        XCTAssertEqual(try next(["LANGUAGE": "fr:de", "LANG": "ko_KR.UTF-8"]).split(separator: "\n").first,
                       "work  Di., 1. Dez. 2026 06:45:00 UTC  (in 18 Std. 45 Min.)", "down LANGUAGE's list to a catalog there is")
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
        XCTAssertTrue(try run(["help", "run"], ["LANG": "C"]).stdout.contains("While an alarm rings: z, s, Space or Enter snooze;"))
        let doctor = try run(["doctor", "--alarms", home.file("alarms.json"), "--device", "null"], ["LANG": "C"])
        XCTAssertTrue(doctor.stdout.contains("✔ audio path null: null is an ALSA 'null' device\n"), doctor.stdout)
    }

    /// The first line of each error in `language`: usage errors, the value errors they wrap, and
    /// `status` with no `run` to answer.
    private func errorLines(_ language: [String: String]) throws -> [String] {
        let alarms = home.file("alarms.json")
        return try [["timer", "0"], ["list", "--jsno"], ["next", "--after", "2026-02-30"], ["add", "25:00", "--alarms", alarms],
                    ["run", "--quiet", "--verbose"], ["status"]].map { arguments in
            let result = try run(arguments, language.merging(["ALARMPLAY_SOCKET": home.file("none.sock")]) { $1 })
            XCTAssertNotEqual(result.status, 0, "\(arguments): \(result.stdout)")
            return String(result.stderr.prefix { $0 != "\n" })
        }
    }

    func testErrorsInTheLanguageAndInEnglishForC() throws {
        let socket = home.file("none.sock")
        // The socket's error (strerror's words) follows the language too, so only around it.
        let translated: [(language: String, lines: [String], notRunning: (String, String))] = [
            ("de_DE.UTF-8", [
                "alarmplay: Fehler: DURATION: ein Timer braucht eine Dauer über null",
                "alarmplay: Fehler: unbekannte Option '--jsno' (meinten Sie '--json'?)",
                "alarmplay: Fehler: --after: Tag 30 gibt es im Februar 2026 nicht (01-28)",
                "alarmplay: Fehler: TIME: Stunde 25 außerhalb des Bereichs (00-23)",
                "alarmplay: Fehler: --quiet und --verbose können nicht zusammen verwendet werden",
            ], ("alarmplay: Fehler: es läuft kein 'alarmplay run' (\(socket): ", "); starten Sie es mit 'alarmplay run' oder dem systemd-Dienst")),
            ("ko_KR.UTF-8", [
                "alarmplay: 오류: DURATION: 타이머에는 0보다 긴 시간이 필요합니다",
                "alarmplay: 오류: 알 수 없는 옵션 '--jsno' ('--json'을(를) 찾으셨나요?)",
                "alarmplay: 오류: --after: 2026년 2월에는 30일이 없습니다 (01-28)",
                "alarmplay: 오류: TIME: 시 25이(가) 범위를 벗어났습니다 (00-23)",
                "alarmplay: 오류: --quiet와(과) --verbose는 함께 쓸 수 없습니다",
            ], ("alarmplay: 오류: 실행 중인 'alarmplay run'이 없습니다 (\(socket): ", "). 'alarmplay run'이나 systemd 서비스로 시작하세요")),
        ]
        for (language, lines, notRunning) in translated {
            let shown = try errorLines(["LANG": language])
            XCTAssertEqual(Array(shown.dropLast()), lines, language)
            XCTAssertTrue(shown.last.map { $0.hasPrefix(notRunning.0) && $0.hasSuffix(notRunning.1) } == true, shown.joined(separator: "\n"))
        }
        XCTAssertEqual(try errorLines(["LANG": "C"]), [
            "alarmplay: error: DURATION: a timer needs a duration longer than zero",
            "alarmplay: error: unknown option '--jsno' (did you mean '--json'?)",
            "alarmplay: error: --after: day 30 out of range for February 2026 (01-28)",
            "alarmplay: error: TIME: hour 25 out of range (00-23)",
            "alarmplay: error: --quiet and --verbose cannot be used together",
            "alarmplay: error: no 'alarmplay run' is running (\(socket): No such file or directory); "
                + "start it with 'alarmplay run' or the systemd service",
        ])
    }

    /// `validate`'s located lines: the JSON syntax's, the decoder's and the values' problems.
    func testTheAlarmsFilesProblemsInTheLanguage() throws {
        try home.write("bad.json", #"{"alarms": [{"time": "25:00", "volume": 2, "enabeld": true, "days": "mon,fri"}],}"#)
        let file = home.file("bad.json")
        let expected = [
            "de_DE.UTF-8": ["Stunde 25 außerhalb des Bereichs (00-23)", "volume muss eine Zahl von 0.0 bis 1.0 sein, nicht 2",
                            "unbekannter Schlüssel \"enabeld\" (meinten Sie \"enabled\"?)", "unbekannter Wochentag \"mon,fri\"",
                            "überzähliges Komma vor '}'", "alarmplay: Fehler: \(file): 5 Fehler"],
            "ko_KR.UTF-8": ["시 25이(가) 범위를 벗어났습니다 (00-23)", "volume은 0.0부터 1.0까지의 숫자여야 합니다. 받은 값: 2",
                            "알 수 없는 키 \"enabeld\" (\"enabled\"을(를) 찾으셨나요?)", "알 수 없는 요일 \"mon,fri\"",
                            "'}' 앞에 남는 쉼표가 있습니다", "alarmplay: 오류: \(file): 문제 5개"],
            "C": ["hour 25 out of range (00-23)", "volume must be a number from 0.0 to 1.0, got 2", "unknown key \"enabeld\" (did you mean \"enabled\"?)",
                  "unknown weekday \"mon,fri\"", "trailing comma before '}'", "alarmplay: error: \(file): 5 problems"],
        ]
        let columns = ["1:22: ", "1:41: ", "1:44: ", "1:69: ", "1:80: ", ""]
        for (language, lines) in expected {
            let result = try run(["validate", "--alarms", file], ["LANG": language])
            XCTAssertEqual(result.status, 65, result.stderr)
            let located = zip(columns, lines).map { $0.isEmpty ? $1 : "\(file):\($0)\($1)" }
            XCTAssertEqual(result.stderr.split(separator: "\n").map(String.init), located, language)
        }
    }

    func testATimerStartsAndEndsInTheLanguage() throws {
        for (language, started, timeUp) in [("de_DE.UTF-8", "Tee: 00:01 gestartet\n", "Zeit ist um: Tee\n"), ("ko_KR.UTF-8", "Tee: 00:01 시작\n", "시간이 다 됐습니다: Tee\n")] {
            let process = try LineFedProcess(["timer", "1s", "--label", "Tee", "--device", "null", "--ring-for", "1s"],
                                             environment: AlarmPlayBinary.environment(home: home, ["LANG": language]))
            XCTAssertEqual(process.waitForExit(), 0, process.stderr)
            XCTAssertTrue(process.stdout.hasPrefix(started + timeUp), process.stdout)
        }
    }

    /// Every message of the sources (`scripts/locale --extract`) has its German and Korean.
    func testTheCatalogsAreComplete() throws {
        for language in ["de", "ko"] {
            let path = AlarmPlayBinary.repositoryRoot + "/po/\(language).po"
            let result = try ChildProcess.run(["--check", "--statistics", "--output-file=/dev/null", path],
                                              environment: ["PATH": "/usr/bin:/bin", "LANG": "C"], executable: "/usr/bin/msgfmt")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stderr.contains("untranslated") || result.stderr.contains("fuzzy"), "\(language).po: \(result.stderr)")
            XCTAssertTrue(result.stderr.hasSuffix(" translated messages.\n"), result.stderr)
        }
    }
}
