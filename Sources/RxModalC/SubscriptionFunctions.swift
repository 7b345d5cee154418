import RxModalPluginABI

// rxm_modal_subscribe and rxm_subscription_*: see Include/rxmodal.h.

@_cdecl("rxm_modal_subscribe")
public func rxm_modal_subscribe(_ modal: OpaquePointer?, _ presenter: OpaquePointer?, _ loop: OpaquePointer?,
                                _ observer: rxm_observer, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    subscribe(modal, presenter, loop, observer, nil, out, error)
}

@_cdecl("rxm_modal_subscribe_with_destroy")
public func rxm_modal_subscribe_with_destroy(_ modal: OpaquePointer?, _ presenter: OpaquePointer?, _ loop: OpaquePointer?,
                                             _ observer: rxm_observer, _ destroy: ContextDestructor?,
                                             _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                             _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    subscribe(modal, presenter, loop, observer, destroy, out, error)
}

private func subscribe(_ modal: OpaquePointer?, _ presenter: OpaquePointer?, _ loop: OpaquePointer?,
                       _ observer: rxm_observer, _ destroy: ContextDestructor?,
                       _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    let code = reporting(error) {
        let modalHandle = try Handles.object(modal, as: ModalHandle.self, "modal")
        let presenterHandle = try Handles.object(presenter, as: PresenterHandle.self, "presenter")
        let loopHandle = Handles.peek(loop, as: EventLoop.self)
        guard let out else { throw BridgeError.invalidArgument("out is NULL") }
        let subscription = SubscriptionHandle(modal: modalHandle, presenter: presenterHandle, loop: loopHandle,
                                              observer: observer, destroy: destroy)
        // The handle is the caller's before any callback can run.
        out.pointee = Handles.retain(subscription)
        subscription.start()
    }
    // Refused before a subscription existed: the context is still handed back,
    // so a caller never has to tell the two cases apart to release it.
    if code != Int32(RXM_OK) { destroy?(observer.context) }
    return code
}

@_cdecl("rxm_stop_callbacks")
public func rxm_stop_callbacks() {
    LiveDeliveries.shared.stopAll()
}

@_cdecl("rxm_subscription_dispose")
public func rxm_subscription_dispose(_ subscription: OpaquePointer?, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(subscription, as: SubscriptionHandle.self, "subscription")
        guard handle.dispose() else { throw BridgeError(RXM_ERR_DISPOSED, "the subscription was already disposed") }
    }
}

@_cdecl("rxm_subscription_call")
public func rxm_subscription_call(_ subscription: OpaquePointer?, _ method: UnsafePointer<CChar>?,
                                  _ arguments: UnsafePointer<rxm_value>?, _ count: Int,
                                  _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(subscription, as: SubscriptionHandle.self, "subscription")
        try handle.call(try CStrings.read(method, "method"), try ArgumentList.read(arguments, count: count))
    }
}

@_cdecl("rxm_subscription_wait")
public func rxm_subscription_wait(_ subscription: OpaquePointer?, _ timeout: Int32, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(subscription, as: SubscriptionHandle.self, "subscription")
        guard handle.wait(milliseconds: timeout) else {
            throw BridgeError(Int32(RXM_ERR_TIMEOUT), "the subscription did not end within \(timeout) ms")
        }
    }
}

@_cdecl("rxm_subscription_is_ended")
public func rxm_subscription_is_ended(_ subscription: OpaquePointer?) -> Bool {
    Handles.peek(subscription, as: SubscriptionHandle.self)?.isEnded ?? true
}

@_cdecl("rxm_subscription_free")
public func rxm_subscription_free(_ subscription: OpaquePointer?) {
    Handles.peek(subscription, as: SubscriptionHandle.self)?.dispose()
    Handles.release(subscription)
}
