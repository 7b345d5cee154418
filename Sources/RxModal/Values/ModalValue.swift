import Foundation

/// A value that crosses the plugin boundary: configuration arguments, surface
/// specs and results, modal results. The Swift form of `rxm_value` (see
/// `Include/rxmodal_plugin.h`), with a JSON form for scripts, transcripts and the
/// command line. Immutable; safe to share between threads.
public enum ModalValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case array([ModalValue])
    case object([String: ModalValue])
}

extension ModalValue {
    /// The member `key` of an object, or nil.
    public subscript(key: String) -> ModalValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array, or nil.
    public subscript(index: Int) -> ModalValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var stringValue: String? { if case .string(let value) = self { return value } else { return nil } }
    public var intValue: Int64? { if case .int(let value) = self { return value } else { return nil } }
    public var boolValue: Bool? { if case .bool(let value) = self { return value } else { return nil } }
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }
    public var arrayValue: [ModalValue]? { if case .array(let value) = self { return value } else { return nil } }
    public var objectValue: [String: ModalValue]? { if case .object(let value) = self { return value } else { return nil } }

    /// The name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "double"
        case .string: return "string"
        case .bytes: return "bytes"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension ModalValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: ModalValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ModalValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
