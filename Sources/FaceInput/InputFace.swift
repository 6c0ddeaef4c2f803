import AlarmCore
import AlarmRuntime

/// Buttons, keypads, remotes and knobs by the bed (`run --input PATH`, the file's `"inputs"`):
/// Linux input devices read as `struct input_event` records, so the kernel's `gpio-keys` and
/// `rotary-encoder` overlays, a USB keypad, a presenter or a Bluetooth remote all work the same.
/// A press is a command like any other face's, logged with the device's name. A device missing
/// at start or unplugged is said once and taken again when it comes back.
final package class InputFace: DaemonFace {
    /// How often a missing device is tried again besides inotify on its folder (a folder that is
    /// not there yet, like `/dev/input/by-id` with nothing plugged in, cannot be watched).
    package static let retryMilliseconds: Int64 = 5000

    private final class Watched {
        let settings: InputSettings
        var device: InputDevice?
        var watcher: FileWatcher?
        var presses: InputPresses
        var longPress: EventLoop.Deadline?
        /// The next try to open it: at once after its folder changed, or the slow retry.
        var retry: EventLoop.Deadline?
        /// A flooding device's next read.
        var pause: EventLoop.Deadline?
        /// Said missing since it last worked: one `input_missing` per outage.
        var missing = false
        /// Its presses as told: a stuck key or a spun knob logs a count per interval, not each press.
        var told: FloodTeller?

        init(_ settings: InputSettings) {
            self.settings = settings
            presses = InputPresses(keys: settings.keys)
        }
    }

    private unowned let host: any FaceHost
    private var watched: [Watched] = []
    private let clock = SystemMonotonicTime()

    package static func make(_ host: any FaceHost) -> InputFace? { InputFace(host: host) }

    package init(host: any FaceHost) {
        self.host = host
    }

    package func start() { follow(host.inputs) }

    package func stop() {
        for input in watched { close(input) }
        watched = []
    }

    /// A reload may add, change or drop devices.
    package func publish(_ event: DaemonEvent, at instant: Instant) {
        if case .loaded = event { follow(host.inputs) }
    }

    private func follow(_ wanted: [InputSettings]) {
        let kept = watched.filter { wanted.contains($0.settings) }
        for input in watched where !wanted.contains(input.settings) { close(input) }
        watched = wanted.map { settings in kept.first { $0.settings == settings } ?? Watched(settings) }
        for input in watched where input.device == nil && input.retry == nil { open(input) }
    }

    private func open(_ input: Watched) {
        host.loop.cancel(input.retry)
        input.retry = nil
        do {
            let device = try InputDevice(path: input.settings.device, grab: input.settings.grab)
            input.device = device
            if let watcher = input.watcher { host.loop.unwatch(watcher.descriptor) }
            input.watcher = nil
            host.loop.watch(device.descriptor) { [unowned self, unowned input] in readable(input) }
            report(input, .opened(name: device.name, grabbed: input.settings.grab, back: input.missing))
            input.missing = false
        } catch {
            if !input.missing {
                input.missing = true
                report(input, .missing(reason: error.description))
            }
            waitForReturn(input)
        }
    }

    /// inotify on the device's folder, and a slow retry for a folder not there yet.
    private func waitForReturn(_ input: Watched) {
        if input.watcher == nil, let watcher = try? FileWatcher(path: input.settings.device) {
            input.watcher = watcher
            host.loop.watch(watcher.descriptor) { [unowned self, unowned input, unowned watcher] in
                // Opened on the loop's next turn: opening drops this watcher, whose handler this is.
                if watcher.fileChanged(), input.device == nil {
                    host.loop.cancel(input.retry)
                    input.retry = host.loop.schedule(afterMilliseconds: 0) { [unowned self, unowned input] in
                        input.retry = nil
                        if input.device == nil { open(input) }
                    }
                }
            }
        }
        input.retry = host.loop.schedule(afterMilliseconds: Self.retryMilliseconds) { [unowned self, unowned input] in
            input.retry = nil
            if input.device == nil { open(input) }
        }
    }

    private func close(_ input: Watched) {
        if let device = input.device { host.loop.unwatch(device.descriptor) }
        if let watcher = input.watcher { host.loop.unwatch(watcher.descriptor) }
        host.loop.cancel(input.longPress)
        host.loop.cancel(input.retry)
        host.loop.cancel(input.pause)
        input.device = nil
        input.watcher = nil
        input.retry = nil
        input.pause = nil
    }

    /// How long a device that filled a turn's bound is left alone before it is read again.
    package static let pauseMilliseconds: Int64 = 100

    private func readable(_ input: Watched) {
        guard let device = input.device else { return }
        let (records, gone, more) = device.read()
        for record in records {
            for action in input.presses.take(record, at: clock.now()) { act(action, record: record, input) }
        }
        armLongPress(input)
        if more {
            // A flood: read again a little later, so the loop is never busy with it alone.
            host.loop.unwatch(device.descriptor)
            input.pause = host.loop.schedule(afterMilliseconds: Self.pauseMilliseconds) { [unowned self, unowned input] in
                input.pause = nil
                guard let current = input.device, current === device else { return }
                host.loop.watch(device.descriptor) { [unowned self, unowned input] in readable(input) }
            }
        }
        if gone {
            close(input)
            input.missing = true
            report(input, .lost(name: device.name))
            waitForReturn(input)
        }
    }

    private func armLongPress(_ input: Watched) {
        host.loop.cancel(input.longPress)
        input.longPress = input.presses.nextLongPress.map { at in
            host.loop.schedule(at: at) { [unowned self, unowned input] in
                input.longPress = nil
                for action in input.presses.expire(at: clock.now()) { act(action, record: nil, input) }
                armLongPress(input)
            }
        }
    }

    /// One door in: the press becomes the core's command. With nothing ringing, the snooze key
    /// says when the next alarm is instead.
    private func act(_ action: InputAction, record: InputRecord?, _ input: Watched) {
        let snapshot = host.snapshot()
        let quiet = snapshot.ringing.isEmpty
        let request: ControlRequest
        switch action {
        case .snooze: request = quiet ? .sayNext : .snooze(id: nil)
        case .stop: request = quiet && snapshot.sleep != nil ? .stopSleep : .stop(id: nil)
        case .sleep: request = snapshot.sleep == nil ? .startSleep(SleepRequest(seconds: InputSettings.sleepSeconds)) : .stopSleep
        case .louder: request = .volume(louder: true)
        case .quieter: request = .volume(louder: false)
        case .next: request = .sayNext
        }
        let key = record.map { record in
            record.kind == .key ? InputKeyNames.name(of: record.code) : InputKeyNames.axes.first { $0.value == record.code }?.key ?? "REL_\(record.code)"
        } ?? "long press"
        if input.told == nil {
            input.told = FloodTeller(loop: host.loop) { [unowned self, unowned input] count in
                report(input, .pressedMany(count: count, seconds: Int(FloodTeller.intervalSeconds)))
            }
        }
        if input.told?.tell() == true { report(input, .pressed(name: input.device?.name ?? "", key: key, action: request.line)) }
        // Weak: an edit's answer comes from the worker, and may find the face stopped.
        host.perform(request) { [weak self] result in
            if let self, let refusal = result.refusal {
                report(input, .refused(action: request.line, reason: refusal.message))
            }
        }
    }

    private func report(_ input: Watched, _ step: InputReport.Step) {
        host.report(.input(InputReport(device: input.settings.device, step)))
    }
}
