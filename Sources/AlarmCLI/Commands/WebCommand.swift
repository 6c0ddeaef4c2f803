import AlarmCore
import AlarmRuntime
import FaceWeb

/// `alarmplay web`: the page's address with its access token, to open on a phone (or scan: --qr).
public enum WebCommand: Command {
    public static let spec = CommandSpec(
        name: "web",
        abstract: tr("Print the phone page's address with its access token (--qr: as a QR code too)."),
        options: [
            .flag("qr", help: tr("Also draw the address as a QR code to scan with a phone.")),
            .flag("new-token", help: tr("Make a new page token: addresses with the old one stop working once 'run' restarts.")),
            .flag("new-feed-token", help: tr("Make a new token for the calendar feed (the same, for its address).")),
            .http, .json,
        ],
        discussion: tr("""
            Asks the running 'alarmplay run' where it serves the page; when it listens on every
            address (--http 0.0.0.0:8137) the address shown is the machine's LAN address. Without a
            running 'run' it shows where one started with --http (or the default) would serve it.
            The token is $XDG_STATE_HOME/alarmplay/http-token (made on first use); anyone with the
            address can use the page, so share it like a key. The calendar feed
            (/calendar.ics, for a calendar app to subscribe to) has a token of its own, which reads
            the feed and nothing else: its address is the second line (\"feed\" in --json).
            --new-token and --new-feed-token replace one; restart 'run' for it to take effect.
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let path = AccessToken.path(context.environment)
        let feedPath = AccessToken.feedPath(besides: path)
        let token = try arguments.flag("new-token") ? AccessToken.replace(path: path) : AccessToken.loadOrCreate(path: path)
        let feedToken = try arguments.flag("new-feed-token") ? AccessToken.replace(path: feedPath) : AccessToken.loadOrCreate(path: feedPath)
        var address = try arguments.httpAddress() ?? .default
        var note: String?
        if let reply = try? ControlCommand.send(.status, context: context), let status = try? JSONParser.parseStrict(reply) {
            guard let served = status["http"]?.stringValue, let running = try? HTTPAddress(parsing: served) else {
                throw WebUnavailable()
            }
            address = running
        } else {
            note = tr("'alarmplay run' is not running; start it to serve the page")
        }
        var host = address.host
        if address.isAllAddresses { host = LANAddress.first() ?? "localhost" }
        let shown = HTTPAddress(host: host, port: address.port)
        let url = "http://\(shown)/?token=\(token)"
        let feed = "http://\(shown)/calendar.ics?token=\(feedToken)"
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(["url": .string(url), "address": .string(shown.description), "token": .string(token),
                                                        "feed": .string(feed), "feedToken": .string(feedToken)]))
        } else {
            if arguments.flag("qr"), let code = try QRCode(encoding: url) {
                for line in code.terminalLines() { context.console.out(line) }
            }
            context.console.out(url)
            context.console.out(tr("calendar feed (reads the rings, nothing else): {url}", ["url": feed]))
        }
        if arguments.flag("new-token") || arguments.flag("new-feed-token"), note == nil {
            note = tr("restart 'alarmplay run' for the new token to take effect")
        }
        if let note { context.console.err(tr("alarmplay: note: {message}", ["message": note])) }
        return .success
    }
}

/// `run` is up but serves no page (`--no-http`, or it could not start: see its log).
package struct WebUnavailable: UserFacingError {
    package var description: String {
        tr("the running 'alarmplay run' serves no page (started with --no-http, or the port was taken: see its log for event=http_failed)")
    }

    package var exitCode: ExitCode { .unavailable }
}
