/// The daemon's side of the web API: each route becomes a command on the same core the keys and
/// the control socket use. Alarm changes go through the one locked, atomic writer
/// (`AlarmFileUpdate` + `AlarmFileEdits`) and reach the schedule like a hand edit, by inotify.
extension AlarmDaemon {
    func makeWebFace() -> WebFace? {
        guard let address = configuration.http else { return nil }
        let token: String
        do {
            token = try AccessToken.loadOrCreate(path: configuration.tokenPath)
        } catch {
            event(.warning, "http_failed", ["address": address.description, "reason": "no access token: \(error)"])
            return nil
        }
        return WebFace(
            address: address, loop: loop, token: token, threshold: log.threshold,
            commands: { [unowned self] in respond($0, $1) },
            snapshot: { [unowned self] in webStatusJSON() },
            log: { [unowned self] level, name, fields in event(level, name, fields) })
    }

    private func respond(_ route: WebRoute, _ request: HTTPRequest) -> HTTPReply {
        do {
            return try command(route, request)
        } catch {
            return .response(error.response)
        }
    }

    private func command(_ route: WebRoute, _ request: HTTPRequest) throws(WebError) -> HTTPReply {
        switch route {
        case .addAlarm:
            let changes = try alarmChanges(request, removals: false)
            return changeAlarms(status: 201) { try AlarmFileEdits.add(changes, to: $0) }
        case let .editAlarm(id):
            let changes = try alarmChanges(request, removals: true)
            guard !changes.isEmpty else { throw WebError(400, "nothing to change: send the fields to change") }
            return changeAlarms { try AlarmFileEdits.edit(id, changes, in: $0) }
        case let .removeAlarm(id):
            return changeAlarms({ file in
                let removed = try AlarmFileEdits.alarm(id, in: file).name
                return (try AlarmFileEdits.remove(id, from: file).edit, removed)
            }, answer: { _, removed in .json(["removed": .string(removed)]) })
        case let .alarm(id, .enable):
            return changeAlarms({ try AlarmFileEdits.setEnabled(true, id, in: $0) }, answer: { [unowned self] file, index in
                _ = perform(.rearm(id: id))
                return answer(file, index, status: 200)
            })
        case let .alarm(id, .disable):
            return changeAlarms { try AlarmFileEdits.setEnabled(false, id, in: $0) }
        case let .alarm(id, .unskip):
            return changeAlarms { try AlarmFileEdits.unskip(id, in: $0) }
        case let .alarm(id, .shift):
            let target = try shiftTarget(request)
            let schedule = model.state.schedule
            let now = clock.now().seconds
            return changeAlarms { file in
                guard let target else { return try AlarmFileEdits.unshift(id, in: file) }
                return try AlarmFileEdits.shift(id, target, in: file, state: schedule, now: now).outcome
            }
        case let .alarm(id, .skip):
            let schedule = model.state.schedule
            let now = clock.now().seconds
            return changeAlarms { try AlarmFileEdits.skip(id, in: $0, state: schedule, now: now).outcome }
        default:
            return .response(try answer(route, request))
        }
    }

    /// The routes answered at once, on the loop.
    private func answer(_ route: WebRoute, _ request: HTTPRequest) throws(WebError) -> HTTPResponse {
        switch route {
        case .status:
            return .json(webStatusJSON())
        case .listAlarms:
            let snapshot = snapshot()
            return .json(.array(model.fileAlarms.map { listing($0, in: snapshot) }))
        case .snooze, .stop:
            let id = try WebRequestBody.object(request, allowed: ["id"], optional: true).first?.value
            guard id == nil || id?.stringValue != nil || id?.isNull == true else { throw WebError.problems([("id", "id must be a string")]) }
            return try .json(perform(route == .snooze ? .snooze(id: id?.stringValue) : .stop(id: id?.stringValue)))
        case .sounds:
            return .json(.array(registry.entries.map(SoundsCommand.json)))
        case let .preview(name):
            return try startPreview(name, request)
        case .stopPreview:
            let was = preview != nil
            endPreview(reason: "stopped")
            return .json(["stopped": .bool(was)])
        case .uploadSound:
            return try upload(request)
        case .startTimer:
            return try startTimer(request)
        case let .cancelTimer(id):
            return try cancelTimer(id)
        case .page, .events, .addAlarm, .editAlarm, .removeAlarm, .alarm:
            throw WebError(404, "not an API path")
        }
    }

    /// `{"to": "07:30"}`, `{"to": "+30m"}`; nil for `{"to": null}` (put the ring back).
    private func shiftTarget(_ request: HTTPRequest) throws(WebError) -> RingShift.Target? {
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
    private func alarmChanges(_ request: HTTPRequest, removals: Bool) throws(WebError) -> AlarmChanges {
        var changes = AlarmChanges()
        let allowed = AlarmChanges.keyOrder.filter { $0 != "skip" }
        for member in try WebRequestBody.object(request, allowed: allowed) {
            if member.value.isNull {
                guard removals else { throw WebError.problems([(member.key, "\(member.key) cannot be null")]) }
                changes.remove(member.key)
            } else if member.key == "time", let text = member.value.stringValue, let time = try? TimeOfDay(typed: text) {
                changes.set("time", .string(time.description))
            } else {
                changes.set(member.key, member.value)
            }
        }
        return changes
    }

    /// How long the page waits for an edit before it hears that the alarms file's lock is held.
    static let editWaitMilliseconds: Int64 = 2000

    /// Runs one of `AlarmFileEdits` in the locked writer, off the loop, and answers with the alarm
    /// it concerns. A lock held elsewhere delays only this edit: after `editWaitMilliseconds` the
    /// page hears that it waits (202), and the edit is made once the lock is free (and logged if
    /// it then fails).
    private func changeAlarms(status: Int = 200, _ edit: @escaping @Sendable (AlarmFile) throws -> AlarmFileEdits.Outcome) -> HTTPReply {
        changeAlarms(edit, answer: { [unowned self] file, index in answer(file, index, status: status) })
    }

    private func changeAlarms<Value: Sendable>(
        _ edit: @escaping @Sendable (AlarmFile) throws -> (edit: AlarmEdit?, result: Value),
        answer: @escaping (AlarmFile, Value) -> HTTPResponse
    ) -> HTTPReply {
        let reply = DeferredReply()
        let waiting = loop.schedule(afterMilliseconds: Self.editWaitMilliseconds) {
            reply.answer(.json(["message": "waiting for the alarms file's lock (another program holds it); the change is made once it is free",
                                "waiting": true], status: 202))
        }
        edits.perform(path: configuration.alarmsPath, sounds: registry, createIfMissing: true, edit) { [unowned self] outcome in
            loop.cancel(waiting)
            switch outcome {
            case let .success(written):
                reply.answer(answer(written.file, written.value))
            case let .failure(error):
                let response = Self.response(for: error)
                if reply.response != nil { event(.warning, "edit_failed", ["problem": String(decoding: response.body, as: UTF8.self)]) }
                reply.answer(response)
            }
        }
        return .later(reply)
    }

    private func answer(_ file: AlarmFile, _ index: Int, status: Int) -> HTTPResponse {
        guard file.alarms.indices.contains(index) else { return .json(["ok": .bool(true)], status: status) }
        return .json(listing(file.alarms[index], in: snapshot()), status: status)
    }

    /// Why an edit was refused, as the API says it.
    private static func response(for error: any Error) -> HTTPResponse {
        switch error {
        case let error as AlarmEditRejected:
            return WebError.problems(error.problems.map { ($0.key, $0.message) }).response
        case let error as AlarmFileError:
            return .json([
                "error": "the alarms file has problems; fix it first (nothing was changed)",
                "problems": .array(error.lines.map(JSONValue.string)),
            ], status: 409)
        case let error as AlarmNotFound:
            return WebError(Refusal(.notFound, error.description)).response
        case let error as any UserFacingError:
            return .error(error.exitCode == .failure ? 500 : 409, error.description)
        default:
            return .error(500, "\(error)")
        }
    }

    func listing(_ alarm: Alarm, in snapshot: Snapshot) -> JSONValue {
        snapshot.listing(alarm, sound: try? registry.resolve(alarm.settings.sound)).json(format: TimeFormat())
    }

    /// `status --json`, plus what the page needs besides: the file's problems, timers, the time.
    func webStatusJSON() -> JSONValue {
        let format = TimeFormat()
        let extra: [JSONMember] = [
            JSONMember("problems", .array(fileProblems.map(JSONValue.string))),
            JSONMember("timers", .array(model.timers.map { $0.json(format: format) })),
            JSONMember("now", .string(format.iso(clock.now().seconds))),
        ]
        var status = statusJSON()
        status.kind = .object((status.members ?? []) + extra)
        return status
    }
}
