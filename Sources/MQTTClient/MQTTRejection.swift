/// A message on a command topic that was refused, with why (the face tallies a flood of them).
public struct MQTTRejection: Error, Sendable, Equatable {
    public var topic: String
    public var reason: String

    package init(topic: String, reason: String) {
        self.topic = topic
        self.reason = reason
    }
}
