import AlarmCore

/// One option a command accepts.
public struct OptionSpec: Sendable {
    public var name: String          // long name without dashes: "sounds"
    public var short: Character?
    public var valueName: String?    // nil for a flag
    public var repeatable: Bool
    public var help: String

    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, repeatable: false, help: help)
    }

    public static func value(
        _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false, help: String
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, repeatable: repeatable, help: help)
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var optional: Bool
    public var help: String

    public init(_ name: String, optional: Bool = false, help: String) {
        self.name = name
        self.optional = optional
        self.help = help
    }
}

/// Everything the parser and `--help` need to know about a command.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    public var discussion: String?

    public init(
        name: String, abstract: String, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
        discussion: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.options = options + [.flag("help", short: "h", help: tr("Show help for this command."))]
        self.discussion = discussion
    }

    public var usage: String {
        var parts = ["alarmplay", name]
        parts += arguments.map { $0.optional ? "[\($0.name)]" : $0.name }
        if options.count > 1 { parts.append(tr("[options]")) }
        return parts.joined(separator: " ")
    }

    public var help: String {
        var lines = [tr("OVERVIEW: {text}", ["text": abstract]), "", tr("USAGE: {usage}", ["usage": usage])]
        if !arguments.isEmpty {
            lines += ["", tr("ARGUMENTS:")]
            lines += arguments.map { Self.row($0.name, $0.help) }
        }
        lines += ["", tr("OPTIONS:")]
        for option in options {
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.name)"
            if let value = option.valueName { label += " \(value)" }
            lines.append(Self.row(label, option.help + (option.repeatable ? tr(" (repeatable)") : "")))
        }
        if let discussion { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }

    private static func row(_ label: String, _ help: String) -> String {
        let padded = label.count < 24 ? label + String(repeating: " ", count: 24 - label.count) : label + "  "
        return "  " + padded + help
    }
}
