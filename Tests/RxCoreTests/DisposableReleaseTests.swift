import XCTest
import RxCore
import RxTesting

/// A disposable freed while it still holds something must release what it holds.
/// These failed while `Locked` stored its value in a `_Cell` whose deinit the
/// compiler skipped in debug builds (found while building RxFlows).
final class DisposableReleaseTests: RxTestCase {
    func testSingleAssignmentDisposableReleasesWhatItHoldsWhenFreedUndisposed() {
        let before = Resources.total
        do {
            let holder = SingleAssignmentDisposable()
            holder.setDisposable(BooleanDisposable())
        }
        XCTAssertEqual(Resources.total, before, "the held BooleanDisposable outlived its holder")
    }

    func testAnonymousDisposableReleasesItsActionWhenFreedUndisposed() {
        final class Probe {}
        weak var released: Probe?
        do {
            let probe = Probe()
            released = probe
            _ = Disposables.create(with: { _ = probe })
        }
        XCTAssertNil(released, "the undisposed AnonymousDisposable's action still holds its captures")
    }

    func testTestSchedulerScheduleAtLeavesNothingBehind() {
        let before = Resources.total
        do {
            let scheduler = TestScheduler()
            scheduler.scheduleAt(10) {}
            scheduler.start()
        }
        XCTAssertEqual(Resources.total, before, "the item's undisposed disposable keeps its SingleAssignmentDisposable alive")
    }

    func testAReplayConnectionLeavesNothingBehindOnceDisconnected() {
        let before = Resources.total
        do {
            let source = PublishSubject<Int>()
            let replayed = source.asObservable().replay(1)
            replayed.connect().dispose()
        }
        XCTAssertEqual(Resources.total, before, "the connectable's replay subject outlived it")
    }

    func testASubscriptionWhoseHandlerHoldsItsOwnBagIsFreedWhenTheSequenceEnds() {
        // The event handler captures the bag that holds its subscription: the cycle
        // ends with the subscription, for every form of subscribe.
        final class Owner { let bag = DisposeBag() }
        weak var released: Owner?
        do {
            let owner = Owner()
            released = owner
            let subject = PublishSubject<Int>()
            subject.subscribe { _ in _ = owner.bag }.disposed(by: owner.bag)
            subject.subscribe(onNext: { _ in _ = owner.bag }).disposed(by: owner.bag)
            subject.subscribe(AnyObserver { _ in _ = owner.bag }).disposed(by: owner.bag)
            subject.onCompleted()
        }
        XCTAssertNil(released)
    }
}
