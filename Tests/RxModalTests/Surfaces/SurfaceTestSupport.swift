import XCTest
import Dispatch
import Foundation
import RxModal

/// Collects what one presentation's callbacks delivered, and lets a test wait
/// for it (bounded).
final class PresentationProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<ModalValue, ModalError>] = []
    private var callbackThreads: [pthread_t] = []
    private let arrived = DispatchSemaphore(value: 0)

    var onResult: @Sendable (ModalValue) -> Void { { [self] in record(.success($0)) } }
    var onError: @Sendable (ModalError) -> Void { { [self] in record(.failure($0)) } }

    private func record(_ outcome: Result<ModalValue, ModalError>) {
        lock.withLock {
            callbackThreads.append(pthread_self())
            outcomes.append(outcome)
        }
        arrived.signal()
    }

    /// The first outcome, waiting up to `seconds` for it.
    func wait(seconds: Double = 5) -> Result<ModalValue, ModalError>? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        arrived.signal()   // leave it available for later waits
        return lock.withLock { outcomes.first }
    }

    var all: [Result<ModalValue, ModalError>] { lock.withLock { outcomes } }
    /// Whether a callback ran on `thread`. A test thread that called `show` and
    /// then blocked in `wait` can only have run one from inside `show`.
    func wasCalled(on thread: pthread_t) -> Bool {
        lock.withLock { callbackThreads.contains { pthread_equal($0, thread) != 0 } }
    }
}

extension ScriptedSurface {
    /// Shows `spec`, waits for the answer, dismisses, and returns the answer.
    func answer(_ spec: ModalValue, file: StaticString = #filePath, line: UInt = #line) throws -> Result<ModalValue, ModalError> {
        let probe = PresentationProbe()
        let presentation = try show(spec: spec, onResult: probe.onResult, onError: probe.onError)
        defer { dismiss(presentation) }
        guard let outcome = probe.wait() else {
            XCTFail("no answer within 5 s", file: file, line: line)
            return .failure(.missingSurface)
        }
        XCTAssertFalse(probe.wasCalled(on: pthread_self()), "answered synchronously inside show", file: file, line: line)
        return outcome
    }

    /// Waits until everything queued on the surface's queue so far has run.
    func drain() { queue.sync {} }
}

/// Asserts that `outcome` is a script mismatch at `step` whose reason contains `text`.
func XCTAssertMismatch(_ outcome: Result<ModalValue, ModalError>, step: Int, containing text: String,
                       file: StaticString = #filePath, line: UInt = #line) {
    guard case .failure(.scriptMismatch(let actualStep, let reason)) = outcome else {
        return XCTFail("expected a script mismatch, got \(outcome)", file: file, line: line)
    }
    XCTAssertEqual(actualStep, step, file: file, line: line)
    XCTAssertTrue(reason.contains(text), "reason “\(reason)” lacks “\(text)”", file: file, line: line)
}

