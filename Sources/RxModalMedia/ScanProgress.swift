import Foundation

/// How far a running ``LibraryScanner/scan(progress:)`` has got, and the way
/// to stop it: a picker draws the counts while the user waits (a cold scan of
/// a large library takes seconds) and cancels the scan when the user gives up
/// or the modal is disposed. A cancelled scan stops at the next folder or
/// batch of files and returns no records.
///
/// The scanner reports once per 256 files walked and per batch of files read,
/// not per file, so the lock is rarely taken.
///
/// Thread safety: every member may be used from any thread (a lock guards the state).
public final class ScanProgress: @unchecked Sendable {
    /// The counts at one moment.
    public struct Snapshot: Equatable, Sendable {
        /// Files found by the walk so far.
        public var filesSeen = 0
        /// Files that must be read (not in the cache), known once the walk is done.
        public var filesToRead: Int?
        /// Of those, how many have been read.
        public var filesRead = 0
    }

    private let lock = NSLock()
    private var counts = Snapshot()
    private var cancelled = false

    public init() {}

    public var snapshot: Snapshot {
        lock.lock(); defer { lock.unlock() }
        return counts
    }

    public var isCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled
    }

    /// Asks the scan to stop; it returns at its next check.
    public func cancel() {
        lock.lock(); defer { lock.unlock() }
        cancelled = true
    }

    func walked(_ count: Int) {
        lock.lock(); defer { lock.unlock() }
        counts.filesSeen += count
    }

    func willRead(_ count: Int) {
        lock.lock(); defer { lock.unlock() }
        counts.filesToRead = count
    }

    func read(_ count: Int) {
        lock.lock(); defer { lock.unlock() }
        counts.filesRead += count
    }
}
