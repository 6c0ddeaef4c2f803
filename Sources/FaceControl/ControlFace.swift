import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The control socket as a face: one request line per connection, answered through `perform`,
/// for the CLI, scripts and `socat`. It is made first, so that a second `run` stops here before
/// it touches anything (two would ring every alarm twice and race on state.json); any other
/// problem with the socket costs only remote control.
package final class ControlFace: DaemonFace {
    private let server: ControlServer
    private unowned let host: any FaceHost

    private init(server: ControlServer, host: any FaceHost) {
        self.server = server
        self.host = host
    }

    package static func make(_ host: any FaceHost) throws -> (any DaemonFace)? {
        let path = host.configuration.socketPath
        do {
            let face = ControlFace(server: try ControlServer(path: path), host: host)
            host.report(.connection(.listening(socket: path)))
            return face
        } catch {
            if error.code == EADDRINUSE { throw error }
            host.report(.connection(.noSocket(problem: error.description)))
            return nil
        }
    }

    package func start() {
        server.serve(on: host.loop, report: { [unowned self] in host.report($0) }) { [unowned self] in reply(to: $0) }
    }

    package func publish(_ event: DaemonEvent, at instant: Instant) {}

    package func stop() {}

    /// Performed in English, so the log says what happened in English; worded in the language
    /// the line asks for (`ReplyLanguage`).
    private func reply(to line: String) -> String {
        let (language, requestLine) = ReplyLanguage.split(line)
        guard let request = ControlRequest(line: requestLine) else {
            return language.speaking {
                "error invalid: " + tr("unknown command \"{line}\"; expected snooze [ID], stop [ID] or status", ["line": requestLine])
            }
        }
        host.report(.connection(.request(line: requestLine)))
        let result = host.perform(request)
        return language.speaking { result.line }
    }
}
