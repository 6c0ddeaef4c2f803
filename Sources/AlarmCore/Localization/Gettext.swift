#if canImport(Glibc)
import Glibc
#endif

/// glibc's gettext, found in the process itself (libc is always loaded), so that the core reads
/// its catalogs without importing a C module: Glibc's module map leaves `libintl.h` out.
enum Gettext {
    private typealias Lookup = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    private typealias PluralLookup = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt) -> UnsafeMutablePointer<CChar>?
    private typealias Bind = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    private static let lookup = symbol("dgettext", as: Lookup.self)
    private static let pluralLookup = symbol("dngettext", as: PluralLookup.self)
    private static let bindFolder = symbol("bindtextdomain", as: Bind.self)
    private static let bindCodeset = symbol("bind_textdomain_codeset", as: Bind.self)

    static func dgettext(_ domain: String, _ msgid: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>? {
        lookup?(domain, msgid)
    }

    static func dngettext(_ domain: String, _ one: UnsafePointer<CChar>, _ many: UnsafePointer<CChar>, _ count: UInt) -> UnsafeMutablePointer<CChar>? {
        pluralLookup?(domain, one, many, count)
    }

    static func bindtextdomain(_ domain: String, _ folder: String) { _ = bindFolder?(domain, folder) }

    static func bind_textdomain_codeset(_ domain: String, _ codeset: String) { _ = bindCodeset?(domain, codeset) }
}
