extension Infallible {
    /// One element, then completion.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(.just(element))
    }

    /// One element on `scheduler`, then completion.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// No event at all.
    public static func never() -> Infallible<Element> {
        Infallible(.never())
    }

    /// Completion at once.
    public static func empty() -> Infallible<Element> {
        Infallible(.empty())
    }

    /// Calls `factory` at each subscription and subscribes to what it returns.
    public static func deferred(_ factory: @escaping () -> Infallible<Element>) -> Infallible<Element> {
        Infallible(.deferred { factory().asObservable() })
    }

    /// The elements, in order, on `scheduler`, then completion.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(.from(elements, scheduler: scheduler))
    }

    /// The array's elements, in order, on `scheduler`, then completion.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(.from(array, scheduler: scheduler))
    }

    /// The sequence's elements, in order, on `scheduler`, then completion.
    public static func from<Elements: Sequence>(_ sequence: Elements, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> where Elements.Element == Element {
        Infallible(.from(sequence, scheduler: scheduler))
    }
}

extension Infallible where Element: FixedWidthInteger {
    /// Counts up from 0 every `period`, without end.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(.interval(period, scheduler: scheduler))
    }

    /// 0 after `dueTime`, then, with a `period`, counts up every period.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(.timer(dueTime, period: period, scheduler: scheduler))
    }
}
