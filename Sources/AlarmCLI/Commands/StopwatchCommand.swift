import AlarmCore
import AlarmRuntime
import FaceTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `alarmplay stopwatch`: single keys and an in-place display on a terminal, one command per line
/// otherwise.
public enum StopwatchCommand: Command {
    public static let spec = CommandSpec(
        name: "stopwatch",
        abstract: tr("A stopwatch with laps."),
        options: [
            .json,
            .value("laps-file", "FILE", help: tr("On quit, also write the laps to FILE (number, total, diff; oldest first).")),
        ],
        discussion: tr("""
            KEYS (on a terminal):
              Space  start / stop (stopping keeps the time)     l, Enter  lap (while running)
              r      reset (while stopped)                       c         copy the laps to the clipboard
              q, Ctrl-C  quit, printing the time and the laps

            Without a terminal on standard input, reads one command per line: {commands}.
            Each prints one result line (on stderr with --json, so stdout holds only the JSON). End of input quits.
            --json prints the final state on quit: elapsedMs, and laps with number, totalMs, diffMs.
            """, ["commands": StopwatchAction.lineCommands.joined(separator: ", ")])
    )

    /// How often the running time is redrawn.
    package static let redrawInterval: Int64 = 50_000_000

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let clipboard = Clipboard(environment: context.environment, terminalDescriptor: Clipboard.terminalDescriptor())
        var session = StopwatchSession(clock: SystemMonotonicTime()) { clipboard.copy($0) }
        let input = StandardInput.open()
        if input.isTerminal {
            runOnTerminal(&session, input: input)
        } else {
            runOnLines(&session, input: input, console: context.console, resultsToError: arguments.flag("json"))
        }
        let now = session.clock.now()
        if arguments.flag("json") {
            context.console.out(StopwatchJSON.render(session.stopwatch, at: now))
        } else {
            context.console.out(StopwatchDisplay.summary(session.stopwatch, at: now).joined(separator: "\n"))
        }
        if let path = arguments.value("laps-file") {
            do {
                try OutputFile.write(StopwatchFormat.copyText(session.stopwatch.laps), to: path)
            } catch {
                throw LapsFileError(path: path, reason: String(cString: strerror(error.code)))
            }
        }
        return .success
    }

    private static func runOnTerminal(_ session: inout StopwatchSession, input: any InputSource) {
        let display = StatusLine(descriptor: STDERR_FILENO)
        var message: String?
        while true {
            let now = session.clock.now()
            if let display {
                let maxLaps = min(10, display.size.rows - 4)
                display.draw(StopwatchDisplay.lines(session.stopwatch, at: now, message: message, maxLaps: maxLaps))
            }
            let deadline = session.stopwatch.state == .running ? now + redrawInterval : nil
            let action: StopwatchAction?
            switch input.next(until: deadline) {
            case nil: continue
            case let .key(key): action = StopwatchAction(key: key)
            case let .line(line): action = StopwatchAction(line: line)
            case .endOfInput: action = .quit
            }
            guard let action else {
                message = StopwatchDisplay.keys
                continue
            }
            let lapsBefore = session.stopwatch.laps.count
            let result = session.perform(action)
            if action == .quit {
                display?.clear()
                return
            }
            // A new lap already appears in the list; other results replace the key hint until the next key.
            message = session.stopwatch.laps.count > lapsBefore ? nil : result
        }
    }

    private static func runOnLines(_ session: inout StopwatchSession, input: any InputSource, console: Console, resultsToError: Bool) {
        while let event = input.next(until: nil) {
            guard case let .line(line) = event else {
                // End of input quits: a script's last line is as good as `quit`.
                _ = session.perform(.quit)
                return
            }
            guard let action = StopwatchAction(line: line) else {
                let hint = Suggestion.closest(to: line.lowercased(), in: StopwatchAction.lineCommands).map { tr(" (did you mean '{name}'?)", ["name": $0]) } ?? ""
                console.err(tr("unknown command '{line}'{hint}; commands: {commands}",
                               ["line": line, "hint": hint, "commands": StopwatchAction.lineCommands.joined(separator: ", ")]))
                continue
            }
            let result = session.perform(action)
            if action == .quit { return }
            if resultsToError { console.err(result) } else { console.out(result) }
        }
    }
}
