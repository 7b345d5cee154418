import Foundation

/// A surface that has its own serial queue for its work and callbacks. The
/// coordinator presents on that queue; for other surfaces it uses a serial
/// queue of its own (see ``ModalCoordinator``).
///
/// The coordinator reads ``ModalSurface/presentationQueue``, which this protocol
/// gives as `queue`. A subclass that conforms here while its superclass conforms
/// to `ModalSurface` alone inherits the superclass's answer (nil): it must
/// implement `presentationQueue` itself, returning `queue`.
///
/// Thread safety: as ``ModalSurface``; `queue` must be serial and must not change.
public protocol SerialModalSurface: ModalSurface {
    var queue: DispatchQueue { get }
}

extension SerialModalSurface {
    /// `queue`: a serial surface's presentations are made on it.
    public var presentationQueue: DispatchQueue? { queue }
}

extension ScriptedSurface: SerialModalSurface {}

/// Tells whether code runs on a given serial queue, with a marker set on the
/// queue the first time it is asked about. (Dispatch has no "current queue".)
enum QueueIdentity {
    private final class Marker: Sendable {}
    private static let key = DispatchSpecificKey<Marker>()

    static func isCurrent(_ queue: DispatchQueue) -> Bool {
        let marker: Marker
        if let existing = queue.getSpecific(key: key) {
            marker = existing
        } else {
            queue.setSpecific(key: key, value: Marker())
            // Two threads may both have set one; whichever stuck is the marker.
            marker = queue.getSpecific(key: key)!
        }
        return DispatchQueue.getSpecific(key: key) === marker
    }

    /// Runs `work` now if on `queue`, else asynchronously on it.
    static func run(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        if isCurrent(queue) { work() } else { queue.async(execute: work) }
    }
}
