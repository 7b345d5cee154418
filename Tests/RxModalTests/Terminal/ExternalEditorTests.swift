import XCTest
import Foundation
@testable import RxModal

/// `ExternalEditor`, the $VISUAL/$EDITOR hand-off of the terminal surface, with a
/// fake editor script that records its arguments and edits the file it is given.
final class ExternalEditorTests: RxTestCase {
    private var directory: URL!
    private var record: String { directory.appendingPathComponent("arguments").path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        // A space in the path: the editor's words must keep it.
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-editor-\(UUID().uuidString)/My Editor")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        super.tearDown()
    }

    /// A fake editor: records its arguments (one per line), then appends to the
    /// file it was given whether its standard input is a terminal, then exits with `status`.
    private func fakeEditor(status: Int = 0) throws -> String {
        let path = directory.appendingPathComponent("fake-editor").path
        let text = """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\n' "$argument"; done > '\(record)'
            for last; do :; done
            if [ -t 0 ]; then where=terminal; else where=pipe; fi
            printf ' edited on a %s\\n' "$where" >> "$last"
            exit \(status)
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        return path
    }

    private var recordedArguments: [String] {
        ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testWordsAreSplitAsAShellWouldWithoutExpandingAnything() {
        XCTAssertEqual(ExternalEditor.words("vim"), ["vim"])
        XCTAssertEqual(ExternalEditor.words("  code   --wait "), ["code", "--wait"])
        XCTAssertEqual(ExternalEditor.words(#"'/opt/My Editor/bin/ed' -c "set tw=72""#), ["/opt/My Editor/bin/ed", "-c", "set tw=72"])
        XCTAssertEqual(ExternalEditor.words(#"my\ editor "a \"b\" \\ c" 'it''s'"#), ["my editor", #"a "b" \ c"#, "its"])
        XCTAssertEqual(ExternalEditor.words("vim $(rm -rf ~) `id` ; ls"), ["vim", "$(rm", "-rf", "~)", "`id`", ";", "ls"])
        XCTAssertEqual(ExternalEditor.words("emacs ''"), ["emacs", ""])
        XCTAssertNil(ExternalEditor.words("vim 'unclosed"))
        XCTAssertNil(ExternalEditor.words("vim trailing\\"))
    }

    func testTheEditorIsChosenAsGitChoosesIt() {
        XCTAssertEqual(ExternalEditor(environment: ["VISUAL": "nvim -u NONE", "EDITOR": "nano"])?.command, ["nvim", "-u", "NONE"])
        XCTAssertEqual(ExternalEditor(environment: ["VISUAL": "nvim", "EDITOR": "nano", "TERM": "dumb"])?.command, ["nano"])
        XCTAssertEqual(ExternalEditor(environment: ["VISUAL": " ", "EDITOR": "nano"])?.command, ["nano"])
        XCTAssertEqual(ExternalEditor(environment: [:])?.command, ["vi"])
        XCTAssertNil(ExternalEditor(environment: ["TERM": "dumb"]), "no default editor on a dumb terminal")
        XCTAssertNil(ExternalEditor(environment: ["EDITOR": "vim 'oops"]))
    }

    func testTheEditorEditsATemporaryFileOnTheTerminalAndTheTextComesBack() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let editor = try XCTUnwrap(ExternalEditor(environment: ["EDITOR": "'\(try fakeEditor())' --flag \"two words\"", "PATH": "/usr/bin:/bin"],
                                                  inputFD: pty.slave, outputFD: pty.slave))
        XCTAssertEqual(editor.edit("Hello"), "Hello edited on a terminal", "the editor's final newline is dropped when the text had none")
        let arguments = recordedArguments
        XCTAssertEqual(Array(arguments.prefix(2)), ["--flag", "two words"])
        let file = try XCTUnwrap(arguments.last)
        XCTAssertTrue((file as NSString).lastPathComponent.hasPrefix("rxmodal-edit-"), file)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "the temporary file is removed")
        XCTAssertEqual(editor.edit("Two\nlines\n"), "Two\nlines\n edited on a terminal\n", "a final newline stays when the text had one")
    }

    func testAnEditorThatFailsOrCannotBeFoundKeepsTheText() throws {
        let failing = ExternalEditor(command: [try fakeEditor(status: 1)], environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertNil(failing.edit("Hello"))
        XCTAssertEqual(recordedArguments.count, 1, "it did run")
        XCTAssertNil(ExternalEditor(command: ["no-such-editor-anywhere"], environment: ["PATH": directory.path]).edit("Hello"))
    }

    func testCtrlXCtrlEInTheBodyOfAComposeFormOpensTheEditorAndTheEditedBodyIsAnswered() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let surface = TerminalSurface.on(pty)
        let editor = ExternalEditor(command: [try fakeEditor()], environment: ["PATH": "/usr/bin:/bin"],
                                    inputFD: pty.slave, outputFD: pty.slave)
        surface.textEditor = { editor.edit($0) }
        let outcome = try presentAndDrive(surface, pty, Specs.mail, waitFor: "> To:") {
            pty.type("\t\t")                      // to the body
            XCTAssertTrue(pty.waitFor("    Hello_"), pty.text)
            pty.type("\u{18}\u{05}")             // Ctrl-X Ctrl-E
            XCTAssertTrue(pty.waitFor("    Hello edited on a terminal_"), pty.text)
            pty.type("\u{1B}")
        }
        XCTAssertEqual(outcome?.map { $0["fields"]?["body"] }, .success("Hello edited on a terminal"))
    }
}
