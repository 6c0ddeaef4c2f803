/// The calendars the alarms file names at its top (`"calendars": {"holidays": "holidays.ics",
/// "work": "https://…"}`), which only its owner writes: the page and MQTT refer to them by name
/// and never name a file or an address themselves. A file named from the page could be any file
/// `run` can read (its problems told whether it existed), an address any server `run` can reach.
public enum CalendarName {
    /// Letters, digits, `-` and `_`, at most 64: never a path, a file with its extension or an address.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    /// The calendars an alarm's changes name, with the key that names each (`skipDays`, `fromCalendar`).
    public static func references(in changes: AlarmChanges) -> [(key: String, reference: String)] {
        let listed = (changes.values["skipDays"]?.arrayValue ?? []).compactMap(\.stringValue).map { ("skipDays", $0) }
        let rule = changes.values["fromCalendar"]?["calendar"]?.stringValue.map { [("fromCalendar", $0)] } ?? []
        return listed + rule
    }

    /// The keys of `changes` that name a calendar by a file or an address, each once.
    public static func keysNamingFiles(in changes: AlarmChanges) -> [String] {
        var keys: [String] = []
        for (key, reference) in references(in: changes) where !isValid(reference) && !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// What a face is told for a key that names a calendar by a file or an address.
    public static func ownerOnly(_ key: String) -> String {
        tr("{key} names calendars only by their names in the alarms file's \"calendars\" (such as \"holidays\"): a file or an address is set only in the alarms file itself (an editor or the alarmplay command)",
           ["key": key])
    }

    /// A face's change checked against the calendars `file` names, under the file's lock: each
    /// calendar it names must be one of them.
    public static func check(_ changes: AlarmChanges, in file: AlarmFile) throws(AlarmEditRejected) {
        let known = file.calendars.keys.sorted()
        let problems = references(in: changes).compactMap { key, reference -> AlarmEditRejected.Problem? in
            guard isValid(reference) else { return .init(key: key, message: ownerOnly(key)) }
            guard file.calendars[reference] == nil else { return nil }
            return .init(key: key, message: tr("no calendar named \"{name}\" in the alarms file's \"calendars\" ({known})", [
                "name": reference, "known": known.isEmpty ? tr("it names none") : tr("it names {names}", ["names": known.joined(separator: ", ")]),
            ]))
        }
        if !problems.isEmpty { throw AlarmEditRejected(problems: problems) }
    }
}

/// Reading `"calendars"`: names for the calendars alarms refer to.
extension AlarmFileDecoder {
    mutating package func decodeCalendars(_ value: JSONValue) -> [String: String] {
        guard let members = value.members else {
            report(Self.got(tr("calendars must be an object of names and files or URLs such as {example}",
                               ["example": #"{"holidays": "holidays.ics"}"#]), value), at: value.position)
            return [:]
        }
        var calendars: [String: String] = [:]
        for member in members {
            guard CalendarName.isValid(member.key) else {
                report(tr("a calendar's name is letters, digits, - and _ (such as \"holidays\"), got \"{name}\"", ["name": member.key]), at: member.keyPosition)
                continue
            }
            guard let target = member.value.stringValue, !target.allSatisfy(\.isWhitespace) else {
                report(Self.got(tr("calendar \"{name}\" must be a file name or an http:// or https:// URL", ["name": member.key]), member.value),
                       at: member.value.position)
                continue
            }
            if target.contains("://"), !CalendarSource.isRemote(target) {
                report(tr("calendar URLs must start with http:// or https://, got {value}", ["value": member.value.snippet]), at: member.value.position)
                continue
            }
            calendars[member.key] = target
        }
        return calendars
    }
}
