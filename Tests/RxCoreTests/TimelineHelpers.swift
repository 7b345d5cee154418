import RxCore
import RxTesting

extension TestScheduler {
    /// A recording observer subscribed to `source` at `subscribeAt` and disposed at
    /// `disposeAt`: for timelines with several subscribers (subjects, sharing).
    func record<Source: ObservableConvertibleType>(
        _ source: Source,
        subscribeAt: TestTime,
        disposeAt: TestTime = Defaults.disposed
    ) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        var subscription: Disposable?
        scheduleAt(subscribeAt) { subscription = source.asObservable().subscribe(observer) }
        scheduleAt(disposeAt) {
            subscription?.dispose()
            subscription = nil
        }
        return observer
    }
}
