/// Home Assistant over MQTT as one of `run`'s faces: availability with a will, one device
/// discovery message, retained states republished within a second of any change, events, and
/// commands turned into the daemon's commands. A broker that is down or lost is logged once and
/// retried with backoff; alarms ring regardless.
final class MQTTFace: DaemonFace {
    typealias Log = (EventLog.Level, String, [(String, String)]) -> Void
    /// Applies a command, then says why it was refused (nil: done), at once or once an edit is written.
    typealias Apply = (MQTTCommand, @escaping (String?) -> Void) -> Void

    private let settings: MQTTSettings
    private let loop: EventLoop
    private let device: HomeAssistantDevice
    private let snapshot: () -> HomeAssistantDevice.Snapshot
    private let apply: Apply
    private let log: Log
    private var connection: MQTTConnection?
    private var published: [String: String] = [:]
    private var announced: [String: String] = [:]
    private var announcedSounds: [String] = []
    private var refresh: EventLoop.Deadline?
    private var forceNext = false
    private var wasDisconnected = false

    init(settings: MQTTSettings, loop: EventLoop, snapshot: @escaping () -> HomeAssistantDevice.Snapshot,
         apply: @escaping Apply, log: @escaping Log) {
        self.settings = settings
        self.loop = loop
        self.snapshot = snapshot
        self.apply = apply
        self.log = log
        device = HomeAssistantDevice(id: settings.deviceID, name: settings.deviceName, version: Version.current)
    }

    deinit {
        loop.cancel(refresh)
    }

    func start() {
        let options = MQTTConnection.Options(
            broker: settings.broker, clientID: "alarmplay-\(settings.deviceID)", username: settings.username,
            password: settings.password, will: (device.availabilityTopic, "offline"))
        do {
            let connection = try MQTTConnection(options: options, loop: loop) { [unowned self] in handle($0) }
            self.connection = connection
            connection.connect()
        } catch {
            log(.warning, "mqtt_disconnected", [("broker", settings.broker.description), ("reason", "\(error)")])
        }
    }

    /// A clean stop says `offline` itself before disconnecting.
    func stop() {
        connection?.publish(device.availabilityTopic, "offline", retain: true)
        connection?.disconnect()
    }

    /// Every event the daemon publishes: Home Assistant's event types go out as events, and any
    /// event may have changed a state, so states are compared and republished shortly after.
    func publish(_ level: EventLog.Level, _ name: String, _ fields: [(String, String)], at instant: Instant) {
        guard let connection, connection.isConnected else { return }
        if HomeAssistantDevice.eventTypes.contains(name) {
            let id = fields.first { $0.0 == "id" }?.1
            let label = snapshot().alarms.first { $0.name == id }?.label
            connection.publish(device.eventTopic, JSONWriter.compact(["event_type": .string(name), "id": .optional(id), "label": .optional(label)]),
                               retain: false)
        }
        scheduleRefresh(afterMilliseconds: 0, force: false)
    }

    private func handle(_ event: MQTTConnection.Event) {
        switch event {
        case .connected:
            log(.info, "mqtt_connected", [("broker", settings.broker.description), ("device", settings.deviceID)])
            wasDisconnected = false
            connection?.subscribe(device.commandTopics)
            connection?.publish(device.availabilityTopic, "online", retain: true)
            republish(force: true)
        case let .disconnected(reason):
            // Once per outage, not once per retry.
            guard !wasDisconnected else { return }
            wasDisconnected = true
            log(.warning, "mqtt_disconnected", [("broker", settings.broker.description), ("reason", reason)])
        case let .message(topic, payload, retained):
            // A retained command is a stale press: it must not snooze on every reconnect.
            guard !retained else { return }
            received(topic, payload)
        }
    }

    private func received(_ topic: String, _ payload: [UInt8]) {
        let alarms = Dictionary(snapshot().alarms.map { ($0.topicID, $0.name) }) { first, _ in first }
        switch MQTTCommand.parse(topic: topic, payload: payload, device: device, alarms: alarms) {
        case nil:
            return
        case .success(.homeAssistantOnline):
            scheduleRefresh(afterMilliseconds: Int64.random(in: 0...5000), force: true)
        case let .success(command):
            apply(command) { [unowned self] refusal in
                if let refusal { reject(topic, refusal) }
            }
        case let .failure(rejection):
            reject(rejection.topic, rejection.reason)
        }
    }

    /// Logged, nothing changed, and the states published again so the control springs back.
    private func reject(_ topic: String, _ reason: String) {
        log(.warning, "mqtt_rejected", [("topic", topic), ("reason", reason)])
        scheduleRefresh(afterMilliseconds: 0, force: true)
    }

    /// Coalesces the refreshes a burst of events asks for; a forced one (everything again, even
    /// what has not changed) is never swallowed by a plain one.
    private func scheduleRefresh(afterMilliseconds delay: Int64, force: Bool) {
        forceNext = forceNext || force
        guard refresh == nil || force else { return }
        loop.cancel(refresh)
        refresh = loop.schedule(afterMilliseconds: delay) { [unowned self] in
            refresh = nil
            let force = forceNext
            forceNext = false
            republish(force: force)
        }
    }

    /// Discovery when the alarms changed (or `force`), then every state that changed.
    private func republish(force: Bool) {
        guard let connection, connection.isConnected else { return }
        let now = snapshot()
        let components = device.components(now.alarms)
        let states = device.states(now)
        if force || components != announced || now.sounds != announcedSounds {
            let removed = announced.filter { components[$0.key] == nil }
            connection.publish(device.discoveryTopic, JSONWriter.compact(device.discovery(now.alarms, sounds: now.sounds, removed: removed)), retain: true)
            // A removed alarm's retained states go too (an empty retained message deletes one).
            for topic in published.keys where states[topic] == nil { connection.publish(topic, "", retain: true) }
            announced = components
            announcedSounds = now.sounds
        }
        if force { published = [:] }
        for (topic, payload) in states.sorted(by: { $0.key < $1.key }) where published[topic] != payload {
            connection.publish(topic, payload, retain: true)
            published[topic] = payload
        }
    }
}
