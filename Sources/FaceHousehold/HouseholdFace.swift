import AlarmCore
import AlarmRuntime
import MQTTClient

/// The household over MQTT: a connection of its own to `--mqtt`'s broker (so Home Assistant's
/// face stays as it is), subscribed to `alarmplay/household/…`. It sends what the core decided
/// (`household_ring_sent`, `household_stop_sent`) and turns what the others send into the core's
/// commands, ignoring its own messages. All of it on the loop's poll, never waiting: a broker
/// that is down is said once per outage and what was to go out waits for it, the local ring
/// rings regardless.
final package class HouseholdFace: DaemonFace {
    private let settings: MQTTSettings
    private let instance: String
    private let loop: EventLoop
    private unowned let host: any FaceHost
    private var connection: MQTTConnection?
    /// What could not go out while the broker was away, oldest first; a ring and its end cancel out.
    private var waiting: [HouseholdMessage] = []
    private var wasDisconnected = false

    /// With `--mqtt`.
    package static func make(_ host: any FaceHost) -> HouseholdFace? {
        guard let settings = host.configuration.mqtt, let instance = HouseholdIdentity.instance(host.configuration) else { return nil }
        return HouseholdFace(settings: settings, instance: instance, host: host)
    }

    package init(settings: MQTTSettings, instance: String, host: any FaceHost) {
        self.settings = settings
        self.instance = instance
        self.host = host
        loop = host.loop
    }

    package func start() {
        let options = MQTTConnection.Options(broker: settings.broker, clientID: "alarmplay-household-\(instance)", username: settings.username,
                                             password: settings.password, will: nil)
        do {
            let connection = try MQTTConnection(options: options, loop: loop) { [unowned self] in handle($0) }
            self.connection = connection
            connection.connect()
        } catch {
            disconnected("\(error)")
        }
    }

    package func stop() {
        connection?.disconnect()
    }

    package func publish(_ event: DaemonEvent, at instant: Instant) {
        switch event {
        case let .householdRingSent(_, ring): send(.ring(ring))
        case let .householdStopSent(_, ring, snoozed):
            // Not sent yet: the others never heard of it, so neither goes out.
            if let index = waiting.firstIndex(where: { if case let .ring(sent) = $0 { sent.ring == ring } else { false } }) {
                waiting.remove(at: index)
            } else {
                send(.ended(ring: ring, by: instance, snoozed: snoozed))
            }
        default: break
        }
    }

    private func send(_ message: HouseholdMessage) {
        guard let connection, connection.isConnected else {
            waiting.append(message)
            return
        }
        connection.publish(message.topic, message.payload, retain: false)
    }

    private func handle(_ event: MQTTConnection.Event) {
        switch event {
        case .connected:
            wasDisconnected = false
            host.report(.broker(.householdConnected(broker: settings.broker.description, instance: instance)))
            connection?.subscribe(HouseholdMessage.topics)
            let queued = waiting
            waiting = []
            for message in queued { send(message) }
        case let .disconnected(reason):
            disconnected(reason)
        case let .message(topic, payload, retained):
            guard !retained else { return }
            received(topic, payload)
        }
    }

    /// Once per outage, not once per retry.
    private func disconnected(_ reason: String) {
        guard !wasDisconnected else { return }
        wasDisconnected = true
        host.report(.broker(.householdDisconnected(broker: settings.broker.description, reason: reason)))
    }

    private func received(_ topic: String, _ payload: [UInt8]) {
        switch HouseholdMessage.parse(topic: topic, payload: payload) {
        case nil:
            return
        case let .failure(rejection):
            host.report(.broker(.rejected(topic: rejection.topic, kind: nil, reason: rejection.reason)))
        case let .success(message):
            guard message.sender != instance else { return }
            switch message {
            case let .ring(ring): host.perform(.householdRing(ring)) { _ in }
            // A ring this `run` has no part in (it started before this one connected) is nobody's business here.
            case let .ended(ring, by, snoozed): host.perform(.householdEnded(ring: ring, by: by, snoozed: snoozed)) { _ in }
            }
        }
    }
}
