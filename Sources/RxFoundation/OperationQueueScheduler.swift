import Foundation
import RxCore

/// Runs work as operations on a Foundation `OperationQueue`, at a priority, as in
/// RxSwift. Items may run at the same time when the queue allows more than one
/// operation at once; operators still deliver each subscription's events serially.
///
/// It lives outside RxCore so that the core needs only FoundationEssentials: a
/// program that schedules on operation queues already links Foundation.
///
/// Thread-safe: schedule from any thread.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The queue the operations go to.
    public let operationQueue: OperationQueue

    /// The priority every operation of this scheduler gets.
    public let queuePriority: Operation.QueuePriority

    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action`, unless the returned disposable was
    /// disposed first; disposing it later disposes what `action` returned.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let result = SingleAssignmentDisposable()
        // The operation runs once; until then only it holds the state and action.
        let work = UncheckedSendable((state, action))
        let operation = BlockOperation {
            guard !result.isDisposed else { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return result
    }
}
