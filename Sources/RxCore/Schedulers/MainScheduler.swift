#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FoundationEssentials
import Synchronization

/// Work on the process's main thread, through `DispatchQueue.main`, as in RxSwift.
///
/// `schedule` called on the main thread with nothing of this scheduler's waiting
/// runs the action at once; anywhere else, or behind waiting work, the action is
/// queued on `DispatchQueue.main` and runs in order. Relative and periodic work always
/// goes through the queue.
///
/// The main queue runs only while the main thread serves it: `dispatchMain()`,
/// `RunLoop.main.run()` (Foundation), a GUI toolkit's loop that drains it, or XCTest
/// waiting for an expectation. A command-line program that schedules on
/// `MainScheduler` from another thread without any of these never sees the work run;
/// give it a `SerialDispatchQueueScheduler` of its own instead.
///
/// Thread-safe: schedule from any thread.
public final class MainScheduler: SchedulerType, @unchecked Sendable {
    /// The scheduler that runs work at once when already on the main thread.
    public static let instance = MainScheduler()

    /// Always queues, even from the main thread: for work that must not run inside
    /// the caller (RxSwift's `MainScheduler.asyncInstance`).
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

    /// The queue the work runs on: `DispatchQueue.main`.
    public let queue: DispatchQueue = .main

    private let configuration = DispatchQueueConfiguration(queue: .main, leeway: .nanoseconds(0))

    /// Actions queued and not yet finished. While it is above zero, `schedule` on the
    /// main thread queues too, so that work keeps its order.
    private let enqueued = Atomic(0)

    /// Prefer `MainScheduler.instance`; instances only differ in their own queued count.
    public init() {}

    /// True on the process's main thread.
    public static var isMainThread: Bool { isOnMainThread() }

    /// True on the main thread, where this scheduler's work runs.
    public static var isOnScheduler: Bool { isOnMainThread() }

    /// Stops the program with `errorMessage` unless called on the main thread.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        guard isOnMainThread() else {
            fatalError(errorMessage ?? "Running on a thread other than the main thread.")
        }
    }

    /// Stops the program with `errorMessage` unless called on the main thread, where
    /// this scheduler runs its work.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        ensureRunningOnMainThread(errorMessage: errorMessage ?? "Executing on a thread other than MainScheduler's.")
    }

    public var now: RxTime { Date() }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let waiting = enqueued.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        if waiting == 0 && isOnMainThread() {
            defer { enqueued.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
            return action(state)
        }
        let result = SingleAssignmentDisposable()
        // The action runs once, on the main queue; the queue is its only user.
        let work = UncheckedSendable((state, action))
        queue.async {
            if !result.isDisposed { result.setDisposable(work.value.1(work.value.0)) }
            self.enqueued.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        }
        return result
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}

/// Whether the calling thread is the process's first thread.
private func isOnMainThread() -> Bool {
    #if canImport(Darwin)
    return pthread_main_np() != 0
    #else
    // Asked at every `schedule`: each thread works its answer out once (two system
    // calls) and keeps it in thread-local storage, which a new thread starts empty.
    if let known = pthread_getspecific(mainThreadAnswerKey) { return Int(bitPattern: known) == 1 }
    // On Linux the main thread's kernel thread ID is the process ID.
    let answer = currentKernelThreadID() == getpid()
    pthread_setspecific(mainThreadAnswerKey, UnsafeRawPointer(bitPattern: answer ? 1 : 2))
    return answer
    #endif
}

#if !canImport(Darwin)
/// Each thread's answer to "am I the main thread": nil until asked, then 1 or 2.
private let mainThreadAnswerKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// glibc's `gettid`, found at run time: the Glibc module does not declare it, and
/// `syscall` is variadic, which Swift cannot call.
private let gettidFunction: (@convention(c) () -> pid_t)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) () -> pid_t).self)
}()

private func currentKernelThreadID() -> pid_t {
    if let gettidFunction { return gettidFunction() }
    // A C library without gettid: /proc names the calling thread "PID/task/TID".
    var buffer = [CChar](repeating: 0, count: 64)
    let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard length > 0 else { return -1 }
    let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return pid_t(path.split(separator: "/").last ?? "") ?? -1
}
#endif
