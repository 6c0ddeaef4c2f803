/// A ring whose check found a part broken is rung without it, from its first second: a sound that
/// failed rings as the alarm's `fallbackSound` (or the built-in tone), a device that failed is
/// left out of the device list (unless every device failed: the ringer then tries them all again
/// and rings the bell meanwhile).
enum PreflightSubstitution {
    /// `request` without what `problems` found broken, and what was replaced, for the log.
    static func apply(_ problems: [PreflightProblem], to request: RingRequest) -> (request: RingRequest, replaced: [String]) {
        var request = request
        var replaced: [String] = []
        if problems.contains(where: { if case .sound = $0.part { return true } else { return false } }) {
            let fallback = request.fallbackSound ?? ToneProvider.fallbackReference
            replaced.append("sound \(request.sound) → \(fallback) (preflight)")
            request.sound = fallback
            request.laterSounds = []
        }
        let failed = problems.compactMap { problem -> String? in
            if case let .device(name) = problem.part { return name } else { return nil }
        }
        let working = request.devices.filter { !failed.contains($0) }
        if !failed.isEmpty, !working.isEmpty, working != request.devices {
            replaced.append("devices \(request.devices.joined(separator: ",")) → \(working.joined(separator: ",")) (preflight)")
            request.devices = working
        }
        return (request, replaced)
    }
}
