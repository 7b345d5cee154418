import Foundation

/// The signature of a configuration method: what the string in `rxm_method.signature`
/// means (see `Include/rxmodal_plugin.h`), one code per argument between the config
/// pointer and the `rxm_error` pointer.
///
/// Immutable value; safe to share between threads.
public struct MethodSignature: Hashable, Sendable, CustomStringConvertible {
    /// The kind of one argument, by its signature code.
    public enum Kind: Character, Hashable, Sendable, CaseIterable {
        /// `bool`
        case bool = "b"
        /// `int64_t`
        case int = "i"
        /// `double`
        case double = "d"
        /// `const char *`: UTF-8, NUL-terminated, never NULL.
        case string = "s"
        /// `const uint8_t *, size_t`: two C arguments.
        case bytes = "y"
        /// `const char *const *, size_t`: two C arguments.
        case strings = "S"
        /// `const rxm_value *`: any value tree.
        case value = "v"

        /// How many C arguments this kind expands to.
        public var cArgumentCount: Int {
            switch self {
            case .bytes, .strings: return 2
            default: return 1
            }
        }

        /// The name used in help and in error messages.
        public var typeName: String {
            switch self {
            case .bool: return "bool"
            case .int: return "int"
            case .double: return "double"
            case .string: return "string"
            case .bytes: return "bytes"
            case .strings: return "[string]"
            case .value: return "value"
            }
        }

        /// The C parameter types this kind expands to, as written in a C prototype.
        public var cTypes: [String] {
            switch self {
            case .bool: return ["bool"]
            case .int: return ["int64_t"]
            case .double: return ["double"]
            case .string: return ["const char *"]
            case .bytes: return ["const uint8_t *", "size_t"]
            case .strings: return ["const char *const *", "size_t"]
            case .value: return ["const rxm_value *"]
            }
        }
    }

    /// The signature exactly as the plugin wrote it: "sb".
    public let code: String
    /// One kind per argument, in order.
    public let kinds: [Kind]
    /// One name per argument, from `rxm_method.argument_names`, or "argument N"
    /// when the plugin gave none.
    public let argumentNames: [String]

    /// Parses `code`, with `argumentNames` as in `rxm_method.argument_names`
    /// (comma-separated; nil when the plugin gave none).
    ///
    /// Throws `ModalError.malformedValue` for an unknown code (naming it, its
    /// position and the known codes) and for argument names that do not match
    /// the arguments one for one.
    public init(_ code: String, argumentNames: String? = nil) throws {
        var kinds: [Kind] = []
        for (offset, character) in code.enumerated() {
            guard let kind = Kind(rawValue: character) else {
                let known = Kind.allCases.map { String($0.rawValue) }.joined(separator: " ")
                throw ModalError.malformedValue(
                    "signature “\(code)”: unknown code “\(character)” at position \(offset + 1); known codes: \(known)")
            }
            kinds.append(kind)
        }
        self.code = code
        self.kinds = kinds
        self.argumentNames = try Self.parseNames(argumentNames, count: kinds.count, code: code)
    }

    private static func parseNames(_ list: String?, count: Int, code: String) throws -> [String] {
        guard let list, !(list.isEmpty && count > 0) else {
            return (0..<count).map { "argument \($0 + 1)" }
        }
        if list.isEmpty { return [] }
        let names = list.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.count == count else {
            throw ModalError.malformedValue(
                "signature “\(code)” has \(count) argument\(count == 1 ? "" : "s") but argument_names “\(list)” names \(names.count)")
        }
        if let empty = names.firstIndex(where: \.isEmpty) {
            throw ModalError.malformedValue("argument_names “\(list)”: name \(empty + 1) is empty")
        }
        return names
    }

    /// How many C arguments the method takes between `config` and `error`
    /// ('y' and 'S' take two each).
    public var cArgumentCount: Int { kinds.reduce(0) { $0 + $1.cArgumentCount } }

    /// The C parameter types between `config` and `error`, in order.
    public var cArgumentTypes: [String] { kinds.flatMap(\.cTypes) }

    /// The whole C prototype, for documentation: `int name(void *config, const char *, bool, rxm_error *error)`.
    public func cPrototype(name: String) -> String {
        "int \(name)(" + (["void *config"] + cArgumentTypes + ["rxm_error *error"]).joined(separator: ", ") + ")"
    }

    /// The arguments for people: "body: string, isHTML: bool" (empty when there are none).
    public var humanForm: String {
        zip(argumentNames, kinds).map { "\($0): \($1.typeName)" }.joined(separator: ", ")
    }

    public var description: String { humanForm }

    /// Whether any argument is a value tree, which needs its C form built per call.
    var hasValueArguments: Bool { kinds.contains(.value) }
}
