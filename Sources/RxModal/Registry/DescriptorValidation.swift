#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RxModalPluginABI

/// The fields of a descriptor that passed every check, read into Swift.
struct ValidatedDescriptor {
    var name: String
    var version: String
    var summary: String
    var resultDescription: String
    var abiMinor: UInt32
    var methods: [ModalMethod]
    var configNew: @convention(c) (UnsafeMutablePointer<rxm_error>?) -> UnsafeMutableRawPointer?
    var configFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    var precondition: (@convention(c) (UnsafeRawPointer?, UnsafeMutablePointer<rxm_error>?) -> Int32)?
    var authorizationStatus: (@convention(c) (UnsafeRawPointer?) -> rxm_authorization_status)?
}

/// Checks a descriptor against the ABI's rules before anything of it is used.
/// Pure apart from reading the descriptor; safe from any thread.
enum DescriptorValidation {
    /// The size of an ABI 1.0 descriptor. Later minor versions only append fields,
    /// so this stays the minimum even when the header grows: when fields are
    /// added, replace this with the size up to the last 1.0 field.
    static let minimumDescriptorSize = UInt32(MemoryLayout<rxm_plugin_descriptor>.size)
    /// More methods than any real kind declares; a larger count is garbage.
    static let maximumMethodCount = 1024
    /// `struct_size`, `abi_major` and `abi_minor`: what every version shares.
    private static let headerSize: UInt32 = 12

    static func validate(_ descriptor: UnsafePointer<rxm_plugin_descriptor>) throws(SkippedPlugin.Reason) -> ValidatedDescriptor {
        // Read the three leading fields by offset first: until struct_size is
        // known, reading the whole struct could run past a smaller one.
        let raw = UnsafeRawPointer(descriptor)
        let size = raw.load(fromByteOffset: 0, as: UInt32.self)
        guard size >= headerSize else {
            throw .malformedDescriptor(.structSizeTooSmall(found: size, minimum: minimumDescriptorSize))
        }
        let major = raw.load(fromByteOffset: 4, as: UInt32.self)
        guard major == UInt32(RXM_PLUGIN_ABI_MAJOR) else {
            throw .abiMismatch(found: major, expected: UInt32(RXM_PLUGIN_ABI_MAJOR))
        }
        guard size >= minimumDescriptorSize else {
            throw .malformedDescriptor(.structSizeTooSmall(found: size, minimum: minimumDescriptorSize))
        }
        let d = descriptor.pointee

        guard let kindPointer = d.kind else { throw .malformedDescriptor(.nullKind) }
        let name = String(decoding: UnsafeRawBufferPointer(start: kindPointer, count: strnlen(kindPointer, maximumKindNameLength + 16)), as: UTF8.self)
        guard isValidKindName(kindPointer) else { throw .malformedDescriptor(.invalidKindName(name)) }

        guard let configNew = d.config_new else { throw .malformedDescriptor(.missingFunction("config_new")) }
        guard let configFree = d.config_free else { throw .malformedDescriptor(.missingFunction("config_free")) }
        guard d.present != nil else { throw .malformedDescriptor(.missingFunction("present")) }

        switch (d.authorization_status != nil, d.request_authorization != nil) {
        case (true, false):
            throw .malformedDescriptor(.incompleteAuthorization(present: "authorization_status", missing: "request_authorization"))
        case (false, true):
            throw .malformedDescriptor(.incompleteAuthorization(present: "request_authorization", missing: "authorization_status"))
        default:
            break
        }

        return ValidatedDescriptor(
            name: name,
            version: try text(d.version, field: "version"),
            summary: try text(d.summary, field: "summary"),
            resultDescription: try text(d.result_description, field: "result_description"),
            abiMinor: d.abi_minor,
            methods: try methods(d.methods, count: UInt(bitPattern: d.method_count)),
            configNew: configNew,
            configFree: configFree,
            precondition: d.precondition,
            authorizationStatus: d.authorization_status)
    }

    /// `count` is the C `size_t`, read unsigned: a count of `SIZE_MAX` is too
    /// many methods, not minus one.
    private static func methods(_ table: UnsafePointer<rxm_method>?, count unsignedCount: UInt) throws(SkippedPlugin.Reason) -> [ModalMethod] {
        guard unsignedCount > 0 else { return [] }
        guard unsignedCount <= UInt(maximumMethodCount) else {
            throw .malformedDescriptor(.tooManyMethods(count: unsignedCount, maximum: maximumMethodCount))
        }
        let count = Int(unsignedCount)
        guard let table else { throw .malformedDescriptor(.nullMethodTable(count: count)) }
        var result: [ModalMethod] = []
        var seen: Set<String> = []
        for index in 0..<count {
            let method = table[index]
            guard let namePointer = method.name, namePointer.pointee != 0 else {
                throw .malformedDescriptor(.invalidMethodField(index: index, field: "name"))
            }
            guard let signaturePointer = method.signature else {
                throw .malformedDescriptor(.invalidMethodField(index: index, field: "signature"))
            }
            guard method.function != nil else {
                throw .malformedDescriptor(.invalidMethodField(index: index, field: "function"))
            }
            let name = try text(namePointer, field: "methods[\(index)].name")
            let signature = try text(signaturePointer, field: "methods[\(index)].signature")
            if let bad = signature.first(where: { !ModalMethod.signatureCodes.contains($0) }) {
                throw .malformedDescriptor(.invalidSignature(method: name, signature: signature, character: bad))
            }
            guard seen.insert(name).inserted else { throw .malformedDescriptor(.duplicateMethod(name)) }
            let names = try text(method.argument_names, field: "methods[\(index)].argument_names")
                .split(separator: ",")
                .map { $0.trimmingWhitespace() }
                .filter { !$0.isEmpty }
            if !names.isEmpty && names.count != signature.count {
                throw .malformedDescriptor(.argumentNamesMismatch(method: name, names: names.count, arguments: signature.count))
            }
            result.append(ModalMethod(
                name: name, signature: signature, argumentNames: names,
                doc: try text(method.doc, field: "methods[\(index)].doc"),
                index: index))
        }
        return result
    }

    /// The longest kind name accepted.
    static let maximumKindNameLength = 64

    /// A letter, then `[A-Za-z0-9_.-]*`, at most ``maximumKindNameLength`` bytes,
    /// checked on the bytes so no decoding can hide anything. Starting with a
    /// letter keeps names such as `..` (a path) and `--help` (an option) out of
    /// file names and command lines.
    private static func isValidKindName(_ pointer: UnsafePointer<CChar>) -> Bool {
        var cursor = pointer
        let first = UInt8(bitPattern: cursor.pointee)
        guard (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) else { return false }
        guard strnlen(pointer, maximumKindNameLength + 1) <= maximumKindNameLength else { return false }
        while cursor.pointee != 0 {
            let byte = UInt8(bitPattern: cursor.pointee)
            let ok = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F || byte == 0x2E || byte == 0x2D
            guard ok else { return false }
            cursor += 1
        }
        return true
    }

    /// A NUL-terminated UTF-8 text field; NULL reads as "".
    private static func text(_ pointer: UnsafePointer<CChar>?, field: String) throws(SkippedPlugin.Reason) -> String {
        guard let pointer else { return "" }
        guard let string = String(validatingCString: pointer) else {
            throw .malformedDescriptor(.invalidUTF8(field: field))
        }
        return string
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}
