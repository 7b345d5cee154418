/// Walks the command line's arguments one by one, as the parsers consume them.
/// A value type; each parser owns its cursor.
struct ArgumentCursor {
    private let arguments: [String]
    private(set) var position = 0

    init(_ arguments: [String]) { self.arguments = arguments }

    var isAtEnd: Bool { position >= arguments.count }

    func peek() -> String? { isAtEnd ? nil : arguments[position] }

    mutating func next() -> String? {
        guard let argument = peek() else { return nil }
        position += 1
        return argument
    }

    /// The rest, unconsumed.
    var remaining: [String] { Array(arguments[min(position, arguments.count)...]) }
}

/// An option token: `--name` or `--name=value` (the inline value).
struct OptionToken: Equatable {
    let name: String
    let inlineValue: String?
    /// As typed, for messages.
    let spelling: String

    /// Nil when `argument` is not a long option (`--` alone is not one either).
    init?(_ argument: String) {
        guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
        spelling = "--" + name
    }

    /// Whether `argument` looks like an option rather than a value: values that
    /// start with "--" must be given inline (`--title=--odd`).
    static func looksLikeOption(_ argument: String) -> Bool { argument.hasPrefix("--") && argument.count > 2 }
}
