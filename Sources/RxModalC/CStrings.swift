import Foundation

/// Strings crossing the C interface. Stateless; any thread.
enum CStrings {
    /// A UTF-8 argument: NULL and invalid UTF-8 are refused, naming `what`.
    static func read(_ pointer: UnsafePointer<CChar>?, _ what: String) throws -> String {
        guard let pointer else { throw BridgeError.invalidArgument("\(what) is NULL") }
        guard let text = String(validatingCString: pointer) else {
            throw BridgeError.invalidArgument("\(what) is not valid UTF-8")
        }
        return text
    }

    /// A malloc'ed NUL-terminated copy the caller releases with `rxm_free`
    /// (or that a handle keeps and frees).
    static func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
        let bytes = Array(text.utf8)
        let pointer = malloc(bytes.count + 1)!.bindMemory(to: CChar.self, capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }

    /// Stores a copy of `text` in `*out` (which must not be NULL).
    static func give(_ text: String, to out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) throws {
        guard let out else { throw BridgeError.invalidArgument("out is NULL") }
        out.pointee = copy(text)
    }
}
