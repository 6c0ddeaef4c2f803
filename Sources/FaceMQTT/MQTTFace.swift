import AlarmCore
import AlarmRuntime
import MQTTClient

/// Home Assistant over MQTT as one of `run`'s faces: availability with a will, one device
/// discovery message, retained states republished within a second of any change, events, and
/// commands turned into the core's commands. A broker that is down or lost is logged once and
/// retried with backoff; alarms ring regardless.
final package class MQTTFace: DaemonFace {
    private let settings: MQTTSettings
    private let loop: EventLoop
    private let device: HomeAssistantDevice
    private unowned let host: any FaceHost
    private let report: FaceReport.Sink
    private var connection: MQTTConnection?
    private var published: [String: String] = [:]
    private var announced: [String: String] = [:]
    private var announcedSounds: [String] = []
    private var refresh: EventLoop.Deadline?
    /// While a sleep timer plays: when its minutes left next change.
    private var sleepTick: EventLoop.Deadline?
    /// The length the sleep timer's switch starts one for (its number entity).
    private var sleepMinutes = HomeAssistantDevice.defaultSleepMinutes
    private var forceNext = false
    private var wasDisconnected = false
    private lazy var rejections = FloodTeller(loop: loop) { [unowned self] count in
        report(.broker(.rejectedMany(count: count, reason: "more commands refused in \(FloodTeller.intervalSeconds) s than are told one by one")))
    }

    /// With `--mqtt`.
    package static func make(_ host: any FaceHost) -> MQTTFace? {
        host.configuration.mqtt.map { MQTTFace(settings: $0, host: host) }
    }

    package init(settings: MQTTSettings, host: any FaceHost) {
        self.settings = settings
        self.host = host
        loop = host.loop
        report = { [unowned host] in host.report($0) }
        device = HomeAssistantDevice(id: settings.deviceID, name: settings.deviceName, version: Version.current)
    }

    deinit {
        loop.cancel(refresh)
        loop.cancel(sleepTick)
    }

    package func start() {
        let options = MQTTConnection.Options(
            broker: settings.broker, clientID: "alarmplay-\(settings.deviceID)", username: settings.username,
            password: settings.password, will: (device.availabilityTopic, "offline"))
        do {
            let connection = try MQTTConnection(options: options, loop: loop) { [unowned self] in handle($0) }
            self.connection = connection
            connection.connect()
        } catch {
            report(.broker(.disconnected(broker: settings.broker.description, reason: "\(error)")))
        }
    }

    /// A clean stop says `offline` itself before disconnecting.
    package func stop() {
        connection?.publish(device.availabilityTopic, "offline", retain: true)
        connection?.disconnect()
    }

    /// Every event the daemon publishes: Home Assistant's event types go out as events, and any
    /// event may have changed a state, so states are compared and republished shortly after.
    package func publish(_ event: DaemonEvent, at instant: Instant) {
        guard let connection, connection.isConnected else { return }
        if let type = HomeAssistantDevice.eventType(of: event) {
            let id = event.alarmID
            // From the core's snapshot alone: the sound list the selects need is not built at a ring's second.
            let label = host.snapshot().fileAlarms.first { $0.name == id }?.label
            let fields = event.fields.filter { $0.key != "id" }.map { ($0.key, $0.value.json) }
            connection.publish(device.eventTopic, JSONWriter.compact(.object(
                [("event_type", .string(type)), ("id", .optional(id)), ("label", .optional(label))] + fields)), retain: false)
        }
        scheduleRefresh(afterMilliseconds: 0, force: false)
    }

    private func handle(_ event: MQTTConnection.Event) {
        switch event {
        case .connected:
            report(.broker(.connected(broker: settings.broker.description, device: settings.deviceID)))
            wasDisconnected = false
            connection?.subscribe(device.commandTopics)
            connection?.publish(device.availabilityTopic, "online", retain: true)
            republish(force: true)
        case let .disconnected(reason):
            // Once per outage, not once per retry.
            guard !wasDisconnected else { return }
            wasDisconnected = true
            report(.broker(.disconnected(broker: settings.broker.description, reason: reason)))
        case let .message(topic, payload, retained):
            // A retained command is a stale press: it must not snooze on every reconnect.
            guard !retained else { return }
            received(topic, payload)
        }
    }

    /// The core's snapshot as Home Assistant shows it, with the sound names its selects offer.
    private func deviceSnapshot() -> HomeAssistantDevice.Snapshot {
        var sounds: [String] = []
        if case let .value(.sounds(listed)) = host.perform(.listSounds) { sounds = listed.map(\.sound.name) }
        var snapshot = HomeAssistantDevice.Snapshot(host.snapshot(), sounds: sounds)
        snapshot.sleepMinutes = sleepMinutes
        return snapshot
    }

    private func received(_ topic: String, _ payload: [UInt8]) {
        let alarms = Dictionary(HomeAssistantDevice.Snapshot(host.snapshot(), sounds: []).alarms.map { ($0.topicID, $0.name) }) { first, _ in first }
        switch MQTTCommand.parse(topic: topic, payload: payload, device: device, alarms: alarms) {
        case nil:
            return
        case let .success(.sleepMinutes(minutes)):
            sleepMinutes = minutes
            scheduleRefresh(afterMilliseconds: 0, force: false)
        case let .success(command):
            guard let request = command.request(sleepMinutes: sleepMinutes) else {
                // Home Assistant (re)started; a spread-out republish, so a house of devices does not answer at once.
                return scheduleRefresh(afterMilliseconds: Int64.random(in: 0...5000), force: true)
            }
            // Weak: an edit's answer comes from the worker, and may find the face stopped.
            host.perform(request) { [weak self] result in
                if let self, let refusal = result.refusal {
                    reject(topic, refusal.details.first.map { "\(refusal.message): \($0)" } ?? refusal.message, kind: refusal.kind)
                }
            }
        case let .failure(rejection):
            reject(rejection.topic, rejection.reason, kind: .invalid([]))
        }
    }

    /// Logged, said on the event topic, nothing changed, and the states published again so the
    /// control springs back. In a flood only the first few are told (`FloodTeller`); the rest
    /// are counted into one line, and the springing back is one republish for the burst.
    private func reject(_ topic: String, _ reason: String, kind: Refusal.Kind) {
        let tell = rejections.tell()
        scheduleRefresh(afterMilliseconds: 100, force: true)
        guard tell else { return }
        // A topic or reason is the sender's text: bounded before it is logged or published.
        let topic = String(topic.prefix(256)), reason = String(reason.prefix(512))
        report(.broker(.rejected(topic: topic, kind: kind.word, reason: reason)))
        if let connection, connection.isConnected {
            connection.publish(device.eventTopic, JSONWriter.compact(["event_type": "rejected", "topic": .string(topic), "kind": .string(kind.word),
                                                                      "reason": .string(reason)]),
                               retain: false)
        }
    }

    /// Coalesces the refreshes a burst of events asks for; a forced one (everything again, even
    /// what has not changed) is never swallowed by a plain one.
    private func scheduleRefresh(afterMilliseconds delay: Int64, force: Bool) {
        forceNext = forceNext || force
        // One pending at a time: a burst of requests is one republish, forced if any asked it.
        guard refresh == nil else { return }
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
        let now = deviceSnapshot()
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
        // The minutes left change once a minute; nothing wakes the loop without a sleep timer.
        loop.cancel(sleepTick)
        sleepTick = now.sleep.map { sleep in
            loop.schedule(afterMilliseconds: Int64(sleep.secondsToNextMinute) * 1000) { [unowned self] in
                sleepTick = nil
                scheduleRefresh(afterMilliseconds: 0, force: false)
            }
        }
    }
}
