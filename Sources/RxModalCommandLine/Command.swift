/// What the command line asks for, before any kind is looked up.
///
/// A plain value; safe from any thread.
public enum Command: Equatable, Sendable {
    /// `rxmodal help [TOPIC]`, `rxmodal --help`, `rxmodal COMMAND --help`.
    case help(topic: String?)
    /// `rxmodal --version`.
    case version
    /// `rxmodal doctor [--json]`.
    case doctor(json: Bool)
    case list(verbose: Bool, json: Bool)
    case describe(kind: String, json: Bool)
    case demo(surface: SurfaceOption?, transcriptPath: String?)
    /// `rxmodal reset-authorization [KIND] [--application ID | --all] [--json]`.
    case resetAuthorization(kind: String?, target: AuthorizationResetTarget?, json: Bool)
    /// `rxmodal KIND [options]`: the options are read against the kind's methods.
    case present(kind: String, arguments: [String])
}

/// Reads the first level of the command line: the command and, for the fixed
/// commands, their options. Kind options are read later by
/// `PresentOptionsParser`, against the kind's method table.
///
/// Stateless; safe from any thread.
public enum CommandParser {
    /// The names that are commands, not kinds.
    public static let commandNames: Set<String> = ["help", "list", "describe", "demo", "doctor", "reset-authorization"]

    public static func parse(_ arguments: [String]) throws -> Command {
        var cursor = ArgumentCursor(arguments)
        guard let first = cursor.next() else {
            throw UsageError("missing command: give a modal kind or one of list, describe, demo, doctor, reset-authorization, help")
        }
        // Help wins over every other argument of a fixed command, even a wrong
        // one. Only demo takes free values (file names), where "-h" could be one.
        if optionsOfCommand[first] != nil,
           cursor.remaining.contains("--help") || (first != "demo" && cursor.remaining.contains("-h")) {
            return .help(topic: first)
        }
        switch first {
        case "help", "--help", "-h":
            let topic = cursor.next()
            if let extra = cursor.next() { throw UsageError("help takes one topic; unexpected “\(extra)”") }
            return .help(topic: topic)
        case "--version":
            if let extra = cursor.next() { throw UsageError("--version takes no argument; unexpected “\(extra)”") }
            return .version
        case "doctor":
            var json = false
            while let argument = cursor.next() {
                switch argument {
                case "--json": json = true
                case "--help", "-h": return .help(topic: "doctor")
                default: throw unexpected(argument, in: "doctor")
                }
            }
            return .doctor(json: json)
        case "list":
            var verbose = false, json = false
            while let argument = cursor.next() {
                switch argument {
                case "--verbose", "-v": verbose = true
                case "--json": json = true
                case "--help", "-h": return .help(topic: "list")
                default: throw unexpected(argument, in: "list")
                }
            }
            return .list(verbose: verbose, json: json)
        case "describe":
            var kind: String?, json = false
            while let argument = cursor.next() {
                switch argument {
                case "--json": json = true
                case "--help", "-h": return .help(topic: "describe")
                default:
                    guard kind == nil, !argument.hasPrefix("-") else { throw unexpected(argument, in: "describe") }
                    kind = argument
                }
            }
            guard let kind else { throw UsageError("describe needs a kind: rxmodal describe KIND", helpTopic: "describe") }
            return .describe(kind: kind, json: json)
        case "demo":
            var surface: SurfaceOption?, transcript: String?
            while let argument = cursor.next() {
                guard let token = OptionToken(argument) else {
                    if argument == "-h" { return .help(topic: "demo") }
                    throw unexpected(argument, in: "demo")
                }
                switch token.name {
                case "help": return .help(topic: "demo")
                case "surface": surface = try SurfaceOption(parsing: try value(token, &cursor, "demo"), helpTopic: "demo")
                case "transcript": transcript = try value(token, &cursor, "demo")
                default: throw unexpected(argument, in: "demo")
                }
            }
            return .demo(surface: surface, transcriptPath: transcript)
        case "reset-authorization":
            var kind: String?, target: AuthorizationResetTarget?, json = false
            let topic = "reset-authorization"
            while let argument = cursor.next() {
                guard let token = OptionToken(argument) else {
                    guard kind == nil, !argument.hasPrefix("-") else { throw unexpected(argument, in: topic) }
                    kind = argument
                    continue
                }
                switch token.name {
                case "json": json = true
                case "all", "application":
                    guard target == nil else { throw UsageError("give one of --application ID and --all", helpTopic: topic) }
                    target = token.name == "all" ? .all : .application(try value(token, &cursor, topic))
                default: throw unexpected(argument, in: topic)
                }
            }
            return .resetAuthorization(kind: kind, target: target, json: json)
        default:
            if first.hasPrefix("-") {
                throw UsageError("unknown option \(first)\(NearestName.hint(for: first, among: ["--help", "--version"]))"
                                 + "; give a command or a modal kind first")
            }
            return .present(kind: first, arguments: cursor.remaining)
        }
    }

    private static func value(_ token: OptionToken, _ cursor: inout ArgumentCursor, _ topic: String) throws -> String {
        if let inline = token.inlineValue, !inline.isEmpty { return inline }
        guard let next = cursor.next(), !OptionToken.looksLikeOption(next), !next.isEmpty else {
            throw UsageError("\(token.spelling) needs a value", helpTopic: topic)
        }
        return next
    }

    /// The options of each fixed command, for "did you mean" hints.
    static let optionsOfCommand: [String: [String]] = [
        "doctor": ["--json", "--help"], "list": ["--verbose", "--json", "--help"],
        "describe": ["--json", "--help"], "demo": ["--surface", "--transcript", "--help"],
        "reset-authorization": ["--application", "--all", "--json", "--help"],
    ]

    private static func unexpected(_ argument: String, in command: String) -> UsageError {
        let hint = argument.hasPrefix("-")
            ? NearestName.hint(for: OptionToken(argument)?.spelling ?? argument, among: optionsOfCommand[command] ?? [])
            : ""
        return UsageError("\(command): unexpected argument “\(argument)”\(hint)", helpTopic: command)
    }
}
