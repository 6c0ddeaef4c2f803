extension StringProtocol {
    /// Without the whitespace and line ends around it: a station file's line, a typed command,
    /// a C library's message that ends with a newline.
    package func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
