import RxModalPluginABI
import Glibc

/// The plugins' own form of an `rxm_value` tree (they do not link the RxModal
/// runtime, whose `ModalValue` is the host's). Object members keep their order.
/// Immutable value; safe to share between threads.
public indirect enum PluginValue: Equatable, Sendable {
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
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> PluginValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// An object without the members whose value is nil.
    public static func members(_ members: [(String, PluginValue?)]) -> PluginValue {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// Reads a borrowed C value (strings that are not UTF-8 are replaced).
    public init(_ value: UnsafePointer<rxm_value>) {
        let c = value.pointee
        switch c.type {
        case RXM_BOOL: self = .bool(c.as.boolean)
        case RXM_INT: self = .int(c.as.integer)
        case RXM_DOUBLE: self = .double(c.as.number)
        case RXM_STRING:
            let string = c.as.string
            self = .string(string.utf8.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: string.length), as: UTF8.self) } ?? "")
        case RXM_ARRAY:
            let array = c.as.array
            self = .array((0..<array.count).map { PluginValue(array.items! + $0) })
        case RXM_OBJECT:
            let object = c.as.object
            self = .object((0..<object.count).map { index in
                let member = object.members! + index
                return (member.pointee.key.map { String(cString: $0) } ?? "", PluginValue(withUnsafePointer(to: member.pointee.value) { $0 }))
            })
        default: self = .null
        }
    }

    /// Calls `body` with the value as a C tree that lives for the call only.
    public func withCValue<R>(_ body: (UnsafePointer<rxm_value>) -> R) -> R {
        let arena = CValueArena()
        defer { arena.free() }
        let root = arena.allocate(rxm_value.self, count: 1)
        root.initialize(to: arena.make(self))
        return body(root)
    }
}

/// The memory of one C value tree, freed together.
private final class CValueArena {
    private var blocks: [UnsafeMutableRawPointer] = []
    /// Object keys repeat in every item of a list: each is copied once per tree.
    private var keys: [String: UnsafePointer<CChar>] = [:]

    func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        blocks.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }

    func make(_ value: PluginValue) -> rxm_value {
        switch value {
        case .null: return rxm_null()
        case .bool(let b): return rxm_bool(b)
        case .int(let i): return rxm_int(i)
        case .double(let d): return rxm_double(d)
        case .string(let s):
            let utf8 = Array(s.utf8)
            let storage = allocate(CChar.self, count: utf8.count + 1)
            for (index, byte) in utf8.enumerated() { storage[index] = CChar(bitPattern: byte) }
            storage[utf8.count] = 0
            return rxm_string_n(storage, utf8.count)
        case .array(let items):
            let storage = allocate(rxm_value.self, count: items.count)
            for (index, item) in items.enumerated() { (storage + index).initialize(to: make(item)) }
            return rxm_array(storage, items.count)
        case .object(let members):
            let storage = allocate(rxm_member.self, count: members.count)
            for (index, member) in members.enumerated() {
                let key = keys[member.0] ?? {
                    let copy = make(.string(member.0)).as.string.utf8!
                    keys[member.0] = copy
                    return copy
                }()
                (storage + index).initialize(to: rxm_member(key: key, value: make(member.1)))
            }
            return rxm_object(storage, members.count)
        }
    }

    func free() {
        blocks.forEach { $0.deallocate() }
        blocks = []
    }
}
