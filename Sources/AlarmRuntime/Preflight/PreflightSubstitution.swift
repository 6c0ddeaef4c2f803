import AlarmCore
import AlarmAudio

/// A ring whose check found a part broken is rung without it, from its first second: a sound that
/// failed rings as the alarm's `fallbackSound` (or the built-in tone), devices that failed are
/// left out of the device list when the first is among them (unless every device failed: the
/// ringer then tries them all again and rings the bell meanwhile).
package enum PreflightSubstitution {
    /// `request` without what `problems` found broken, and what was replaced, for the log.
    package static func apply(_ problems: [PreflightProblem], to request: RingRequest) -> (request: RingRequest, replaced: [String]) {
        var request = request
        var replaced: [String] = []
        if let broken = problems.first(where: { if case .sound = $0.part { return true } else { return false } }) {
            let fallback = request.fallbackSound ?? ToneProvider.fallbackReference
            replaced.append("\(broken); ringing \(fallback) instead (found by the check before the ring)")
            request.sound = fallback
            request.laterSounds = []
        }
        let failed = problems.filter { if case .device = $0.part { return true } else { return false } }
        let working = request.devices.filter { device in !failed.contains { $0.part == .device(device) } }
        if let first = working.first, first != request.devices.first {
            let why = failed.map(\.description).joined(separator: "; ")
            replaced.append("\(why); ringing on \(first) instead (found by the check before the ring)")
            request.devices = working
        }
        return (request, replaced)
    }
}
