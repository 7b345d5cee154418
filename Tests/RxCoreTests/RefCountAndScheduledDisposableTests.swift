import XCTest
import RxCore
import RxTesting

/// RefCountDisposable, ScheduledDisposable and DisposeBag's ways of being filled.
final class RefCountAndScheduledDisposableTests: RxTestCase {
    func testRefCountDisposableWaitsForEveryRetainedOneBeforeDisposing() {
        var disposed = 0
        let refCount = RefCountDisposable(disposable: AnonymousDisposable { disposed += 1 })
        let first = refCount.retain(), second = refCount.retain()
        refCount.dispose()
        XCTAssertEqual(disposed, 0)
        first.dispose()
        first.dispose()   // counted once
        XCTAssertEqual(disposed, 0)
        XCTAssertFalse(refCount.isDisposed)
        second.dispose()
        XCTAssertEqual(disposed, 1)
        XCTAssertTrue(refCount.isDisposed)
        refCount.retain().dispose()
        refCount.dispose()
        XCTAssertEqual(disposed, 1)
    }

    func testRefCountDisposableWithNothingRetainedDisposesAtOnce() {
        var disposed = 0
        let refCount = RefCountDisposable(disposable: AnonymousDisposable { disposed += 1 })
        refCount.retain().dispose()
        XCTAssertEqual(disposed, 0)
        refCount.dispose()
        XCTAssertEqual(disposed, 1)
    }

    func testScheduledDisposableDisposesOnItsScheduler() {
        let scheduler = TestScheduler()
        var disposedAt: [TestTime] = []
        scheduler.scheduleAt(100) {
            let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: AnonymousDisposable { disposedAt.append(scheduler.clock) })
            scheduled.dispose()
            scheduled.dispose()
            XCTAssertTrue(scheduled.isDisposed)
            XCTAssertEqual(disposedAt, [])
        }
        scheduler.start()
        XCTAssertEqual(disposedAt, [101])
    }

    func testDisposeBagFilledByArrayListOrBuilder() {
        var disposed = 0
        func counting() -> Disposable { AnonymousDisposable { disposed += 1 } }
        do {
            let bag = DisposeBag(disposing: counting(), counting())
            bag.insert([counting()])
            bag.insert {
                counting()
                counting()
            }
            _ = DisposeBag {
                counting()
            }
            XCTAssertEqual(disposed, 1, "the built bag was released at once")
            _ = bag
        }
        XCTAssertEqual(disposed, 6)
    }
}
