import AlarmCore

/// The result of parsing one command's arguments against its `CommandSpec`.
public struct ParsedArguments: Sendable, Equatable {
    public var positionals: [String] = []
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []

    public init() {}

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }

    /// A numeric option, refused as a `BadValue` that names the option when it is not a number in `range`.
    public func number(_ name: String, in range: ClosedRange<Double>? = nil) throws(BadValue) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw BadValue("--" + name, problem: tr("a number, not \"{value}\"", ["value": text]))
        }
        if let range, !range.contains(number) {
            throw BadValue("--" + name, problem: tr("a number from {low} to {high}, not {value}", [
                "low": range.lowerBound.compact, "high": range.upperBound.compact, "value": text,
            ]))
        }
        return number
    }

    /// A length of time: a number of seconds (`1.5`) or a duration (`30s`, `2m`, `1h30m`).
    public func seconds(_ name: String, in range: ClosedRange<Double>) throws(BadValue) -> Double? {
        guard let text = value(name) else { return nil }
        let seconds: Double
        if let number = Double(text), number.isFinite {
            seconds = number
        } else {
            do {
                seconds = Double(try DurationText.parse(text))
            } catch {
                throw BadValue("--" + name, problem: error.description)
            }
        }
        guard range.contains(seconds) else {
            throw BadValue("--" + name, problem: tr("from {low} to {high} seconds, not {value}", [
                "low": range.lowerBound.compact, "high": range.upperBound.compact, "value": text,
            ]))
        }
        return seconds
    }

    public func integer(_ name: String, in range: ClosedRange<Int>) throws(BadValue) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw BadValue("--" + name, problem: tr("a whole number from {low} to {high}, not \"{value}\"", [
                "low": String(range.lowerBound), "high": String(range.upperBound), "value": text,
            ]))
        }
        return number
    }
}

extension Double {
    /// `1` rather than `1.0`, `0.5` as is: numbers as people write them.
    public var compact: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
