import AlarmCore

/// A request as the web face sees it: already parsed by libmicrohttpd, body collected.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded (`/api/sounds/tone:beep/preview`).
    public var path: String
    public var query: [String: String]
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The body's file, when it was received into one (`body` is then empty); it is there until
    /// the request is over.
    public var bodyFile: String?
    public var clientAddress: String

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = [],
        clientAddress: String = "127.0.0.1"
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [(String, String)]

    public init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array((JSONWriter.compact(value) + "\n").utf8))
    }

    /// `{"error": "..."}`: every 4xx and 5xx the API gives, one line a person can read.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(["error": .string(message)], status: status)
    }

    public static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.contentType == b.contentType && a.body == b.body
            && a.headers.map { "\($0.0): \($0.1)" } == b.headers.map { "\($0.0): \($0.1)" }
    }
}

/// What a handler answers with: a whole response, or a stream that stays open (SSE).
public enum HTTPReply {
    case response(HTTPResponse)
    case stream(EventStreamClient)
    /// Answered later, on the loop (an edit off the loop); the connection waits, suspended.
    case later(DeferredReply)
}
