/// Reading `"skipDays"`: at the top of the alarms file for every repeating alarm, or on one
/// alarm, whose own list (`[]` for none) replaces the file's.
extension AlarmFileDecoder {
    mutating package func decodeSkipDays(_ value: JSONValue) -> [String]? {
        let example = "skipDays must be a list of calendar files or URLs such as [\"holidays.ics\"]"
        guard let list = value.arrayValue else {
            report("\(example), got \(value.snippet)", at: value.position)
            return nil
        }
        var sources: [String] = []
        for item in list {
            guard let source = item.stringValue, !source.isEmpty else {
                report("\(example), got \(item.snippet)", at: item.position)
                continue
            }
            if source.contains("://"), !CalendarSource.isRemote(source) {
                report("skipDays URLs must start with http:// or https://, got \(item.snippet)", at: item.position)
                continue
            }
            sources.append(source)
        }
        return sources
    }

    mutating package func decodeAlarmSkipDays(_ entry: JSONValue, repeats: AlarmRepeat) -> [String] {
        guard let value = entry["skipDays"] else { return repeats.isOneShot ? [] : skipDays }
        guard !repeats.isOneShot else {
            report("\"skipDays\" is for repeating alarms (days, every, monthly, yearly)", at: value.position)
            return []
        }
        return decodeSkipDays(value) ?? []
    }
}
