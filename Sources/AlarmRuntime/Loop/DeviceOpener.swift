import AlarmCore
import AlarmAudio
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Opens an ALSA device with a time limit. Opening through a sound server that hangs (stopped,
/// deadlocked) never returns, and a ringer stuck there could not fall back to the bell. So the
/// open runs on its own thread: the ringer waits at most `timeout`, then treats the device as
/// unusable and moves on; the abandoned open closes whatever it gets if it ever returns. At most
/// one open per device is in flight, so a server that stays hung costs one thread, not one per
/// retry.
package enum DeviceOpener {
    /// Carries an output from the thread that opened it to the ringer: the opening thread never
    /// touches it after the handover, so one thread at a time uses it (why it may cross).
    private struct Handover: @unchecked Sendable {
        let output: ALSAOutput
    }

    private final class Attempt: Sendable {
        enum State {
            case pending
            case opened(Handover)
            case failed(ALSAError)
            case abandoned
        }

        let state = Mutex<State>(.pending)

        /// Hands the open's result to the waiting ringer, unless it gave up already (the output
        /// is then dropped, which closes it).
        func deliver(_ result: Result<Handover, ALSAError>) {
            state.withLock { state in
                guard case .pending = state else { return }
                switch result {
                case let .success(handover): state = .opened(handover)
                case let .failure(error): state = .failed(error)
                }
            }
        }
    }

    private static func attemptOpen(_ device: String, format: AudioFormat, sixteenBit: Bool) -> Result<Handover, ALSAError> {
        do throws(ALSAError) {
            return .success(Handover(output: try ALSAOutput(device: device, format: format, sixteenBit: sixteenBit)))
        } catch {
            return .failure(error)
        }
    }

    private static let inFlight = Mutex<Set<String>>([])
    package static let timeoutSeconds = 3.0

    /// The open output, or why not; `isStopped` ends the wait early (nil then).
    package static func open(_ device: String, format: AudioFormat, sixteenBit: Bool, isStopped: () -> Bool) -> Result<ALSAOutput, ALSAError>? {
        let hung = ALSAError(kind: .open, device: device, code: -ETIMEDOUT,
                             reason: "no answer within \(Int(timeoutSeconds)) s (a hung sound server?)")
        guard inFlight.withLock({ $0.insert(device).inserted }) else { return .failure(hung) }
        let attempt = Attempt()
        do {
            try BackgroundThread.start {
                let result = attemptOpen(device, format: format, sixteenBit: sixteenBit)
                inFlight.withLock { _ = $0.remove(device) }
                attempt.deliver(result)
            }
        } catch {
            // Opened here, a hung server would hold the ringer: the next device (or the bell) instead.
            inFlight.withLock { _ = $0.remove(device) }
            return .failure(ALSAError(kind: .open, device: device, code: -error.code, reason: "no thread to open it on (\(error.description))"))
        }
        let giveUp = SystemMonotonicTime.seconds + timeoutSeconds
        while true {
            // Nil while the open is still under way.
            let outcome: Result<Handover, ALSAError>? = attempt.state.withLock { state in
                switch state {
                case let .opened(handover):
                    state = .abandoned
                    return .success(handover)
                case let .failed(error): return .failure(error)
                case .pending, .abandoned: return nil
                }
            }
            if let outcome { return outcome.map { $0.output } }
            if isStopped() || SystemMonotonicTime.seconds >= giveUp {
                attempt.state.withLock { $0 = .abandoned }
                return isStopped() ? nil : .failure(hung)
            }
            usleep(5_000)
        }
    }
}
