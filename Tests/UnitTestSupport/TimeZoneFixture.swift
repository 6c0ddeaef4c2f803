import AlarmCore
import Synchronization
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The C library's zone is process-wide: tests that set `TZ` take this lock so they never see
/// each other's zone, and put the old one back.
private let zoneLock = Mutex(())

package func withTimeZone<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    try zoneLock.withLock { _ in
        let previous = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", name, 1)
        LocalTimeZone.reload()
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            LocalTimeZone.reload()
        }
        return try body()
    }
}

/// Epoch seconds of an ISO 8601 text with an explicit offset (zone-independent).
package func instant(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
    do {
        return try ISO8601.parse(text).seconds
    } catch {
        XCTFail("bad test time \(text): \(error)", file: file, line: line)
        return 0
    }
}

/// An alarm built in code, as the file would give it.
package func alarm(
    _ time: String, _ repeats: AlarmRepeat = .once, id: String? = nil, position: Int = 1, enabled: Bool = true
) -> Alarm {
    Alarm(id: id, position: position, time: try! TimeOfDay(parsing: time), repeats: repeats, enabled: enabled)
}

package func days(_ list: String) -> AlarmRepeat { .weekly(try! WeekdaySet(parsingList: list)) }
package func date(_ text: String) -> AlarmRepeat { .date(try! CalendarDate(parsing: text)) }
