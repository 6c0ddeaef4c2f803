import AlarmCore

extension ControlRequest {
    /// The keys of the ringing screen: `s`, `z`, Space or Enter snooze; `x`, `q` or Esc stop.
    public init?(key: Key) {
        switch key {
        case .character("s"), .character("z"), .character("S"), .character("Z"), .space, .enter:
            self = .snooze(id: nil)
        case .character("x"), .character("q"), .character("X"), .character("Q"), .escape:
            self = .stop(id: nil)
        case .character("?"), .character("h"):
            self = .help
        case .interrupt:
            self = .interrupt
        default:
            return nil
        }
    }
}
