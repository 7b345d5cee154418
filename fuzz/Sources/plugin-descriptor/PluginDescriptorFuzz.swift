#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import RxModal
import RxModalPluginABI

/// Plugin descriptor validation, through `ModalRegistry.register(descriptor:)`
/// (what every loaded plugin file goes through): a descriptor built from the input,
/// with its sizes, versions, strings, function pointers and method table chosen by
/// the input. A descriptor that is accepted must have given a well-formed kind.
///
/// Input: a byte of flags, the struct size, ABI major and minor, the four strings
/// (NUL-separated), a method count, then per method its three strings and a flag.
@main
enum PluginDescriptorFuzz {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(fuzzBytes(data, size))
            PluginDescriptorFuzz.check(&input)
            return 0
        }
    }

    /// The method table is real memory: counts above it are only used where the
    /// validator must refuse them without reading (more than it ever accepts).
    static let largestTable = 4
    static let refusedCounts: [UInt] = [1025, UInt(Int.max), UInt.max]

    static func check(_ input: inout FuzzInput) {
        var strings = CStringPool()
        defer { strings.free() }
        let flags = input.byte()
        var descriptor = rxm_plugin_descriptor()
        descriptor.struct_size = input.byte() < 200 ? UInt32(MemoryLayout<rxm_plugin_descriptor>.size) : input.uint32()
        descriptor.abi_major = input.byte() < 230 ? UInt32(RXM_PLUGIN_ABI_MAJOR) : input.uint32()
        descriptor.abi_minor = input.uint32()
        descriptor.kind = flags & 0x01 == 0 ? strings.add(input.field()) : nil
        descriptor.version = flags & 0x40 == 0 ? strings.add(input.field()) : nil
        descriptor.summary = strings.add(input.field())
        descriptor.result_description = strings.add(input.field())
        descriptor.config_new = flags & 0x02 == 0 ? { _ in nil } : nil
        descriptor.config_free = flags & 0x04 == 0 ? { _ in } : nil
        descriptor.present = flags & 0x08 == 0 ? { _, _, _, _ in rxm_disposable() } : nil
        descriptor.authorization_status = flags & 0x10 != 0 ? { _ in RXM_AUTHORIZATION_AUTHORIZED } : nil
        descriptor.request_authorization = flags & 0x20 != 0 ? { _, _, _ in rxm_disposable() } : nil

        let countChoice = input.byte()
        let tableCount = Int(countChoice) % (largestTable + 1)
        let table = UnsafeMutablePointer<rxm_method>.allocate(capacity: largestTable)
        defer { table.deallocate() }
        for index in 0..<tableCount {
            let name = input.field(), signature = input.field(), names = input.field()
            let methodFlags = input.byte()
            table[index] = rxm_method(
                name: methodFlags & 0x01 == 0 ? strings.add(name) : nil,
                signature: methodFlags & 0x02 == 0 ? strings.add(signature) : nil,
                function: methodFlags & 0x04 == 0 ? { } : nil,
                argument_names: methodFlags & 0x08 == 0 ? strings.add(names) : nil,
                doc: strings.add(input.field()))
        }
        descriptor.methods = flags & 0x80 == 0 ? UnsafePointer(table) : nil
        // size_t is imported as Int: the bit pattern is what C reads.
        descriptor.method_count = Int(bitPattern: countChoice >= 250
            ? refusedCounts[Int(countChoice - 250) % refusedCounts.count]
            : UInt(tableCount))

        // Each input gets its own registry: the descriptor's memory ends with it.
        let registry = ModalRegistry()
        let kind = withUnsafePointer(to: &descriptor) { try? registry.register(descriptor: $0) }
        guard let kind else { return }
        let name = Array(kind.name.utf8)
        let valid = (1...64).contains(name.count) && isLetter(name[0])
            && name.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2E || $0 == 0x2D }
        if !valid { fuzzFailure("an accepted descriptor's kind name is \(kind.name.debugDescription)") }
        if kind.methods.count > largestTable { fuzzFailure("accepted \(kind.methods.count) methods from a table of \(tableCount)") }
        _ = try? kind.methodTable()
        _ = registry.describe(kind)
        _ = registry.describeAsValue(kind).json
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
}
