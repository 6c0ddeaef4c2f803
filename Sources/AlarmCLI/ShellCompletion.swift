import AlarmCore

/// Shell completion scripts, generated from the command table so they know every command and
/// option `--help` knows. Alarm ids, sound names and devices are looked up when the user
/// presses Tab, through alarmplay's own `list --json`, `sounds --json` and `devices`.
public enum ShellCompletion {
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    public static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return BashCompletion.script(commands)
        case .zsh: return ZshCompletion.script(commands)
        case .fish: return FishCompletion.script(commands)
        }
    }

    /// What a command line can hold after a word: known from the value's name in the table.
    package enum Value: String, CaseIterable {
        case alarmID = "id", sound, device, command, days, file, directory, none

        package init(valueName: String) {
            switch valueName {
            case "ID": self = .alarmID
            case "SOUND": self = .sound
            case "PCM": self = .device
            case "FILE", "PATH": self = .file
            case "DAYS": self = .days
            case "DIR": self = .directory
            default: self = .none
            }
        }

        /// The shell command that prints the choices one per line; `alarms` is how the script
        /// spells "`--alarms FILE` when the line gives one".
        package func lister(alarms: String) -> String? {
            switch self {
            case .alarmID: return "alarmplay list --json \(alarms) 2>/dev/null | sed -n '\(Self.jsonField("id"))'"
            case .sound: return "alarmplay sounds --json 2>/dev/null | sed -n '\(Self.jsonField("name"))'"
            // Names start a line; their descriptions are indented below them.
            case .device: return "alarmplay devices 2>/dev/null | grep -v '^[[:space:]]'"
            // `help help` is no command: help's own name is left out.
            case .command: return "printf '%s\\n' " + ShellCompletion.commands.map(\.name).filter { $0 != "help" }.joined(separator: " ")
            case .days: return "printf '%s\\n' " + Self.dayWords.joined(separator: " ")
            case .file, .directory, .none: return nil
            }
        }

        /// What `--days` takes: the sets, then each day (a list is typed with commas).
        package static let dayWords = ["weekdays", "weekends", "daily"] + Weekday.allCases.map(\.shortName)

        /// A `sed -n` script printing a string field of each object in a pretty-printed JSON
        /// array (`JSONWriter.pretty`: objects at two spaces, their fields at four).
        private static func jsonField(_ name: String) -> String {
            #"s/^    "\#(name)": "\(.*\)",\{0,1\}$/\1/p"#
        }
    }

    /// One command as the scripts see it.
    package struct Entry {
        package var name: String
        package var abstract: String
        package var options: [OptionSpec]
        /// What its positional argument is; nil when it takes none.
        package var argument: Value?
    }

    package static var commands: [Entry] {
        CommandLineTool.commands.map {
            Entry(name: $0.spec.name, abstract: $0.spec.abstract, options: $0.spec.options,
                  argument: $0.spec.arguments.first.map { Value(valueName: $0.name) })
        } + [Entry(name: "help", abstract: tr("Show help for a command."), options: [], argument: .command)]
    }

    package static var globalOptions: [OptionSpec] { CommandLineTool.globalOptions }

    /// `text` inside single quotes for sh, bash and zsh.
    package static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", #"'\''"#) + "'"
    }
}

extension OptionSpec {
    /// `-D --device`, or `--json`.
    package var spellings: [String] {
        (short.map { ["-\($0)"] } ?? []) + ["--" + name]
    }

    package var completionValue: ShellCompletion.Value? {
        valueName.map(ShellCompletion.Value.init(valueName:))
    }
}
