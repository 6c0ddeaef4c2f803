/// Reading `"bedtime"` (at the top of the file, in `defaults` or in one alarm), each problem at its place.
extension AlarmFileDecoder {
    package static let bedtimeKeys = ["sleep", "before", "sound"]

    /// Nil for `false` (no reminder for this alarm) and for a value with problems (reported).
    mutating package func decodeBedtime(_ value: JSONValue) -> Bedtime? {
        if value.boolValue == false { return nil }
        guard let members = value.members else {
            report(Self.got(tr("bedtime must be an object such as {\"sleep\": \"7h30m\", \"before\": \"15m\"}, or false"), value), at: value.position)
            return nil
        }
        let before = problems.count
        checkKeys(members, allowed: Self.bedtimeKeys, in: "bedtime")
        guard let sleepValue = value["sleep"] else {
            return reportNil(tr("bedtime needs \"sleep\": how long to sleep before the alarm, e.g. \"7h30m\""), at: value.position)
        }
        let sleep = decodeDuration(sleepValue, "sleep", 3600...(16 * 3600))
        let lead = value["before"].map { decodeDuration($0, "before", 0...(3 * 3600)) } ?? 15 * 60
        let sound = value["sound"].flatMap { decodeSound($0) }
        guard problems.count == before, let sleep, let lead else { return nil }
        return Bedtime(sleep: sleep, before: lead, sound: sound)
    }
}
