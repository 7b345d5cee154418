import XCTest
import RxCore
import RxModal

/// Subscribes `observable`, waits (bounded) for its end, disposes, and returns the recorder.
func runModal<T>(_ observable: Observable<T>, snapshot: @escaping @Sendable () -> [ModalValue] = { [] },
            file: StaticString = #filePath, line: UInt = #line) -> EventRecorder<T> {
    let recorder = EventRecorder<T>(snapshot: snapshot)
    let subscription = observable.subscribe(recorder.observer)
    recorder.waitForTerminal(file: file, line: line)
    subscription.dispose()
    return recorder
}

struct TestFailure: Error, Equatable {
    let name: String
}
