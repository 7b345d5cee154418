import RxModal
import RxModalPluginABI
import RxModalTestFixtures

/// A fresh `fx_record` to pass as the config of the fixture methods in
/// Tests/RxModalTestFixtures, and readers for what they recorded.
/// Sendable so that a concurrency test can hand each thread its own record; a
/// record must not be used by two threads at once (nor may a plugin config).
final class FixtureRecord: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<fx_record>

    init() {
        pointer = .allocate(capacity: 1)
        fx_record_reset(pointer)
    }

    deinit { pointer.deallocate() }

    var config: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
    var calls: Int { Int(pointer.pointee.calls) }
    var method: String { withUnsafeBytes(of: pointer.pointee.method) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) } }
    var boolean: Bool { pointer.pointee.boolean }
    var integer: Int64 { pointer.pointee.integer }
    var number: Double { pointer.pointee.number }
    var strings: [String] { (0..<Int(pointer.pointee.string_count)).map { String(cString: fx_record_string(pointer, Int32($0))) } }
    var stringLengths: [Int] {
        withUnsafeBytes(of: pointer.pointee.string_lengths) { Array($0.bindMemory(to: Int.self).prefix(Int(pointer.pointee.string_count))) }
    }
    /// The bytes received, as far as the record keeps them (FX_TEXT_SIZE).
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: fx_record_bytes(pointer), count: min(bytesLength, Int(FX_TEXT_SIZE))))
    }
    var bytesLength: Int { pointer.pointee.bytes_length }
    var bytesHash: UInt64 { pointer.pointee.bytes_hash }

    /// The hash the fixture computes over all the bytes it receives (FNV-1a, 64-bit).
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    var bytesPointerWasNull: Bool { pointer.pointee.bytes_pointer_was_null }
    var arrayCount: Int { pointer.pointee.array_count }
    var arrayPointerWasNull: Bool { pointer.pointee.array_pointer_was_null }
    var values: [String] { (0..<Int(pointer.pointee.value_count)).map { String(cString: fx_record_value(pointer, Int32($0))) } }
    var errorPointerWasNull: Bool { pointer.pointee.error_pointer_was_null }
}

enum Fixtures {
    /// The fixture methods as a plugin descriptor lists them.
    static var methods: UnsafeBufferPointer<rxm_method> { UnsafeBufferPointer(start: fx_methods(), count: fx_method_count()) }

    static func method(_ name: String) -> rxm_method {
        guard let method = methods.first(where: { String(cString: $0.name) == name }) else {
            preconditionFailure("no fixture method \(name)")
        }
        return method
    }

    static func invoker(_ name: String) throws -> MethodInvoker { try MethodInvoker(method: method(name)) }

    static func table() throws -> MethodTable { try MethodTable(kind: "fixture", methods: methods) }
}
