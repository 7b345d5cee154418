import Foundation
import XCTest
import RxCore
@testable import RxModal

/// GLibMainContextScheduler: work on a GLib main loop's thread, in order, with
/// timers, and disposal that takes a source down before it runs.
final class GLibMainContextSchedulerTests: RxTestCase {
    /// A GLib main loop on a thread of its own, over a private context.
    private final class LoopThread: @unchecked Sendable {
        let glib: GLib
        let context: OpaquePointer
        let loop: OpaquePointer
        private var thread: Thread?
        private(set) var threadIdentity: ObjectIdentifier?
        private let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)

        init() throws {
            glib = try GLib.shared()
            context = try XCTUnwrap(glib.mainContextNew())
            loop = try XCTUnwrap(glib.mainLoopNew(context, 0))
            let thread = Thread { [self] in
                threadIdentity = ObjectIdentifier(Thread.current)
                started.signal()
                glib.mainLoopRun(loop)
                finished.signal()
            }
            self.thread = thread
            thread.start()
            started.wait()
        }

        func stop() {
            glib.mainLoopQuit(loop)
            _ = finished.wait(timeout: .now() + 10)
            glib.mainLoopUnref(loop)
            glib.mainContextUnref(context)
        }
    }

    func testWorkFromSeveralThreadsRunsOnTheLoopsThreadInTheOrderOfEachThread() throws {
        let loop = try LoopThread()
        defer { loop.stop() }
        let scheduler = try GLibMainContextScheduler(context: loop.context)
        let log = SharedLog()
        let done = DispatchGroup()
        for sender in 0..<2 {
            done.enter()
            DispatchQueue.global().async {
                for index in 0..<50 {
                    _ = scheduler.schedule {
                        log.append(sender * 1000 + index, onLoop: ObjectIdentifier(Thread.current) == loop.threadIdentity)
                        if index == 49 { done.leave() }
                    }
                }
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let (values, allOnLoop) = log.snapshot()
        XCTAssertTrue(allOnLoop, "every item ran on the loop's thread")
        XCTAssertEqual(values.filter { $0 < 1000 }, Array(0..<50))
        XCTAssertEqual(values.filter { $0 >= 1000 }, Array(1000..<1050))
    }

    func testDisposedWorkNeverRunsAndTimersKeepTheirOrder() throws {
        let loop = try LoopThread()
        defer { loop.stop() }
        let scheduler = try GLibMainContextScheduler(context: loop.context)
        let log = SharedLog()
        let done = DispatchSemaphore(value: 0)
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            log.append(-1, onLoop: true)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(60)) { _ in
            log.append(60, onLoop: true)
            done.signal()
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(10)) { _ in
            log.append(10, onLoop: true)
            return Disposables.create()
        }
        cancelled.dispose()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(log.snapshot().values, [10, 60])
    }

    func testPeriodicWorkTicksWithItsStateUntilDisposed() throws {
        let loop = try LoopThread()
        defer { loop.stop() }
        let scheduler = try GLibMainContextScheduler(context: loop.context)
        let log = SharedLog()
        let third = DispatchSemaphore(value: 0)
        let periodic = scheduler.schedulePeriodic(1, startAfter: .milliseconds(5), period: .milliseconds(5)) { state in
            log.append(state, onLoop: true)
            if state == 3 { third.signal() }
            return state + 1
        }
        XCTAssertEqual(third.wait(timeout: .now() + 10), .success)
        periodic.dispose()
        let count = log.snapshot().values.count
        usleep(50_000)
        let values = log.snapshot().values
        XCTAssertEqual(Array(values.prefix(3)), [1, 2, 3])
        XCTAssertLessThanOrEqual(values.count, count + 1, "at most a tick already under way after disposal")
    }

    func testObservingOnTheSchedulerDeliversOnTheLoop() throws {
        let loop = try LoopThread()
        defer { loop.stop() }
        let scheduler = try GLibMainContextScheduler(context: loop.context)
        let log = SharedLog()
        let completed = DispatchSemaphore(value: 0)
        let subscription = Observable.from(1...5).observe(on: scheduler).subscribe(
            onNext: { log.append($0, onLoop: ObjectIdentifier(Thread.current) == loop.threadIdentity) },
            onCompleted: { completed.signal() })
        XCTAssertEqual(completed.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(log.snapshot().values, [1, 2, 3, 4, 5])
        XCTAssertTrue(log.snapshot().allOnLoop)
        subscription.dispose()
    }

    func testADialogsResultIsBoundOnTheLoopAsTheGuideShows() throws {
        let loop = try LoopThread()
        defer { loop.stop() }
        let ui = try GLibMainContextScheduler(context: loop.context)
        let surface = try ScriptedSurface(json: #"[{"choose": "Delete"}]"#)
        let log = SharedLog()
        let bound = DispatchSemaphore(value: 0)
        // The guide's example, on a scripted surface instead of the desktop.
        let subscription = RxModal.alert(presenter: .surface(surface), title: "Delete draft?",
                                         actions: [.cancel(title: "Keep", mapTo: false), .destructive(title: "Delete", mapTo: true)])
            .observe(on: ui)
            .subscribe(onNext: { deleted in
                log.append(deleted ? 1 : 0, onLoop: ObjectIdentifier(Thread.current) == loop.threadIdentity)
                bound.signal()
            })
        XCTAssertEqual(bound.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(log.snapshot().values, [1])
        XCTAssertTrue(log.snapshot().allOnLoop)
        subscription.dispose()
    }
}

/// Values appended from the loop's thread, read from the test's.
private final class SharedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    private var allOnLoop = true

    func append(_ value: Int, onLoop: Bool) {
        lock.withLock {
            values.append(value)
            allOnLoop = allOnLoop && onLoop
        }
    }

    func snapshot() -> (values: [Int], allOnLoop: Bool) { lock.withLock { (values, allOnLoop) } }
}
