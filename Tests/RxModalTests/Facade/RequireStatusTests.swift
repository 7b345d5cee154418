import XCTest
import RxCore
import RxModal

/// The seed's `require(_:in:)` on every trait: the flow runs only when the
/// status is one of the expected ones; otherwise it fails with
/// `RxModalError.authorizationDenied(Status.self)` and is never subscribed.
final class RequireStatusTests: RxTestCase {
    enum Status: Equatable { case notDetermined, denied, restricted, authorized }

    private var subscriptions = 0

    private func counted<T>(_ observable: Observable<T>) -> Observable<T> {
        observable.do(onSubscribe: { self.subscriptions += 1 })
    }

    private func isDenied(_ error: Error?) -> Bool {
        guard let error else { return false }
        switch error {
        case RxModalError.authorizationDenied(Status.self): return true
        default: return false
        }
    }

    func testEveryTraitRunsItsFlowWhenTheStatusIsExpected() async throws {
        let status = Single.just(Status.restricted)
        let observable = try await counted(.of(1, 2)).require(status, in: .authorized, .restricted).toArray().value
        let single = try await counted(.just("one")).asSingle().require(status, in: .authorized, .restricted).value
        let maybe = try await counted(.empty()).asMaybe().require(status, in: .restricted).value as Int?
        try await counted(Observable<Never>.empty()).asCompletable().require(status, in: .restricted).value
        XCTAssertEqual(observable, [1, 2])
        XCTAssertEqual(single, "one")
        XCTAssertNil(maybe)
        XCTAssertEqual(subscriptions, 4)
    }

    func testEveryTraitFailsWithoutSubscribingItsFlowWhenDenied() async {
        let status = Single.just(Status.denied)
        var errors: [Error?] = []
        do { _ = try await counted(.of(1)).require(status, in: .authorized).toArray().value } catch { errors.append(error) }
        do { _ = try await counted(.just(1)).asSingle().require(status, in: .authorized).value } catch { errors.append(error) }
        do { _ = try await counted(.just(1)).asMaybe().require(status, in: .authorized).value } catch { errors.append(error) }
        do {
            try await counted(Observable<Never>.empty()).asCompletable().require(status, in: .authorized).value
        } catch { errors.append(error) }
        XCTAssertEqual(errors.count, 4)
        XCTAssertTrue(errors.allSatisfy(isDenied), "\(errors)")
        XCTAssertEqual(subscriptions, 0)
    }

    func testTheStatusIsReadAtSubscribeTime() throws {
        var current = Status.notDetermined
        let status = Single<Status>.deferred { .just(current) }
        let flow = Observable.just("shown").require(status, in: .authorized)
        current = .authorized
        var shown: [String] = []
        _ = flow.subscribe(onNext: { shown.append($0) })
        XCTAssertEqual(shown, ["shown"])
    }
}
