import AlarmCore
import MQTTClient

/// What travels on `alarmplay/household/…`, never retained (a ring that is over must not ring
/// again on the next connect): a ring, or its end by any member, stopped or snoozed.
/// Pure: topic and payload in, a message or a reason out.
public enum HouseholdMessage: Sendable, Equatable {
    case ring(HouseholdRing)
    /// `by` (an instance) stopped or snoozed the ring on its side.
    case ended(ring: String, by: String, snoozed: Bool)

    public static let ringTopic = "alarmplay/household/ring"
    public static let stopTopic = "alarmplay/household/stop"
    public static let snoozeTopic = "alarmplay/household/snooze"
    public static let topics = [ringTopic, stopTopic, snoozeTopic]
    public static let payloadLimit = 1024

    /// The instance that sent it: a `run` ignores its own.
    public var sender: String {
        switch self {
        case let .ring(ring): return ring.origin
        case let .ended(_, by, _): return by
        }
    }

    public var topic: String {
        switch self {
        case .ring: return Self.ringTopic
        case let .ended(_, _, snoozed): return snoozed ? Self.snoozeTopic : Self.stopTopic
        }
    }

    /// `{"ring", "origin", "origin_name", "alarm", "label"}` or `{"ring", "from"}`.
    public var payload: String {
        switch self {
        case let .ring(ring):
            return JSONWriter.compact(.object([
                ("ring", .string(ring.ring)), ("origin", .string(ring.origin)), ("origin_name", .string(ring.originName)),
                ("alarm", .string(ring.alarm)), ("label", .optional(ring.label)),
            ]))
        case let .ended(ring, by, _):
            return JSONWriter.compact(.object([("ring", .string(ring)), ("from", .string(by))]))
        }
    }

    /// Nil for a topic that is not the household's.
    public static func parse(topic: String, payload: [UInt8]) -> Result<HouseholdMessage, MQTTRejection>? {
        guard topics.contains(topic) else { return nil }
        func refuse(_ reason: String) -> Result<HouseholdMessage, MQTTRejection> { .failure(MQTTRejection(topic: topic, reason: reason)) }
        guard payload.count <= payloadLimit else { return refuse("payload of \(payload.count) bytes; at most \(payloadLimit)") }
        guard let text = String(validating: payload, as: UTF8.self), let value = try? JSONParser.parseStrict(text), value.members != nil else {
            return refuse("payload is not a JSON object")
        }
        func field(_ key: String) -> String? { value[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        guard let ring = field("ring") else { return refuse("payload needs a \"ring\" string") }
        if topic != ringTopic {
            guard let by = field("from") else { return refuse("payload needs a \"from\" string") }
            return .success(.ended(ring: ring, by: by, snoozed: topic == snoozeTopic))
        }
        guard let origin = field("origin"), let alarm = field("alarm") else { return refuse("payload needs \"origin\" and \"alarm\" strings") }
        return .success(.ring(HouseholdRing(ring: ring, origin: origin, originName: field("origin_name") ?? origin, alarm: alarm,
                                            label: field("label"))))
    }
}
