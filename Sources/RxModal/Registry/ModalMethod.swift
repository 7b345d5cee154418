import RxModalPluginABI

/// One configuration method a modal kind declares, as validated by the registry:
/// its name, its signature (one code per argument, see `rxm_method` in
/// `Include/rxmodal_plugin.h`), its argument names and its doc line. (The C
/// function itself is called through the kind's ``MethodTable``, once the
/// plugin is loaded.) Immutable; safe to share between threads.
public struct ModalMethod: Hashable, Sendable, CustomStringConvertible {
    /// The signature codes a method may use (see `rxm_method`).
    public static let signatureCodes: Set<Character> = ["b", "i", "d", "s", "y", "S", "v"]

    public let name: String
    /// One code per argument: `b` bool, `i` int64, `d` double, `s` string,
    /// `y` bytes, `S` array of strings, `v` value tree.
    public let signature: String
    /// The names from `argument_names`, one per signature code; empty when the
    /// plugin gave none.
    public let argumentNames: [String]
    public let doc: String
    /// Position in the descriptor's method table.
    public let index: Int

    /// `setTitle(title) [s] — Sets the title.`
    public var description: String {
        let arguments = argumentNames.isEmpty ? "" : argumentNames.joined(separator: ", ")
        return "\(name)(\(arguments)) [\(signature)]" + (doc.isEmpty ? "" : " — \(doc)")
    }
}
