import AlarmCore
import AlarmAudio

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
                return .value(.alarms(model.fileAlarms.map { listing($0, in: snapshot) }))
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
        case let .preview(sound, volume): reply(settled { startPreview(sound, volume: volume) })
        case .stopPreview: reply(previews.stop(sleep: false))
        case let .startSleep(request): reply(settled { startSleep(request) })
        case .stopSleep: reply(previews.stop(sleep: true))
        case let .startTimer(seconds, label):
            reply(settled {
                model.startTimer(seconds: seconds, label: label, defaults: source.defaults).map { timer -> CommandValue in
                    event(.timerStarted(id: timer.alarm.name, at: timer.at, seconds: seconds))
                    return .timer(timer)
                }.command
            })
        case let .cancelTimer(id):
            reply(settled {
                model.cancelTimer(id).map { _ -> CommandValue in
                    event(.timerCancelled(id: id))
                    return .timerCancelled(id: id)
                }.command
            })
        case let .addAlarm(changes):
            // A file deleted under a running `run` is made again from the schedule in force.
            let today = LocalTimeZone.current.localTime(at: clock.now().seconds).date
            edit(whenMissing: source.documentInForce, { try AlarmFileEdits.add(changes, to: $0, today: today) }, reply)
        case let .editAlarm(id, changes):
            let today = LocalTimeZone.current.localTime(at: clock.now().seconds).date
            edit({ try AlarmFileEdits.edit(id, changes, in: $0, today: today) }, reply)
        case let .removeAlarm(id):
            edit({ file in
                let removed = try AlarmFileEdits.alarm(id, in: file).name
                return (try AlarmFileEdits.remove(id, from: file).edit, removed)
            }, answer: { _, removed in .value(.removed(id: removed)) }, reply)
        case let .setEnabled(id, on):
            edit({ try AlarmFileEdits.setEnabled(on, id, in: $0) }, answer: { [unowned self] file, index in
                // Switched on, it rings at its next time even if it is a one-shot that rang.
                if on { _ = perform(.rearm(id: id)) }
                return listing(file, index)
            }, reply)
        case let .skip(id):
            let schedule = model.state.schedule
            let now = clock.now().seconds
            edit({ try AlarmFileEdits.skip(id, in: $0, state: schedule, now: now).outcome }, reply)
        case let .unskip(id):
            edit({ try AlarmFileEdits.unskip(id, in: $0) }, reply)
        case let .shift(id, target):
            let schedule = model.state.schedule
            let now = clock.now().seconds
            edit({ file in
                guard let target else { return try AlarmFileEdits.unshift(id, in: file) }
                return try AlarmFileEdits.shift(id, target, in: file, state: schedule, now: now).outcome
            }, reply)
        case let .addSound(name, file):
            addSound(name, file, reply)
        case .reportsSeen:
            let count = reports.count
            reports = []
            saveState()
            // An event, so the faces that show the reports (MQTT's retained topic) update too.
            event(.reportsSeen(cleared: count))
            reply(.value(.reportsCleared(count)))
        case let .volume(louder): reply(current { previews.changeVolume(louder: louder) })
        case .sayNext:
            reply(settled {
                let next = snapshot().next
                return previews.sayNext(next, devices: next.map { devices(for: $0.alarm) } ?? [], ringing: !model.ringing.isEmpty,
                                        speechInstalled: !SpeechSynthesizer.voices().isEmpty)
            })
        case let .householdRing(ring):
            reply(settled { applied(household.ring(ring, into: &model, defaults: source.defaults, at: clock.now().seconds + 1)) })
        case let .householdEnded(ring, by, snoozed): reply(settled { applied(household.ended(ring, by: by, snoozed: snoozed, in: &model)) })
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

    private func edit(whenMissing: JSONValue? = nil, _ change: @escaping @Sendable (AlarmFile) throws -> AlarmFileEdits.Outcome,
                      _ reply: @escaping (CommandResult) -> Void) {
        edit(whenMissing: whenMissing, change, answer: { [unowned self] file, index in listing(file, index) }, reply)
    }

    /// Runs one of `AlarmFileEdits` in the locked writer, off the loop. The schedule learns of
    /// the change like any other edit of the file, by inotify.
    private func edit<Value: Sendable>(
        whenMissing: JSONValue? = nil, _ change: @escaping @Sendable (AlarmFile) throws -> (edit: AlarmEdit?, result: Value),
        answer: @escaping (AlarmFile, Value) -> CommandResult, _ reply: @escaping (CommandResult) -> Void
    ) {
        worker.edit(path: configuration.alarmsPath, sounds: source.registry, whenMissing: whenMissing, change) { outcome in
            switch outcome {
            case let .success(written): reply(answer(written.file, written.value))
            case let .failure(error): reply(.refused(Refusal(editError: error)))
            }
        }
    }

    private func listing(_ file: AlarmFile, _ index: Int) -> CommandResult {
        .value(.edited(file.alarms.indices.contains(index) ? listing(file.alarms[index], in: snapshot()) : nil))
    }

    package func listing(_ alarm: Alarm, in snapshot: Snapshot) -> AlarmListing {
        var listing = snapshot.listing(alarm, sound: try? source.registry.resolve(alarm.settings.sound))
        listing.plays = listing.nextRing.flatMap { source.registry.pick(alarm.settings.sound, context: RingContext(scheduled: $0)) }
        return listing
    }
}
