extension Refusal.Kind {
    /// The kind as one word, for the control socket's reply line (`error conflict: ...`) and
    /// MQTT's `rejected` event, so that a client tells "no such alarm" from "not now" without
    /// reading the words.
    public var word: String {
        switch self {
        case .notFound: return "not_found"
        case .conflict: return "conflict"
        case .invalid: return "invalid"
        case .unavailable: return "unavailable"
        case .unsupported: return "unsupported"
        case .failed: return "failed"
        case .busy: return "busy"
        }
    }

    /// The kind a reply line names; its problems are not on the line, only its words.
    public init?(word: String) {
        let kinds: [Refusal.Kind] = [.notFound, .conflict, .invalid([]), .unavailable, .unsupported, .failed, .busy]
        guard let kind = kinds.first(where: { $0.word == word }) else { return nil }
        self = kind
    }
}
