import RxModal
import RxModalPluginABI

// rxm_value_*: checked reads of a borrowed rxm_value tree; see Include/rxmodal.h.

private func typeName(_ type: rxm_value_type) -> String {
    switch type {
    case RXM_NULL: return "null"
    case RXM_BOOL: return "a bool"
    case RXM_INT: return "an int"
    case RXM_DOUBLE: return "a double"
    case RXM_STRING: return "a string"
    case RXM_BYTES: return "bytes"
    case RXM_ARRAY: return "an array"
    case RXM_OBJECT: return "an object"
    default: return "of unknown type \(type.rawValue)"
    }
}

/// The value, checked to be of `type`.
private func expect(_ value: UnsafePointer<rxm_value>?, _ type: rxm_value_type, _ wanted: String) throws -> rxm_value {
    guard let value else { throw BridgeError.invalidArgument("value is NULL") }
    guard value.pointee.type == type else {
        throw BridgeError(RXM_ERR_WRONG_TYPE, "the value is \(typeName(value.pointee.type)), not \(wanted)")
    }
    return value.pointee
}

private func store<T>(_ result: T, in out: UnsafeMutablePointer<T>?) throws {
    guard let out else { throw BridgeError.invalidArgument("out is NULL") }
    out.pointee = result
}

@_cdecl("rxm_value_get_type")
public func rxm_value_get_type(_ value: UnsafePointer<rxm_value>?) -> rxm_value_type {
    value?.pointee.type ?? RXM_NULL
}

@_cdecl("rxm_value_get_bool")
public func rxm_value_get_bool(_ value: UnsafePointer<rxm_value>?, _ out: UnsafeMutablePointer<Bool>?,
                               _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) { try store(try expect(value, RXM_BOOL, "a bool").as.boolean, in: out) }
}

@_cdecl("rxm_value_get_int")
public func rxm_value_get_int(_ value: UnsafePointer<rxm_value>?, _ out: UnsafeMutablePointer<Int64>?,
                              _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) { try store(try expect(value, RXM_INT, "an int").as.integer, in: out) }
}

@_cdecl("rxm_value_get_double")
public func rxm_value_get_double(_ value: UnsafePointer<rxm_value>?, _ out: UnsafeMutablePointer<Double>?,
                                 _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        if let value, value.pointee.type == RXM_INT {
            try store(Double(value.pointee.as.integer), in: out)
        } else {
            try store(try expect(value, RXM_DOUBLE, "a double").as.number, in: out)
        }
    }
}

@_cdecl("rxm_value_get_string")
public func rxm_value_get_string(_ value: UnsafePointer<rxm_value>?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                                 _ length: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let string = try expect(value, RXM_STRING, "a string").as.string
        guard let text = string.utf8 else { throw BridgeError.invalidArgument("the string's pointer is NULL") }
        try store(text, in: out)
        length?.pointee = string.length
    }
}

@_cdecl("rxm_value_count")
public func rxm_value_count(_ value: UnsafePointer<rxm_value>?) -> Int {
    guard let value else { return 0 }
    switch value.pointee.type {
    case RXM_ARRAY: return value.pointee.as.array.count
    case RXM_OBJECT: return value.pointee.as.object.count
    default: return 0
    }
}

@_cdecl("rxm_value_at")
public func rxm_value_at(_ value: UnsafePointer<rxm_value>?, _ index: Int) -> UnsafePointer<rxm_value>? {
    guard let value, index >= 0, index < rxm_value_count(value) else { return nil }
    switch value.pointee.type {
    case RXM_ARRAY:
        return value.pointee.as.array.items.map { $0 + index }
    case RXM_OBJECT:
        guard let members = value.pointee.as.object.members else { return nil }
        return UnsafeRawPointer(members + index)
            .advanced(by: MemoryLayout<rxm_member>.offset(of: \rxm_member.value)!)
            .assumingMemoryBound(to: rxm_value.self)
    default:
        return nil
    }
}

@_cdecl("rxm_value_key_at")
public func rxm_value_key_at(_ value: UnsafePointer<rxm_value>?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let value, value.pointee.type == RXM_OBJECT, index >= 0, index < value.pointee.as.object.count,
          let members = value.pointee.as.object.members else { return nil }
    return members[index].key
}

@_cdecl("rxm_value_to_json")
public func rxm_value_to_json(_ value: UnsafePointer<rxm_value>?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        guard let value else { throw BridgeError.invalidArgument("value is NULL") }
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try CStrings.give(try ModalValue(cValue: value).json, to: out)
    }
}
