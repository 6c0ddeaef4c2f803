/// A place in a text file as editors show it: 1-based line and column, the column counted in
/// Unicode scalars (what a user sees as characters for the text alarms files hold).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// For values built in code rather than read from a file.
    public static let none = SourcePosition(line: 0, column: 0)

    public var description: String { "\(line):\(column)" }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}
