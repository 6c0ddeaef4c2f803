#if canImport(Glibc)
import Glibc
#endif

/// A language for some of a process's output, apart from the process's own: glibc's gettext and
/// `nl_langinfo` read the calling thread's locale (`uselocale`), so words rendered inside
/// `speaking` follow this one. `run` keeps its messages in `C` (its log is an interface) while the
/// terminal's status line speaks the person's language; `doctor --json` speaks `C` while its
/// lines are translated.
public final class Localizer {
    /// Owned here and freed in deinit; only the thread that renders uses it.
    private let locale: locale_t

    /// `name` as `setlocale` takes it: `""` for the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`;
    /// gettext reads `LANGUAGE` itself), `"C"` for English. Only words, characters and the clock:
    /// numbers keep the `C` locale's dot. Nil when that locale is not installed.
    public init?(_ name: String) {
        guard let locale = newlocale(LC_CTYPE_MASK | LC_MESSAGES_MASK | LC_TIME_MASK, name, nil) else { return nil }
        self.locale = locale
    }

    deinit { freelocale(locale) }

    /// The person's language from the environment, or nil when it is not installed (then the
    /// process's locale speaks, which is `C` in `run`: English).
    public static func fromEnvironment() -> Localizer? { Localizer("") }

    /// `body`'s words in this language, on this thread only; the thread's locale is put back after.
    public func speaking<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return try body()
    }
}

extension Optional where Wrapped == Localizer {
    /// `body` in the wrapped language, or in the process's when there is none.
    package func speaking<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let localizer = self else { return try body() }
        return try localizer.speaking(body)
    }
}
