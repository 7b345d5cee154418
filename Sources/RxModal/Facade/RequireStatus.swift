import RxCore

// The seed's `require(_:in:)`: run a flow only once an authorization status
// is one of the expected ones, on every trait. The status is read when the
// result is subscribed; any other status fails with
// `RxModalError.authorizationDenied(Status.self)` and the flow is never
// subscribed. Thread: as the operators they are made of, any thread.

extension ObservableType {
    /// This observable, once `status` gives one of `expectedStatus`.
    public func require<Status: Equatable>(_ status: Single<Status>, in expectedStatus: Status...) -> Observable<Element> {
        let flow = asObservable()
        return status.asObservable().flatMap { current -> Observable<Element> in
            expectedStatus.contains(current) ? flow : .error(RxModalError.authorizationDenied(Status.self))
        }
    }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// This single, once `status` gives one of `expectedStatus`.
    public func require<Status: Equatable>(_ status: Single<Status>, in expectedStatus: Status...) -> Single<Element> {
        status.flatMap { current -> Single<Element> in
            expectedStatus.contains(current) ? self : .error(RxModalError.authorizationDenied(Status.self))
        }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// This maybe, once `status` gives one of `expectedStatus`.
    public func require<Status: Equatable>(_ status: Single<Status>, in expectedStatus: Status...) -> Maybe<Element> {
        status.flatMapMaybe { current -> Maybe<Element> in
            expectedStatus.contains(current) ? self : .error(RxModalError.authorizationDenied(Status.self))
        }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// This completable, once `status` gives one of `expectedStatus`.
    public func require<Status: Equatable>(_ status: Single<Status>, in expectedStatus: Status...) -> Completable {
        status.flatMapCompletable { current -> Completable in
            expectedStatus.contains(current) ? self : .error(RxModalError.authorizationDenied(Status.self))
        }
    }
}
