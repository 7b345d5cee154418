import RxModalPluginABI

/// What a configuration method is, for listing and describing a kind: its name,
/// its signature (with argument names) and its documentation line.
///
/// Immutable value; safe to share between threads.
public struct MethodDescription: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let signature: MethodSignature
    public let doc: String

    public init(name: String, signature: MethodSignature, doc: String) {
        self.name = name
        self.signature = signature
        self.doc = doc
    }

    /// Reads a method of a plugin descriptor. Throws `ModalError.malformedValue`
    /// when its name or signature is NULL, a string is not valid UTF-8, its
    /// function is NULL, or its signature or argument names are malformed.
    public init(method: rxm_method) throws {
        let name = try Self.read(method.name, what: "method name")
        let code = try Self.read(method.signature, what: "signature of \(name)")
        guard method.function != nil else { throw ModalError.malformedValue("method \(name) has no function") }
        let names = try method.argument_names.map { try Self.read($0, what: "argument names of \(name)") }
        let doc = try method.doc.map { try Self.read($0, what: "doc of \(name)") } ?? ""
        do {
            self.init(name: name, signature: try MethodSignature(code, argumentNames: names), doc: doc)
        } catch let ModalError.malformedValue(reason) {
            throw ModalError.malformedValue("method \(name): \(reason)")
        }
    }

    /// "setMessageBody(body: string, isHTML: bool)"
    public var description: String { "\(name)(\(signature.humanForm))" }

    private static func read(_ pointer: UnsafePointer<CChar>?, what: String) throws -> String {
        guard let pointer else { throw ModalError.malformedValue("\(what) is NULL") }
        guard let text = String(validatingCString: pointer) else { throw ModalError.malformedValue("\(what) is not valid UTF-8") }
        return text
    }
}
