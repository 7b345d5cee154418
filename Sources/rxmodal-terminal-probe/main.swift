// A child process for the terminal surface's signal tests: it shows a dialog
// on its controlling terminal (standard input and output) and waits, so a
// test can interrupt it (Ctrl-C through the pty, or SIGTERM) and then check
// that the terminal was restored. It prints its result as JSON if answered and
// exits 0; it gives up after 10 s with status 3, so it never outlives a test.
import Foundation
import Glibc
import RxModal

let surface = TerminalSurface(input: STDIN_FILENO, output: STDOUT_FILENO)
let answered = DispatchSemaphore(value: 0)
let spec: ModalValue = [
    "primitive": "dialog", "style": "actionSheet", "title": "Probe",
    "actions": [["title": "Mail", "style": "default"], ["title": "Message", "style": "default"]],
]
do {
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
