import XCTest
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The ways `Tests/Fixtures/registry/test_plugin.c` can be compiled: well formed,
/// or broken in one way (the C macro that does it).
enum TestPluginVariant: String, CaseIterable {
    case good = ""
    case withAuthorization = "VARIANT_WITH_AUTHORIZATION"
    case configNewFails = "VARIANT_CONFIG_NEW_FAILS"
    case noEntry = "VARIANT_NO_ENTRY"
    case abiMajor2 = "VARIANT_ABI_MAJOR_2"
    case entryNull = "VARIANT_ENTRY_NULL"
    case nullKind = "VARIANT_NULL_KIND"
    case badKindName = "VARIANT_BAD_KIND_NAME"
    case smallStruct = "VARIANT_SMALL_STRUCT"
    case nullConfigNew = "VARIANT_NULL_CONFIG_NEW"
    case nullConfigFree = "VARIANT_NULL_CONFIG_FREE"
    case nullPresent = "VARIANT_NULL_PRESENT"
    case nullMethodsWithCount = "VARIANT_NULL_METHODS_WITH_COUNT"
    case methodNullName = "VARIANT_METHOD_NULL_NAME"
    case methodNullSignature = "VARIANT_METHOD_NULL_SIGNATURE"
    case methodNullFunction = "VARIANT_METHOD_NULL_FUNCTION"
    case badSignature = "VARIANT_BAD_SIGNATURE"
    case duplicateMethods = "VARIANT_DUPLICATE_METHODS"
    case halfAuthorization = "VARIANT_HALF_AUTHORIZATION"
    case argumentNamesMismatch = "VARIANT_ARGUMENT_NAMES_MISMATCH"
    /// Well formed, its result description read from RXMODAL_TEST_PLUGIN_NOTE.
    case describesEnvironment = "VARIANT_DESCRIBES_ENVIRONMENT"
    // Entries that take their process down, for the scanner's tests only.
    case entryCrashes = "VARIANT_ENTRY_CRASHES"
    case entryExits = "VARIANT_ENTRY_EXITS"
    case entryHangs = "VARIANT_ENTRY_HANGS"
    case entryReturnsWildPointer = "VARIANT_ENTRY_WILD_POINTER"
    /// Creates /tmp/rxmodal-constructor-ran-<kind> when mapped.
    case constructorLeavesMarker = "VARIANT_CONSTRUCTOR_LEAVES_MARKER"
}

/// A temporary directory tree for one test, where the test plugin is compiled
/// into real shared objects with the system C compiler. Removed when the test
/// ends (a teardown block), whatever the permissions the test gave it.
final class PluginFixture {
    /// The repository root, found from this file's path (Tests/RxModalTests/…).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pluginSource = repositoryRoot.appendingPathComponent("Tests/Fixtures/registry/test_plugin.c").path
    static let includeDirectory = repositoryRoot.appendingPathComponent("Include").path

    let root: String

    init(for testCase: XCTestCase) throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxmodal-registry-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        chmod(path, 0o755)
        root = path
        testCase.addTeardownBlock { [root] in
            // Give back write permission first, in case a test took it away.
            _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", root]).waitUntilExit()
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// A directory `name` under the root, with exactly `mode`.
    @discardableResult
    func directory(_ name: String, mode: mode_t = 0o755) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(path, mode), 0)
        return path
    }

    struct Build {
        var variant: TestPluginVariant
        var kind: String
        /// Where the shared object goes.
        var path: String
    }

    /// Compiles every build, in parallel, with `cc -shared -fPIC`. Each output
    /// gets mode 0755 (the compiler's default under the test's umask may differ).
    func compile(_ builds: [Build]) throws {
        let processes = try builds.map { build -> (Process, Pipe, Build) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            var arguments = ["cc", "-shared", "-fPIC", "-O1", "-I", Self.includeDirectory,
                             "-DKIND=\"\(build.kind)\"", "-o", build.path, Self.pluginSource]
            if !build.variant.rawValue.isEmpty { arguments.insert("-D\(build.variant.rawValue)", at: 4) }
            process.arguments = arguments
            let pipe = Pipe()
            process.standardError = pipe
            try process.run()
            return (process, pipe, build)
        }
        for (process, pipe, build) in processes {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw FixtureError.compilerFailed("\(build.variant) → \(build.path): \(output)")
            }
            XCTAssertEqual(chmod(build.path, 0o755), 0)
        }
    }

    /// Compiles one plugin into `directory/fileName`; returns its path.
    @discardableResult
    func plugin(_ variant: TestPluginVariant = .good, kind: String, in directory: String, fileName: String? = nil) throws -> String {
        let path = directory + "/" + (fileName ?? "librxmodal-\(kind).so")
        try compile([Build(variant: variant, kind: kind, path: path)])
        return path
    }

    /// Writes a plain file with `mode`.
    @discardableResult
    func textFile(_ contents: String, in directory: String, named name: String, mode: mode_t = 0o644) throws -> String {
        let path = directory + "/" + name
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, mode), 0)
        return path
    }

    enum FixtureError: Error {
        case compilerFailed(String)
    }
}
