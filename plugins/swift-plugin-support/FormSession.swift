import Foundation
import RxModalPluginABI

/// One presentation of a Swift plugin's compose form on a surface, following the
/// rules of Include/rxmodal_plugin.h and docs/plugins/writing-a-plugin-in-c.md:
///
/// - the surface and the observer are never called with `lock` held;
/// - one answer is accepted (the first), none after dispose;
/// - `dispose` takes the form down exactly once, whether or not it was answered;
///   from another thread it waits for a `show` or an observer call in progress
///   to return; from inside an observer call it returns at once, and the
///   completion that would follow is not delivered; if it comes while this
///   session's own thread is inside `show`, the dismissal happens when `show`
///   returns;
/// - no observer call starts after `dispose` returns.
///
/// What an answer means is the plugin's business: `onAnswer` gets it (on the
/// surface's callback thread) and must end by calling ``finish(with:)`` or
/// ``fail(_:)`` exactly once, from any thread (the composers send from a
/// background queue, because sending blocks) — or, from inside `onAnswer`, by
/// ``showAgain(_:)``, which replaces the form with another (the composers show
/// the user's edits again with what was wrong, rather than lose them).
///
/// Lifetime: the plugin's configuration keeps its sessions until `config_free`,
/// so the pointers handed to the surface and the host (unretained) stay valid
/// for as long as the host may use them.
///
/// Thread safety: every method may be called from any thread; `lock` guards the state.
public final class FormSession: @unchecked Sendable {
    private let surface: UnsafePointer<rxm_surface>
    private let observer: rxm_observer
    private let onAnswer: (FormSession, PluginValue) -> Void

    private let lock = NSCondition()
    private var presentation: OpaquePointer?
    private var showingThread: pthread_t?
    private var observerThread: pthread_t?
    private var answered = false
    /// Which form is shown now (1, 2, … after ``showAgain(_:)``); an answer to an
    /// earlier one is ignored. Each form's callbacks carry their own token, kept
    /// here so the pointer the surface holds stays valid.
    private var generation = 0
    private var tokens: [CallbackToken] = []
    private var disposed = false
    private var dismissed = false

    public init(surface: UnsafePointer<rxm_surface>, observer: rxm_observer,
                onAnswer: @escaping (FormSession, PluginValue) -> Void) {
        self.surface = surface
        self.observer = observer
        self.onAnswer = onAnswer
    }

    /// Shows `spec`; throws the surface's error when it cannot.
    public func show(_ spec: PluginValue) throws {
        guard let show = surface.pointee.show else { throw PluginError(Int32(RXM_ERR_NO_SURFACE), "the surface cannot show anything") }
        lock.lock()
        // Checked and marked under one lock: a dispose from now on waits for show()
        // to return, and one before it means the surface may be gone.
        if disposed { lock.unlock(); return }
        showingThread = pthread_self()
        answered = false
        generation += 1
        let token = CallbackToken(session: self, generation: generation)
        tokens.append(token)
        lock.unlock()
        var error = rxm_error()
        let context = Unmanaged.passUnretained(token).toOpaque()
        let callbacks = rxm_presentation_callbacks(context: context, on_result: { context, value in
            guard let context, let value else { return }
            let token = Unmanaged<CallbackToken>.fromOpaque(context).takeUnretainedValue()
            token.session?.answer(PluginValue(cValue: value), generation: token.generation)
        }, on_error: { context, error in
            guard let context else { return }
            let token = Unmanaged<CallbackToken>.fromOpaque(context).takeUnretainedValue()
            let failure = error.map { failure -> PluginError in
                var copy = failure.pointee
                let message = withUnsafeBytes(of: &copy.message) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                return PluginError(failure.pointee.code, message)
            } ?? PluginError(Int32(RXM_ERR_INTERNAL), "the surface failed without saying why")
            token.session?.surfaceFailed(failure, generation: token.generation)
        })
        let shown = spec.withCValue { show(surface.pointee.context, $0, callbacks, &error) }
        lock.lock()
        showingThread = nil
        presentation = shown
        let dismissNow = shown != nil && disposed && !dismissed
        if dismissNow { dismissed = true }
        lock.broadcast()
        lock.unlock()
        if dismissNow { dismiss(shown!) }
        guard shown != nil else {
            var copy = error
            let message = withUnsafeBytes(of: &copy.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw PluginError(error.code == 0 ? Int32(RXM_ERR_NO_SURFACE) : error.code,
                              message.isEmpty ? "the surface could not show the form" : message)
        }
    }

    /// Dismisses the form that was just answered and shows `spec` in its place;
    /// its answer goes to `onAnswer` again. Call it from inside `onAnswer` only.
    public func showAgain(_ spec: PluginValue) {
        lock.lock()
        guard !disposed, let old = presentation, !dismissed else { lock.unlock(); return }
        dismissed = true
        lock.unlock()
        dismiss(old)   // from inside its own callback: returns at once
        lock.lock()
        presentation = nil
        dismissed = false
        lock.unlock()
        do {
            try show(spec)
        } catch let failure as PluginError {
            fail(failure)
        } catch {
            fail(PluginError(Int32(RXM_ERR_INTERNAL), "\(error)"))
        }
    }

    private func answer(_ value: PluginValue, generation answered: Int) {
        lock.lock()
        guard answered == generation, !self.answered, !disposed else { lock.unlock(); return }
        self.answered = true
        lock.unlock()
        onAnswer(self, value)
    }

    private func surfaceFailed(_ failure: PluginError, generation failed: Int) {
        lock.lock()
        guard failed == generation, !answered, !disposed else { lock.unlock(); return }
        answered = true
        lock.unlock()
        fail(failure)
    }

    /// Emits `result` then completes (unless disposed meanwhile).
    public func finish(with result: PluginValue) {
        guard beginObserverCall() else { return }
        result.withCValue { observer.on_next?(observer.context, $0) }
        if stillLive() { observer.on_completed?(observer.context) }
        endObserverCall()
    }

    /// Ends with an error (unless disposed).
    public func fail(_ failure: PluginError) {
        guard beginObserverCall() else { return }
        var error = rxm_error()
        failure.fill(&error)
        observer.on_error?(observer.context, &error)
        endObserverCall()
    }

    private func beginObserverCall() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !disposed, observerThread == nil else { return false }
        observerThread = pthread_self()
        return true
    }

    private func stillLive() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return !disposed
    }

    private func endObserverCall() {
        lock.lock()
        observerThread = nil
        lock.broadcast()
        lock.unlock()
    }

    /// The disposable the plugin's `present` returns; its context is this session.
    public var disposable: rxm_disposable {
        rxm_disposable(context: Unmanaged.passUnretained(self).toOpaque(), dispose: { context in
            guard let context else { return }
            Unmanaged<FormSession>.fromOpaque(context).takeUnretainedValue().dispose()
        })
    }

    /// See the type's documentation. Idempotent.
    public func dispose() {
        lock.lock()
        if disposed { lock.unlock(); return }
        disposed = true
        let me = pthread_self()
        while let thread = showingThread, pthread_equal(thread, me) == 0 { lock.wait() }
        while let thread = observerThread, pthread_equal(thread, me) == 0 { lock.wait() }
        // Inside show() on this thread: show() dismisses once it has returned.
        guard showingThread == nil, let shown = presentation, !dismissed else { lock.unlock(); return }
        dismissed = true
        lock.unlock()
        dismiss(shown)
    }

    private func dismiss(_ shown: OpaquePointer) {
        surface.pointee.dismiss?(surface.pointee.context, shown)
    }
}

/// The context of one form's surface callbacks: its session (weak: the session
/// keeps its tokens) and which form it was.
private final class CallbackToken {
    weak var session: FormSession?
    let generation: Int

    init(session: FormSession, generation: Int) {
        self.session = session
        self.generation = generation
    }
}
