/// What a web request asks for, decided from its method and path alone. Every face turns what it
/// receives into commands for the daemon; this is the web's half of that table.
public enum WebRoute: Equatable, Sendable {
    public enum AlarmAction: String, Sendable, CaseIterable {
        case enable, disable, skip, unskip, shift
    }

    case page(String)
    case status
    case listAlarms
    case addAlarm
    case editAlarm(String)
    case removeAlarm(String)
    case alarm(String, AlarmAction)
    case snooze
    case stop
    case sounds
    case uploadSound
    case preview(String)
    case stopPreview
    case startTimer
    case cancelTimer(String)
    case startSleep
    case stopSleep
    case events
    case reportsSeen
    /// The coming rings as an iCalendar feed, for a phone's calendar to subscribe to.
    case calendarFeed
    case messages

    /// The route, or the response for a path that does not exist (404) or a method it does not
    /// take (405, with `Allow`).
    public static func resolve(method: String, path: String) -> Result<WebRoute, RouteError> {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let table: [(methods: [String: WebRoute], matches: Bool)] = candidates(segments)
        guard let found = table.first(where: \.matches) else { return .failure(.notFound(path)) }
        guard let route = found.methods[method == "HEAD" ? "GET" : method] else {
            return .failure(.methodNotAllowed(method, allowed: found.methods.keys.sorted()))
        }
        return .success(route)
    }

    public enum RouteError: Error, Equatable, Sendable {
        case notFound(String)
        case methodNotAllowed(String, allowed: [String])

        public var response: HTTPResponse {
            switch self {
            case let .notFound(path):
                return .error(404, "no such path: \(path)")
            case let .methodNotAllowed(method, allowed):
                var response = HTTPResponse.error(405, "\(method) is not allowed here; use \(allowed.joined(separator: " or "))")
                response.headers.append(("Allow", allowed.joined(separator: ", ")))
                return response
            }
        }
    }

    private static func candidates(_ s: [String]) -> [(methods: [String: WebRoute], matches: Bool)] {
        let api = s.first == "api"
        let rest = api ? Array(s.dropFirst()) : []
        let name = rest.count > 1 ? rest[1] : ""
        return [
            (["GET": .page(s.first ?? "")], s.count == 1 && (s[0].isEmpty || StaticFiles.names.contains(s[0]) || StaticFiles.pages[s[0]] != nil)),
            (["GET": .status], rest == ["status"]),
            (["GET": .listAlarms, "POST": .addAlarm], rest == ["alarms"]),
            (["PATCH": .editAlarm(name), "DELETE": .removeAlarm(name)], rest.count == 2 && rest[0] == "alarms" && !name.isEmpty),
            (action(rest), rest.count == 3 && rest[0] == "alarms" && AlarmAction(rawValue: rest[2]) != nil),
            (["POST": .snooze], rest == ["snooze"]),
            (["POST": .stop], rest == ["stop"]),
            (["GET": .sounds, "POST": .uploadSound], rest == ["sounds"]),
            (["POST": .preview(name)], rest.count == 3 && rest[0] == "sounds" && rest[2] == "preview" && !name.isEmpty),
            (["DELETE": .stopPreview], rest == ["preview"]),
            (["POST": .startTimer], rest == ["timer"]),
            (["DELETE": .cancelTimer(name)], rest.count == 2 && rest[0] == "timer" && !name.isEmpty),
            (["POST": .startSleep, "DELETE": .stopSleep], rest == ["sleep"]),
            (["GET": .events], rest == ["events"]),
            (["POST": .reportsSeen], rest == ["reports", "seen"]),
            (["GET": .calendarFeed], s == ["calendar.ics"]),
            (["GET": .messages], rest == ["messages"]),
        ]
    }

    private static func action(_ rest: [String]) -> [String: WebRoute] {
        guard rest.count == 3, let action = AlarmAction(rawValue: rest[2]) else { return [:] }
        return ["POST": .alarm(rest[1], action)]
    }
}
