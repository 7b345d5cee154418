import RxModalPluginABI

// rxm_loop_*: see Include/rxmodal.h.

@_cdecl("rxm_loop_new")
public func rxm_loop_new(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try Handles.give(try EventLoop(), to: out)
    }
}

@_cdecl("rxm_loop_fd")
public func rxm_loop_fd(_ loop: OpaquePointer?) -> Int32 {
    Handles.peek(loop, as: EventLoop.self)?.readFD ?? -1
}

@_cdecl("rxm_loop_dispatch")
public func rxm_loop_dispatch(_ loop: OpaquePointer?) -> Int32 {
    guard let handle = Handles.peek(loop, as: EventLoop.self) else { return -1 }
    return Int32(handle.dispatch())
}

@_cdecl("rxm_loop_free")
public func rxm_loop_free(_ loop: OpaquePointer?) {
    Handles.release(loop)
}
