/// What a face says about itself (its server listening, its broker gone, a hook's output): the
/// face names and types it, and the core publishes it like any other event without knowing the face.
public struct FaceReport: Sendable, Equatable {
    public var level: EventLevel
    public var name: String
    public var fields: [EventField]

    public init(_ level: EventLevel, _ name: String, _ fields: [EventField]) {
        self.level = level
        self.name = name
        self.fields = fields
    }
}

extension FaceReport {
    /// Where a face sends its reports: the core's one publisher.
    public typealias Sink = (FaceReport) -> Void

    public init(_ level: EventLevel, _ name: String, _ fields: KeyValuePairs<String, EventValue>) {
        self.init(level, name, fields.map { EventField($0.key, $0.value) })
    }
}
