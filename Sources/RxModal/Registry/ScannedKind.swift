/// What a plugin's descriptor says, as read by a scan and kept in the registry
/// cache: everything needed to list, describe and choose a kind without loading
/// its plugin into the host. Immutable; safe to share between threads.
struct ScannedKind: Codable, Hashable, Sendable {
    struct Method: Codable, Hashable, Sendable {
        var name: String
        var signature: String
        var argumentNames: [String]
        var doc: String
    }

    var name: String
    var version: String
    var summary: String
    var resultDescription: String
    var abiMinor: UInt32
    var hasPrecondition: Bool
    var hasAuthorization: Bool
    var methods: [Method]

    init(_ fields: ValidatedDescriptor) {
        name = fields.name
        version = fields.version
        summary = fields.summary
        resultDescription = fields.resultDescription
        abiMinor = fields.abiMinor
        hasPrecondition = fields.precondition != nil
        hasAuthorization = fields.authorizationStatus != nil
        methods = fields.methods.map { Method(name: $0.name, signature: $0.signature, argumentNames: $0.argumentNames, doc: $0.doc) }
    }

    /// Whether `other` describes a kind that is called the same way: the same
    /// name, ABI minor version and hooks, and methods with the same names,
    /// signatures and argument names. The texts (version, summary, result
    /// description, method documentation) are left out: a plugin may word them
    /// after what it finds where it runs, so a load that compares its descriptor
    /// with a scan made elsewhere or earlier must not fail on them.
    func isCalledLike(_ other: ScannedKind) -> Bool {
        name == other.name && abiMinor == other.abiMinor
            && hasPrecondition == other.hasPrecondition && hasAuthorization == other.hasAuthorization
            && methods.elementsEqual(other.methods) {
                $0.name == $1.name && $0.signature == $1.signature && $0.argumentNames == $1.argumentNames
            }
    }

    /// The methods as the registry shows them, in the descriptor's order.
    var modalMethods: [ModalMethod] {
        methods.enumerated().map { index, method in
            ModalMethod(name: method.name, signature: method.signature, argumentNames: method.argumentNames,
                        doc: method.doc, index: index)
        }
    }
}
