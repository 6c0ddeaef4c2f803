#if canImport(Glibc)
import Glibc
#endif

/// The control socket's optional first word, `lang=de_DE.UTF-8`: the language its reply is for.
/// `run` performs the request in English, so the log says what happened in English, and words the
/// reply in that language when it is installed, as the terminal face does for keys. Without the
/// word, and for a language that is not installed, the reply is English: scripts and `socat`
/// users see what they always saw.
public enum ReplyLanguage {
    package static let key = "lang="

    /// The word for this process's own language (`LC_MESSAGES`), or nil for `C`.
    public static var word: String? {
        guard let current = setlocale(LC_MESSAGES, nil) else { return nil }
        let name = String(cString: current)
        return name == "C" || name == "POSIX" || !isLocaleName(name) ? nil : key + name
    }

    /// The language a request line names and the request itself.
    public static func split(_ line: String) -> (language: Localizer?, request: String) {
        guard line.hasPrefix(key) else { return (nil, line) }
        let name = line.dropFirst(key.count).prefix { $0 != " " }
        let request = String(line.dropFirst(key.count + name.count).drop { $0 == " " })
        return (isLocaleName(name) ? Localizer(String(name)) : nil, request)
    }

    /// A locale's name as `setlocale` writes it (`de_DE.UTF-8`, `ko_KR.utf8`, `sr_RS@latin`):
    /// nothing else reaches `newlocale`.
    package static func isLocaleName(_ name: some StringProtocol) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.@-".contains($0)) }
    }
}
