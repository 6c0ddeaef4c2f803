import AlarmCore
import MQTTClient

/// What travels on `alarmplay/household/…`, never retained (a ring that is over must not ring
/// again on the next connect): a ring, its end by any member, stopped or snoozed, or a member's
/// clock. Each carries its sender's `Stamp` (its time when sent, so the others compare clocks on
/// receipt); an older member's message without one is taken as it always was.
/// Pure: topic and payload in, a message or a reason out.
public enum HouseholdMessage: Sendable, Equatable {
    case ring(HouseholdRing)
    /// `by` (an instance) stopped or snoozed the ring on its side.
    case ended(ring: String, by: String, snoozed: Bool)
    /// A member's clock, unasked or in answer; `ask`: the others answer with theirs (it has just
    /// connected, or its clock was set).
    case clock(from: String, ask: Bool)

    /// Who sent a message, by its clock.
    public struct Stamp: Sendable, Equatable {
        /// The sender's name on the broker.
        public var name: String
        /// Epoch seconds by the sender's clock, and whether its kernel calls that clock synchronised.
        public var time: Int
        public var synchronised: Bool?

        public init(name: String, time: Int, synchronised: Bool?) {
            self.name = name
            self.time = time
            self.synchronised = synchronised
        }
    }

    /// A message as received, with its sender's clock when it says it.
    public struct Received: Sendable, Equatable {
        public var message: HouseholdMessage
        public var clock: HouseholdClockReading?
    }

    public static let ringTopic = "alarmplay/household/ring"
    public static let stopTopic = "alarmplay/household/stop"
    public static let snoozeTopic = "alarmplay/household/snooze"
    public static let clockTopic = "alarmplay/household/clock"
    public static let topics = [ringTopic, stopTopic, snoozeTopic, clockTopic]
    public static let payloadLimit = 1024

    /// The instance that sent it: a `run` ignores its own.
    public var sender: String {
        switch self {
        case let .ring(ring): return ring.origin
        case let .ended(_, by, _), let .clock(by, _): return by
        }
    }

    public var topic: String {
        switch self {
        case .ring: return Self.ringTopic
        case let .ended(_, _, snoozed): return snoozed ? Self.snoozeTopic : Self.stopTopic
        case .clock: return Self.clockTopic
        }
    }

    /// `{"ring", "origin", "origin_name", "alarm", "label"}`, `{"ring", "from"}` or `{"from", "ask"}`,
    /// then the stamp: `"sender_name"`, `"time"`, `"synchronised"`.
    public func payload(_ stamp: Stamp) -> String {
        let fields: [(String, JSONValue)]
        switch self {
        case let .ring(ring):
            fields = [("ring", .string(ring.ring)), ("origin", .string(ring.origin)), ("origin_name", .string(ring.originName)),
                      ("alarm", .string(ring.alarm)), ("label", .optional(ring.label))]
        case let .ended(ring, by, _):
            fields = [("ring", .string(ring)), ("from", .string(by))]
        case let .clock(by, ask):
            fields = [("from", .string(by)), ("ask", .bool(ask))]
        }
        return JSONWriter.compact(.object(fields + [("sender_name", .string(stamp.name)), ("time", .int(stamp.time)),
                                                    ("synchronised", stamp.synchronised.map(JSONValue.bool) ?? .null)]))
    }

    /// Nil for a topic that is not the household's.
    public static func parse(topic: String, payload: [UInt8]) -> Result<Received, MQTTRejection>? {
        guard topics.contains(topic) else { return nil }
        func refuse(_ reason: String) -> Result<Received, MQTTRejection> { .failure(MQTTRejection(topic: topic, reason: reason)) }
        guard payload.count <= payloadLimit else { return refuse("payload of \(payload.count) bytes; at most \(payloadLimit)") }
        guard let text = String(validating: payload, as: UTF8.self), let value = try? JSONParser.parseStrict(text), value.members != nil else {
            return refuse("payload is not a JSON object")
        }
        func field(_ key: String) -> String? { value[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        // Bounded, so that no difference taken from it overflows: 1970 to the year 9999.
        let time = value["time"]?.numberValue?.int.flatMap { (0...253_402_300_799).contains($0) ? $0 : nil }
        func received(_ message: HouseholdMessage, name: String? = nil) -> Result<Received, MQTTRejection> {
            let reading = time.map {
                HouseholdClockReading(member: message.sender, name: field("sender_name") ?? name ?? message.sender, time: $0,
                                      synchronised: value["synchronised"]?.boolValue)
            }
            return .success(Received(message: message, clock: reading))
        }
        if topic == clockTopic {
            guard let by = field("from") else { return refuse("payload needs a \"from\" string") }
            guard time != nil else { return refuse("payload needs a \"time\" in whole seconds since 1970") }
            return received(.clock(from: by, ask: value["ask"]?.boolValue ?? false))
        }
        guard let ring = field("ring") else { return refuse("payload needs a \"ring\" string") }
        if topic != ringTopic {
            guard let by = field("from") else { return refuse("payload needs a \"from\" string") }
            return received(.ended(ring: ring, by: by, snoozed: topic == snoozeTopic))
        }
        guard let origin = field("origin"), let alarm = field("alarm") else { return refuse("payload needs \"origin\" and \"alarm\" strings") }
        let name = field("origin_name") ?? origin
        return received(.ring(HouseholdRing(ring: ring, origin: origin, originName: name, alarm: alarm, label: field("label"))), name: name)
    }
}
