// The `rxmodal` command: see docs/guides/CommandLine.md and `rxmodal help`.
import Foundation
import RxModalCommandLine

// The arguments as bytes: CommandLine.arguments would replace bytes that are not
// UTF-8 with U+FFFD, and rxmodal refuses those instead.
let argumentBytes = (1..<Int(CommandLine.argc)).map { index in
    CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
}
exit(CommandLineTool.run(argumentBytes: argumentBytes))
