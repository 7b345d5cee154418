// The `rxmodal` command: see docs/guides/CommandLine.md and `rxmodal help`.
import Foundation
import RxModalCommandLine

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
