import AlarmCore
import AlarmRuntime

/// The API's routes as the core's commands: each request is read into a `ControlRequest`, and
/// its `CommandResult` written back as HTTP (refusals through `WebError(_: Refusal)`, the one
/// place their kinds become statuses). Nothing here reaches into the daemon.
extension WebFace {
    /// How long the page waits for an answer made off the loop (an edit waiting its turn or for
    /// the alarms file's lock) before it hears that it waits (202); the change is then made, or
    /// refused as busy, within the edit's time limit (`OffLoopWorker.editSeconds`).
    package static let waitMilliseconds: Int64 = 2000

    package func commands(_ route: WebRoute, _ request: HTTPRequest) -> HTTPReply {
        let command: ControlRequest
        do {
            command = try Self.command(route, request)
        } catch {
            // An unknown alarm is 404 whatever the body, as for DELETE: what is named comes first.
            if case let .editAlarm(id) = route, case let alarms = host.snapshot().fileAlarms, alarms.alarm(named: id) == nil {
                return .response(WebError(Refusal(.notFound, AlarmNotFound(id, among: alarms).description)).response)
            }
            return .response(error.response)
        }
        let status = Self.successStatus(route)
        let reply = DeferredReply()
        var waiting: EventLoop.Deadline?
        host.perform(command) { [loop, report] result in
            loop.cancel(waiting)
            do throws(WebError) {
                var response = try HTTPResponse.json(result)
                response.status = response.status == 200 ? status : response.status
                reply.answer(response)
            } catch {
                // Said in the log too when the page was told "waiting" and the edit then failed.
                if reply.response != nil {
                    report(.page(.editFailed(problem: String(decoding: error.response.body, as: UTF8.self))))
                }
                reply.answer(error.response)
            }
        }
        if let answered = reply.response { return .response(answered) }
        waiting = loop.schedule(afterMilliseconds: Self.waitMilliseconds) {
            reply.answer(.json(["message": .string(Self.waitingMessage(route)), "waiting": true], status: 202))
        }
        return .later(reply)
    }

    /// What the page is told when the answer takes longer than `waitMilliseconds`.
    private static func waitingMessage(_ route: WebRoute) -> String {
        if case .uploadSound = route { return "the sound is being checked; it is added once it is" }
        let seconds = Int(OffLoopWorker.editSeconds.rounded())
        return "the change waits its turn (edits ahead of it, or the alarms file's lock held by another process); it is made or refused within \(seconds) s"
    }

    private static func successStatus(_ route: WebRoute) -> Int {
        switch route {
        case .addAlarm, .uploadSound, .startTimer, .startSleep: return 201
        case .preview: return 202
        default: return 200
        }
    }

    package static func command(_ route: WebRoute, _ request: HTTPRequest) throws(WebError) -> ControlRequest {
        switch route {
        case .status: return .status
        case .listAlarms: return .listAlarms
        case .addAlarm: return .addAlarm(try alarmChanges(request, removals: false))
        case let .editAlarm(id):
            let changes = try alarmChanges(request, removals: true)
            guard !changes.isEmpty else { throw WebError(400, "nothing to change: send the fields to change") }
            return .editAlarm(id: id, changes)
        case let .removeAlarm(id): return .removeAlarm(id: id)
        case let .alarm(id, .enable): return .setEnabled(id: id, true)
        case let .alarm(id, .disable): return .setEnabled(id: id, false)
        case let .alarm(id, .skip): return .skip(id: id)
        case let .alarm(id, .unskip): return .unskip(id: id)
        case let .alarm(id, .shift): return .shift(id: id, try shiftTarget(request))
        case .snooze, .stop:
            let id = try WebRequestBody.object(request, allowed: ["id"], optional: true).first?.value
            guard id == nil || id?.stringValue != nil || id?.isNull == true else { throw WebError.problems([("id", "id must be a string")]) }
            return route == .snooze ? .snooze(id: id?.stringValue) : .stop(id: id?.stringValue)
        case .sounds: return .listSounds
        case let .preview(name):
            let volume = try WebRequestBody.object(request, allowed: ["volume"], optional: true).first?.value
            guard let level = volume.map({ $0.numberValue?.double }) ?? 0.8 else {
                throw WebError.problems([("volume", "volume must be a number from 0.0 to 1.0")])
            }
            return .preview(sound: name, volume: level)
        case .stopPreview: return .stopPreview
        case .reportsSeen: return .reportsSeen
        case .uploadSound: return .addSound(name: request.query["name"] ?? "", file: request.bodyFile ?? "")
        case .startTimer: return try timer(request)
        case let .cancelTimer(id): return .cancelTimer(id: id)
        case .startSleep: return try sleep(request)
        case .stopSleep: return .stopSleep
        case .page, .events, .calendarFeed, .messages:
            throw WebError(404, "not an API path")
        }
    }

    private static func timer(_ request: HTTPRequest) throws(WebError) -> ControlRequest {
        let members = try WebRequestBody.object(request, allowed: ["duration", "label"])
        let body = Dictionary(members.map { ($0.key, $0.value) }) { $1 }
        let seconds = try duration(body["duration"], field: "duration", example: "25m")
        if let label = body["label"], label.stringValue == nil, !label.isNull {
            throw WebError.problems([("label", "label must be a string")])
        }
        return .startTimer(seconds: seconds, label: body["label"]?.stringValue)
    }

    /// `{"to": "07:30"}`, `{"to": "+30m"}`; nil for `{"to": null}` (put the ring back).
    private static func shiftTarget(_ request: HTTPRequest) throws(WebError) -> RingShift.Target? {
        let message = "to must be a time such as \"07:30\", an offset such as \"+30m\", or null"
        guard let to = try WebRequestBody.object(request, allowed: ["to"]).first(where: { $0.key == "to" })?.value else {
            throw WebError.problems([("to", message)])
        }
        if to.isNull { return nil }
        guard let text = to.stringValue else { throw WebError.problems([("to", message)]) }
        do {
            return try RingShift.Target(parsing: text)
        } catch {
            throw WebError.problems([("to", error.message)])
        }
    }

    /// An alarm object from the body as `AlarmChanges`: the keys of the alarms file, values as
    /// they would be written there; `null` removes a key (PATCH).
    private static func alarmChanges(_ request: HTTPRequest, removals: Bool) throws(WebError) -> AlarmChanges {
        var changes = AlarmChanges()
        let allowed = AlarmChanges.keyOrder.filter { $0 != "skip" && $0 != "shift" }
        let members = try WebRequestBody.object(request, allowed: allowed)
        let ownerOnly = members.filter { AlarmChanges.ownerOnlyKeys.contains($0.key) }
        guard ownerOnly.isEmpty else {
            throw WebError.forbidden(ownerOnly.map { member in
                (member.key, "\(member.key) can be set only in the alarms file itself (an editor or the alarmplay command), not from the page")
            })
        }
        for member in members {
            if member.value.isNull {
                guard removals else { throw WebError.problems([(member.key, "\(member.key) cannot be null")]) }
                changes.remove(member.key)
            } else if member.key == "time", let text = member.value.stringValue, let time = try? TimeOfDay(typed: text) {
                changes.set("time", .string(time.description))
            } else {
                changes.set(member.key, member.value)
            }
        }
        // A calendar by its name in the file's "calendars" only: a path or an address would read any file or reach any server.
        let naming = CalendarName.keysNamingFiles(in: changes)
        guard naming.isEmpty else { throw WebError.forbidden(naming.map { ($0, CalendarName.ownerOnly($0)) }) }
        return changes
    }
}
