import Foundation
import RxCore
import RxModalPluginABI

/// The `rxm_surface` a host passes to `present` (or `request_authorization`),
/// seen by a Swift kind as a ``ModalSurface``. The inverse of ``CSurfaceBridge``.
///
/// Borrowed: the C surface is valid only until the presentation's disposable is
/// disposed, so the disposal calls ``invalidate()``, which dismisses what the kind
/// left shown and turns every later call into an error (`show`, `update`) or a
/// no-op (`dismiss`) instead of a use of a dangling pointer.
///
/// Results arrive through a context box retained per presentation and released
/// once the C `dismiss` has returned (after which, by the header's timing rules,
/// no callback starts).
///
/// Thread safety: every member may be called from any thread; the lock guarding
/// the table of presentations is never held while calling the C surface.
final class BorrowedCSurface: ModalSurface, @unchecked Sendable {
    let name: String
    private let surface: UnsafePointer<rxm_surface>
    private let lock = SpinLock()
    // Guarded by `lock`.
    private var valid = true
    private var live: [UInt64: (handle: OpaquePointer, box: Unmanaged<CallbackBox>)] = [:]

    init(_ surface: UnsafePointer<rxm_surface>) {
        self.surface = surface
        name = surface.pointee.name.flatMap { String(validatingCString: $0) } ?? "surface"
    }

    func show(spec: ModalValue, onResult: @escaping @Sendable (ModalValue) -> Void,
              onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
        let primitive = try SurfaceSpec.validate(spec)
        guard lock.withLock({ valid }) else { throw Self.gone("show") }
        guard let show = surface.pointee.show else {
            throw ModalError.plugin(code: Int32(RXM_ERR_NO_SURFACE), message: "the surface \(name) cannot show anything")
        }
        let box = Unmanaged.passRetained(CallbackBox(onResult: onResult, onError: onError))
        let callbacks = rxm_presentation_callbacks(
            context: box.toOpaque(),
            on_result: { context, result in
                guard let context else { return }
                let box = Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(box) {
                    do { box.onResult(try ModalValue(cValue: result)) } catch {
                        box.onError(error as? ModalError ?? .malformedValue("\(error)"))
                    }
                }
            },
            on_error: { context, error in
                guard let context else { return }
                let box = Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(box) {
                    box.onError(error.map { RxmErrorFilling.modalError(from: $0.pointee, call: "show") }
                                ?? .plugin(code: Int32(RXM_ERR_INTERNAL), message: "the surface failed with a NULL error"))
                }
            })
        var error = rxm_error()
        let handle = spec.withCValue { show(surface.pointee.context, $0, callbacks, &error) }
        guard let handle else {
            box.release()
            throw RxmErrorFilling.modalError(from: error, call: "show")
        }
        let presentation = SurfacePresentation(primitive: primitive)
        lock.withLock { live[presentation.id] = (handle, box) }
        return presentation
    }

    func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {
        guard let entry = lock.withLock({ valid ? live[presentation.id] : nil }) else {
            throw ModalError.invalidArgument(method: "update", reason: "\(presentation) is not shown on this surface")
        }
        var error = rxm_error()
        let code = patch.withCValue { surface.pointee.update?(surface.pointee.context, entry.handle, $0, &error) }
        guard let code else {
            throw ModalError.plugin(code: Int32(RXM_ERR_INTERNAL), message: "the surface \(name) cannot update")
        }
        if code != RXM_OK {
            if error.code == 0 { error.code = code }
            throw RxmErrorFilling.modalError(from: error, call: "update")
        }
    }

    func dismiss(_ presentation: SurfacePresentation) {
        guard let entry = lock.withLock({ live.removeValue(forKey: presentation.id) }) else { return }
        takeDown(entry)
    }

    /// Dismisses what is still shown and refuses everything from now on; called
    /// when the C surface stops being valid.
    func invalidate() {
        let leftovers = lock.withLock { () -> [(handle: OpaquePointer, box: Unmanaged<CallbackBox>)] in
            valid = false
            defer { live = [:] }
            return live.keys.sorted().compactMap { live[$0] }
        }
        leftovers.forEach(takeDown)
    }

    private func takeDown(_ entry: (handle: OpaquePointer, box: Unmanaged<CallbackBox>)) {
        surface.pointee.dismiss?(surface.pointee.context, entry.handle)
        entry.box.release()
    }

    private static func gone(_ call: String) -> ModalError {
        .invalidArgument(method: call, reason: "the surface is no longer valid: its presentation was disposed")
    }
}

/// The Swift callbacks of one presentation on a borrowed C surface.
private final class CallbackBox: Sendable {
    let onResult: @Sendable (ModalValue) -> Void
    let onError: @Sendable (ModalError) -> Void

    init(onResult: @escaping @Sendable (ModalValue) -> Void, onError: @escaping @Sendable (ModalError) -> Void) {
        self.onResult = onResult
        self.onError = onError
    }
}
