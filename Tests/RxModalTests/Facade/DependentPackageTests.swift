import Foundation
import XCTest

/// A package that depends on this one, as users' packages do, presents every
/// kind after nothing but `swift build`: by path, and by version from a tagged
/// git repository (where SwiftPM refuses products whose targets carry unsafe
/// build flags). The app (Tests/Fixtures/dependent-app) lists the kinds it has
/// and presents six of them, answered by a script.
final class DependentPackageTests: RxTestCase {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // Facade, RxModalTests, Tests → root
        return url.path
    }()

    static let kinds = ["actionSheet", "alert", "mailComposer", "mediaPicker", "messageComposer",
                        "photoPicker", "webAuthenticationSession"]

    func testADependentByPathPresentsEveryKindWithPlainSwiftBuild() throws {
        try assertDependentAppWorks(mode: "path")
    }

    func testADependentByVersionPresentsEveryKindWithPlainSwiftBuild() throws {
        try assertDependentAppWorks(mode: "version")
    }

    private func assertDependentAppWorks(mode: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-dependent-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work + "/home", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.root + "/Tests/Fixtures/dependent-app/build-and-run")
        process.arguments = [Self.root, mode, work]
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RXMODAL_") }
        environment["HOME"] = work + "/home"
        environment["XDG_CONFIG_HOME"] = work + "/home/config"
        environment["XDG_CACHE_HOME"] = work + "/home/cache"
        // No plugin file anywhere: installed plugins on this machine must not
        // stand in for the ones the app links.
        environment["RXMODAL_PLUGIN_SYSTEM_PATH"] = ""
        environment["RXMODAL_SENDMAIL"] = "/bin/true"
        environment["RXMODAL_SMS_COMMAND"] = "/bin/true"
        environment["RXMODAL_SCRIPT"] = #"""
            [{"choose": "OK"}, {"choose": "Mail"}, {"cancel": true}, {"cancel": true},
             {"cancel": true}, {"cancel": true}]
            """#
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        XCTAssertEqual(process.terminationStatus, 0, text, file: file, line: line)
        let lines = text.components(separatedBy: "\n")
        for kind in Self.kinds {
            XCTAssertTrue(lines.contains("kind \(kind) from built into this program"), "\(kind):\n\(text)", file: file, line: line)
        }
        for expected in ["alert: 1", "actionSheet: mail", #"mailComposer: {"result":"cancelled"}"#,
                         #"messageComposer: {"result":"cancelled"}"#, "done"] {
            XCTAssertTrue(lines.contains(expected), "\(expected):\n\(text)", file: file, line: line)
        }
        // The pickers were presented: the photo picker's (empty) choice came back,
        // and the media picker's authorization prompt was answered with Cancel.
        XCTAssertTrue(lines.contains { $0.hasPrefix(#"photoPicker: {"results":[]"#) }, text, file: file, line: line)
        XCTAssertTrue(lines.contains("mediaPicker: error: authorization denied for mediaPicker"), text, file: file, line: line)
    }
}
