import Foundation
import RxModalPluginABI
import SwiftPluginSupport

/// One presentation of a picker: scans the library on a background thread
/// (so that the host's queue is not held for the scan), shows a "choice" on the
/// surface, and turns the answer into the modal's result value.
///
/// Locking: `lock` (recursive, so that the host may dispose from inside an
/// observer call made under it) guards `ended`, `presentation` and every
/// observer call; `dispose` takes the presentation down *outside* the lock, as
/// the surface's dismiss may wait for a surface callback that wants the lock.
/// After `dispose` has returned, neither the surface nor the observer is
/// touched again; the scan may still finish in the background and is dropped.
///
/// Thread safety: every entry point may be called from any thread.
public final class PickerPresentation: @unchecked Sendable {
    /// What a picker provides: the scan (any thread), the choice spec, and the
    /// result for a surface answer (nil selection = cancelled).
    public struct Content {
        public var spec: PluginValue
        public var result: ([Int]?) -> PluginValue
        public init(spec: PluginValue, result: @escaping ([Int]?) -> PluginValue) {
            self.spec = spec
            self.result = result
        }
    }

    private let lock = NSRecursiveLock()
    private var ended = false
    private var answered = false
    private var presentation: OpaquePointer?
    private var content: Content?
    private let surface: UnsafePointer<rxm_surface>
    private let observer: rxm_observer

    private init(surface: UnsafePointer<rxm_surface>, observer: rxm_observer) {
        self.surface = surface
        self.observer = observer
    }

    /// Starts a presentation whose content `prepare` makes on a background thread.
    public static func start(surface: UnsafePointer<rxm_surface>, observer: rxm_observer,
                             prepare: @escaping @Sendable () -> Content) -> rxm_disposable {
        let session = PickerPresentation(surface: surface, observer: observer)
        DispatchQueue.global(qos: .userInitiated).async { session.show(prepare()) }
        return rxm_disposable(context: Unmanaged.passRetained(session).toOpaque(), dispose: { context in
            guard let context else { return }
            Unmanaged<PickerPresentation>.fromOpaque(context).takeRetainedValue().dispose()
        })
    }

    private func show(_ content: Content) {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return }
        self.content = content
        var error = rxm_error()
        let callbacks = rxm_presentation_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            on_result: { context, result in
                guard let context, let result else { return }
                let session = Unmanaged<PickerPresentation>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(session) { session.answer(PluginValue(cValue: result)) }
            },
            on_error: { context, error in
                guard let context, let error else { return }
                let session = Unmanaged<PickerPresentation>.fromOpaque(context).takeUnretainedValue()
                var copy = error.pointee
                withExtendedLifetime(session) { session.fail(&copy) }
            })
        let shown = content.spec.withCValue { spec in surface.pointee.show(surface.pointee.context, spec, callbacks, &error) }
        if let shown {
            presentation = shown
        } else {
            if error.code == 0 { error.code = Int32(RXM_ERR_INTERNAL) }
            fail(&error)
        }
    }

    private func answer(_ result: PluginValue) {
        lock.lock()
        defer { lock.unlock() }
        guard !ended, !answered, let content else { return }
        answered = true
        var selection: [Int]?
        if case .array(let selected)? = result["selected"] {
            selection = selected.compactMap { if case .int(let index) = $0 { return Int(index) } else { return nil } }
        }
        content.result(selection).withCValue { value in observer.on_next?(observer.context, value) }
        // The host may have disposed this presentation from inside on_next (a
        // subscriber that takes one value): then its observer is gone.
        guard !ended else { return }
        observer.on_completed?(observer.context)
    }

    private func fail(_ error: inout rxm_error) {
        lock.lock()
        defer { lock.unlock() }
        guard !ended, !answered else { return }
        answered = true
        observer.on_error?(observer.context, &error)
    }

    private func dispose() {
        lock.lock()
        ended = true
        let shown = presentation
        presentation = nil
        lock.unlock()
        if let shown { surface.pointee.dismiss(surface.pointee.context, shown) }
    }
}
