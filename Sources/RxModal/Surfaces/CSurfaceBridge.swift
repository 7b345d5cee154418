import Foundation
import RxCore
import RxModalPluginABI

/// Hands a Swift `ModalSurface` to C plugins as an `rxm_surface`.
///
/// The `rxm_surface` at `surface`, and its name string, stay valid until the
/// bridge is released. Its context is a box the bridge owns. The functions it
/// offers follow the header and defend against what a buggy plugin may send:
/// - `show` reads the borrowed spec with `ModalValue(cValue:)` and validates it;
///   a NULL context, spec or callback function, a malformed tree or an invalid
///   spec fill the `rxm_error` (code `RXM_ERR_INVALID_ARGUMENT`, message with the
///   path of the problem) and return NULL.
/// - Results reach the plugin through `ModalValue.withCValue`, borrowed for the
///   call; errors as an `rxm_error` on the stack. At most one callback per
///   presentation, none before `show` is returning its handle (even from a
///   surface that answers early), none after `dismiss` returns.
/// - A presentation handle is a token, not a pointer: `update` and `dismiss`
///   look it up, so a NULL, stale, foreign or twice-dismissed handle is refused
///   (`update`) or ignored (`dismiss`) instead of crashing.
///
/// Presentations a plugin leaves shown are dismissed when the bridge is
/// released. Each live bridged presentation counts in `Resources.total`.
///
/// Thread safety: the C functions may be called from any thread; the table of
/// handles is guarded by a lock that is never held while calling the surface or
/// a plugin callback. Releasing the bridge while a plugin still calls it is, as
/// for any C object, a bug of the caller.
public final class CSurfaceBridge: @unchecked Sendable {
    /// The Swift surface behind the C one.
    public let modalSurface: any ModalSurface
    private let box: Unmanaged<SurfaceBridgeBox>
    private let cSurface: UnsafeMutablePointer<rxm_surface>
    private let cName: UnsafeMutablePointer<CChar>

    /// The C surface to hand to plugins; valid until the bridge is released.
    public var surface: UnsafePointer<rxm_surface> { UnsafePointer(cSurface) }

    public init(_ surface: any ModalSurface) {
        modalSurface = surface
        box = Unmanaged.passRetained(SurfaceBridgeBox(surface))
        // withCString lends a native string's own bytes; passing the String to
        // strdup directly would first copy it into a temporary array.
        cName = surface.name.withCString { strdup($0) } ?? strdup("surface")!
        cSurface = .allocate(capacity: 1)
        cSurface.initialize(to: rxm_surface(
            struct_size: UInt32(MemoryLayout<rxm_surface>.size),
            context: box.toOpaque(),
            name: UnsafePointer(cName),
            show: { context, spec, callbacks, error in
                guard let context else {
                    fillError(error, .invalidArgument(method: "show", reason: "surface context is NULL"))
                    return nil
                }
                return Unmanaged<SurfaceBridgeBox>.fromOpaque(context).takeUnretainedValue()
                    .show(spec: spec, callbacks: callbacks, error: error)
            },
            update: { context, presentation, patch, error in
                guard let context else {
                    return fillError(error, .invalidArgument(method: "update", reason: "surface context is NULL"))
                }
                return Unmanaged<SurfaceBridgeBox>.fromOpaque(context).takeUnretainedValue()
                    .update(presentation, patch: patch, error: error)
            },
            dismiss: { context, presentation in
                guard let context else { return }
                Unmanaged<SurfaceBridgeBox>.fromOpaque(context).takeUnretainedValue().dismiss(presentation)
            }))
    }

    deinit {
        box.takeUnretainedValue().dismissAll()
        box.release()
        cSurface.deinitialize(count: 1)
        cSurface.deallocate()
        free(cName)
    }
}

/// The context of a bridged `rxm_surface`: the surface and the live handles.
private final class SurfaceBridgeBox: @unchecked Sendable {
    let surface: any ModalSurface
    private let lock = SpinLock()
    // Guarded by `lock`.
    private var handles: [UInt: BridgedPresentation] = [:]
    private var nextHandle: UInt = 1

    init(_ surface: any ModalSurface) { self.surface = surface }

    func show(spec: UnsafePointer<rxm_value>?, callbacks: rxm_presentation_callbacks,
              error cError: UnsafeMutablePointer<rxm_error>?) -> OpaquePointer? {
        guard callbacks.on_result != nil, callbacks.on_error != nil else {
            fillError(cError, .invalidArgument(method: "show", reason: "callbacks: on_result and on_error must not be NULL"))
            return nil
        }
        let value: ModalValue
        do {
            value = try ModalValue(cValue: spec)
        } catch {
            fillError(cError, .invalidArgument(method: "show", reason: "spec: \(error)"))
            return nil
        }
        let bridged = BridgedPresentation(callbacks)
        let presentation: SurfacePresentation
        do {
            presentation = try surface.show(spec: value,
                                            onResult: { bridged.deliver(result: $0) },
                                            onError: { bridged.deliver(error: $0) })
        } catch {
            fillError(cError, error as? ModalError ?? .plugin(code: Int32(RXM_ERR_INTERNAL), message: "\(error)"))
            return nil
        }
        bridged.presentation = presentation
        let handle: UInt = lock.withLock {
            let handle = nextHandle
            nextHandle += 1
            handles[handle] = bridged
            return handle
        }
        Resources.incrementTotal()
        bridged.publish()
        return OpaquePointer(bitPattern: handle)
    }

    func update(_ handle: OpaquePointer?, patch: UnsafePointer<rxm_value>?, error cError: UnsafeMutablePointer<rxm_error>?) -> Int32 {
        guard let handle else {
            return fillError(cError, .invalidArgument(method: "update", reason: "presentation is NULL"))
        }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        guard let presentation = lock.withLock({ handles[key]?.presentation }) else {
            return fillError(cError, .invalidArgument(method: "update", reason: "unknown or dismissed presentation"))
        }
        do {
            let value = try ModalValue(cValue: patch)
            try surface.update(presentation, patch: value)
            return Int32(RXM_OK)
        } catch let failure as ModalError {
            if case .malformedValue = failure {
                return fillError(cError, .invalidArgument(method: "update", reason: "patch: \(failure)"))
            }
            return fillError(cError, failure)
        } catch {
            return fillError(cError, .plugin(code: Int32(RXM_ERR_INTERNAL), message: "\(error)"))
        }
    }

    func dismiss(_ handle: OpaquePointer?) {
        guard let handle else { return }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        guard let bridged = lock.withLock({ handles.removeValue(forKey: key) }) else { return }
        take(down: bridged)
    }

    func dismissAll() {
        let leftovers = lock.withLock { () -> [BridgedPresentation] in
            if handles.isEmpty { return [] }
            defer { handles = [:] }
            return handles.keys.sorted().compactMap { handles[$0] }
        }
        for bridged in leftovers { take(down: bridged) }
    }

    private func take(down bridged: BridgedPresentation) {
        bridged.markDismissed()
        if let presentation = bridged.presentation { surface.dismiss(presentation) }
        Resources.decrementTotal()
    }
}

/// One presentation as the plugin sees it: its callbacks, called at most once,
/// and not before the bridge's `show` has returned the handle.
private final class BridgedPresentation: @unchecked Sendable {
    private let callbacks: rxm_presentation_callbacks
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var finished = false
    private var published = false
    /// Set once, before the handle is published; read under the box's lock after.
    var presentation: SurfacePresentation?

    init(_ callbacks: rxm_presentation_callbacks) { self.callbacks = callbacks }

    /// Lets callbacks through: the handle is on its way back to the plugin.
    func publish() {
        condition.lock()
        published = true
        condition.broadcast()
        condition.unlock()
    }

    /// Claims the one callback; false after dismissal or an earlier callback.
    /// Waits for `publish` (the Swift surface answers asynchronously, so this
    /// waits at most for the rest of the bridge's `show`).
    private func claim() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !published && !finished { condition.wait() }
        if finished { return false }
        finished = true
        return true
    }

    func markDismissed() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    func deliver(result: ModalValue) {
        guard claim() else { return }
        result.withCValue { callbacks.on_result?(callbacks.context, $0) }
    }

    func deliver(error: ModalError) {
        guard claim() else { return }
        var cError = rxm_error()
        fillError(&cError, error)
        callbacks.on_error?(callbacks.context, &cError)
    }
}

/// The `rxm_error` code for a `ModalError`.
private func errorCode(for error: ModalError) -> Int32 {
    switch error {
    case .unsupported, .pluginUnavailable: return Int32(RXM_ERR_UNSUPPORTED)
    case .authorizationDenied: return Int32(RXM_ERR_AUTHORIZATION_DENIED)
    case .missingSurface: return Int32(RXM_ERR_NO_SURFACE)
    case .plugin(let code, _): return code
    case .scriptMismatch: return Int32(RXM_ERR_SCRIPT_MISMATCH)
    case .unknownKind, .unknownMethod, .invalidArgument, .invalidJSON, .malformedValue:
        return Int32(RXM_ERR_INVALID_ARGUMENT)
    }
}

/// Fills `error` (if not NULL) with the code and message of `failure`, the
/// message cut at a character boundary to fit; returns the code.
@discardableResult
private func fillError(_ error: UnsafeMutablePointer<rxm_error>?, _ failure: ModalError) -> Int32 {
    let code = errorCode(for: failure)
    guard let error else { return code }
    let message: String
    if case .plugin(_, let text) = failure { message = text } else { message = failure.description }
    error.pointee.set(code: code, message: message)
    return code
}
