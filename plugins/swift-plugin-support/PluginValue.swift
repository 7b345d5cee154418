import RxModalPluginABI
#if canImport(Glibc)
import Glibc
#endif

/// A value tree on the plugin's side of the ABI: what a plugin reads from a
/// surface's answer and what it builds for a spec or a result. Object members
/// keep their order (the host does not care; it keeps specs readable).
///
/// A plain value: usable from any thread.
public enum PluginValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([PluginValue])
    case object([(String, PluginValue)])

    public static func == (lhs: PluginValue, rhs: PluginValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> PluginValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// An object without the members whose value is nil.
    public static func members(_ members: [(String, PluginValue?)]) -> PluginValue {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var intValue: Int64? { if case .int(let i) = self { return i }; return nil }
    public var arrayValue: [PluginValue]? { if case .array(let a) = self { return a }; return nil }

    /// A list of strings from an array of strings, or from one comma-separated string
    /// (what a person types in an address line). Nil for anything else.
    public var stringList: [String]? {
        switch self {
        case .array(let items):
            let strings = items.compactMap(\.stringValue)
            return strings.count == items.count ? strings : nil
        case .string(let text):
            return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        default:
            return nil
        }
    }

    /// Reads a borrowed C tree (the host has validated it: UTF-8, no NULL where
    /// data is due). Bytes, which no surface answer holds, read as null.
    public init(cValue: UnsafePointer<rxm_value>) {
        self = Self.read(cValue.pointee, depth: 0)
    }

    private static func read(_ value: rxm_value, depth: Int) -> PluginValue {
        guard depth < 64 else { return .null }
        switch value.type {
        case RXM_BOOL: return .bool(value.as.boolean)
        case RXM_INT: return .int(value.as.integer)
        case RXM_DOUBLE: return .double(value.as.number)
        case RXM_STRING:
            guard let pointer = value.as.string.utf8, value.as.string.length > 0 else { return .string("") }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: value.as.string.length)
            return .string(String(decoding: bytes, as: UTF8.self))
        case RXM_ARRAY:
            guard let items = value.as.array.items else { return .array([]) }
            return .array((0..<value.as.array.count).map { read(items[$0], depth: depth + 1) })
        case RXM_OBJECT:
            guard let members = value.as.object.members else { return .object([]) }
            return .object((0..<value.as.object.count).compactMap { index in
                guard let key = members[index].key else { return nil }
                return (String(cString: key), read(members[index].value, depth: depth + 1))
            })
        default:
            return .null
        }
    }

    /// Calls `body` with this value as a C tree valid for the call only.
    public func withCValue<Result>(_ body: (UnsafePointer<rxm_value>) throws -> Result) rethrows -> Result {
        var arena = Arena()
        defer { arena.free() }
        let root = arena.allocate(rxm_value.self, count: 1)
        root.initialize(to: arena.build(self))
        return try body(UnsafePointer(root))
    }

    /// Owns every block of one C tree until `free`.
    private struct Arena {
        private var blocks: [UnsafeMutableRawPointer] = []
        /// Object keys repeat in every item of a long list (a picker's): each is
        /// copied once per tree.
        private var keys: [String: UnsafePointer<CChar>] = [:]

        mutating func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
            let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
            blocks.append(UnsafeMutableRawPointer(pointer))
            return pointer
        }

        mutating func cString(_ text: String) -> UnsafePointer<CChar> {
            let bytes = Array(text.utf8)
            let pointer = allocate(CChar.self, count: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return UnsafePointer(pointer)
        }

        mutating func build(_ value: PluginValue) -> rxm_value {
            switch value {
            case .null: return rxm_null()
            case .bool(let flag): return rxm_bool(flag)
            case .int(let number): return rxm_int(number)
            case .double(let number): return rxm_double(number)
            case .string(let text): return rxm_string_n(cString(text), text.utf8.count)
            case .array(let items):
                let pointer = allocate(rxm_value.self, count: items.count)
                for (index, item) in items.enumerated() { (pointer + index).initialize(to: build(item)) }
                return rxm_array(pointer, items.count)
            case .object(let members):
                let pointer = allocate(rxm_member.self, count: members.count)
                for (index, member) in members.enumerated() {
                    let key = keys[member.0] ?? cString(member.0)
                    keys[member.0] = key
                    (pointer + index).initialize(to: rxm_member(key: key, value: build(member.1)))
                }
                return rxm_object(pointer, members.count)
            }
        }

        func free() { blocks.forEach { $0.deallocate() } }
    }
}

extension PluginValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
