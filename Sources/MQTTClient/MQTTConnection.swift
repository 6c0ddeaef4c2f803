import AlarmCore
import AlarmRuntime
import CMosquitto

#if canImport(Glibc)
import Glibc
#endif

/// libmosquitto (MQTT 3.1.1) driven from `run`'s poll loop, no thread of its own: its socket is
/// watched like any other (it can change on every reconnect), writes wait for POLLOUT, and the
/// keepalive is one deadline a little after the keepalive interval since the last write, so an
/// idle connection costs a ping and its answer a minute. A lost or refused connection is retried
/// with backoff, 1 s doubling to 60 s. Owns the client and destroys it in `deinit`.
final package class MQTTConnection {
    package struct Options {
        package var broker: MQTTBroker
        package var clientID: String
        package var username: String?
        package var password: String?
        /// Published by the broker if this client vanishes without a clean disconnect.
        package var will: (topic: String, payload: String)?
        package var keepaliveSeconds: Int32 = 60

        package init(broker: MQTTBroker, clientID: String, username: String? = nil, password: String? = nil, will: (topic: String, payload: String)? = nil, keepaliveSeconds: Int32 = 60) {
            self.broker = broker
            self.clientID = clientID
            self.username = username
            self.password = password
            self.will = will
            self.keepaliveSeconds = keepaliveSeconds
        }
    }

    package enum Event {
        case connected
        case disconnected(reason: String)
        case message(topic: String, payload: [UInt8], retained: Bool)
    }

    private let options: Options
    private let loop: EventLoop
    private let onEvent: (Event) -> Void
    private static let library = OptionalLibrary.mosquitto.load(alarmplay_mosquitto_load)
    private let mosquitto: alarmplay_mosquitto_functions
    private let client: OpaquePointer
    private var watched: Int32 = -1
    private var keepalive: EventLoop.Deadline?
    private var retry: EventLoop.Deadline?
    private var retryMilliseconds: Int64 = 1000
    private var pendingLookup: HostLookup?
    /// Addresses of the broker's name not tried yet in this round of connecting.
    private var untried: [String] = []
    private(set) package var isConnected = false
    private var isStopping = false

    /// Throws a `LibraryError` when libmosquitto is missing, a `SystemError` when it cannot make a client.
    package init(options: Options, loop: EventLoop, onEvent: @escaping (Event) -> Void) throws {
        let mosquitto = try Self.library.get().functions
        _ = mosquitto.mosquitto_lib_init()
        self.mosquitto = mosquitto
        self.options = options
        self.loop = loop
        self.onEvent = onEvent
        guard let client = mosquitto.mosquitto_new(options.clientID, true, nil) else { throw SystemError("mosquitto_new") }
        self.client = client
        mosquitto.mosquitto_user_data_set(client, Unmanaged.passUnretained(self).toOpaque())
        _ = mosquitto.mosquitto_int_option(client, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        mosquitto.mosquitto_connect_callback_set(client) { _, context, code in
            guard let context else { return }
            Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue().connected(code)
        }
        mosquitto.mosquitto_message_callback_set(client) { _, context, message in
            guard let context, let message else { return }
            Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue().received(message.pointee)
        }
        if let will = options.will {
            let payload = Array(will.payload.utf8)
            _ = mosquitto.mosquitto_will_set(client, will.topic, Int32(payload.count), payload, 1, true)
        }
        if let username = options.username { _ = mosquitto.mosquitto_username_pw_set(client, username, options.password) }
        if options.broker.tls { _ = mosquitto.mosquitto_tls_set(client, nil, "/etc/ssl/certs", nil, nil, nil) }
    }

    deinit {
        if let pendingLookup { loop.unwatch(pendingLookup.done.descriptor) }
        loop.cancel(keepalive)
        loop.cancel(retry)
        if watched >= 0 { loop.unwatch(watched) }
        mosquitto.mosquitto_destroy(client)
    }

    /// Connects, or tries again. A host name is looked up on a thread of its own first:
    /// libmosquitto would call a blocking getaddrinfo on the loop, and a DNS that hangs must not
    /// hold up a ring. (`mqtts://` gives libmosquitto the name itself, which its certificate
    /// check needs.)
    package func connect() {
        retry = nil
        let host = options.broker.host
        guard options.broker.port != 0, !options.broker.tls, !HostLookup.isNumeric(host), let lookup = try? HostLookup() else {
            return attempt(host)
        }
        pendingLookup = lookup
        loop.watch(lookup.done.descriptor) { [unowned self] in
            loop.unwatch(lookup.done.descriptor)
            pendingLookup = nil
            untried = lookup.addresses
            guard !untried.isEmpty else { return lost("cannot resolve \(host)") }
            attempt(untried.removeFirst())
        }
        lookup.start(host)
    }

    private func attempt(_ host: String) {
        let code = mosquitto.mosquitto_connect_async(client, host, Int32(options.broker.port), options.keepaliveSeconds)
        guard code == MOSQ_ERR_SUCCESS.rawValue else { return lost(reason(code)) }
        updateWatch()
    }

    /// Queues a message (QoS 1) and starts writing it.
    package func publish(_ topic: String, _ payload: String, retain: Bool) {
        guard isConnected else { return }
        let bytes = Array(payload.utf8)
        _ = mosquitto.mosquitto_publish(client, nil, topic, Int32(bytes.count), bytes, 1, retain)
        flush()
    }

    package func subscribe(_ topics: [String]) {
        for topic in topics { _ = mosquitto.mosquitto_subscribe(client, nil, topic, 1) }
        flush()
    }

    /// A clean stop: what was queued goes out, then the DISCONNECT (so the broker keeps its will).
    package func disconnect() {
        guard isConnected else { return }
        isStopping = true
        flush()
        _ = mosquitto.mosquitto_disconnect(client)
        flush()
        isConnected = false
    }

    private func flush() {
        if mosquitto.mosquitto_want_write(client) { _ = mosquitto.mosquitto_loop_write(client, 1) }
        updateWatch()
    }

    private func connected(_ code: Int32) {
        // A broker that answered and refused is the broker's answer, whichever address it came on.
        untried = []
        guard code == 0 else { return lost(mosquitto.mosquitto_connack_string(code).map { String(cString: $0) } ?? "refused (\(code))") }
        isConnected = true
        retryMilliseconds = 1000
        onEvent(.connected)
    }

    private func received(_ message: mosquitto_message) {
        let topic = message.topic.map { String(cString: $0) } ?? ""
        let count = Int(message.payloadlen)
        let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        onEvent(.message(topic: topic, payload: payload, retained: message.retain))
    }

    private func ready(_ readiness: EventLoop.Readiness) {
        var code = MOSQ_ERR_SUCCESS.rawValue
        if readiness.contains(.readable) { code = mosquitto.mosquitto_loop_read(client, 1) }
        if code == MOSQ_ERR_SUCCESS.rawValue, readiness.contains(.writable) || mosquitto.mosquitto_want_write(client) {
            code = mosquitto.mosquitto_loop_write(client, 1)
        }
        guard code == MOSQ_ERR_SUCCESS.rawValue else { return lost(reason(code)) }
        updateWatch()
    }

    /// Follows the client's socket (a new one after each reconnect) and whether it has bytes to
    /// write; arms the keepalive a little after the interval, when libmosquitto will ping.
    private func updateWatch() {
        let socket = mosquitto.mosquitto_socket(client)
        if socket != watched, watched >= 0 { loop.unwatch(watched) }
        watched = socket
        guard socket >= 0 else { return }
        let interest: EventLoop.Readiness = mosquitto.mosquitto_want_write(client) ? [.readable, .writable] : .readable
        loop.watch(socket, for: interest) { [unowned self] in ready($0) }
        loop.cancel(keepalive)
        keepalive = loop.schedule(afterMilliseconds: Int64(options.keepaliveSeconds) * 1000 + 500) { [unowned self] in
            keepalive = nil
            let code = mosquitto.mosquitto_loop_misc(client)
            guard code == MOSQ_ERR_SUCCESS.rawValue else { return lost(reason(code)) }
            flush()
        }
    }

    private func lost(_ reason: String) {
        if watched >= 0 { loop.unwatch(watched) }
        watched = -1
        loop.cancel(keepalive)
        keepalive = nil
        let wasConnected = isConnected
        isConnected = false
        guard !isStopping else { return }
        // The next address of the name at once; the backoff is for the broker, not for one address.
        if !wasConnected, !untried.isEmpty { return attempt(untried.removeFirst()) }
        onEvent(.disconnected(reason: wasConnected ? reason : "cannot connect: \(reason)"))
        loop.cancel(retry)
        retry = loop.schedule(afterMilliseconds: retryMilliseconds) { [unowned self] in
            retry = nil
            connect()
        }
        retryMilliseconds = min(retryMilliseconds * 2, 60_000)
    }

    private func reason(_ code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        return mosquitto.mosquitto_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
