/// What a face may write as an alarm's id or label. An id must stay addressable by every face
/// (`/api/alarms/ID`, MQTT topics, `alarmplay skip ID`), so no `/`, `.` or `..`; and neither may carry control
/// characters or the bidirectional controls that make text read other than it is stored
/// (`U+202E` shows `evil.txt` as `txt.live`). Checked when an edit writes them, not when a
/// hand-written file is read, so no file that worked stops working.
package enum NewText {
    private static let bidiControls: ClosedRange<UInt32> = 0x202A...0x202E
    private static let bidiIsolates: ClosedRange<UInt32> = 0x2066...0x2069
    private static let bidiMarks: Set<UInt32> = [0x200E, 0x200F, 0x061C]

    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        bidiControls.contains(scalar.value) || bidiIsolates.contains(scalar.value) || bidiMarks.contains(scalar.value)
    }

    /// The problem of `text` as `key` (an id or a label), nil when it may be written.
    package static func problem(_ text: String, as key: String) -> String? {
        if key == "id", text.contains("/") {
            return tr("an id cannot contain \"/\" (it is part of the page's and Home Assistant's addresses)")
        }
        // A browser resolves `/api/alarms/..` to `/api`: such an alarm could never be changed or deleted from the page.
        if key == "id", text == "." || text == ".." {
            return tr("an id cannot be \"{id}\" (the page's addresses read it as a folder)", ["id": text])
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return tr("{key} cannot contain control characters", ["key": key])
        }
        if text.unicodeScalars.contains(where: isBidiControl) {
            return tr("{key} cannot contain bidirectional control characters (they make text read other than it is)", ["key": key])
        }
        return nil
    }

    /// The problems of the ids and labels an edit would write.
    package static func check(_ changes: AlarmChanges) throws(AlarmEditRejected) {
        let problems = ["id", "label"].compactMap { key in
            changes.values[key]?.stringValue.flatMap { problem($0, as: key) }.map { AlarmEditRejected.Problem(key: key, message: $0) }
        }
        if !problems.isEmpty { throw AlarmEditRejected(problems: problems) }
    }
}
