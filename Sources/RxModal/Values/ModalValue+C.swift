import RxModalPluginABI
#if canImport(Glibc)
import Glibc
#endif

/// Conversions between `ModalValue` and the C `rxm_value` tree of the plugin ABI.
extension ModalValue {
    /// How deep a tree from C may nest before it is refused: deeper trees are
    /// almost certainly corrupt, and converting them could exhaust the stack.
    public static let maximumDepth = 64

    /// Reads a borrowed C value tree, checking it: known type tags, no NULL where
    /// data is due, valid UTF-8, unique object keys, bounded depth.
    public init(cValue: UnsafePointer<rxm_value>?) throws {
        guard let cValue else { throw ModalError.malformedValue("NULL value") }
        self = try Self.read(cValue.pointee, path: "value", depth: 0)
    }

    private static func read(_ value: rxm_value, path: String, depth: Int) throws -> ModalValue {
        guard depth < maximumDepth else { throw ModalError.malformedValue("\(path): nested deeper than \(maximumDepth) levels") }
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
            guard let data = value.as.bytes.data else { throw ModalError.malformedValue("\(path): NULL bytes with length \(length)") }
            return .bytes(Array(UnsafeBufferPointer(start: data, count: length)))
        case RXM_ARRAY:
            let count = value.as.array.count
            if count == 0 { return .array([]) }
            guard let items = value.as.array.items else { throw ModalError.malformedValue("\(path): NULL items with count \(count)") }
            return .array(try (0..<count).map { try read(items[$0], path: "\(path)[\($0)]", depth: depth + 1) })
        case RXM_OBJECT:
            let count = value.as.object.count
            if count == 0 { return .object([:]) }
            guard let members = value.as.object.members else { throw ModalError.malformedValue("\(path): NULL members with count \(count)") }
            var result: [String: ModalValue] = [:]
            for index in 0..<count {
                let member = members[index]
                guard let keyPointer = member.key else { throw ModalError.malformedValue("\(path): NULL key at member \(index)") }
                let key = try readString(keyPointer, length: strlen(keyPointer), path: "\(path) key \(index)")
                guard result[key] == nil else { throw ModalError.malformedValue("\(path): duplicate key “\(key)”") }
                result[key] = try read(member.value, path: "\(path).\(key)", depth: depth + 1)
            }
            return .object(result)
        default:
            throw ModalError.malformedValue("\(path): unknown type tag \(value.type.rawValue)")
        }
    }

    private static func readString(_ pointer: UnsafePointer<CChar>?, length: Int, path: String) throws -> String {
        if length == 0 { return "" }
        guard let pointer else { throw ModalError.malformedValue("\(path): NULL string with length \(length)") }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw ModalError.malformedValue("\(path): invalid UTF-8")
        }
        return string
    }

    /// Calls `body` with this value as a C tree that stays valid for the call only.
    public func withCValue<Result>(_ body: (UnsafePointer<rxm_value>) throws -> Result) rethrows -> Result {
        let arena = CValueArena()
        defer { arena.release() }
        let root = arena.allocate(rxm_value.self, count: 1)
        root.initialize(to: arena.build(self))
        return try body(root)
    }
}

/// Memory for one C value tree, freed all at once.
final class CValueArena {
    private var blocks: [UnsafeMutableRawPointer] = []

    func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * MemoryLayout<T>.stride, alignment: MemoryLayout<T>.alignment)
        blocks.append(raw)
        return raw.bindMemory(to: T.self, capacity: max(1, count))
    }

    /// A NUL-terminated copy of `string`.
    func cString(_ string: String) -> UnsafePointer<CChar> {
        var utf8 = Array(string.utf8CString)
        let pointer = allocate(CChar.self, count: utf8.count)
        pointer.update(from: &utf8, count: utf8.count)
        return UnsafePointer(pointer)
    }

    func build(_ value: ModalValue) -> rxm_value {
        switch value {
        case .null: return rxm_null()
        case .bool(let flag): return rxm_bool(flag)
        case .int(let number): return rxm_int(number)
        case .double(let number): return rxm_double(number)
        case .string(let text): return rxm_string_n(cString(text), text.utf8.count)
        case .bytes(let data):
            let pointer = allocate(UInt8.self, count: data.count)
            pointer.update(from: data, count: data.count)
            return rxm_bytes(pointer, data.count)
        case .array(let items):
            let pointer = allocate(rxm_value.self, count: items.count)
            for (index, item) in items.enumerated() { (pointer + index).initialize(to: build(item)) }
            return rxm_array(pointer, items.count)
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            let pointer = allocate(rxm_member.self, count: sorted.count)
            for (index, member) in sorted.enumerated() {
                (pointer + index).initialize(to: rxm_member(key: cString(member.key), value: build(member.value)))
            }
            return rxm_object(pointer, sorted.count)
        }
    }

    func release() {
        for block in blocks { block.deallocate() }
        blocks = []
    }
}
