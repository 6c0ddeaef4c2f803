/// An instant for a `Phrase`, worded (`TimeFormat.short`: `Mon 07 Dec 06:45`) only when the phrase
/// is read, so a reply made in `run`'s English gives the day and the clock in the reader's words.
public struct ShortTime: Sendable, CustomStringConvertible {
    public var instant: Int

    public init(_ instant: Int) {
        self.instant = instant
    }

    public var description: String { TimeFormat().short(instant) }
}
