/// `run`'s faces besides the terminal: the phone page, Home Assistant, hooks. Each gets every
/// event once (`event`) and turns what it receives into the daemon's commands.
extension AlarmDaemon {
    /// The faces `run` was asked for; adding one is a folder of its own and one line here.
    func startFaces() {
        web = makeWebFace()
        hookFace = makeHookFace()
        let table: [(any DaemonFace)?] = [web, makeMQTTFace(), hookFace]
        faces = table.compactMap { $0 }
        for face in faces { face.start() }
    }
}
