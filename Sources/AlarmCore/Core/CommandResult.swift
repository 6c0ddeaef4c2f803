/// Why `run` did not do what a face asked: a kind every face renders in its own terms (a socket
/// line, an HTTP status, an MQTT refusal, an exit code) and the words the person reads.
public struct Refusal: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No such alarm or timer.
        case notFound
        /// Not now: nothing rings, no snooze is left, an alarm wins over a preview.
        case conflict
        /// The request itself is wrong; each problem located by the field at fault.
        case invalid([Problem])
        /// What it needs is missing (a device, a broker, a file).
        case unavailable
        /// Not a kind of thing it can take (an upload that is not a sound).
        case unsupported
        /// It was tried and failed (a write to the disk).
        case failed
        /// Not now, with too much under way (edits queued, a lock held elsewhere): try again in a few seconds.
        case busy
    }

    public struct Problem: Sendable, Equatable {
        public var field: String?
        public var message: String

        public init(field: String?, message: String) {
            self.field = field
            self.message = message
        }
    }

    public var kind: Kind
    /// Worded when read: English on the socket, the page and MQTT; the person's on the terminal.
    public var words: Phrase
    /// What stands in the way, one line each (the alarms file's located problems).
    public var details: [String]

    public init(_ kind: Kind, _ words: Phrase, details: [String] = []) {
        self.kind = kind
        self.words = words
        self.details = details
    }

    /// `message` worded already (another error's description, a name).
    public init(_ kind: Kind, _ message: String, details: [String] = []) {
        self.init(kind, Phrase(verbatim: message), details: details)
    }

    public var message: String { words.description }

    /// The request is wrong in one field.
    public init(field: String, _ message: String) {
        self.init(.invalid([Problem(field: field, message: message)]), message)
    }
}

/// What a command to `run` gave: done with a message for the person who asked, or a value
/// (`status`), or refused.
public enum CommandResult: Sendable, Equatable {
    case done(Phrase)
    case value(CommandValue)
    case refused(Refusal)

    package init(_ result: Result<Phrase, Refusal>) {
        switch result {
        case let .success(message): self = .done(message)
        case let .failure(refusal): self = .refused(refusal)
        }
    }

    /// The control socket's and stdin's reply line: `ok: ...`, the value's JSON, or `error KIND: ...`
    /// (`Refusal.Kind.word`); in the reading thread's language (`Phrase`), so English on the socket.
    public var line: String {
        switch self {
        case let .done(words): return "ok: " + words.description
        case let .value(value): return JSONWriter.compact(value.json)
        case let .refused(refusal): return "error \(refusal.kind.word): " + refusal.message
        }
    }
}

extension Result where Success == CommandValue, Failure == Refusal {
    /// The value, or the refusal, as a command's result.
    package var command: CommandResult {
        switch self {
        case let .success(value): return .value(value)
        case let .failure(refusal): return .refused(refusal)
        }
    }
}

extension CommandResult {
    public var refusal: Refusal? {
        if case let .refused(refusal) = self { return refusal }
        return nil
    }
}
