/// The MQTT broker's news, for Home Assistant's face (`mqtt_…`) and the household's (`household_…`).
public enum BrokerReport: Sendable, Equatable, RenderedReport {
    case connected(broker: String, device: String)
    case disconnected(broker: String, reason: String)
    /// A command from the broker refused; `kind` is the refusal's word, where there was one.
    case rejected(topic: String, kind: String?, reason: String)
    /// More refusals in a while than are told one by one: how many, and why they were counted.
    case rejectedMany(count: Int, reason: String)
    case householdConnected(broker: String, instance: String)
    case householdDisconnected(broker: String, reason: String)
    /// Alarm `id` could not ask the household to ring.
    case householdNotSent(id: String, reason: String)

    var level: EventLevel {
        switch self {
        case .connected, .householdConnected: return .info
        default: return .warning
        }
    }

    var name: String {
        switch self {
        case .connected: return "mqtt_connected"
        case .disconnected: return "mqtt_disconnected"
        case .rejected, .rejectedMany: return "mqtt_rejected"
        case .householdConnected: return "household_connected"
        case .householdDisconnected: return "household_disconnected"
        case .householdNotSent: return "household_not_sent"
        }
    }

    var fields: [EventField] {
        switch self {
        case let .connected(broker, device): return .init(["broker": .text(broker), "device": .text(device)])
        case let .disconnected(broker, reason): return .init(["broker": .text(broker), "reason": .text(reason)])
        case let .rejected(topic, kind, reason):
            return [EventField("topic", .text(topic))] + (kind.map { [EventField("kind", .text($0))] } ?? []) + [EventField("reason", .text(reason))]
        case let .rejectedMany(count, reason): return .init(["count": .number(count), "reason": .text(reason)])
        case let .householdConnected(broker, instance): return .init(["broker": .text(broker), "instance": .text(instance)])
        case let .householdDisconnected(broker, reason):
            return .init(["broker": .text(broker), "reason": .text(reason),
                          "effect": .text("alarms ring here as always; household rings wait for the broker")])
        case let .householdNotSent(id, reason): return .init(["id": .text(id), "reason": .text(reason)])
        }
    }
}
