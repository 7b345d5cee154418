import XCTest
import FoundationEssentials
import RxCore
import RxBlocking
import RxTesting

/// RxBlocking's waits: what each returns, when it stops the source, errors and
/// the timeout, with events that arrive on other threads.
final class BlockingTests: RxTestCase {
    private let background = SerialDispatchQueueScheduler(internalSerialQueueName: "BlockingTests")

    func testToArrayWaitsForCompletionOfElementsFromAnotherThread() throws {
        let source = Observable.of(1, 2, 3).observe(on: background)
        XCTAssertEqual(try source.toBlocking().toArray(), [1, 2, 3])
    }

    func testFirstStopsTheSourceAtItsFirstElement() throws {
        var disposed = false
        let endless = Observable<Int>.interval(.milliseconds(1), scheduler: background)
            .do(onDispose: { disposed = true })
        XCTAssertEqual(try endless.toBlocking().first(), 0)
        XCTAssertTrue(disposed)
        XCTAssertNil(try Observable<Int>.empty().toBlocking().first())
    }

    func testLastAndSingle() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().last(), 3)
        XCTAssertEqual(try Observable.just(7).observe(on: background).toBlocking().single(), 7)
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 }, 2)
        XCTAssertThrowsError(try Observable<Int>.empty().toBlocking().single()) { error in
            XCTAssertTrue(errorsAreEqual(error, RxError.noElements))
        }
        XCTAssertThrowsError(try Observable.of(1, 2).toBlocking().single()) { error in
            XCTAssertTrue(errorsAreEqual(error, RxError.moreThanOneElement))
        }
    }

    func testAnErrorIsThrownAndMaterializeKeepsTheElementsBeforeIt() {
        let failing = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError("boom"))
            return Disposables.create()
        }.observe(on: background)
        XCTAssertThrowsError(try failing.toBlocking().toArray()) { error in
            XCTAssertEqual(error as? TestError, TestError("boom"))
        }
        guard case .failed(let elements, let error) = failing.toBlocking().materialize() else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(elements, [1])
        XCTAssertEqual(error as? TestError, TestError("boom"))
        guard case .completed(let all) = Observable.of(4, 5).toBlocking().materialize() else {
            return XCTFail("expected completion")
        }
        XCTAssertEqual(all, [4, 5])
    }

    func testATimeoutEndsTheWaitWithTheElementsSoFarAndDisposesTheSource() {
        var disposed = false
        let subject = PublishSubject<Int>()
        let source = subject.do(onSubscribed: { subject.onNext(1) }, onDispose: { disposed = true })
        guard case .failed(let elements, let error) = source.toBlocking(timeout: 0.05).materialize() else {
            return XCTFail("expected a timeout")
        }
        XCTAssertEqual(elements, [1])
        XCTAssertTrue(errorsAreEqual(error, RxError.timeout))
        XCTAssertTrue(disposed)
        XCTAssertFalse(subject.hasObservers)
    }

    func testWaitingOnTheMainThreadKeepsServingTheMainScheduler() throws {
        XCTAssertTrue(MainScheduler.isMainThread)
        // Elements produced elsewhere and delivered on the main thread, which is the
        // one waiting: it must turn its run loop to let them in.
        let source = Observable.of(1, 2, 3).observe(on: background).observe(on: MainScheduler.asyncInstance)
        XCTAssertEqual(try source.toBlocking(timeout: 10).toArray(), [1, 2, 3])
    }

    func testATimeoutOnTheMainThreadStillEndsTheWait() {
        let started = Date()
        XCTAssertThrowsError(try Observable<Int>.never().observe(on: MainScheduler.asyncInstance).toBlocking(timeout: 0.05).first()) { error in
            XCTAssertTrue(errorsAreEqual(error, RxError.timeout))
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testTraitsCanBeWaitedForToo() throws {
        XCTAssertEqual(try Single.just(3).toBlocking().single(), 3)
        XCTAssertNil(try Maybe<Int>.empty().toBlocking().first())
        XCTAssertEqual(try Completable.empty().toBlocking().toArray().count, 0)
    }
}

/// RxTest's assertion helpers that RxTesting carries: timelines written out with
/// `Recorded.events`, and outcomes of traits compared as lists.
final class RecordedHelpersTests: RxTestCase {
    func testRecordedEventsWritesATimelineInEitherForm() {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.of(1, 2) }
        XCTAssertEqual(observer.events, Recorded.events(.next(200, 1), .next(200, 2), .completed(200)))
        XCTAssertEqual(observer.events, Recorded.events([.next(200, 1), .next(200, 2), .completed(200)]))
    }

    func testTraitOutcomesCompareByValueAndByError() {
        XCTAssertEqual([SingleEvent<Int>.success(1), .failure(TestError("a"))], [.success(1), .failure(TestError("a"))])
        XCTAssertEqual([MaybeEvent<Int>.success(1), .completed, .error(TestError("a"))], [.success(1), .completed, .error(TestError("a"))])
        XCTAssertEqual([CompletableEvent.completed, .error(TestError("a"))], [.completed, .error(TestError("a"))])
        XCTAssertNotEqual(MaybeEvent<Int>.success(1), .success(2))
        XCTAssertNotEqual(MaybeEvent<Int>.error(TestError("a")), .error(TestError("b")))
        XCTAssertNotEqual(CompletableEvent.completed, .error(TestError("a")))
    }
}
