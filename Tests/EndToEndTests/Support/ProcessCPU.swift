import Foundation
import XCTest

/// User plus system CPU time of a process, from /proc/PID/stat (fields 14 and 15, in ticks).
func cpuSeconds(_ pid: pid_t) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
    // Field 3 (state) is the first after the command name, so 14 and 15 are at 11 and 12.
    let ticks = try XCTUnwrap(Double(fields[11])) + XCTUnwrap(Double(fields[12]))
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}
