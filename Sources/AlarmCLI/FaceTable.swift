import AlarmRuntime
import FaceTerminal
import FaceWeb
import FaceMQTT
import FaceHousehold
import FaceHooks
import FaceEventsFile
import FaceInput

/// `run`'s faces besides the terminal, in the order they hear each event. Each is a folder of its
/// own built only on `FaceHost`; adding one is its folder, one line here, and its options.
package enum FaceTable {
    package static var faces: [(any FaceHost) -> (any DaemonFace)?] {
        [
            TerminalFace.make,
            WebFace.make,
            MQTTFace.make,
            HouseholdFace.make,
            HookFace.make,
            EventsFileFace.make,
            InputFace.make,
        ]
    }
}
