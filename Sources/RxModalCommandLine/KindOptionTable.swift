import RxModal

/// Every option that configures one kind: the dialog shortcuts the kind has
/// methods for, then one flag per method whose generated name (``FlagNaming``)
/// is free. A method whose name would clash with the common options, with a
/// shortcut, or with another method's flag gets no flag; it stays reachable
/// with `--call`.
///
/// A method whose doc starts with `Refused:` exists only so that calling it
/// gets a clear refusal (the action sheet's `addTextField`): it gets no option
/// and is not offered in help, since every use of it would fail; an option
/// that would have called it is answered with the refusal's reason.
///
/// Immutable; safe from any thread.
struct KindOptionTable: Sendable {
    /// The options every presentation takes, never generated.
    static let commonOptions: Set<String> = ["surface", "transcript", "timeout", "call", "help"]

    let kind: ModalKind
    /// In help order: shortcuts first, then the methods' flags in the kind's order.
    let flags: [KindFlag]
    /// Methods left without a flag, for help.
    let methodsWithoutFlag: [ModalMethod]
    /// The refusing methods, by the option names they would have had.
    let refusedOptions: [String: ModalMethod]

    /// Whether the method exists only to be refused (see above).
    static func isRefusal(_ method: ModalMethod) -> Bool { method.doc.hasPrefix("Refused:") }

    init(kind: ModalKind) {
        self.kind = kind
        var flags: [KindFlag] = []
        var taken = Self.commonOptions
        var refused: [String: ModalMethod] = [:]
        for shortcut in DialogShortcut.allCases {
            let wanted = shortcut.method
            if let method = kind.methods.first(where: { $0.name == wanted.name && $0.signature == wanted.signature }) {
                if Self.isRefusal(method) {
                    refused[shortcut.rawValue] = method
                } else {
                    flags.append(KindFlag(name: shortcut.rawValue, method: method, shortcut: shortcut))
                }
                taken.insert(shortcut.rawValue)
            }
        }
        for method in kind.methods where Self.isRefusal(method) {
            refused[FlagNaming.flagName(forMethod: method.name)] = method
        }
        let generated = kind.methods.filter { !Self.isRefusal($0) }.map { (FlagNaming.flagName(forMethod: $0.name), $0) }
        var counts: [String: Int] = [:]
        for (name, _) in generated { counts[name, default: 0] += 1 }
        var without: [ModalMethod] = []
        for (name, method) in generated {
            if name.isEmpty || taken.contains(name) || counts[name, default: 0] > 1 {
                without.append(method)
            } else {
                flags.append(KindFlag(name: name, method: method, shortcut: nil))
            }
        }
        self.flags = flags
        self.methodsWithoutFlag = without
        self.refusedOptions = refused
    }

    func flag(named name: String) -> KindFlag? { flags.first { $0.name == name } }
}
