#if canImport(Glibc)
import Glibc
#endif

/// An `errno` from a system call, with the call's name: `timerfd_create: Too many open files`.
public struct SystemError: UserFacingError, Equatable {
    public var call: String
    public var code: Int32

    public init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call): \(String(cString: strerror(code)))" }
    public var exitCode: ExitCode { .failure }
}
