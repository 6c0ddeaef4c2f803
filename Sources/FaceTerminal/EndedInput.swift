/// An input source after its end: reports `.endOfInput` once, then only waits out deadlines, so a
/// caller that keeps going (`run` under systemd's `/dev/null`) neither spins nor blocks forever.
package struct EndedInput {
    private var reported = false

    mutating package func next(waiting wait: ReadinessWait, until deadline: Int64?) -> InputEvent? {
        if !reported {
            reported = true
            return .endOfInput
        }
        _ = wait.wait(for: nil, until: deadline)
        return nil
    }
}
