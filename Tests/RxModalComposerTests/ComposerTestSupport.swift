import XCTest
import Foundation
import RxCore
import RxModal
import MailTestSupport
import RxTestSupport

/// A real mail setup for one test: an SMTP server on loopback (aiosmtpd), msmtp
/// as `RXMODAL_SENDMAIL`, an identity, and a drafts Maildir in a temporary folder.
final class MailWorld {
    let server: SMTPSink
    let directory: URL
    let drafts: URL
    let environment = EnvironmentOverride()

    init() throws {
        server = try SMTPSink()
        directory = try MailTestTools.temporaryDirectory("composer")
        drafts = directory.appendingPathComponent("Drafts", isDirectory: true)
        environment.set("RXMODAL_SENDMAIL", try server.sendmailScript(configDirectory: directory))
        environment.set("RXMODAL_MAIL_FROM", "Composer Test <composer@example.net>")
        // Drafts written without an explicit folder stay in the test's folder too.
        environment.set("XDG_DATA_HOME", directory.appendingPathComponent("xdg").path)
    }

    func close() {
        server.stop()
        environment.restore()
        try? FileManager.default.removeItem(at: directory)
    }

    /// An executable script in the test's folder.
    func script(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url.path
    }

    /// The drafts Maildir as Python's `mailbox.Maildir` reads it; [] when it does not exist.
    func readDrafts(_ folder: URL? = nil) throws -> [[String: Any]] {
        let folder = folder ?? drafts
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("cur").path) else { return [] }
        return try MailTestTools.pythonJSON("read_maildir.py", [folder.path]) as? [[String: Any]] ?? []
    }
}

/// Subscribes, waits (bounded) for the outcome, disposes.
func outcome<T>(of single: Single<T>, seconds: Double = 30, file: StaticString = #filePath, line: UInt = #line) -> Result<T, Error>? {
    let box = OutcomeBox<T>()
    let done = DispatchSemaphore(value: 0)
    let subscription = single.subscribe { result in
        box.set(result)
        done.signal()
    }
    if done.wait(timeout: .now() + seconds) == .timedOut { XCTFail("no outcome within \(seconds) s", file: file, line: line) }
    subscription.dispose()
    return box.get()
}

final class OutcomeBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, Error>?
    private(set) var count = 0
    func set(_ new: Result<T, Error>) { lock.withLock { value = new; count += 1 } }
    func get() -> Result<T, Error>? { lock.withLock { value } }
}

/// The error of `result` as a `ModalError`, or a failure.
func modalError<T>(_ result: Result<T, Error>?, file: StaticString = #filePath, line: UInt = #line) -> ModalError? {
    guard case .failure(let error)? = result else {
        XCTFail("expected an error, got \(String(describing: result))", file: file, line: line)
        return nil
    }
    guard let modal = error as? ModalError else {
        XCTFail("expected a ModalError, got \(error)", file: file, line: line)
        return nil
    }
    return modal
}

extension ScriptedSurface {
    /// Waits (bounded) until `count` presentations have been shown.
    func waitUntilShown(_ count: Int, seconds: Double = 10, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(seconds)
        while transcript.count < count && Date() < deadline { usleep(1_000) }
        XCTAssertGreaterThanOrEqual(transcript.count, count, "presentations shown", file: file, line: line)
    }

    /// Waits (bounded) until presentation `index` has been dismissed `count` times. A
    /// dispose that comes while the plugin is still inside its present call (it may
    /// already have shown its form) dismisses as that call returns, on the
    /// presentation's queue.
    func waitUntilDismissed(_ index: Int, times count: Int, seconds: Double = 10) {
        let deadline = Date().addingTimeInterval(seconds)
        while transcript[ifPresent: index]?["dismissals"] != .int(Int64(count)) && Date() < deadline { usleep(1_000) }
    }
}

/// The composer plugins as the registry finds them: the test bundle's own
/// directory, where SwiftPM puts `librxmodal-*.so`.
enum ComposerPlugins {
    static let registry = ModalRegistry(searchPath: .standard(environment: [:]))

    static func kind(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ModalKind {
        do {
            return try registry.kind(named: name)
        } catch {
            XCTFail("\(name) not loaded: \(error); skipped: \(registry.skipped)", file: file, line: line)
            throw error
        }
    }

    /// Calls `method` on a fresh configuration of `kind`; the error it throws, if any.
    static func refusal(_ kind: ModalKind, _ method: String, arguments: [ModalValue]) -> ModalError? {
        do {
            let configuration = try kind.makeConfiguration()
            try kind.methodTable().invoker(named: method).invoke(config: configuration.pointer, arguments: arguments)
            return nil
        } catch {
            return error as? ModalError ?? .malformedValue("\(error)")
        }
    }
}
