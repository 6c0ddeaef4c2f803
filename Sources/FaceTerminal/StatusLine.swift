import AlarmRuntime
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// A few lines at the bottom of the terminal redrawn in place: the cursor goes back up over the
/// previous drawing and each line is rewritten and cleared to its end, so nothing scrolls however
/// often it is redrawn. Lines are cut to the terminal's width, because a wrapped line would take
/// two rows and the next redraw would go up one row too few.
public final class StatusLine {
    public let descriptor: Int32
    private var drawnLines = 0

    /// Nil when `descriptor` is not a terminal: there is nothing to redraw in a pipe or a log.
    public init?(descriptor: Int32 = STDERR_FILENO) {
        guard isatty(descriptor) == 1 else { return nil }
        self.descriptor = descriptor
    }

    /// The terminal's size in columns and rows (80x24 when it does not say).
    public var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Replaces what was drawn with `lines`; the cursor stays at the end of the last line.
    public func draw(_ lines: [String]) {
        Console.write(Self.redraw(lines, replacing: drawnLines, columns: size.columns), to: descriptor)
        drawnLines = lines.count
    }

    /// Erases the drawing, leaving the cursor where it began, so results printed next take its place.
    public func clear() {
        guard drawnLines > 0 else { return }
        Console.write(Self.moveToStart(of: drawnLines) + "\u{1B}[J", to: descriptor)
        drawnLines = 0
    }

    /// Leaves the drawing on screen and moves below it.
    public func finish() {
        guard drawnLines > 0 else { return }
        Console.write("\n", to: descriptor)
        drawnLines = 0
    }

    /// The bytes that turn a drawing of `previous` lines into `lines`.
    package static func redraw(_ lines: [String], replacing previous: Int, columns: Int) -> String {
        var output = moveToStart(of: previous)
        for (index, line) in lines.enumerated() {
            if index > 0 { output += "\n" }
            output += String(line.prefix(max(1, columns - 1))) + "\u{1B}[K"
        }
        if lines.count < previous { output += "\u{1B}[J" }
        return output
    }

    private static func moveToStart(of lines: Int) -> String {
        lines > 1 ? "\u{1B}[\(lines - 1)A\r" : "\r"
    }
}
