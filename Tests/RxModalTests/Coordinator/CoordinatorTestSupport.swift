import XCTest
import Foundation
import RxCore
import RxModal

/// Records the events of one subscription and lets a test wait (bounded) for
/// its terminal event. Also records, for each event, a snapshot taken by
/// `snapshot` at that moment (the surface's transcript, typically).
final class EventRecorder<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Event<Element>] = []
    private var snapshots: [[ModalValue]] = []
    private var threads: [pthread_t] = []
    private let finished = DispatchSemaphore(value: 0)
    private let snapshot: @Sendable () -> [ModalValue]

    init(snapshot: @escaping @Sendable () -> [ModalValue] = { [] }) { self.snapshot = snapshot }

    var observer: (Event<Element>) -> Void {
        { [self] event in
            let taken = snapshot()
            lock.withLock {
                recorded.append(event)
                snapshots.append(taken)
                threads.append(pthread_self())
            }
            if event.isStopEvent { finished.signal() }
        }
    }

    @discardableResult
    func waitForTerminal(seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard finished.wait(timeout: .now() + seconds) == .success else {
            XCTFail("no terminal event within \(seconds) s; events so far: \(events)", file: file, line: line)
            return false
        }
        finished.signal()
        return true
    }

    var events: [Event<Element>] { lock.withLock { recorded } }
    var transcriptsAtEvents: [[ModalValue]] { lock.withLock { snapshots } }
    var elements: [Element] { events.compactMap { if case .next(let value) = $0 { return value } else { return nil } } }
    var error: Error? { events.lazy.compactMap { if case .error(let error) = $0 { return error } else { return nil } }.first }
    var completed: Bool { events.contains { if case .completed = $0 { return true } else { return false } } }
}

extension Event {
    var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }
}

extension ScriptedSurface {
    /// Waits (bounded) until `count` presentations have been shown.
    func waitUntilShown(_ count: Int, seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(seconds)
        while transcript.count < count && Date() < deadline { usleep(1_000) }
        XCTAssertGreaterThanOrEqual(transcript.count, count, "presentations shown", file: file, line: line)
    }

    /// Waits (bounded) until the presentation at `index` has been dismissed.
    func waitUntilDismissed(_ index: Int, seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(seconds)
        while transcript[safe: index]?["dismissed"] != .bool(true) && Date() < deadline { usleep(1_000) }
        XCTAssertEqual(transcript[safe: index]?["dismissed"], .bool(true), "presentation \(index) dismissed", file: file, line: line)
    }

    /// A transcript field of presentation `index`, as an int.
    func int(_ key: String, of index: Int) -> Int64? { transcript[safe: index]?[key]?.intValue }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// A coordinator over the shared registry (the built alert and actionSheet plugins).
enum Dialogs {
    static var coordinator: ModalCoordinator { .shared }

    /// An alert with `title` and the given actions (title, style), on `surface`.
    static func alert(_ title: String, actions: [(String, String)] = [("OK", "default")], on surface: ScriptedSurface,
                      coordinator: ModalCoordinator = .shared) -> Observable<ModalValue> {
        coordinator.present(kind: "alert", presenter: .surface(surface)) { alert in
            try alert.call("setTitle", .string(title))
            for (action, style) in actions { try alert.call("addAction", .string(action), .string(style)) }
        }
    }
}

/// Asserts that `error` is the `ModalError` `expected`.
func XCTAssertModalError(_ error: Error?, _ expected: ModalError, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(error as? ModalError, expected, file: file, line: line)
}
