import AlarmCore
import AlarmRuntime

/// The phone page and its JSON API as one of `run`'s faces: it checks the token, serves the page's
/// files and the event stream itself, and turns every other request into one of the core's
/// commands (`WebFace+Commands`). A face that cannot start (port taken) logs `http_failed` and retries with backoff;
/// alarms ring regardless.
final package class WebFace: DaemonFace {
    package static let jsonLimit = 64 * 1024
    package static let uploadLimit = 50 * 1024 * 1024
    package static let cookie = "alarmplay_token"

    private let address: HTTPAddress
    package let loop: EventLoop
    private let token: String
    /// The calendar feed's own, read-only token.
    private let feedToken: String
    private let files: StaticFiles
    private let hosts: HostCheck
    private let languages = PageLanguages()
    unowned package let host: any FaceHost
    package let report: FaceReport.Sink
    /// Events below the log's threshold are not published either: the stream is the log.
    private let threshold: EventLog.Level
    private var limiter = BadTokenLimiter()
    private var server: HTTPServer?
    private var retryMilliseconds: Int64 = 1000
    private var retry: EventLoop.Deadline?
    private let clock = SystemMonotonicTime()

    /// With `--http` (the default); without an access token there is no page to serve safely.
    package static func make(_ host: any FaceHost) -> WebFace? {
        guard let address = host.configuration.http else { return nil }
        do {
            let tokenPath = host.configuration.tokenPath
            return WebFace(address: address, token: try AccessToken.loadOrCreate(path: tokenPath),
                           feedToken: try AccessToken.loadOrCreate(path: AccessToken.feedPath(besides: tokenPath)), host: host)
        } catch {
            host.report(.page(.failed(address: address.description, reason: "no access token: \(error)", retrySeconds: nil)))
            return nil
        }
    }

    package init(address: HTTPAddress, token: String, feedToken: String, files: StaticFiles = StaticFiles(), host: any FaceHost) {
        self.address = address
        self.token = token
        self.feedToken = feedToken
        hosts = HostCheck(extra: host.configuration.httpHosts)
        self.files = files
        self.host = host
        loop = host.loop
        threshold = host.configuration.log.threshold
        report = { [unowned host] in host.report($0) }
    }

    /// Where the page is served, for `alarmplay web`; null while it cannot start.
    package var statusMembers: [JSONMember] { [JSONMember("http", listening.map { .string($0.description) } ?? .null)] }

    deinit {
        loop.cancel(retry)
    }

    /// Where it listens now (with the port bound), nil while it is not serving.
    package var listening: HTTPAddress? { server.map { HTTPAddress(host: address.host, port: $0.port) } }

    package func start() {
        retry = nil
        let server = HTTPServer(
            address: address, loop: loop, bodyLimit: { [unowned self] in bodyLimit($0) },
            // An upload goes to a file in the folder it is kept in, not into memory.
            spoolFolder: { [unowned self] in Self.isUpload($0) ? (host.configuration.userSounds, Self.suffix($0.query["name"] ?? "")) : nil },
            admit: { [unowned self] in admit($0) }, handle: { [unowned self] in handle($0) })
        do {
            try server.start()
            self.server = server
            retryMilliseconds = 1000
            report(.page(.listening(address: listening?.description ?? "", page: files.isComplete ? files.folder ?? "" : "missing")))
        } catch {
            if let missing = error.missingLibrary {
                // Trying again will not install it: said once, and the alarms ring without the page.
                return report(.page(.cannotServe(address: address.description, reason: missing.description)))
            }
            report(.page(.failed(address: address.description, reason: error.reason, retrySeconds: Int(retryMilliseconds / 1000))))
            retry = loop.schedule(afterMilliseconds: retryMilliseconds) { [unowned self] in start() }
            retryMilliseconds = min(retryMilliseconds * 2, 60_000)
        }
    }

    /// Closing is `deinit`'s: libmicrohttpd ends the open streams when the server goes.
    package func stop() {}

    /// One event, as JSON, to every open event stream.
    package func publish(_ event: DaemonEvent, at instant: Instant) {
        guard let server, server.streamCount > 0, event.level >= threshold else { return }
        server.broadcast(EventStreamClient.message(JSONWriter.compact(event.json(at: instant))))
    }

    private func bodyLimit(_ request: HTTPRequest) -> Int {
        Self.isUpload(request) ? Self.uploadLimit : Self.jsonLimit
    }

    /// `.flac` of `Morning Bells.flac`: letters and digits only, as no name ever shapes a path.
    private static func suffix(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), name[name.index(after: dot)...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return "" }
        return String(name[dot...].prefix(8))
    }

    private static func isUpload(_ request: HTTPRequest) -> Bool {
        request.method == "POST" && request.path == "/api/sounds"
    }

    /// The token, from the header; for the page's files also from `?token=` or the cookie set
    /// with them, and for the event stream from `?token=` (EventSource cannot send headers). State
    /// changes take only the header, so a form on another site cannot make one.
    private func admit(_ request: HTTPRequest) -> HTTPResponse? {
        guard hosts.allows(request.headers["host"]) else {
            return .error(421, "this page does not answer to \"\(request.headers["host"] ?? "")\": open it by this machine's name or address (or add the name with run --http-host)")
        }
        // The catalogs are the page's words, no secret: the token panel is translated too.
        if request.path == "/api/messages" { return nil }
        // The feed takes only its own token, in its address (calendar apps send no headers), and
        // that token opens nothing else.
        let isFeed = request.path == "/calendar.ics"
        let isPage = !request.path.hasPrefix("/api/") && !isFeed
        var given = isFeed ? request.query["token"] : request.headers["authorization"].flatMap(Self.bearer)
        if given == nil, isPage || request.path == "/api/events" { given = request.query["token"] }
        if given == nil, isPage { given = request.headers["cookie"].flatMap(Self.cookieToken) }
        guard let given else {
            // A token in the query of an API call other than the event stream is not looked at: say so.
            if request.query["token"] != nil {
                return .error(401, "the API takes the token only in the header: send Authorization: Bearer TOKEN (?token= is for the page and /api/events)")
            }
            return .error(401, "missing token: open the address 'alarmplay web' prints, or send Authorization: Bearer TOKEN")
        }
        // Only wrong tokens are limited: guesses sent from the phone's own address (an <img> on
        // any page it opens) must not keep the right token from Snooze while it rings.
        guard AccessToken.matches(given, isFeed ? feedToken : token) else {
            let now = Double(clock.now()) / 1e9
            if limiter.isBlocked(request.clientAddress, now: now) {
                return .error(429, "too many wrong tokens from \(request.clientAddress); wait a minute")
            }
            limiter.recordFailure(request.clientAddress, now: now)
            return .error(401, isFeed ? "wrong token: the feed has a token of its own ('alarmplay web --json' prints its address)"
                                      : "wrong token: open the address 'alarmplay web' prints")
        }
        return nil
    }

    private func handle(_ request: HTTPRequest) -> HTTPReply {
        switch WebRoute.resolve(method: request.method, path: request.path) {
        case let .failure(error):
            return .response(error.response)
        case .success(.page):
            guard var page = files.response(for: request.path) else {
                return .response(.error(404, "the page's files are not installed (looked for Web/ beside Sounds/)"))
            }
            if request.query["token"] != nil {
                page.headers.append(("Set-Cookie", "\(Self.cookie)=\(token); Path=/; Max-Age=315360000; HttpOnly; SameSite=Strict"))
            }
            return .response(page)
        case .success(.messages):
            let language = languages.choose(query: request.query["lang"], acceptLanguage: request.headers["accept-language"])
            return .response(.json(languages.response(language: language)))
        case .success(.events):
            let greeting = "retry: 2000\n\n" + statusMessage()
            return .stream(EventStreamClient(greeting: greeting) { [unowned self] in statusMessage() })
        case .success(.calendarFeed):
            let feed = RingFeed(snapshot: host.snapshot()).text
            return .response(HTTPResponse(status: 200, contentType: "text/calendar; charset=utf-8", body: Array(feed.utf8)))
        case let .success(route):
            return commands(route, request)
        }
    }

    /// The status, as the stream's `snapshot` message: all a page that missed events needs.
    private func statusMessage() -> String {
        guard case let .value(.status(status)) = host.perform(.status) else { return "" }
        return EventStreamClient.message(JSONWriter.compact(CommandValue.status(status).json), event: "snapshot")
    }

    package static func bearer(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingSpaces
    }

    package static func cookieToken(_ header: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(\.trimmingSpaces)
            if parts.count == 2, parts[0] == cookie { return parts[1] }
        }
        return nil
    }
}
