import AlarmCore
import AlarmCLI

#if canImport(Glibc)
import Glibc
#endif

// English whatever the language for `_generate`: the package's man pages and completions.
// `run` keeps its log English itself (RunCommand).
if CommandLine.arguments.dropFirst().first != "_generate" { Messages.setUp() }
exit(CommandLineTool.main(CommandLine.arguments))
