import AlarmCore
import AlarmAudio
import Synchronization

/// An alarm is heard whatever the mixer says: at ring time a muted or near-silent output is
/// unmuted and raised (`forceAudible`, on by default), and put back as it was once nothing rings.
/// Off the loop: attaching a mixer is a round trip to the sound server for `pulse`, and a server
/// that hangs must not hold the ring or the keys. What it did comes back as events.
package final class MixerGuard: Sendable {
    /// A fraction of each control's range: loud enough to wake, the alarm's `volume` still applies.
    package static let audibleFloor = 0.5

    /// The mixer changed for the ringing alarms, and how it was; touched only by the jobs.
    private struct Changed {
        let mixer: ALSAMixer
        let saved: [ALSAMixer.Saved]
    }

    private let changed = Mutex<Changed?>(nil)
    private let jobs = SerialJobs()
    private let said = Mutex<[DaemonEvent]>([])
    private let notifier: Notifier

    package init(notifier: Notifier) {
        self.notifier = notifier
    }

    /// Makes `device`'s mixer audible for `alarm`, unless it was made so for a ring before.
    package func ensureAudible(for alarm: String, device: String) {
        jobs.add { [self] in
            let event = changed.withLock { changed -> DaemonEvent? in
                guard changed == nil, let mixer = ALSAMixer(device: device) else { return nil }
                let saved = mixer.makeAudible(floor: Self.audibleFloor)
                guard !saved.isEmpty else { return nil }
                changed = Changed(mixer: mixer, saved: saved)
                return .unmuted(id: alarm, control: mixer.control, elements: saved.map(\.name))
            }
            if let event { say(event) }
        }
    }

    /// Puts the mixer back as it was, if a ring changed it.
    package func restore() {
        jobs.add { [self] in
            let event = changed.withLock { changed -> DaemonEvent? in
                guard let (mixer, saved) = changed.map({ ($0.mixer, $0.saved) }) else { return nil }
                mixer.restore(saved)
                changed = nil
                return .mixerRestored(control: mixer.control, elements: saved.map(\.name))
            }
            if let event { say(event) }
        }
    }

    /// At exit: the mixer is put back before `run` ends (at most a few seconds' wait).
    package func restoreBeforeExit() {
        restore()
        jobs.wait(milliseconds: 3000)
    }

    /// What the jobs did since the last call, for the loop to publish.
    package func drain() -> [DaemonEvent] {
        said.withLock { events in
            defer { events = [] }
            return events
        }
    }

    private func say(_ event: DaemonEvent) {
        said.withLock { $0.append(event) }
        notifier.signal()
    }
}
