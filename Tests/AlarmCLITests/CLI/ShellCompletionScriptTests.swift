@testable import AlarmCore
@testable import AlarmCLI
import UnitTestSupport
import XCTest

/// What the generated scripts must know; `EndToEndTests/ShellCompletionTests` runs them in the shells.
final class ShellCompletionScriptTests: XCTestCase {
    func testEveryScriptNamesEveryCommandAndOption() {
        for shell in ShellCompletion.Shell.allCases {
            let script = ShellCompletion.script(for: shell)
            for command in CommandLineTool.commands {
                XCTAssertTrue(script.contains(command.spec.name), "\(shell): \(command.spec.name)")
                for option in command.spec.options {
                    XCTAssertTrue(script.contains(shell == .fish ? "-l \(option.name) " : "--\(option.name)"), "\(shell): \(command.spec.name) --\(option.name)")
                }
            }
            for offer in ["_generate)", "'_generate:", "-a _generate"] {
                XCTAssertFalse(script.contains(offer), "\(shell): the hidden command is not offered")
            }
        }
    }

    func testValueNamesSayWhatToComplete() {
        XCTAssertEqual(ShellCompletion.Value(valueName: "ID"), .alarmID)
        XCTAssertEqual(ShellCompletion.Value(valueName: "SOUND"), .sound)
        XCTAssertEqual(ShellCompletion.Value(valueName: "PCM"), .device)
        XCTAssertEqual(ShellCompletion.Value(valueName: "FILE"), .file)
        XCTAssertEqual(ShellCompletion.Value(valueName: "DURATION"), .none)
        let bash = ShellCompletion.script(for: .bash)
        XCTAssertTrue(bash.contains("            -D | --device) kind=device ;;"), bash)
        XCTAssertTrue(bash.contains("alarmplay list --json"), bash)
    }
}
