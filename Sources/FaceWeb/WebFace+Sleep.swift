import AlarmCore

/// `POST /api/sleep` with `{"duration": "30m", "sound": "tone:melody", "volume": 0.4, "fade": "5m"}`
/// (all but the duration optional) starts a sleep timer; `DELETE /api/sleep` ends it.
extension WebFace {
    package static func sleep(_ request: HTTPRequest) throws(WebError) -> ControlRequest {
        let members = try WebRequestBody.object(request, allowed: ["duration", "sound", "volume", "fade"])
        let body = Dictionary(members.map { ($0.key, $0.value) }) { $1 }
        var sleep = SleepRequest(seconds: try duration(body["duration"], field: "duration", example: "30m"))
        if let fade = body["fade"], !fade.isNull { sleep.fadeSeconds = try duration(fade, field: "fade", example: "5m") }
        if let volume = body["volume"], !volume.isNull {
            guard let level = volume.numberValue?.double else { throw WebError.problems([("volume", "volume must be a number from 0.0 to 1.0")]) }
            sleep.volume = level
        }
        if let sound = body["sound"], !sound.isNull {
            guard let name = sound.stringValue else { throw WebError.problems([("sound", "sound must be a string")]) }
            sleep.sound = name
        }
        return .startSleep(sleep)
    }

    /// A length as seconds (a number) or as people write it (`"25m"`), located by its field.
    package static func duration(_ value: JSONValue?, field: String, example: String) throws(WebError) -> Int {
        do throws(ValueError) {
            guard let value else { throw ValueError("\(field) is missing, e.g. \"\(example)\"") }
            if let number = value.numberValue?.int { return number }
            return try DurationText.parse(value.stringValue ?? "")
        } catch {
            throw WebError.problems([(field, error.message)])
        }
    }
}
