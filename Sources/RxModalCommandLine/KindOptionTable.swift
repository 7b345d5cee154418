import RxModal

/// Every option that configures one kind: the dialog shortcuts the kind has
/// methods for, then one flag per method whose generated name (``FlagNaming``)
/// is free. A method whose name would clash with the common options, with a
/// shortcut, or with another method's flag gets no flag; it stays reachable
/// with `--call`.
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

    init(kind: ModalKind) {
        self.kind = kind
        var flags: [KindFlag] = []
        var taken = Self.commonOptions
        for shortcut in DialogShortcut.allCases {
            let wanted = shortcut.method
            if let method = kind.methods.first(where: { $0.name == wanted.name && $0.signature == wanted.signature }) {
                flags.append(KindFlag(name: shortcut.rawValue, method: method, shortcut: shortcut))
                taken.insert(shortcut.rawValue)
            }
        }
        let generated = kind.methods.map { (FlagNaming.flagName(forMethod: $0.name), $0) }
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
    }

    func flag(named name: String) -> KindFlag? { flags.first { $0.name == name } }
}
