import AlarmCore
import AlarmRuntime
import MQTTClient

/// The household over MQTT: a connection of its own to `--mqtt`'s broker (so Home Assistant's
/// face stays as it is), subscribed to `alarmplay/household/…`. It sends what the core decided
/// (`household_ring_sent`, `household_stop_sent`) and turns what the others send into the core's
/// commands, ignoring its own messages. Every message carries this `run`'s clock, and every
/// one received that carries its sender's is compared with it (`HouseholdClocks`); on connecting
/// and when its clock is set it asks the others for theirs. All of it on the loop's poll, never
/// waiting: a broker that is down is said once per outage and what was to go out waits for it,
/// the local ring rings regardless.
final package class HouseholdFace: DaemonFace {
    private let settings: MQTTSettings
    private let instance: String
    private let loop: EventLoop
    private unowned let host: any FaceHost
    private var connection: MQTTConnection?
    /// What could not go out while the broker was away, oldest first; a ring and its end cancel out.
    private var waiting: [HouseholdMessage] = []
    private var wasDisconnected = false
    /// At most one answer to the others' asks in this long: a flood of asks costs one message.
    private static let answerNanoseconds: Int64 = 5_000_000_000
    private var lastAnswer: Int64?
    private var answer: EventLoop.Deadline?
    private let monotonic = SystemMonotonicTime()

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

    deinit {
        loop.cancel(answer)
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
        // What the others were compared with no longer holds: they are asked again.
        case .clockChanged: sendClock(ask: true)
        default: break
        }
    }

    private func send(_ message: HouseholdMessage) {
        guard let connection, connection.isConnected else {
            waiting.append(message)
            return
        }
        // Stamped as it goes out, not when it was made: a message that waited says the time it leaves.
        let snapshot = host.snapshot()
        let stamp = HouseholdMessage.Stamp(name: settings.deviceName, time: snapshot.now, synchronised: snapshot.clock.synchronised)
        connection.publish(message.topic, message.payload(stamp), retain: false)
    }

    /// Not kept for later: connecting asks anyway.
    private func sendClock(ask: Bool) {
        guard connection?.isConnected == true else { return }
        if !ask { lastAnswer = monotonic.now() }
        send(.clock(from: instance, ask: ask))
    }

    /// Another asked for this clock: answered now, or once the last answer is old enough.
    private func answerAsk() {
        guard answer == nil else { return }
        let now = monotonic.now()
        guard let lastAnswer, now - lastAnswer < Self.answerNanoseconds else { return sendClock(ask: false) }
        answer = loop.schedule(at: lastAnswer + Self.answerNanoseconds) { [unowned self] in
            answer = nil
            sendClock(ask: false)
        }
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
            sendClock(ask: true)
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
        case let .success(received):
            guard received.message.sender != instance else { return }
            if let reading = received.clock { host.perform(.householdClock(reading)) { _ in } }
            switch received.message {
            case let .ring(ring): host.perform(.householdRing(ring)) { _ in }
            // A ring this `run` has no part in (it started before this one connected) is nobody's business here.
            case let .ended(ring, by, snoozed): host.perform(.householdEnded(ring: ring, by: by, snoozed: snoozed)) { _ in }
            case let .clock(_, ask): if ask { answerAsk() }
            }
        }
    }
}
