import AlarmCore

extension HTTPResponse {
    /// A command's result as the API gives it: `{"message": ...}`, the value itself, or the
    /// refusal with its status (`WebError.init(_: Refusal)`).
    package static func json(_ result: CommandResult) throws(WebError) -> HTTPResponse {
        switch result {
        case let .done(words): return .json(["message": .string(words.description)])
        case let .value(value): return .json(value.json)
        case let .refused(refusal): throw WebError(refusal)
        }
    }
}
