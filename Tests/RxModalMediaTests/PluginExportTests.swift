import XCTest
import RxModal

/// The picker plugins are Swift shared objects linking their own copy of the
/// scanner: they must export `rxm_plugin_entry` and nothing else, so that none
/// of their Swift symbols interposes on (or is interposed by) the host's.
final class PluginExportTests: MediaTestCase {
    func testEachPickerExportsOnlyItsEntryPoint() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf") else { throw XCTSkip("readelf (binutils) is missing") }
        for kind in ["mediaPicker", "photoPicker"] {
            let path = try XCTUnwrap(pluginPath(kind), "librxmodal-\(kind).so next to the tests")
            let symbols = try run("/usr/bin/readelf", ["--dyn-syms", "-W", path])
            let exported = symbols.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 8, fields[4] == "GLOBAL" || fields[4] == "WEAK", fields[6] != "UND" else { return nil }
                return String(fields[7])
            }
            XCTAssertEqual(exported, ["rxm_plugin_entry"], kind)
        }
    }

    func testBothPickersAreRegisteredFromTheirFiles() throws {
        for kind in ["mediaPicker", "photoPicker"] {
            let registered = try ModalRegistry.shared.kind(named: kind)
            XCTAssertTrue(registered.description.contains("librxmodal-\(kind).so"), registered.description)
        }
    }

    private func pluginPath(_ kind: String) -> String? {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory = directory.deletingLastPathComponent() }
        let path = directory.appendingPathComponent("librxmodal-\(kind).so").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
