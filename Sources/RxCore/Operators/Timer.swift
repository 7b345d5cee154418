extension Observable where Element: FixedWidthInteger {
    /// Emits 0 after `dueTime`, then, with a `period`, 1, 2, … every `period`.
    @inlinable
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Observable<Element> {
        Observable { observer in
            guard let period else {
                return scheduler.scheduleRelative(observer, dueTime: dueTime) { observer in
                    observer.on(.next(0))
                    observer.on(.completed)
                    return NopDisposable()
                }
            }
            return scheduler.schedulePeriodic(Element(0), startAfter: dueTime, period: period) { count in
                observer.on(.next(count))
                return count &+ 1
            }
        }
    }

    /// Emits 0, 1, 2, … every `period`, starting one `period` after subscription.
    @inlinable
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }
}
