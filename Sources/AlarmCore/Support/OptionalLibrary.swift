/// A library that only a face or provider needs, loaded with `dlopen` on first use (systemd's pattern
/// for its optional libraries): what an alarm needs (ALSA, libsndfile) is linked, the rest costs
/// nothing at start and, when missing, one clear error that names the package to install.
/// Each seam (`Sources/C…/shim.h`) lists the functions it loads; its Swift user keeps the table in a
/// `static let`, so a library is opened once per process and never closed.
public struct OptionalLibrary: Sendable {
    /// What needs it, in the user's words ("the phone page").
    public var feature: String
    public var file: String
    /// The Debian 13 package, and the Debian 12 one where its name differs (the 64-bit time rename).
    public var package: String
    public var bookwormPackage: String?

    /// Setting `ALARMPLAY_LIB_<NAME>` (`ALARMPLAY_LIB_MICROHTTPD`) to a path loads that file instead;
    /// a path that does not exist is how the tests take a library away.
    public var overrideVariable: String

    public static let microhttpd = OptionalLibrary(
        feature: untranslated("the phone page"), file: "libmicrohttpd.so.12", package: "libmicrohttpd12t64",
        bookwormPackage: "libmicrohttpd12", overrideVariable: "ALARMPLAY_LIB_MICROHTTPD")
    public static let mosquitto = OptionalLibrary(
        feature: untranslated("MQTT (Home Assistant)"), file: "libmosquitto.so.1", package: "libmosquitto1",
        overrideVariable: "ALARMPLAY_LIB_MOSQUITTO")
    public static let espeak = OptionalLibrary(
        feature: untranslated("speech (speak:)"), file: "libespeak-ng.so.1", package: "libespeak-ng1",
        overrideVariable: "ALARMPLAY_LIB_ESPEAK")
    public static let qrencode = OptionalLibrary(
        feature: untranslated("the QR code"), file: "libqrencode.so.4", package: "libqrencode4",
        overrideVariable: "ALARMPLAY_LIB_QRENCODE")
    public static let ical = OptionalLibrary(
        feature: untranslated("skipDays calendars"), file: "libical.so.3", package: "libical3t64", bookwormPackage: "libical3",
        overrideVariable: "ALARMPLAY_LIB_ICAL")

    /// Opens the library with a seam's loader (`alarmplay_mhd_load` ...) and copies its table of functions.
    package func load<Functions>(
        _ loader: (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafePointer<CChar>?>) -> UnsafePointer<Functions>?,
        environment: Environment = .current()
    ) -> Result<FunctionTable<Functions>, LibraryError> {
        var reason: UnsafePointer<CChar>?
        if let functions = loader(environment[overrideVariable] ?? file, &reason) { return .success(FunctionTable(functions: functions.pointee)) }
        return .failure(LibraryError(library: self, reason: reason.map { String(cString: $0) } ?? "cannot be loaded"))
    }
}

/// A seam's table of C function pointers. Unchecked: filled once by the loader before anyone sees it,
/// then only read, and the library is never closed; Swift cannot tell that some pointer types in it
/// (libmicrohttpd's callbacks and unions) are safe to share.
public struct FunctionTable<Functions>: @unchecked Sendable {
    public let functions: Functions
}

/// An optional library that is not installed (or not loadable): exit 69, naming the package.
public struct LibraryError: UserFacingError, Sendable, Equatable {
    public var feature: String
    public var package: String
    public var reason: String

    package init(library: OptionalLibrary, reason: String) {
        feature = library.feature
        package = library.package + (library.bookwormPackage.map { " (Debian 12: \($0))" } ?? "")
        self.reason = reason
    }

    public var description: String {
        tr("{feature} needs the package {package}, which is missing: {reason}", ["feature": tr(feature), "package": package, "reason": reason])
    }

    public var exitCode: ExitCode { .unavailable }
}
