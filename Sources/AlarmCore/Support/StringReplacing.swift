extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    package func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var output = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            output += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return output + rest
    }
}
