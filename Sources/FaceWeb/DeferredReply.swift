/// A reply the handler has later (an edit waiting for the alarms file's lock): the server parks
/// the connection until `answer` is called on the loop thread, then sends it. The first answer
/// wins, so a "still waiting" reply after a deadline is not followed by a second one.
public final class DeferredReply {
    private(set) package var response: HTTPResponse?
    /// Set by the server while the connection waits.
    package var whenAnswered: (() -> Void)?

    package func answer(_ response: HTTPResponse) {
        guard self.response == nil else { return }
        self.response = response
        whenAnswered?()
        whenAnswered = nil
    }
}
