/// Left-aligned text columns separated by two spaces; the last column is not padded. Widths are
/// terminal columns: Hangul and other East Asian wide characters take two.
public enum Table {
    public static func render(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() where column < columns - 1 {
                widths[column] = max(widths[column], width(cell))
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column < min(columns, row.count) - 1 ? cell + String(repeating: " ", count: widths[column] - width(cell)) : cell
            }.joined(separator: "  ")
        }
    }

    /// Columns `text` takes in a terminal (wcwidth's East Asian Wide and Fullwidth ranges).
    package static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let wide = wideRanges.contains { $0.contains(scalar.value) }
            return total + (wide ? 2 : 1)
        }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
    ]
}
