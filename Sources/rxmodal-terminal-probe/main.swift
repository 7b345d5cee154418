// A child process for the terminal surface's signal and window tests: it shows
// a dialog (or the surface spec given as JSON in its first argument) on its
// controlling terminal (standard input and output) and waits, so a test can
// interrupt, stop, continue or resize it through a pty and then check what the
// terminal shows. It prints its result as JSON if answered and exits 0; it
// gives up after 10 s with status 3, so it never outlives a test.
import Foundation
import Glibc
import RxModal

let surface = TerminalSurface(input: STDIN_FILENO, output: STDOUT_FILENO)
let answered = DispatchSemaphore(value: 0)
do {
    let spec: ModalValue = try CommandLine.arguments.count > 1 ? ModalValue(json: CommandLine.arguments[1]) : [
        "primitive": "dialog", "style": "actionSheet", "title": "Probe",
        "actions": [["title": "Mail", "style": "default"], ["title": "Message", "style": "default"]],
    ]
    let presentation = try surface.show(spec: spec, onResult: { value in
        print(value.json)
        answered.signal()
    }, onError: { error in
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        answered.signal()
    })
    let status: Int32 = answered.wait(timeout: .now() + 10) == .success ? 0 : 3
    surface.dismiss(presentation)
    exit(status)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
