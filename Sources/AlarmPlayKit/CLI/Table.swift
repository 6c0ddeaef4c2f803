/// Left-aligned text columns separated by two spaces; the last column is not padded.
public enum Table {
    public static func render(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() where column < columns - 1 {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column < min(columns, row.count) - 1 ? cell + String(repeating: " ", count: widths[column] - cell.count) : cell
            }.joined(separator: "  ")
        }
    }
}
