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

    private func respond(_ route: WebRoute, _ request: HTTPRequest) -> HTTPResponse {
        do {
            return try command(route, request)
        } catch {
            return error.response
        }
    }

    private func command(_ route: WebRoute, _ request: HTTPRequest) throws(WebError) -> HTTPResponse {
        switch route {
        case .status:
            return .json(webStatusJSON())
        case .listAlarms:
            let snapshot = snapshot()
            return .json(.array(model.fileAlarms.map { listing($0, in: snapshot) }))
        case .addAlarm:
            let changes = try alarmChanges(request, removals: false)
            return try changeAlarms(status: 201) { try AlarmFileEdits.add(changes, to: $0) }
        case let .editAlarm(id):
            let changes = try alarmChanges(request, removals: true)
            guard !changes.isEmpty else { throw WebError(400, "nothing to change: send the fields to change") }
            return try changeAlarms { try AlarmFileEdits.edit(id, changes, in: $0) }
        case let .removeAlarm(id):
            var removed = ""
            _ = try changeAlarms { file in
                removed = try AlarmFileEdits.alarm(id, in: file).name
                return try AlarmFileEdits.remove(id, from: file)
            }
            return .json(["removed": .string(removed)])
        case let .alarm(id, action):
            return try changeAlarms { file in
                switch action {
                case .enable:
                    let outcome = try AlarmFileEdits.setEnabled(true, id, in: file)
                    _ = perform(.rearm(id: id))
                    return outcome
                case .disable: return try AlarmFileEdits.setEnabled(false, id, in: file)
                case .unskip: return try AlarmFileEdits.unskip(id, in: file)
                case .skip: return try AlarmFileEdits.skip(id, in: file, state: model.state.schedule, now: clock.now().seconds).outcome
                }
            }
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
        case .page, .events:
            throw WebError(404, "not an API path")
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

    /// Runs one of `AlarmFileEdits` in the locked writer and answers with the alarm it concerns.
    private func changeAlarms(status: Int = 200, _ edit: (AlarmFile) throws -> AlarmFileEdits.Outcome) throws(WebError) -> HTTPResponse {
        do {
            let (file, index) = try AlarmFileUpdate.perform(path: configuration.alarmsPath, sounds: registry, createIfMissing: true, edit)
            guard file.alarms.indices.contains(index) else { return .json(["ok": .bool(true)], status: status) }
            return .json(listing(file.alarms[index], in: snapshot()), status: status)
        } catch let error as AlarmEditRejected {
            throw WebError.problems(error.problems.map { ($0.key, $0.message) })
        } catch let error as AlarmFileError {
            throw WebError(response: .json([
                "error": "the alarms file has problems; fix it first (nothing was changed)",
                "problems": .array(error.lines.map(JSONValue.string)),
            ], status: 409))
        } catch let error as UsageError {
            throw WebError(404, error.message)
        } catch let error as any UserFacingError {
            throw WebError(error.exitCode == .failure ? 500 : 409, error.description)
        } catch {
            throw WebError(500, "\(error)")
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
