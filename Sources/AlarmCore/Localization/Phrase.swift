/// Words kept as a catalog's message and its values, and worded only when read, in the reading
/// thread's language: a reply or a problem that `run` makes once says itself in English to the
/// log, the control socket and `--json` (`run`'s messages are `C`), and in the person's language
/// where a face reads it inside `Localizer.speaking` (the terminal). xgettext finds the messages
/// (`-kPhrase:1`).
public struct Phrase: Sendable, Equatable, CustomStringConvertible {
    /// A value worded when the phrase is: a time (`ShortTime`) in the reader's own words.
    public typealias Value = any CustomStringConvertible & Sendable

    private enum Part: Sendable {
        case message(String, [String: Value])
        /// Words its own type gives when read (another error's description), or a name as it is.
        case worded(Value)
    }

    private var parts: [Part]

    public init(_ msgid: String, _ values: [String: Value] = [:]) {
        parts = [.message(msgid, values)]
    }

    public init(verbatim text: String) {
        parts = [.worded(text)]
    }

    /// What `value` says when read: an error's own (translated) description.
    public init(describing value: Value) {
        parts = [.worded(value)]
    }

    /// Several said one after the other, as one reply: `snoozed a until 07:39; stopped b`.
    public init(_ phrases: [Phrase]) {
        parts = phrases.flatMap(\.parts)
    }

    public var description: String {
        parts.map { part in
            switch part {
            case let .message(msgid, values): return tr(msgid, values.mapValues(\.description))
            case let .worded(value): return value.description
            }
        }.joined(separator: "; ")
    }

    /// The same words, however they are kept.
    public static func == (left: Phrase, right: Phrase) -> Bool { left.description == right.description }
}
