import AlarmPlayKit

#if canImport(Glibc)
import Glibc
#endif

// English whatever the language for `_generate` (the package's man pages and completions) and
// `run`, whose output is its log: logfmt lines are an interface, and strerror follows LC_MESSAGES.
if !["_generate", "run"].contains(CommandLine.arguments.dropFirst().first ?? "") { Messages.setUp() }
exit(CommandLineTool.main(CommandLine.arguments))
