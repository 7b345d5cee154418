import Foundation
import RxModal
import RxModalPluginABI

/// A test kind written against the C descriptor, registered in-process, with a
/// precondition and an authorization that tests set through its methods:
/// `setSupported(b)` and `setStatus(i)` (0 not determined, 1 denied,
/// 2 restricted, 3 authorized). Its authorization request asks on the surface
/// with a prompt ("Allow" → authorized, anything else → denied); presenting
/// emits `{"presented": true}` and completes at once.
enum GuardedKind {
    /// The descriptor, built once and kept for the process (registrations need that).
    nonisolated(unsafe) static let descriptor: UnsafePointer<rxm_plugin_descriptor> = makeDescriptor()

    /// A fresh registry holding only this kind.
    static func registry() throws -> ModalRegistry {
        let registry = ModalRegistry()
        try registry.register(descriptor: descriptor)
        return registry
    }

    private struct Config {
        var supported: Int64 = 1
        var status: Int64 = Int64(RXM_AUTHORIZATION_AUTHORIZED.rawValue)
    }

    private static func makeDescriptor() -> UnsafePointer<rxm_plugin_descriptor> {
        func keep(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }
        let setSupported: @convention(c) (UnsafeMutableRawPointer?, Bool, UnsafeMutablePointer<rxm_error>?) -> Int32 = { config, flag, _ in
            config!.assumingMemoryBound(to: Config.self).pointee.supported = flag ? 1 : 0
            return 0
        }
        let setStatus: @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutablePointer<rxm_error>?) -> Int32 = { config, status, _ in
            config!.assumingMemoryBound(to: Config.self).pointee.status = status
            return 0
        }
        let methods = UnsafeMutablePointer<rxm_method>.allocate(capacity: 2)
        methods[0] = rxm_method(name: keep("setSupported"), signature: keep("b"),
                                function: unsafeBitCast(setSupported, to: (@convention(c) () -> Void).self),
                                argument_names: keep("supported"), doc: keep("Whether the precondition holds."))
        methods[1] = rxm_method(name: keep("setStatus"), signature: keep("i"),
                                function: unsafeBitCast(setStatus, to: (@convention(c) () -> Void).self),
                                argument_names: keep("status"), doc: keep("The authorization status to report."))

        var descriptor = rxm_plugin_descriptor()
        descriptor.struct_size = UInt32(MemoryLayout<rxm_plugin_descriptor>.size)
        descriptor.abi_major = UInt32(RXM_PLUGIN_ABI_MAJOR)
        descriptor.abi_minor = UInt32(RXM_PLUGIN_ABI_MINOR)
        descriptor.kind = keep("guarded")
        descriptor.version = keep("0.1")
        descriptor.summary = keep("A test kind with a precondition and an authorization.")
        descriptor.result_description = keep("{\"presented\": true}")
        descriptor.config_new = { _ in
            let config = UnsafeMutablePointer<Config>.allocate(capacity: 1)
            config.initialize(to: Config())
            return UnsafeMutableRawPointer(config)
        }
        descriptor.config_free = { config in config?.assumingMemoryBound(to: Config.self).deallocate() }
        descriptor.methods = UnsafePointer(methods)
        descriptor.method_count = 2
        descriptor.precondition = { config, error in
            guard config!.assumingMemoryBound(to: Config.self).pointee.supported == 0 else { return 0 }
            fill(error, code: Int32(RXM_ERR_UNSUPPORTED), "the test said so")
            return Int32(RXM_ERR_UNSUPPORTED)
        }
        descriptor.authorization_status = { config in
            rxm_authorization_status(rawValue: UInt32(config!.assumingMemoryBound(to: Config.self).pointee.status))
        }
        descriptor.request_authorization = { _, surface, callback in
            let request = AuthorizationRequest(surface: surface!, callback: callback)
            let context = Unmanaged.passRetained(request).toOpaque()
            let spec: ModalValue = ["primitive": "prompt", "title": "Allow guarded?",
                                    "actions": [["title": "Allow", "style": "default"], ["title": "Deny", "style": "cancel"]]]
            var error = rxm_error()
            let callbacks = rxm_presentation_callbacks(
                context: context,
                on_result: { context, result in
                    let request = Unmanaged<AuthorizationRequest>.fromOpaque(context!).takeUnretainedValue()
                    let allowed = (try? ModalValue(cValue: result))?["action"] == 0
                    request.callback.on_status(request.callback.context,
                                               allowed ? RXM_AUTHORIZATION_AUTHORIZED : RXM_AUTHORIZATION_DENIED)
                },
                on_error: { context, _ in
                    let request = Unmanaged<AuthorizationRequest>.fromOpaque(context!).takeUnretainedValue()
                    request.callback.on_status(request.callback.context, RXM_AUTHORIZATION_DENIED)
                })
            let presentation = spec.withCValue { surface!.pointee.show(surface!.pointee.context, $0, callbacks, &error) }
            request.setPresentation(presentation)
            return rxm_disposable(context: context, dispose: { context in
                let request = Unmanaged<AuthorizationRequest>.fromOpaque(context!)
                request.takeUnretainedValue().dismiss()
                request.release()
            })
        }
        descriptor.present = { _, _, observer, _ in
            (["presented": true] as ModalValue).withCValue { observer.on_next(observer.context, $0) }
            observer.on_completed(observer.context)
            return rxm_disposable()
        }
        let pointer = UnsafeMutablePointer<rxm_plugin_descriptor>.allocate(capacity: 1)
        pointer.initialize(to: descriptor)
        return UnsafePointer(pointer)
    }
}

/// One authorization question shown on a C surface.
private final class AuthorizationRequest: @unchecked Sendable {
    let surface: UnsafePointer<rxm_surface>
    let callback: rxm_authorization_callback
    private let lock = NSLock()
    private var presentation: OpaquePointer?
    private var dismissed = false

    init(surface: UnsafePointer<rxm_surface>, callback: rxm_authorization_callback) {
        self.surface = surface
        self.callback = callback
    }

    func setPresentation(_ presentation: OpaquePointer?) { lock.withLock { self.presentation = presentation } }

    func dismiss() {
        let presentation = lock.withLock { () -> OpaquePointer? in
            guard !dismissed else { return nil }
            dismissed = true
            return self.presentation
        }
        if let presentation { surface.pointee.dismiss(surface.pointee.context, presentation) }
    }
}

private func fill(_ error: UnsafeMutablePointer<rxm_error>?, code: Int32, _ message: String) {
    guard let error else { return }
    error.pointee.code = code
    withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
        let bytes = Array(message.utf8.prefix(buffer.count - 1))
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
    }
}
