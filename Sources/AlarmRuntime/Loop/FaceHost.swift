import AlarmCore

/// What a face may use of `run`: the loop it runs on, the one door in (`perform`), the one
/// snapshot, and the one publisher for what it has to say about itself. A face built only on
/// this lives in its own folder and is one line in the face table.
package protocol FaceHost: AnyObject {
    var loop: EventLoop { get }
    var configuration: AlarmDaemon.Configuration { get }
    /// Every command; the reply comes at once, or on the loop once a change off it is made.
    func perform(_ request: ControlRequest, reply: @escaping (CommandResult) -> Void)
    /// For what is answered at once (the status).
    func perform(_ request: ControlRequest) -> CommandResult
    func snapshot() -> Snapshot
    func report(_ report: FaceReport)
    /// The input devices to read: `--input`'s, then the file's `"inputs"` (another device each).
    var inputs: [InputSettings] { get }
}

extension AlarmDaemon: FaceHost {
    package func report(_ report: FaceReport) { event(.face(report)) }

    package var inputs: [InputSettings] {
        let given = configuration.inputs.map { InputSettings(device: $0) }
        return given + source.inputs.filter { file in !configuration.inputs.contains(file.device) }
    }
}
