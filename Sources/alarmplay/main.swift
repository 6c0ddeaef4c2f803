import AlarmPlayKit

#if canImport(Glibc)
import Glibc
#endif

// `_generate` writes the package's man pages and completions: English whatever the builder's language.
if CommandLine.arguments.dropFirst().first != "_generate" { Messages.setUp() }
exit(CommandLineTool.main(CommandLine.arguments))
