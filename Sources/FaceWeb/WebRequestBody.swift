import AlarmCore

/// A web request refused with this response (a 4xx and its JSON reason).
public struct WebError: Error {
    public var response: HTTPResponse

    public init(_ status: Int, _ message: String) {
        response = .error(status, message)
    }

    public init(response: HTTPResponse) {
        self.response = response
    }

    /// A refusal of the core as HTTP: the one place its kinds become statuses.
    public init(_ refusal: Refusal) {
        switch refusal.kind {
        case .notFound: self.init(404, refusal.message)
        case .conflict: self.init(409, refusal.message)
        // Problems of the request as a whole (a file name that is no plain name): it cannot be
        // taken as asked. Problems located in its fields: it can be read but not done.
        case let .invalid(problems) where problems.allSatisfy { $0.field == nil }: self.init(400, refusal.message)
        case let .invalid(problems): self = .problems(problems.map { ($0.field, $0.message) })
        case .unavailable: self.init(503, refusal.message)
        case .unsupported: self.init(415, refusal.message)
        case .failed: self.init(500, refusal.message)
        case .busy: self.init(503, refusal.message)
        }
        if !refusal.details.isEmpty {
            response = .json(["error": .string(refusal.message), "problems": .array(refusal.details.map(JSONValue.string))],
                             status: response.status)
        }
        if refusal.kind == .busy { response.headers.append(("Retry-After", String(Self.retryAfterSeconds))) }
    }

    /// When a busy `run` (edits queued, uploads being received) asks the page to try again.
    package static let retryAfterSeconds = 5

    /// 422 with the problems tied to the fields at fault (`field` is null when none is).
    public static func problems(_ problems: [(field: String?, message: String)]) -> WebError {
        WebError(response: .json(["problems": .array(problems.map { ["field": .optional($0.field), "message": .string($0.message)] })], status: 422))
    }

    /// 403 naming the fields the page may not touch whatever its token (`ownerOnlyKeys`).
    public static func forbidden(_ problems: [(field: String, message: String)]) -> WebError {
        WebError(response: .json(["problems": .array(problems.map { ["field": .string($0.field), "message": .string($0.message)] })], status: 403))
    }
}

/// Reading a request's JSON body: UTF-8, well-formed, an object, only the keys the endpoint knows.
public enum WebRequestBody {
    /// The members of the body's object; an empty body is an empty object when `optional`.
    public static func object(_ request: HTTPRequest, allowed: [String], optional: Bool = false) throws(WebError) -> [JSONMember] {
        if request.body.isEmpty, optional { return [] }
        guard let text = String(validating: request.body, as: UTF8.self) else {
            throw WebError(400, "the body is not UTF-8 text")
        }
        let parsed = JSONParser.parse(text)
        guard let value = parsed.value, parsed.problems.isEmpty else {
            let problem = parsed.problems.first.map { "line \($0.position.line), column \($0.position.column): \($0.message)" } ?? "empty"
            throw WebError(400, "the body is not valid JSON: \(problem)")
        }
        guard let members = value.members else {
            throw WebError(400, "the body must be a JSON object, not \(value.typeDescription)")
        }
        let unknown = members.filter { !allowed.contains($0.key) }
        guard unknown.isEmpty else {
            throw WebError.problems(unknown.map { member in
                let hint = Suggestion.closest(to: member.key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                return (member.key, "unknown field \"\(member.key)\"\(hint); known: \(allowed.joined(separator: ", "))")
            })
        }
        return members
    }
}
