import Foundation
import RxCore
import RxModalPluginABI

/// A scheduler that runs work on a GLib main context: in a GTK app, its main loop,
/// the thread that may touch its widgets (what `MainScheduler` is to an iOS app).
/// Bind modal results and `Action` state to a GTK UI through it:
///
///     let ui = try GLibMainContextScheduler()        // the default main context
///     RxModal.alert { … }.observe(on: ui).subscribe(onSuccess: { label.text = … })
///
/// GLib is found at run time (libglib-2.0.so.0, already loaded in a GTK app), so
/// nothing links it. Work goes through sources attached to the context: an idle
/// source for `schedule`, timeout sources for the others, at the default priority, so
/// that work keeps its order and runs when the context's loop turns. Disposing work
/// destroys its source (GLib's `g_source_destroy`, safe from any thread).
///
/// Thread-safe: schedule and dispose from any thread.
public final class GLibMainContextScheduler: SchedulerType, @unchecked Sendable {
    /// The `GMainContext *` the work runs on.
    public let context: OpaquePointer

    /// A scheduler for `context` (a `GMainContext *`), or for the default main
    /// context (GTK's) when nil. Throws when GLib cannot be loaded.
    public init(context: OpaquePointer? = nil) throws(ModalError) {
        let glib = try GLib.shared()
        guard let context = context ?? glib.mainContextDefault() else {
            throw ModalError.plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: "GLib has no default main context")
        }
        self.context = context
        self.glib = glib
    }

    private let glib: GLib

    public var now: RxTime { Date() }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        attach(glib.idleSourceNew(), state: state) { state in (action(state), false) }
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        attach(glib.timeoutSourceNew(Self.milliseconds(dueTime)), state: state) { state in (action(state), false) }
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        // A first timeout, then one that repeats every period. Both run on the
        // context's thread, one at a time, so `current` needs no lock.
        let periodic = SerialDisposable()
        var current = state
        periodic.disposable = attach(glib.timeoutSourceNew(Self.milliseconds(startAfter)), state: ()) { [weak self] _ in
            current = action(current)
            if let self, !periodic.isDisposed {
                periodic.disposable = self.attach(self.glib.timeoutSourceNew(Self.milliseconds(period)), state: ()) { _ in
                    current = action(current)
                    return (Disposables.create(), true)
                }
            }
            return (Disposables.create(), false)
        }
        return periodic
    }

    /// Attaches `source` with `body` as its callback; `body` returns what to dispose
    /// with the work, and whether the source keeps running.
    private func attach<State>(_ source: OpaquePointer?, state: State,
                               _ body: @escaping (State) -> (Disposable, Bool)) -> Disposable {
        guard let source else { return Disposables.create() }
        let work = SourceWork(glib: glib, source: source) { body(state) }
        glib.sourceSetPriority(source, 0)   // G_PRIORITY_DEFAULT
        let retained = Unmanaged.passRetained(work).toOpaque()
        glib.sourceSetCallback(source, { data in
            guard let data else { return 0 }
            return Unmanaged<SourceWork>.fromOpaque(data).takeUnretainedValue().fire() ? 1 : 0
        }, retained, { data in
            if let data { Unmanaged<SourceWork>.fromOpaque(data).release() }
        })
        _ = glib.sourceAttach(source, context)
        return work
    }

    private static func milliseconds(_ interval: RxTimeInterval) -> UInt32 {
        let nanoseconds: Double
        switch interval {
        case .seconds(let value): nanoseconds = Double(value) * 1e9
        case .milliseconds(let value): nanoseconds = Double(value) * 1e6
        case .microseconds(let value): nanoseconds = Double(value) * 1e3
        case .nanoseconds(let value): nanoseconds = Double(value)
        case .never: return UInt32.max
        @unknown default: return UInt32.max
        }
        return UInt32(max(0, min(Double(UInt32.max), (nanoseconds / 1e6).rounded(.up))))
    }
}

/// One source's work: runs on the context's thread; disposing destroys the source
/// (which releases this box through the destroy notify) and what the work returned.
private final class SourceWork: Cancelable, @unchecked Sendable {
    private let glib: GLib
    private let lock = NSLock()
    // Guarded by `lock`.
    private var source: OpaquePointer?
    private var body: (() -> (Disposable, Bool))?
    private let result = SerialDisposable()

    init(glib: GLib, source: OpaquePointer, body: @escaping () -> (Disposable, Bool)) {
        self.glib = glib
        self.source = source
        self.body = body
        glib.sourceRef(source)
    }

    deinit {
        if let source { glib.sourceUnref(source) }
    }

    var isDisposed: Bool { result.isDisposed }

    /// Runs the work; whether the source keeps running.
    func fire() -> Bool {
        guard let body = lock.withLock({ self.body }), !result.isDisposed else { return false }
        let (disposable, again) = body()
        result.disposable = disposable
        if !again { lock.withLock { self.body = nil } }
        return again
    }

    func dispose() {
        let source = lock.withLock { () -> OpaquePointer? in
            body = nil
            defer { self.source = nil }
            return self.source
        }
        result.dispose()
        if let source {
            glib.sourceDestroy(source)
            glib.sourceUnref(source)
        }
    }
}

/// GLib's functions, found at run time in libglib-2.0.so.0.
final class GLib: @unchecked Sendable {
    typealias SourceFunc = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias DestroyNotify = @convention(c) (UnsafeMutableRawPointer?) -> Void

    let mainContextDefault: @convention(c) () -> OpaquePointer?
    let idleSourceNew: @convention(c) () -> OpaquePointer?
    let timeoutSourceNew: @convention(c) (UInt32) -> OpaquePointer?
    let sourceSetPriority: @convention(c) (OpaquePointer?, Int32) -> Void
    let sourceSetCallback: @convention(c) (OpaquePointer?, SourceFunc?, UnsafeMutableRawPointer?, DestroyNotify?) -> Void
    let sourceAttach: @convention(c) (OpaquePointer?, OpaquePointer?) -> UInt32
    let sourceDestroy: @convention(c) (OpaquePointer?) -> Void
    let sourceRef: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let sourceUnref: @convention(c) (OpaquePointer?) -> Void
    let mainContextNew: @convention(c) () -> OpaquePointer?
    let mainContextUnref: @convention(c) (OpaquePointer?) -> Void
    let mainLoopNew: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    let mainLoopRun: @convention(c) (OpaquePointer?) -> Void
    let mainLoopQuit: @convention(c) (OpaquePointer?) -> Void
    let mainLoopUnref: @convention(c) (OpaquePointer?) -> Void

    private init(handle: UnsafeMutableRawPointer) throws(ModalError) {
        func function<T>(_ name: String, _: T.Type) throws(ModalError) -> T {
            guard let symbol = dlsym(handle, name) else {
                throw ModalError.plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: "libglib-2.0.so.0 has no \(name)")
            }
            return unsafeBitCast(symbol, to: T.self)
        }
        mainContextDefault = try function("g_main_context_default", (@convention(c) () -> OpaquePointer?).self)
        idleSourceNew = try function("g_idle_source_new", (@convention(c) () -> OpaquePointer?).self)
        timeoutSourceNew = try function("g_timeout_source_new", (@convention(c) (UInt32) -> OpaquePointer?).self)
        sourceSetPriority = try function("g_source_set_priority", (@convention(c) (OpaquePointer?, Int32) -> Void).self)
        sourceSetCallback = try function("g_source_set_callback", (@convention(c) (OpaquePointer?, SourceFunc?, UnsafeMutableRawPointer?, DestroyNotify?) -> Void).self)
        sourceAttach = try function("g_source_attach", (@convention(c) (OpaquePointer?, OpaquePointer?) -> UInt32).self)
        sourceDestroy = try function("g_source_destroy", (@convention(c) (OpaquePointer?) -> Void).self)
        sourceRef = try function("g_source_ref", (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
        sourceUnref = try function("g_source_unref", (@convention(c) (OpaquePointer?) -> Void).self)
        mainContextNew = try function("g_main_context_new", (@convention(c) () -> OpaquePointer?).self)
        mainContextUnref = try function("g_main_context_unref", (@convention(c) (OpaquePointer?) -> Void).self)
        mainLoopNew = try function("g_main_loop_new", (@convention(c) (OpaquePointer?, Int32) -> OpaquePointer?).self)
        mainLoopRun = try function("g_main_loop_run", (@convention(c) (OpaquePointer?) -> Void).self)
        mainLoopQuit = try function("g_main_loop_quit", (@convention(c) (OpaquePointer?) -> Void).self)
        mainLoopUnref = try function("g_main_loop_unref", (@convention(c) (OpaquePointer?) -> Void).self)
    }

    private static let loaded: Result<GLib, ModalError> = {
        guard let handle = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_GLOBAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(.plugin(code: Int32(RXM_ERR_UNSUPPORTED), message: "GLib is not available: \(reason)"))
        }
        return Result { () throws(ModalError) -> GLib in try GLib(handle: handle) }
    }()

    static func shared() throws(ModalError) -> GLib { try loaded.get() }
}
