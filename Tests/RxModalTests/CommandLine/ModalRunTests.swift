import XCTest
import Foundation
import RxCore
import RxModal
@testable import RxModalCommandLine

/// `ModalRun` returns only once the modal is dismissed, even when the dismissal
/// runs on the surface's thread (the one that delivered the answer), so that
/// what the command does next — write the transcript, print, exit — sees the
/// modal gone and the terminal restored.
final class ModalRunTests: RxTestCase {
    func testItReturnsOnlyAfterADismissalRunningOnTheAnsweringThread() {
        let dismissed = DismissalFlag()
        let modal = Observable<ModalValue>.create { observer in
            Thread.detachNewThread {
                observer.onNext(.string("answer"))
            }
            return Disposables.create {
                // Slow enough that a run returning early would be caught.
                Thread.sleep(forTimeInterval: 0.2)
                dismissed.set()
            }
        }
        let outcome = ModalRun.run(modal, timeoutSeconds: nil, presentationQueue: DispatchQueue(label: "unused"))
        guard case .value(let value) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(value, .string("answer"))
        XCTAssertTrue(dismissed.isSet, "run returned before the modal was dismissed")
    }

    func testATimedOutRunAlsoReturnsDismissed() {
        let dismissed = DismissalFlag()
        let modal = Observable<ModalValue>.create { _ in
            Disposables.create {
                Thread.sleep(forTimeInterval: 0.1)
                dismissed.set()
            }
        }
        let outcome = ModalRun.run(modal, timeoutSeconds: 0.05, presentationQueue: DispatchQueue(label: "unused"))
        guard case .timedOut = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(dismissed.isSet)
    }

    /// The answer arrives while the plugin's `present` is still running, so the
    /// dismissal that the first value's disposal asks for is done by the
    /// presentation queue once `present` returns, after `dispose()` returned.
    func testItReturnsOnlyAfterADismissalLeftToThePresentationQueue() throws {
        let kind = AnswersBeforeReturningKind(answersFromItsOwnThread: true, lingerSeconds: 0.2)
        let registry = ModalRegistry()
        try ModalKindDescriptor(kind).register(in: registry)
        let coordinator = ModalCoordinator(registry: registry)
        let surface = try ScriptedSurface(json: "[]")
        let modal = coordinator.present(kind: kind.name, presenter: .surface(surface))
        let outcome = ModalRun.run(modal, timeoutSeconds: nil, presentationQueue: surface.queue)
        guard case .value(let value) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(value, .string("answer"))
        XCTAssertEqual(kind.dismissals.load(ordering: .relaxed), 1, "run returned before the modal was dismissed")
    }

    private final class DismissalFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}
