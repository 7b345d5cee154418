import Synchronization

@usableFromInline
internal let liveResourceCount = Atomic<Int>(0)

/// Counts the core's live resources: subscriptions, operator sinks, disposables,
/// subjects and scheduled work. Like RxSwift's `Resources.total`, it lets a test
/// prove that everything a test created was released: read it before, read it
/// after, and the two must match.
///
/// The count is always on (one atomic add per created resource, none per event).
/// Thread-safe.
public enum Resources {
    /// The number of live resources right now.
    public static var total: Int { liveResourceCount.load(ordering: .relaxed) }

    /// Records that a resource was created. Types outside the core that own core
    /// resources (plugins, surfaces) may use it too, paired with ``decrementTotal()``.
    @inlinable
    public static func incrementTotal() {
        liveResourceCount.wrappingAdd(1, ordering: .relaxed)
    }

    /// Records that a resource was released.
    @inlinable
    public static func decrementTotal() {
        liveResourceCount.wrappingSubtract(1, ordering: .relaxed)
    }
}
