import Foundation
import XCTest

/// The completion scripts `alarmplay _generate` writes (the ones the package ships), loaded in
/// real bash, zsh and fish: each completes a command, an option, an alarm id from the alarms
/// file (the default one, or the file given with --alarms on the line), a sound name and an ALSA
/// device (`null`, which alsa-lib always defines).
final class ShellCompletionTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        home = try TemporaryDirectory("alarmplay-completion")
        try FileManager.default.createDirectory(atPath: home.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home.file("bin/alarmplay"), withDestinationPath: URL(fileURLWithPath: AlarmPlayBinary.path).resolvingSymlinksInPath().path)
        environment = AlarmPlayBinary.environment(home: home, ["PATH": home.file("bin") + ":/usr/bin:/bin", "TERM": "xterm"])
        try home.write("config/alarmplay/alarms.json", #"{"alarms": [{"id": "work", "time": "06:45"}]}"#)
        try home.write("other.json", #"{"alarms": [{"id": "gym", "time": "18:00"}]}"#)
    }

    override func tearDown() {
        home.remove()
    }

    private func script(_ shell: String, at path: String) throws -> String {
        let result = try ChildProcess.run(["_generate", shell], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        try home.write(path, result.stdout)
        return home.file(path)
    }

    /// Lines typed so far and what completing the last word must offer.
    private var cases: [(line: String, expected: String)] {
        [
            ("alarmplay sno", "snooze"),
            ("alarmplay run --wake-e", "--wake-early"),
            ("alarmplay skip w", "work"),
            ("alarmplay skip --alarms \(home.file("other.json")) g", "gym"),
            ("alarmplay preview file:maple", "file:maple-leaf-rag"),
            ("alarmplay preview --device nu", "null"),
            ("alarmplay skip --alarms=\(home.file("other.json")) g", "gym"),
            ("alarmplay add 7:00 --days weeke", "weekends"),
        ]
    }

    func testBashCompletesCommandsOptionsAlarmIdsAndSounds() throws {
        let file = try script("bash", at: "alarmplay.bash")
        for (line, expected) in cases {
            let result = try ChildProcess.run(
                ["--norc", "--noprofile", "-c", """
                    source "$1"; COMP_LINE=$2; COMP_POINT=${#COMP_LINE}; COMP_WORDBREAKS=$' \\t\\n"\\'><=;|&(:'
                    _alarmplay; printf '%s\\n' "${COMPREPLY[@]}"
                    """, "bash", file, line],
                environment: environment, executable: "/bin/bash")
            // bash itself puts back what precedes the last ':' of the word.
            let offered = expected.contains(":") ? String(expected.split(separator: ":").last!) : expected
            XCTAssertEqual(result.stdout, offered + "\n", "\(line): \(result.stderr)")
        }
        // After an option whose value is no alarm's id nor a file, nothing but what is typed.
        for (line, unwanted) in [("alarmplay run --mqtt-id w", "work"), ("alarmplay help hel", "help"), ("alarmplay run --events-file \(home.file("oth"))", "")] {
            let result = try ChildProcess.run(
                ["--norc", "--noprofile", "-c", """
                    source "$1"; COMP_LINE=$2; COMP_POINT=${#COMP_LINE}; COMP_WORDBREAKS=$' \\t\\n"\\'><=;|&(:'
                    _alarmplay; printf '%s\\n' "${COMPREPLY[@]}"
                    """, "bash", file, line],
                environment: environment, executable: "/bin/bash")
            if unwanted.isEmpty {
                XCTAssertEqual(result.stdout, home.file("other.json") + "\n", "a file after --events-file: \(result.stderr)")
            } else {
                XCTAssertFalse(result.stdout.contains(unwanted), "\(line): \(result.stdout)")
            }
        }
    }

    func testFishCompletesCommandsOptionsAlarmIdsAndSounds() throws {
        let file = try script("fish", at: "alarmplay.fish")
        for (line, expected) in cases {
            let result = try ChildProcess.run(
                ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", file, line],
                environment: environment, executable: "/usr/bin/fish")
            let offered = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
            XCTAssertEqual(offered, [expected], "\(line): \(result.stdout) \(result.stderr)")
        }
    }

    /// zsh's completion system only runs in an interactive shell with the line editor: a real
    /// one in tmux, Tab pressed, the completed line read from the screen.
    func testZshCompletesCommandsOptionsAlarmIdsAndSounds() throws {
        _ = try script("zsh", at: "zsh/_alarmplay")
        let pane = try TmuxPane(columns: 200, rows: 20)
        let variables = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        try pane.run("exec env -i \(variables) zsh -f")
        try pane.run("fpath=(\(home.file("zsh")) $fpath); autoload -Uz compinit; compinit -u -D; PS1='zsh> '; clear")
        try pane.waitForScreen(containing: "zsh> ")
        for (line, expected) in cases {
            try pane.tmux(["send-keys", "-t", "test", "-l", line])
            try pane.press("Tab")
            let completed = line.split(separator: " ").dropLast().joined(separator: " ") + " " + expected
            try pane.waitForScreen(timeout: 10) { $0.contains("zsh> " + completed) }
            try pane.press("C-u")
        }
    }
}
