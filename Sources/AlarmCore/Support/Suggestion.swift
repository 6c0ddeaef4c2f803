/// "Did you mean" support: the closest candidate by edit distance, if it is close enough
/// to be a plausible typo rather than a different word.
public enum Suggestion {
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        // A third of the word may be wrong ("snoze", "tues", "wednesdy"); more is a different word.
        let limit = max(1, (max(target.count, candidate.count) + 2) / 3)
        let isPrefix = candidate.lowercased().hasPrefix(word.lowercased()) && !word.isEmpty
        return distance <= limit || isPrefix ? candidate : nil
    }

    /// Damerau–Levenshtein (optimal string alignment) distance, so a swapped pair counts once.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = value
            }
        }
        return rows[a.count][b.count]
    }
}
