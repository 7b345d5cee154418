import RxModalPluginABI
#if canImport(Glibc)
import Glibc
#endif

/// Conversions between `ModalValue` and the C `rxm_value` tree of the plugin ABI.
extension ModalValue {
    /// How deep a tree from C may nest before it is refused: deeper trees are
    /// almost certainly corrupt, and converting them could exhaust the stack.
    public static let maximumDepth = 64

    /// How many members an object read from C is sized for at once; a larger
    /// one grows as its members are read.
    private static let presizedMembers = 256

    /// Reads a borrowed C value tree, checking it: known type tags, no NULL where
    /// data is due, valid UTF-8, unique object keys, bounded depth.
    public init(cValue: UnsafePointer<rxm_value>?) throws {
        guard let cValue else { throw ModalError.malformedValue("NULL value") }
        self = try Self.read(cValue.pointee, path: { "value" }, depth: 0)
    }

    /// `path` says where the value sits ("value.items[3].title"), for error
    /// messages only: it is a closure so that it is built only when one is thrown
    /// (building it for every member cost more than reading a large tree).
    private static func read(_ value: rxm_value, path: () -> String, depth: Int) throws -> ModalValue {
        guard depth < maximumDepth else { throw ModalError.malformedValue("\(path()): nested deeper than \(maximumDepth) levels") }
        switch value.type {
        case RXM_NULL: return .null
        case RXM_BOOL: return .bool(value.as.boolean)
        case RXM_INT: return .int(value.as.integer)
        case RXM_DOUBLE: return .double(value.as.number)
        case RXM_STRING:
            return .string(try readString(value.as.string.utf8, length: value.as.string.length, path: path))
        case RXM_BYTES:
            let length = value.as.bytes.length
            if length == 0 { return .bytes([]) }
            guard let data = value.as.bytes.data else { throw ModalError.malformedValue("\(path()): NULL bytes with length \(length)") }
            return .bytes(Array(UnsafeBufferPointer(start: data, count: length)))
        case RXM_ARRAY:
            let count = value.as.array.count
            if count == 0 { return .array([]) }
            guard let items = value.as.array.items else { throw ModalError.malformedValue("\(path()): NULL items with count \(count)") }
            return .array(try (0..<count).map { index in
                try read(items[index], path: { "\(path())[\(index)]" }, depth: depth + 1)
            })
        case RXM_OBJECT:
            let count = value.as.object.count
            if count == 0 { return .object([:]) }
            guard let members = value.as.object.members else { throw ModalError.malformedValue("\(path()): NULL members with count \(count)") }
            // Sized once: growing rehashes every key so far (String hashing is dear).
            // Not beyond a bound, though: the count comes from C, and a tree that
            // lies about it must not make this allocate what its members never fill.
            var result = [String: ModalValue](minimumCapacity: min(count, Self.presizedMembers))
            for index in 0..<count {
                let member = members[index]
                guard let keyPointer = member.key else { throw ModalError.malformedValue("\(path()): NULL key at member \(index)") }
                let key = try readString(keyPointer, length: strlen(keyPointer), path: { "\(path()) key \(index)" })
                let element = try read(member.value, path: { "\(path()).\(key)" }, depth: depth + 1)
                guard result.updateValue(element, forKey: key) == nil else {
                    throw ModalError.malformedValue("\(path()): duplicate key “\(key)”")
                }
            }
            return .object(result)
        default:
            throw ModalError.malformedValue("\(path()): unknown type tag \(value.type.rawValue)")
        }
    }

    private static func readString(_ pointer: UnsafePointer<CChar>?, length: Int, path: () -> String) throws -> String {
        if length == 0 { return "" }
        guard let pointer else { throw ModalError.malformedValue("\(path()): NULL string with length \(length)") }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        // Decoding repairs invalid UTF-8 (with U+FFFD), so the bytes were valid
        // exactly when the string's own UTF-8 is the same bytes. `String(validating:as:)`
        // would say so directly, but it runs unspecialized here and looks its
        // generic metadata up on every call; comparing through `utf8` walks the
        // string index by index, a few dozen instructions a byte.
        var string = String(decoding: bytes, as: UTF8.self)
        let unchanged = string.withUTF8 { decoded in
            decoded.count == length && memcmp(decoded.baseAddress!, pointer, length) == 0
        }
        guard unchanged else {
            throw ModalError.malformedValue("\(path()): invalid UTF-8")
        }
        return string
    }

    /// Calls `body` with this value as a C tree that stays valid for the call only.
    ///
    /// The whole tree lives in one block, sized by a first pass over the value, so
    /// converting costs one allocation however large the tree is.
    public func withCValue<Result>(_ body: (UnsafePointer<rxm_value>) throws -> Result) rethrows -> Result {
        let root = makeCValueBlock()
        defer { UnsafeMutableRawPointer(root).deallocate() }
        return try body(root)
    }

    /// This value as a C tree in one block that the caller owns: the root is at
    /// the block's start, and `UnsafeMutableRawPointer(root).deallocate()` frees
    /// the whole tree. For trees that outlive a call (the C bridge's documents).
    package func makeCValueBlock() -> UnsafeMutablePointer<rxm_value> {
        let size = CValueLayout.size(of: self) + MemoryLayout<rxm_value>.stride
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: CValueLayout.alignment)
        var builder = CValueBuilder(next: block, end: block + size)
        let root = builder.take(rxm_value.self, count: 1)
        root.initialize(to: builder.build(self))
        return root
    }
}

/// How many bytes a value's C tree needs beyond its root `rxm_value`.
enum CValueLayout {
    /// Every piece is placed at this alignment, which suits all of them.
    static let alignment = max(MemoryLayout<rxm_value>.alignment, MemoryLayout<rxm_member>.alignment, 8)

    static func rounded(_ bytes: Int) -> Int { (bytes + alignment - 1) / alignment * alignment }

    static func size(of value: ModalValue) -> Int {
        switch value {
        case .null, .bool, .int, .double: return 0
        case .string(let text): return rounded(text.utf8.count + 1)
        case .bytes(let data): return rounded(max(1, data.count))
        case .array(let items):
            return rounded(max(1, items.count) * MemoryLayout<rxm_value>.stride) + items.reduce(0) { $0 + size(of: $1) }
        case .object(let members):
            return rounded(max(1, members.count) * MemoryLayout<rxm_member>.stride)
                + members.reduce(0) { $0 + rounded($1.key.utf8.count + 1) + size(of: $1.value) }
        }
    }
}

/// Lays a value's C tree out in a block sized by `CValueLayout`.
struct CValueBuilder {
    var next: UnsafeMutableRawPointer
    let end: UnsafeMutableRawPointer

    mutating func take<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = CValueLayout.rounded(max(1, count) * MemoryLayout<T>.stride)
        precondition(next + bytes <= end, "CValueLayout undercounted the tree")
        let pointer = next.bindMemory(to: T.self, capacity: max(1, count))
        next += bytes
        return pointer
    }

    /// A NUL-terminated copy of `string`.
    mutating func cString(_ string: String) -> UnsafePointer<CChar> {
        let count = string.utf8.count
        let pointer = take(UInt8.self, count: count + 1)
        var copied = 0
        for byte in string.utf8 {
            pointer[copied] = byte
            copied += 1
        }
        pointer[count] = 0
        return UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)
    }

    mutating func build(_ value: ModalValue) -> rxm_value {
        switch value {
        case .null: return rxm_null()
        case .bool(let flag): return rxm_bool(flag)
        case .int(let number): return rxm_int(number)
        case .double(let number): return rxm_double(number)
        case .string(let text): return rxm_string_n(cString(text), text.utf8.count)
        case .bytes(let data):
            let pointer = take(UInt8.self, count: data.count)
            pointer.update(from: data, count: data.count)
            return rxm_bytes(pointer, data.count)
        case .array(let items):
            let pointer = take(rxm_value.self, count: items.count)
            for (index, item) in items.enumerated() { (pointer + index).initialize(to: build(item)) }
            return rxm_array(pointer, items.count)
        case .object(let members):
            // Sorted keys: plugins and transcripts see the same order every time.
            let sorted = members.sorted { $0.key < $1.key }
            let pointer = take(rxm_member.self, count: sorted.count)
            for (index, member) in sorted.enumerated() {
                (pointer + index).initialize(to: rxm_member(key: cString(member.key), value: build(member.value)))
            }
            return rxm_object(pointer, sorted.count)
        }
    }
}
