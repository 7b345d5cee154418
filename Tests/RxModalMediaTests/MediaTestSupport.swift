import Foundation
import XCTest
import RxCore
import RxModal
import RxModalMedia
import RxTestSupport

/// The base of the media tests: a fresh temporary folder per test, with
/// XDG_CONFIG_HOME and XDG_CACHE_HOME pointed into it (so that authorization
/// answers and scan caches never touch the user's), restored afterwards.
class MediaTestCase: RxTestCase {
    private(set) var folder = ""
    private let environment = EnvironmentOverride()

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-media-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        environment.set("XDG_CONFIG_HOME", folder + "/config")
        environment.set("XDG_CACHE_HOME", folder + "/cache")
    }

    override func tearDownWithError() throws {
        environment.restore()
        // Folders a test made unreadable must be readable again to be removed.
        _ = try? run("/bin/chmod", ["-R", "u+rwx", folder])
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }

    /// Generates a fixture library (`music` or `photos`) in `name` under the
    /// test's folder with the real tools, and returns its root and manifest.
    func makeLibrary(_ kind: String, named name: String = "library") throws -> (root: String, manifest: [[String: Any]]) {
        for tool in ["/usr/bin/sox", "/usr/bin/python3"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing: run ./scripts/test, which installs sox, python3-mutagen and python3-pil")
        }
        let root = folder + "/" + name
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let output = try run("/usr/bin/python3", [Self.fixtureScript, kind, root])
        let manifest = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return (root, try XCTUnwrap(manifest, "the fixture script's manifest"))
    }

    static let fixtureScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/make_fixtures.py").path

    /// Runs a program, returns its standard output; throws with its standard error if it fails.
    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "run", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(program) failed: " + String(decoding: errorData, as: UTF8.self)])
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Subscribes, waits (bounded) for the result, disposes.
    func outcome<T>(_ single: Single<T>, file: StaticString = #filePath, line: UInt = #line) -> Result<T, Error>? {
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox<T>()
        let subscription = single.subscribe { event in
            switch event {
            case .success(let value): box.set(.success(value))
            case .failure(let error): box.set(.failure(error))
            }
            done.signal()
        }
        if done.wait(timeout: .now() + 60) == .timedOut { XCTFail("no result within 60 s", file: file, line: line) }
        subscription.dispose()
        return box.get()
    }

    /// The value of a Single that must succeed.
    func value<T>(_ single: Single<T>, file: StaticString = #filePath, line: UInt = #line) throws -> T {
        switch outcome(single, file: file, line: line) {
        case .success(let value)?: return value
        case .failure(let error)?: throw error
        case nil: throw NSError(domain: "test", code: 1, userInfo: [NSLocalizedDescriptionKey: "no result"])
        }
    }

    /// The error of a Single that must fail.
    func failure<T>(_ single: Single<T>, file: StaticString = #filePath, line: UInt = #line) -> Error? {
        switch outcome(single, file: file, line: line) {
        case .failure(let error)?: return error
        case .success(let value)?:
            XCTFail("expected an error, got \(value)", file: file, line: line)
            return nil
        case nil: return nil
        }
    }

    func authorize(_ status: MediaLibraryAuthorizationStore.Status, _ application: String = "media-tests") throws {
        try MediaLibraryAuthorizationStore.standard().setStatus(status, for: application)
    }
}

/// The result of a subscription, set once from whatever thread delivers it.
final class OutcomeBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, Error>?
    func set(_ value: Result<T, Error>) { lock.lock(); result = value; lock.unlock() }
    func get() -> Result<T, Error>? { lock.lock(); defer { lock.unlock() }; return result }
}

/// ISO 8601 text → seconds since the epoch.
func seconds(_ iso: String) -> Double {
    ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970
}

extension ScriptedSurface {
    /// Waits for what the surface's queue is doing (answers, dismissals).
    func drain() { queue.sync {} }

    /// Waits (bounded) until `count` presentations have been shown.
    func waitUntilShown(_ count: Int, seconds: Double = 30, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(seconds)
        while transcript.count < count && Date() < deadline { usleep(1_000) }
        XCTAssertGreaterThanOrEqual(transcript.count, count, "presentations shown", file: file, line: line)
    }
}
