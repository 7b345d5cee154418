import CThreadLocals

/// Counts the core's live resources: subscriptions, operator sinks, disposables,
/// subjects and scheduled work. Like RxSwift's `Resources.total`, it lets a test
/// prove that everything a test created was released: read it before, read it
/// after, and the two must match.
///
/// The count is always on, and costs no locked instruction: each thread counts
/// on a counter of its own (a load and a store), and ``total`` adds them up
/// (see `ResourceCounters`).
/// A resource made on one thread and released on another leaves +1 on the one
/// and −1 on the other, which add up to nothing.
///
/// Thread-safe. ``total`` is exact when no thread is creating or releasing
/// resources and the reader has synchronized with those that did (joined them,
/// waited for their work): the usual state at the end of a test.
public enum Resources {
    /// The number of live resources right now.
    public static var total: Int { ResourceCounters.total }

    /// Records that a resource was created. Types outside the core that own core
    /// resources (plugins, surfaces) may use it too, paired with ``decrementTotal()``.
    @inlinable
    public static func incrementTotal() {
        count(1)
    }

    /// Records that a resource was released.
    @inlinable
    public static func decrementTotal() {
        count(-1)
    }

    @inlinable @inline(__always)
    internal static func count(_ change: Int) {
        if let counter = rxcore_current_resource_counter() {
            rxcore_resource_counter_add(counter, change)
        } else {
            ResourceCounters.attachAndCount(change)
        }
    }
}
