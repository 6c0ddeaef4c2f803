import AlarmCore

/// Every command from every face, handled here and nowhere else. Most are answered at once, on
/// the loop; edits of the alarms file and uploads are finished off the loop and answered then,
/// so nothing a face asks can delay a ring.
extension AlarmDaemon {
    package func perform(_ request: ControlRequest, reply: @escaping (CommandResult) -> Void) {
        switch request {
        case let .snooze(id): reply(settled { household.snooze(id, in: &model) })
        case let .stop(id): reply(settled { CommandResult(model.stop(id)) })
        case .status: reply(current { .value(.status(statusReport())) })
        case .help: reply(.done(Phrase(ControlRequest.keyHelp)))
        case .listAlarms:
            reply(current {
                let snapshot = snapshot()
                return .value(.alarms(model.fileAlarms.map { source.listing($0, in: snapshot) }))
            })
        case .listSounds: reply(.value(.sounds(source.registry.entries)))
        case let .rearm(id): reply(settled { CommandResult(model.rearm(id)) })
        case .interrupt where !model.ringing.isEmpty: reply(settled { CommandResult(model.stop(nil)) })
        case .interrupt, .quit:
            exitCode = request == .interrupt ? .interrupted : .success
            loop.stop()
            reply(.done(Phrase("quitting")))
        case .reload:
            reload(reason: "SIGHUP") { reply(.done(Phrase("reloaded"))) }
        case let .preview(name, volume): reply(settled { sound.preview(name, volume: volume, ringing: !model.ringing.isEmpty) })
        case .stopPreview: reply(sound.previews.stop(sleep: false))
        case let .startSleep(request): reply(settled { sound.sleep(request, ringing: !model.ringing.isEmpty) })
        case .stopSleep: reply(sound.previews.stop(sleep: true))
        case let .startTimer(seconds, label):
            reply(settled { model.startTimer(seconds: seconds, label: label, defaults: source.defaults).map { .timer($0) }.command })
        case let .cancelTimer(id): reply(settled { model.cancelTimer(id).map { .timerCancelled(id: id) }.command })
        case .addAlarm, .editAlarm, .removeAlarm, .setEnabled, .skip, .unskip, .shift:
            edit(request, reply)
        case let .addSound(name, file):
            addSound(name, file, reply)
        case .reportsSeen:
            let count = model.state.reports.count
            model.state.reports = []
            saveState()
            // An event, so the faces that show the reports (MQTT's retained topic) update too.
            event(.reportsSeen(cleared: count))
            reply(.value(.reportsCleared(count)))
        case let .volume(louder): reply(current { sound.previews.changeVolume(louder: louder) })
        case .sayNext: reply(settled { sound.sayNext(snapshot().next, ringing: !model.ringing.isEmpty) })
        case let .householdRing(ring):
            reply(settled { applied(household.ring(ring, into: &model, defaults: source.defaults, at: clock.now().seconds + 1)) })
        case let .householdEnded(ring, by, snoozed): reply(settled { applied(household.ended(ring, by: by, snoozed: snoozed, in: &model)) })
        case let .householdClock(reading): reply(compareClock(reading))
        }
    }

    /// For the faces that need the answer at once (keys, signals, the control socket), which
    /// ask only for what is answered on the loop.
    package func perform(_ request: ControlRequest) -> CommandResult {
        var answer: CommandResult?
        perform(request) { answer = $0 }
        return answer ?? .done(Phrase("accepted: {request} is made off the loop", ["request": request.line]))
    }

    /// What came due before the request is handled first, so the request sees the present (a
    /// ring due this second has fired, its pre-roll is open), and the timer is re-armed after it.
    private func settled(_ body: () -> CommandResult) -> CommandResult {
        let result = current(body)
        evaluate(clockChanged: false)
        return result
    }

    /// For a request that only looks: the present, and nothing to re-arm after.
    private func current(_ body: () -> CommandResult) -> CommandResult {
        evaluate(clockChanged: false)
        return body()
    }

    /// Runs the edit in the locked writer, off the loop. The schedule learns of the change like any
    /// other edit of the file, by inotify.
    private func edit(_ request: ControlRequest, _ reply: @escaping (CommandResult) -> Void) {
        let now = clock.now().seconds
        guard let asked = FileEditRequest(request, today: LocalTimeZone.current.localTime(at: now).date,
                                          schedule: model.state.schedule, now: now) else {
            // Every face waits for an answer: a request `perform` took for an edit is never left without one.
            return reply(.refused(Refusal(.failed, "\(request.line) is not an edit of the alarms file")))
        }
        worker.edit(path: configuration.alarmsPath, sounds: source.registry,
                    whenMissing: asked.remakesMissing ? source.documentInForce : nil, asked.change) { [unowned self] outcome in
            switch outcome {
            case let .success(written):
                if let id = asked.rearms { _ = perform(.rearm(id: id)) }
                let snapshot = snapshot()
                reply(.value(FileEditRequest.reply(written.file, written.value) { source.listing($0, in: snapshot) }))
            case let .failure(error): reply(.refused(Refusal(editError: error)))
            }
        }
    }
}
