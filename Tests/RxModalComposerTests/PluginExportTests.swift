import XCTest
import Foundation
import MailTestSupport

/// The composer plugins are Swift shared objects linked with a version script
/// (plugins/swift-plugin-support/exports.map): rxm_plugin_entry must be their
/// only defined global symbol, so that none of their Swift symbols binds to (or
/// is bound by) a host that links the same modules — this test bundle does.
final class PluginExportTests: RxTestCase {
    private func definedGlobalSymbols(of fileName: String) throws -> [String] {
        let bundle = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let library = bundle.deletingLastPathComponent().appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: library) else { throw XCTSkip("\(library) is not built") }
        guard let readelf = ["/usr/bin/readelf", "/bin/readelf"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("readelf (binutils) is not installed")
        }
        let result = try MailTestTools.run(readelf, ["--dyn-syms", "-W", library])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Num: Value Size Type Bind Vis Ndx Name
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 8, ["GLOBAL", "WEAK"].contains(columns[4]), columns[6] != "UND" else { return nil }
            return String(columns[7])
        }
    }

    func testTheComposerPluginsExportOnlyTheEntryPoint() throws {
        XCTAssertEqual(try definedGlobalSymbols(of: "librxmodal-mailComposer.so"), ["rxm_plugin_entry"])
        XCTAssertEqual(try definedGlobalSymbols(of: "librxmodal-messageComposer.so"), ["rxm_plugin_entry"])
    }
}
