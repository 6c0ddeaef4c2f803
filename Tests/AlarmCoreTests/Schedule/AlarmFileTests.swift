import AlarmCore
import UnitTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class AlarmFileTests: XCTestCase {
    static let example = """
        {
          "defaults": { "sound": "tone:beep", "volume": 0.5, "snooze": "5m", "maxSnoozes": 2,
                        "ringFor": "1h", "fadeIn": 0 },
          "alarms": [
            { "id": "work", "label": "Work days", "time": "06:45", "days": ["mon","tue","wed","thu","fri"],
              "sound": 1, "volume": 0.6, "fadeIn": "2m" },
            { "id": "dentist", "time": "14:30:15", "date": "2026-12-03", "sound": "file:maple-leaf-rag" },
            { "time": "16:00", "enabled": false, "days": "weekends", "snooze": 90, "ringFor": "1:30" }
          ]
        }
        """

    func testExampleFileResolvesDefaults() throws {
        let file = try AlarmFile.parse(Self.example, path: "alarms.json", sounds: .fake)
        XCTAssertEqual(file.alarms.count, 3)
        XCTAssertEqual(file.enabledCount, 2)
        let work = file.alarms[0]
        XCTAssertEqual(work.name, "work")
        XCTAssertEqual(work.label, "Work days")
        XCTAssertEqual(work.repeats, .weekly(.weekdays))
        XCTAssertEqual(work.settings, AlarmSettings(sound: .index(1), volume: 0.6, snooze: 300, maxSnoozes: 2, ringFor: 3600, fadeIn: 120))
        XCTAssertEqual(file.alarms[1].repeats, .date(CalendarDate(year: 2026, month: 12, day: 3)))
        XCTAssertEqual(file.alarms[1].time, TimeOfDay(hour: 14, minute: 30, second: 15))
        XCTAssertEqual(file.alarms[1].settings.sound, .name("file:maple-leaf-rag"))
        let third = file.alarms[2]
        XCTAssertEqual(third.name, "#3")
        XCTAssertFalse(third.enabled)
        XCTAssertEqual(third.repeats, .weekly(.weekends))
        XCTAssertEqual(third.settings.snooze, 90)
        XCTAssertEqual(third.settings.ringFor, 90)
        XCTAssertEqual(third.settings.sound, .name("tone:beep"))
        XCTAssertEqual(file.alarm(named: "3")?.time, third.time)
        XCTAssertEqual(file.alarm(named: "dentist")?.position, 2)
        XCTAssertNil(file.alarm(named: "4"))
        XCTAssertEqual(file.document["alarms"]?.arrayValue?.count, 3)
    }

    func testDevicesAtTheTopInDefaultsAndPerAlarm() throws {
        let text = """
            { "devices": ["default", "plughw:CARD=Headphones"],
              "alarms": [ { "time": "07:00" }, { "time": "08:00", "devices": "pulse" } ] }
            """
        let file = try AlarmFile.parse(text, path: "a.json", sounds: .fake)
        XCTAssertEqual(file.alarms[0].settings.devices, ["default", "plughw:CARD=Headphones"])
        XCTAssertEqual(file.alarms[1].settings.devices, ["pulse"])
        let inDefaults = try AlarmFile.parse(#"{"defaults": {"devices": ["tap"]}, "alarms": [{"time": "07:00"}]}"#, path: "a.json", sounds: .fake)
        XCTAssertEqual(inDefaults.alarms[0].settings.devices, ["tap"])
        XCTAssertNil(try AlarmFile.parse(#"{"alarms": [{"time": "07:00"}]}"#, path: "a.json", sounds: .fake).alarms[0].settings.devices)
    }

    func testBadDevicesAreOneLocatedLine() {
        for (devices, shown) in [("[]", "an array"), ("[\"pulse\", 3]", "an array"), ("\"two words\"", "\"two words\"")] {
            XCTAssertThrowsError(try AlarmFile.parse(#"{"alarms": [{"time": "07:00", "devices": \#(devices)}]}"#, path: "a.json", sounds: .fake)) { error in
                XCTAssertEqual((error as? AlarmFileError)?.lines, [
                    "a.json:1:42: devices must be an ALSA device name such as \"default\" or a list of them in order (see 'alarmplay devices'), got \(shown)",
                ])
            }
        }
    }

    /// 100,000 alarms (8.7 MB, under the size cap) made every wake of `run` and every `status`
    /// take seconds: a file holds at most 1,000, and more is one problem at the first over it.
    func testMoreAlarmsThanTheLimitIsOneProblemAtTheFirstOverIt() throws {
        func file(_ count: Int) -> String {
            "{\"alarms\": [\n" + (0..<count).map { "{\"id\": \"a\($0)\", \"time\": \"07:00\"}" }.joined(separator: ",\n") + "\n]}"
        }
        XCTAssertEqual(try AlarmFile.parse(file(1000), path: "a.json", sounds: nil).alarms.count, 1000)
        XCTAssertThrowsError(try AlarmFile.parse(file(1500), path: "a.json", sounds: nil)) { error in
            XCTAssertEqual((error as? AlarmFileError)?.lines, [
                "a.json:1002:1: 1500 alarms, more than the 1000 an alarms file may have (every ring is decided among them all, and none may wait on the rest)",
            ])
        }
    }

    func testBuiltInDefaults() throws {
        let file = try AlarmFile.parse(#"{"alarms": [{"time": "07:00"}]}"#, path: "a.json", sounds: nil)
        XCTAssertEqual(file.alarms[0].settings, .builtIn)
        XCTAssertEqual(AlarmSettings.builtIn.sound, .name("tone:classic"))
        XCTAssertEqual(file.alarms[0].repeats, .once)
        XCTAssertTrue(try AlarmFile.parse(#"{"alarms": []}"#, path: "a.json", sounds: nil).alarms.isEmpty)
    }

    func testSoundsAreOnlyCheckedWhenARegistryIsGiven() throws {
        let text = #"{"alarms": [{"time": "07:00", "sound": 42}]}"#
        XCTAssertNoThrow(try AlarmFile.parse(text, path: "a.json", sounds: nil))
        XCTAssertThrowsError(try AlarmFile.parse(text, path: "a.json", sounds: .fake)) { error in
            XCTAssertEqual((error as? AlarmFileError)?.lines, ["a.json:1:40: no sound 42: there are 9 sounds (0-8); see 'alarmplay sounds'"])
            XCTAssertEqual((error as? AlarmFileError)?.description, "a.json: 1 problem")
        }
    }

    func testMissingAndUnreadableFiles() throws {
        let directory = FileSystem.parent(of: #filePath)
        XCTAssertThrowsError(try AlarmFile.load(path: "/nonexistent/alarms.json", sounds: nil)) { error in
            let error = error as? AlarmFileError
            XCTAssertEqual(error?.exitCode, .noInput)
            XCTAssertTrue(error?.description.hasPrefix("no alarms file at /nonexistent/alarms.json; create one with 'alarmplay add 07:00 --days weekdays'") == true)
        }
        XCTAssertThrowsError(try AlarmFile.load(path: directory, sounds: nil)) { error in
            XCTAssertEqual(error as? AlarmFileError, .unreadable(path: directory, reason: "it is a directory, not a regular file"))
        }
        // Neither blocks nor reads without end: a FIFO nobody writes to, a device, a file past the limit.
        let folder = NSTemporaryDirectory() + "alarm-file-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/alarms.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try AlarmFile.load(path: fifo, sounds: nil)) { error in
            XCTAssertEqual(error as? AlarmFileError, .unreadable(path: fifo, reason: "it is a FIFO, not a regular file"))
        }
        XCTAssertThrowsError(try AlarmFile.load(path: "/dev/zero", sounds: nil)) { error in
            XCTAssertEqual(error as? AlarmFileError, .unreadable(path: "/dev/zero", reason: "it is a character device, not a regular file"))
        }
        let large = folder + "/large.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: large, contents: nil))
        XCTAssertEqual(truncate(large, off_t(FileRead.defaultLimit + 1)), 0)
        XCTAssertEqual(FileRead.bytes(large), .failure(.tooLarge(limit: FileRead.defaultLimit)))
        let corpusFile = directory + "/Corpus/trailing-comma-object.json"
        XCTAssertThrowsError(try AlarmFile.load(path: corpusFile, sounds: nil)) { error in
            XCTAssertEqual((error as? AlarmFileError)?.exitCode, .dataError)
        }
    }

    func testLocation() {
        let base = Environment(["HOME": "/home/pi"])
        XCTAssertEqual(AlarmFileLocation.path(explicit: nil, environment: base), "/home/pi/.config/alarmplay/alarms.json")
        let xdg = Environment(["HOME": "/home/pi", "XDG_CONFIG_HOME": "/cfg"])
        XCTAssertEqual(AlarmFileLocation.path(explicit: nil, environment: xdg), "/cfg/alarmplay/alarms.json")
        let variable = Environment(["HOME": "/home/pi", "XDG_CONFIG_HOME": "/cfg", "ALARMPLAY_ALARMS": "/x.json"])
        XCTAssertEqual(AlarmFileLocation.path(explicit: nil, environment: variable), "/x.json")
        XCTAssertEqual(AlarmFileLocation.path(explicit: "mine.json", environment: variable), "mine.json")
    }
}
