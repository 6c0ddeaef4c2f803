import AlarmCore

/// Parses `[--opt value] [--flag] [-h] positional...` against a `CommandSpec`.
/// Accepts `--opt=value`, `--` to end options, and negative numbers as values.
public enum ArgumentParser {
    public static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || Double(argument) != nil {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let option = spec.options.first(where: { $0.short == argument.last }) else {
                    throw UsageError(tr("unknown option '{option}'", ["option": argument]), command: spec.name)
                }
                name = option.name
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let hint = Suggestion.closest(to: name, in: spec.options.map(\.name)).map { tr(" (did you mean '--{option}'?)", ["option": $0]) } ?? ""
                throw UsageError(tr("unknown option '--{option}'{hint}", ["option": name, "hint": hint]), command: spec.name)
            }
            if option.valueName == nil {
                if inlineValue != nil {
                    throw UsageError(tr("option '--{option}' takes no value", ["option": name]), command: spec.name)
                }
                result.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !isOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(tr("missing value for '--{option} {value}'", ["option": name, "value": option.valueName ?? ""]), command: spec.name)
            }
            if !option.repeatable, result.values[name] != nil {
                throw UsageError(tr("option '--{option}' given more than once", ["option": name]), command: spec.name)
            }
            result.values[name, default: []].append(value)
        }
        if result.flag("help") { return result }
        let required = spec.arguments.filter { !$0.optional }.count
        if result.positionals.count < required {
            let missing = spec.arguments[result.positionals.count]
            throw UsageError(tr("missing argument {argument}", ["argument": missing.name]), command: spec.name)
        }
        if result.positionals.count > spec.arguments.count {
            let extra = result.positionals[spec.arguments.count]
            throw UsageError(tr("unexpected argument '{argument}'", ["argument": extra]), command: spec.name)
        }
        return result
    }

    /// `add 7:00 --days --label x`: the word after an option that needs a value is taken as the
    /// value unless it is an option itself, so a forgotten value is said as missing rather than
    /// shifting every word after it (`--label=--x` still gives a value that starts with dashes).
    private static func isOption(_ word: String) -> Bool {
        word.hasPrefix("--") && word.count > 2
    }
}
