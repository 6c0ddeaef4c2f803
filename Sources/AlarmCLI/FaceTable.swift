import AlarmRuntime
import FaceControl
import FaceTerminal
import FaceWeb
import FaceMQTT
import FaceHousehold
import FaceHooks
import FaceEventsFile
import FaceInput

/// `run`'s faces, in the order they are made and hear each event; the control socket first (a
/// second `run` stops there). Each is a folder of its
/// own built only on `FaceHost`; adding one is its folder, one line here, and its options.
package enum FaceTable {
    package static var faces: [(any FaceHost) throws -> (any DaemonFace)?] {
        [
            ControlFace.make,
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
