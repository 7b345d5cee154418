import Foundation
import RxModalPluginABI
import SwiftPluginSupport
import RxModalMedia

/// Asks the user on the surface (a "prompt") whether an application may read
/// the media library, stores the answer in the ``MediaLibraryAuthorizationStore``
/// and reports it once. If the surface cannot ask, it reports `denied` without
/// storing anything (the question stays not determined).
///
/// Thread safety: as ``PickerPresentation`` (a recursive lock guards the state;
/// dismissal happens outside it).
public final class AuthorizationRequest: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var ended = false
    private var presentation: OpaquePointer?
    private let surface: UnsafePointer<rxm_surface>
    private let callback: rxm_authorization_callback
    private let store: MediaLibraryAuthorizationStore
    private let applicationIdentifier: String

    private init(surface: UnsafePointer<rxm_surface>, callback: rxm_authorization_callback,
                 store: MediaLibraryAuthorizationStore, applicationIdentifier: String) {
        self.surface = surface
        self.callback = callback
        self.store = store
        self.applicationIdentifier = applicationIdentifier
    }

    public static func start(surface: UnsafePointer<rxm_surface>, callback: rxm_authorization_callback,
                             store: MediaLibraryAuthorizationStore, applicationIdentifier: String, what: String) -> rxm_disposable {
        let request = AuthorizationRequest(surface: surface, callback: callback, store: store, applicationIdentifier: applicationIdentifier)
        let spec = PluginValue.object([
            ("primitive", .string("prompt")),
            ("title", .string("Allow “\(applicationIdentifier)” to access your media library?")),
            ("message", .string(what)),
            ("actions", .array([
                .object([("title", .string("Don’t Allow")), ("style", .string("cancel"))]),
                .object([("title", .string("Allow")), ("style", .string("default"))]),
            ])),
        ])
        request.lock.lock()
        var error = rxm_error()
        let callbacks = rxm_presentation_callbacks(
            context: Unmanaged.passUnretained(request).toOpaque(),
            on_result: { context, result in
                guard let context, let result else { return }
                let request = Unmanaged<AuthorizationRequest>.fromOpaque(context).takeUnretainedValue()
                let action: Int64? = if case .int(let index)? = PluginValue(cValue: result)["action"] { index } else { nil }
                withExtendedLifetime(request) { request.finish(allowed: action == 1, store: true) }
            },
            on_error: { context, _ in
                guard let context else { return }
                let request = Unmanaged<AuthorizationRequest>.fromOpaque(context).takeUnretainedValue()
                withExtendedLifetime(request) { request.finish(allowed: false, store: false) }
            })
        request.presentation = spec.withCValue { surface.pointee.show(surface.pointee.context, $0, callbacks, &error) }
        let failed = request.presentation == nil
        request.lock.unlock()
        if failed { request.finish(allowed: false, store: false) }
        return rxm_disposable(context: Unmanaged.passRetained(request).toOpaque(), dispose: { context in
            guard let context else { return }
            Unmanaged<AuthorizationRequest>.fromOpaque(context).takeRetainedValue().dispose()
        })
    }

    private func finish(allowed: Bool, store shouldStore: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return }
        ended = true
        let status: MediaLibraryAuthorizationStore.Status = allowed ? .authorized : .denied
        if shouldStore { try? store.setStatus(status, for: applicationIdentifier) }
        callback.on_status?(callback.context, allowed ? RXM_AUTHORIZATION_AUTHORIZED : RXM_AUTHORIZATION_DENIED)
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
