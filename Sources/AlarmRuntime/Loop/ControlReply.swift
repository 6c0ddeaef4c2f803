import AlarmCore

/// A reply line of the control socket, read back: `ok: WORDS`, a JSON value, or
/// `error KIND: WORDS` (`CommandResult.line`). An `error: WORDS` without a kind, from a `run`
/// older than the kind word, is a refusal of no known kind.
package enum ControlReply: Equatable {
    case done(String)
    case value(String)
    case refused(Refusal.Kind?, String)

    package init(_ line: String) {
        if line.hasPrefix("ok: ") {
            self = .done(String(line.dropFirst(4)))
        } else if line.hasPrefix("error"), let colon = line.firstIndex(of: ":") {
            let word = line[line.index(line.startIndex, offsetBy: 5)..<colon].trimmingPrefix(" ")
            self = .refused(Refusal.Kind(word: String(word)), String(line[line.index(after: colon)...].dropFirst()))
        } else {
            self = .value(line)
        }
    }
}
