#if canImport(Glibc)
import Glibc
#endif

/// The messages people read, in their language, through glibc's own gettext: the catalogs are
/// `LOCALEDIR/LANG/LC_MESSAGES/alarmplay.mo`, compiled from `po/` by `scripts/locale` (into
/// `.build/locale` in a checkout) and by `scripts/package` (into `/usr/share/locale`). The
/// language comes from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` as gettext reads them; a
/// message a catalog lacks stays English. Log lines never go through here: logfmt is an interface.
public enum Messages {
    public static let domain = "alarmplay"

    /// Where the compiled catalogs are: `.build/locale` in a checkout, `/usr/share/locale` installed.
    public static var folder: String? { FileSystem.shippedFolder(["locale", "share/locale"]) }

    /// Only the categories that words and clocks need: `LC_NUMERIC` stays `C`, so numbers are
    /// written and parsed with a dot whatever the language.
    public static func setUp(folder: String? = Messages.folder) {
        setlocale(LC_CTYPE, "")
        setlocale(LC_MESSAGES, "")
        setlocale(LC_TIME, "")
        if let folder { Gettext.bindtextdomain(domain, folder) }
        Gettext.bind_textdomain_codeset(domain, "UTF-8")
    }

    /// `body` with the whole process's messages and clock in `C`, every thread it starts too: what
    /// `run` logs (its own words, strerror's) is an interface. A face that a person reads renders
    /// inside `Localizer.speaking` instead.
    public static func inEnglish<Result>(_ body: () throws -> Result) rethrows -> Result {
        let saved = [LC_MESSAGES, LC_TIME].map { ($0, String(cString: setlocale($0, nil))) }
        for (category, _) in saved { setlocale(category, "C") }
        defer { for (category, name) in saved { setlocale(category, name) } }
        return try body()
    }

    /// `msgid` in the user's language. The catalog's text, or `msgid` itself when there is none
    /// (compared by pointer: gettext hands back the very string it was given).
    package static func lookUp(_ msgid: String) -> String {
        msgid.withCString { pointer in
            guard let found = Gettext.dgettext(domain, pointer), found != pointer else { return msgid }
            return String(cString: found)
        }
    }

    package static func lookUp(_ singular: String, _ plural: String, count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                guard let found = Gettext.dngettext(domain, one, many, UInt(max(0, count))) else { return count == 1 ? singular : plural }
                return found == one ? singular : found == many ? plural : String(cString: found)
            }
        }
    }
}

/// A message in the user's language; `{name}` placeholders are filled from `values`, so a
/// translation may put them in its own order. xgettext finds these calls (`-ktr`).
public func tr(_ msgid: String, _ values: [String: String] = [:]) -> String {
    Messages.lookUp(msgid).filling(values)
}

/// A message that stays English where it is an interface (a control socket's reply) and is
/// translated with `tr(variable)` where a person reads it: marks the literal for xgettext
/// (`-kuntranslated`), as gettext's `gettext_noop` does.
public func untranslated(_ msgid: String) -> String { msgid }

/// A message whose words depend on a count (gettext's plural forms; `{n}` is the count).
public func trn(_ singular: String, _ plural: String, _ count: Int, _ values: [String: String] = [:]) -> String {
    Messages.lookUp(singular, plural, count: count).filling(values.merging(["n": String(count)]) { $1 })
}

/// A short message that needs its context to be translated (`"weekday"`, `"Mon"`): the
/// context and the text joined by U+0004, as gettext's `pgettext` stores them (`-ktrc:1c,2`).
public func trc(_ context: String, _ msgid: String, _ values: [String: String] = [:]) -> String {
    let key = context + "\u{4}" + msgid
    let found = Messages.lookUp(key)
    return (found == key ? msgid : found).filling(values)
}

extension String {
    /// Each `{name}` of `values` replaced by its value, in one pass: a value that holds braces
    /// (a label, a typed id) is never read as a placeholder. Other braces stay as they are.
    package func filling(_ values: [String: String]) -> String {
        guard !values.isEmpty else { return self }
        var output = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] {
                output += value
                rest = rest[rest.index(after: close)...]
            } else {
                output.append("{")
                rest = rest[afterOpen...]
            }
        }
        return output + rest
    }
}
