/// `run`'s faces besides the terminal: the phone page, Home Assistant, hooks, the events file.
/// Each hears every event once and turns what it receives into the daemon's commands.
extension AlarmDaemon {
    /// The faces, in the order they hear each event; adding one is a folder of its own and one
    /// line here (plus its options).
    private var faceTable: [(AlarmDaemon) -> (any DaemonFace)?] {
        [
            { $0.web = $0.makeWebFace(); return $0.web },
            { $0.makeMQTTFace() },
            { $0.hookFace = $0.makeHookFace(); return $0.hookFace },
            { EventsFileFace.make($0) },
        ]
    }

    func startFaces() {
        faces = faceTable.compactMap { $0(self) }
        for face in faces { face.start() }
    }
}
