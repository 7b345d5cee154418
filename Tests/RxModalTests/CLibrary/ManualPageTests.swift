import Foundation
import XCTest

/// The manual pages scripts/install writes: valid for mandoc and man (groff),
/// and rxmodal(1) documents every option the command's help shows, every exit
/// status and every RXMODAL_ variable the code reads.
final class ManualPageTests: RxTestCase {
    func testTheInstalledPagesHaveNoErrorsOrWarnings() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        for page in ["share/man/man1/rxmodal.1", "share/man/man3/rxmodal.3"] {
            // scdoc's own paragraph macros draw mandoc warnings and style notes; errors are ours.
            let lint = try runner.run("/usr/bin/env", ["mandoc", "-Tlint", "-W", "error", installed.path(page)])
            XCTAssertEqual(lint.status, 0, "\(page):\n\(lint.output)\(lint.errors)")
            let man = try runner.run("/usr/bin/env", ["man", "--warnings", "-l", installed.path(page)], environment: ["MANWIDTH": "80"])
            XCTAssertEqual(man.status, 0, man.errors)
            XCTAssertEqual(man.errors, "", "\(page): groff warnings")
            XCTAssertTrue(man.output.contains("rxmodal"), "\(page) renders empty")
        }
    }

    func testTheCommandsPageCoversItsOptionsStatusesAndVariables() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        let installed = try InstalledPrefix(runner: runner)
        let rendered = try runner.run("/usr/bin/env", ["mandoc", "-Tascii", "-O", "width=400", installed.path("share/man/man1/rxmodal.1")])
        try runner.check(rendered, "mandoc")
        let page = rendered.output.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)

        var options: Set<String> = []
        for topic in [[], ["list"], ["describe"], ["demo"], ["help"]] {
            let help = try runner.run(installed.path("bin/rxmodal"), ["help"] + topic)
            XCTAssertEqual(help.status, 0, help.errors)
            options.formUnion(help.output.matches(of: /(?:^|[\s\[|(,])(--?[a-z][a-z-]*)/.anchorsMatchLineEndings()).map { String($0.output.1) })
        }
        XCTAssertTrue(options.isSuperset(of: ["--version", "--verbose", "--json", "--surface", "--transcript", "--timeout", "--call"]), "\(options)")
        for option in options.sorted() {
            XCTAssertTrue(page.contains(option), "rxmodal(1) does not mention \(option)")
        }

        guard let statuses = page.range(of: "EXIT STATUS"), let after = page.range(of: "SCRIPTS", range: statuses.upperBound..<page.endIndex) else {
            return XCTFail("rxmodal(1) has no EXIT STATUS section before SCRIPTS")
        }
        let section = page[statuses.upperBound..<after.lowerBound]
        let documented = Set(section.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { Int($0) != nil })
        XCTAssertEqual(documented, ["0", "1", "2", "3", "4", "5", "6", "130"])

        for variable in try Self.variablesReadByTheCode() {
            XCTAssertTrue(page.contains(variable), "rxmodal(1) does not mention \(variable)")
        }
    }

    /// The RXMODAL_ names in the sources of the runtime, the command and the
    /// plugins, less the benchmarks' and the header's version macros.
    static func variablesReadByTheCode() throws -> Set<String> {
        var names: Set<String> = []
        for folder in ["Sources", "plugins"] {
            let root = CProgramRunner.projectRoot + "/" + folder
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift") || relative.hasSuffix(".c"), !relative.contains("bench") else { continue }
                let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
                names.formUnion(text.matches(of: /"(RXMODAL_[A-Z_]+)"/).map { String($0.output.1) })
            }
        }
        XCTAssertTrue(names.contains("RXMODAL_SCRIPT"), "\(names)")
        return names
    }
}
