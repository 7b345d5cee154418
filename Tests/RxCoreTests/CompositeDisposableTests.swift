import XCTest
import RxCore

/// What `CompositeDisposable` promises besides removal by key (see
/// `ManyRunningInnersTests`): a group made with disposables disposes them in order,
/// once; a disposable added to a disposed group is disposed at once.
final class CompositeDisposableTests: RxTestCase {
    func testAGroupMadeWithDisposablesDisposesThemInOrderOnce() {
        var disposed: [Int] = []
        let group = CompositeDisposable(
            Disposables.create { disposed.append(0) },
            Disposables.create { disposed.append(1) },
            Disposables.create { disposed.append(2) })
        XCTAssertEqual(group.count, 3)
        XCTAssertFalse(group.isDisposed)
        group.dispose()
        group.dispose()
        XCTAssertEqual(disposed, [0, 1, 2])
        XCTAssertTrue(group.isDisposed)
        XCTAssertEqual(group.count, 0)
    }

    func testADisposableAddedToADisposedGroupIsDisposedAtOnceAndGetsNoKey() {
        let group = CompositeDisposable()
        group.dispose()
        let late = BooleanDisposable()
        XCTAssertNil(group.insert(late))
        XCTAssertTrue(late.isDisposed)
        XCTAssertEqual(group.count, 0)
    }

    func testRemovingAKeyTwiceDisposesItsEntryOnce() {
        let group = CompositeDisposable()
        var disposals = 0
        let key = group.insert(Disposables.create { disposals += 1 })!
        let kept = BooleanDisposable()
        group.insert(kept)
        group.remove(for: key)
        group.remove(for: key)
        XCTAssertEqual(disposals, 1)
        XCTAssertFalse(kept.isDisposed, "the other entry stays")
        group.dispose()
        XCTAssertTrue(kept.isDisposed)
        XCTAssertEqual(disposals, 1)
    }
}
