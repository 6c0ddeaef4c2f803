/// One thing wrong with a JSON text, at the place an editor should jump to.
public struct JSONProblem: Sendable, Equatable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String

    public init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }

    public var description: String { "\(position): \(message)" }
}

/// What parsing produced: the value when the text could be read to its end (possibly with
/// recoverable problems such as a trailing comma), and every problem found.
public struct JSONParseResult: Sendable {
    public var value: JSONValue?
    public var problems: [JSONProblem]
}

/// A JSON text that cannot be used, for callers that want all-or-nothing (`state.json`).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [JSONProblem]

    public var description: String { problems.map(\.description).joined(separator: "; ") }
}
