import RxModal
import RxModalPluginABI

/// Method arguments from C, as values the invoker checks against a signature.
/// Stateless; any thread.
enum ArgumentList {
    /// `count` borrowed C values, each checked (type tags, NULLs, UTF-8, depth).
    static func read(_ arguments: UnsafePointer<rxm_value>?, count: Int) throws -> [ModalValue] {
        guard count > 0 else { return [] }
        guard let arguments else { throw BridgeError.invalidArgument("arguments is NULL but count is \(count)") }
        return try (0..<count).map { index in
            do {
                return try ModalValue(cValue: arguments + index)
            } catch {
                throw BridgeError.invalidArgument("argument \(index + 1): \(BridgeError(error).message)")
            }
        }
    }

    /// A JSON array of arguments.
    static func read(json: UnsafePointer<CChar>?) throws -> [ModalValue] {
        let text = try CStrings.read(json, "arguments_json")
        guard let items = try ModalValue(json: text).arrayValue else {
            throw BridgeError.invalidArgument("arguments_json must be a JSON array, such as [\"OK\", \"default\"]")
        }
        return items
    }
}
