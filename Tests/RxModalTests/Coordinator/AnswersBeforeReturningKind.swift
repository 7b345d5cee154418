import Foundation
import Synchronization
import RxCore
import RxModal

/// A kind whose `present` answers (a value, then completion) before it returns:
/// from a thread of its own while `present` waits for it, or from inside the
/// call. `present` then lingers a little, so that anything racing its return
/// is seen. Counts the dismissals of its presentations.
final class AnswersBeforeReturningKind: ModalKindDefinition, @unchecked Sendable {
    final class Configuration {}

    let name: String
    let answersFromItsOwnThread: Bool
    let lingerSeconds: Double
    let version = "1", summary = "Answers before present returns.", resultDescription = #""answer""#
    let dismissals = Atomic<Int>(0)

    init(name: String = "answersEarly", answersFromItsOwnThread: Bool, lingerSeconds: Double = 0.1) {
        self.name = name
        self.answersFromItsOwnThread = answersFromItsOwnThread
        self.lingerSeconds = lingerSeconds
    }

    func makeConfiguration() -> Configuration { Configuration() }
    var methods: [ModalKindMethod<Configuration>] { [] }

    func present(configuration: Configuration, surface: any ModalSurface, observer: ModalResultObserver) throws -> Disposable {
        let answer: @Sendable () -> Void = {
            observer.onNext(.string("answer"))
            observer.onCompleted()
        }
        if answersFromItsOwnThread {
            let answered = DispatchSemaphore(value: 0)
            Thread.detachNewThread { answer(); answered.signal() }
            answered.wait()
        } else {
            answer()
        }
        Thread.sleep(forTimeInterval: lingerSeconds)
        return Disposables.create { self.dismissals.add(1, ordering: .relaxed) }
    }
}
