/// What is wrong with a plugin descriptor that the registry refuses as malformed.
/// Each case names the field at fault. Immutable; safe to share between threads.
public enum DescriptorDefect: Hashable, Sendable, CustomStringConvertible {
    /// `struct_size` is smaller than the ABI 1.0 descriptor.
    case structSizeTooSmall(found: UInt32, minimum: UInt32)
    /// `kind` is NULL.
    case nullKind
    /// `kind` is not a letter followed by `[A-Za-z0-9_.-]`, 64 bytes at most.
    case invalidKindName(String)
    /// A text field (`version`, `summary`, …) is not valid UTF-8.
    case invalidUTF8(field: String)
    /// A mandatory function pointer is NULL: `config_new`, `config_free` or `present`.
    case missingFunction(String)
    /// `methods` is NULL while `method_count` is not zero.
    case nullMethodTable(count: Int)
    /// `method_count` is beyond any sensible table (most likely garbage).
    case tooManyMethods(count: UInt, maximum: Int)
    /// Method number `index` has a NULL `name`, `signature` or `function`, or an empty name.
    case invalidMethodField(index: Int, field: String)
    /// A signature holds a character outside the codes `bidsySv`.
    case invalidSignature(method: String, signature: String, character: Character)
    /// Two methods share a name.
    case duplicateMethod(String)
    /// `argument_names` names a different number of arguments than the signature has.
    case argumentNamesMismatch(method: String, names: Int, arguments: Int)
    /// Exactly one of `authorization_status` and `request_authorization` is set.
    case incompleteAuthorization(present: String, missing: String)

    public var description: String {
        switch self {
        case .structSizeTooSmall(let found, let minimum):
            return "struct_size is \(found) bytes, smaller than the \(minimum) of an ABI 1.0 descriptor"
        case .nullKind:
            return "kind is NULL"
        case .invalidKindName(let name):
            return "kind “\(name)” is not a name: a letter, then letters, digits, _ . or -, 64 at most"
        case .invalidUTF8(let field):
            return "\(field) is not valid UTF-8"
        case .missingFunction(let field):
            return "\(field) is NULL"
        case .nullMethodTable(let count):
            return "methods is NULL but method_count is \(count)"
        case .tooManyMethods(let count, let maximum):
            return "method_count is \(count), more than the \(maximum) a descriptor may declare"
        case .invalidMethodField(let index, let field):
            return "methods[\(index)].\(field) is NULL or empty"
        case .invalidSignature(let method, let signature, let character):
            return "method \(method) has signature “\(signature)” with “\(character)”, not one of b i d s y S v"
        case .duplicateMethod(let name):
            return "method \(name) is declared more than once"
        case .argumentNamesMismatch(let method, let names, let arguments):
            return "method \(method) names \(names) arguments but its signature has \(arguments)"
        case .incompleteAuthorization(let present, let missing):
            return "\(present) is set but \(missing) is NULL; set both or neither"
        }
    }
}
