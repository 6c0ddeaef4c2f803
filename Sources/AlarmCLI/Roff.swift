/// Turns the README's Markdown (the subset it uses: headings, paragraphs, `code`, **bold**,
/// links, fenced blocks, lists and tables) into man(7) roff, so man pages quote the README
/// instead of repeating it.
public enum Roff {
    /// The text under heading `title` (any level) up to the next heading of that level or higher,
    /// nil when the README has no such heading.
    public static func section(_ title: String, of markdown: String) -> String? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fenced = false
        var level: Int?
        var body: [String] = []
        for line in lines {
            if isFence(line) { fenced.toggle() }
            let depth = fenced || isFence(line) ? 0 : headingLevel(line)
            if let found = level {
                if depth > 0, depth <= found { break }
                body.append(line)
            } else if depth > 0, line.dropFirst(depth + 1) == title {
                level = depth
            }
        }
        return level == nil ? nil : body.joined(separator: "\n")
    }

    /// Roff for a Markdown body whose headings are one level below `base` (`##` under a `#`
    /// section): those become `.SH`, deeper ones `.SS`.
    public static func render(_ markdown: String, base: Int) -> String {
        var output: [String] = []
        var paragraph: [String] = []
        var paragraphStart = ".PP"
        var table: [[String]] = []
        var code: [String]?
        func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            output += [paragraphStart] + lines(inline(paragraph.joined(separator: "\n")))
            paragraph = []
            paragraphStart = ".PP"
        }
        func flushTable() {
            guard !table.isEmpty else { return }
            output += tableEntries(table)
            table = []
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var block = code {
                if isFence(line) {
                    output += [".PP", ".RS 4", ".nf"] + block.map { protect(escape($0)) } + [".fi", ".RE"]
                    code = nil
                } else {
                    block.append(line)
                    code = block
                }
                continue
            }
            let trimmed = line.drop { $0 == " " }
            if isFence(line) {
                flushParagraph(); flushTable()
                code = []
            } else if headingLevel(line) > 0 {
                flushParagraph(); flushTable()
                let level = headingLevel(line)
                let title = plain(String(line.dropFirst(level + 1)))
                output.append(level <= base + 1 ? ".SH \"\(title.uppercased())\"" : ".SS \"\(title)\"")
            } else if line.hasPrefix("|") {
                flushParagraph()
                let cells = tableCells(line)
                if !cells.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } }) { table.append(cells) }
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
                flushParagraph(); flushTable()
                paragraphStart = ".IP \\(bu 2"
                paragraph = [String(trimmed.dropFirst(2))]
            } else if trimmed.isEmpty {
                flushParagraph(); flushTable()
            } else {
                flushTable()
                paragraph.append(String(trimmed))
            }
        }
        flushParagraph(); flushTable()
        return output.joined(separator: "\n") + "\n"
    }

    /// A header row and its rows as tagged paragraphs: a wide table does not fit a terminal, a
    /// list of entries does. With three or more columns the second joins the tag.
    package static func tableEntries(_ table: [[String]]) -> [String] {
        guard let header = table.first else { return [] }
        var output: [String] = []
        for row in table.dropFirst() {
            var tag = inline(row.first ?? "")
            var rest = Array(row.dropFirst())
            var names = Array(header.dropFirst())
            if header.count >= 3, !rest.isEmpty {
                let second = rest.removeFirst()
                names.removeFirst()
                if !second.isEmpty { tag += " \\(em " + inline(second) }
            }
            output += [".TP", protect(tag)]
            var first = true
            for (name, cell) in zip(names + Array(repeating: "", count: max(0, rest.count - names.count)), rest) where !cell.isEmpty {
                if !first { output.append(".br") }
                output += lines(first ? inline(cell) : plain(name).capitalizedFirst + ": " + inline(cell))
                first = false
            }
        }
        return output
    }

    /// Inline Markdown to roff font changes; `code` is bold with real minus signs, links keep their text.
    public static func inline(_ text: String) -> String {
        var output = ""
        var index = text.startIndex
        var bold = false
        while index < text.endIndex {
            let character = text[index]
            if character == "`", let end = text[text.index(after: index)...].firstIndex(of: "`") {
                let code = text[text.index(after: index)..<end]
                output += "\\fB" + escape(String(code)).replacingAll("-", "\\-") + (bold ? "" : "\\fR")
                index = text.index(after: end)
            } else if text[index...].hasPrefix("**") {
                bold.toggle()
                output += bold ? "\\fB" : "\\fR"
                index = text.index(index, offsetBy: 2)
            } else if character == "[", let close = text[index...].firstIndex(of: "]"),
                text.index(after: close) < text.endIndex, text[text.index(after: close)] == "(",
                let end = text[close...].firstIndex(of: ")")
            {
                output += inline(String(text[text.index(after: index)..<close]))
                index = text.index(after: end)
            } else {
                output += escape(String(character))
                index = text.index(after: index)
            }
        }
        return output
    }

    /// Text with Markdown marks removed, for headings and titles.
    package static func plain(_ text: String) -> String {
        inline(text).replacingAll("\\fB", "").replacingAll("\\fR", "")
    }

    /// Roff's escape character doubled as `\e`, for text that must print as it is.
    public static func escape(_ text: String) -> String {
        text.replacingAll("\\", "\\e")
    }

    /// Output lines: one starting with `.` or `'` would be read as a request.
    package static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { protect(String($0)) }
    }

    package static func protect(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// A fenced block's first or last line, indented too (a block inside a list item).
    package static func isFence(_ line: String) -> Bool {
        line.drop { $0 == " " }.hasPrefix("```")
    }

    package static func headingLevel(_ line: String) -> Int {
        let hashes = line.prefix { $0 == "#" }.count
        return hashes > 0 && line.dropFirst(hashes).hasPrefix(" ") ? hashes : 0
    }

    /// Cells of `| a | b |`; `\|` is a pipe inside a cell.
    package static func tableCells(_ line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var previous: Character = " "
        for character in line.dropFirst() {
            if character == "|", previous != "\\" {
                cells.append(cell.trimmingSpaces)
                cell = ""
            } else if character == "|" {
                cell.removeLast()
                cell.append(character)
            } else {
                cell.append(character)
            }
            previous = character
        }
        return cells
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
