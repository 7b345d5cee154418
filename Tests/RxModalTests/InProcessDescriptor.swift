import XCTest
import Synchronization
import RxModal
import RxModalPluginABI

/// Descriptors built in Swift memory, for in-process registration tests.
enum InProcessDescriptor {
    /// Live configurations of every such descriptor (C callbacks cannot capture).
    static let liveConfigs = Atomic<Int>(0)

    /// A descriptor in memory that lives until `testCase` ends, with one method
    /// (`setFlag(flag) [b]`), changed by `change` before it is frozen.
    static func make(kind: String, for testCase: XCTestCase, _ change: (inout rxm_plugin_descriptor) -> Void = { _ in }) -> UnsafePointer<rxm_plugin_descriptor> {
        var strings: [UnsafeMutablePointer<CChar>] = []
        func keep(_ text: String) -> UnsafePointer<CChar> {
            let copy = strdup(text)!
            strings.append(copy)
            return UnsafePointer(copy)
        }
        let method = UnsafeMutablePointer<rxm_method>.allocate(capacity: 1)
        let setFlag: @convention(c) (UnsafeMutableRawPointer?, Bool, UnsafeMutablePointer<rxm_error>?) -> Int32 = { config, flag, _ in
            config!.storeBytes(of: flag ? 1 : 0, as: Int.self)
            return Int32(RXM_OK)
        }
        method.initialize(to: rxm_method(
            name: keep("setFlag"), signature: keep("b"),
            function: unsafeBitCast(setFlag, to: (@convention(c) () -> Void).self),
            argument_names: keep("flag"), doc: keep("Sets the flag.")))

        var descriptor = rxm_plugin_descriptor()
        descriptor.struct_size = UInt32(MemoryLayout<rxm_plugin_descriptor>.size)
        descriptor.abi_major = UInt32(RXM_PLUGIN_ABI_MAJOR)
        descriptor.abi_minor = UInt32(RXM_PLUGIN_ABI_MINOR)
        descriptor.kind = keep(kind)
        descriptor.version = keep("0.1")
        descriptor.summary = keep("Registered from Swift.")
        descriptor.result_description = keep("{ \"flag\": b }")
        descriptor.config_new = { _ in
            InProcessDescriptor.liveConfigs.add(1, ordering: .relaxed)
            let config = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
            config.storeBytes(of: 0, as: Int.self)
            return config
        }
        descriptor.config_free = { config in
            InProcessDescriptor.liveConfigs.subtract(1, ordering: .relaxed)
            config?.deallocate()
        }
        descriptor.methods = UnsafePointer(method)
        descriptor.method_count = 1
        descriptor.present = { _, _, _, error in
            rxm_error_set_message(error, Int32(RXM_ERR_UNSUPPORTED), "presents nothing")
            return rxm_disposable()
        }
        change(&descriptor)

        let pointer = UnsafeMutablePointer<rxm_plugin_descriptor>.allocate(capacity: 1)
        pointer.initialize(to: descriptor)
        let allocated = strings
        testCase.addTeardownBlock {
            pointer.deallocate()
            method.deallocate()
            allocated.forEach { free($0) }
        }
        return UnsafePointer(pointer)
    }
}

/// `rxm_error_set` is variadic, so Swift cannot call it; this fills the error the same way.
private func rxm_error_set_message(_ error: UnsafeMutablePointer<rxm_error>?, _ code: Int32, _ message: String) {
    guard let error else { return }
    error.pointee.code = code
    withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
        let bytes = Array(message.utf8.prefix(buffer.count - 1))
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
    }
}
