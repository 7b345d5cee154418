import Foundation
import RxModal

/// What `rxmodal KIND [options]` asked for: the configuration calls in the
/// order given, where to show the modal, where to write the transcript, and
/// how long to wait.
///
/// A plain value; safe from any thread.
public struct PresentOptions: Equatable, Sendable {
    public var calls: [MethodCall] = []
    public var surface: SurfaceOption?
    public var transcriptPath: String?
    public var timeoutSeconds: Double?
    public var wantsHelp = false

    public init() {}

    /// The application identifier the options set, if any: a denial is
    /// remembered under it, and the hint to forget it must name it.
    var applicationIdentifier: String? {
        calls.last { $0.method == "setApplicationIdentifier" }?.arguments.first?.stringValue
    }
}

/// Reads a presentation's options against the kind's method table, so every
/// argument is checked (unknown option or method, missing or malformed value)
/// before anything is shown. Arguments are read with the invoker's
/// string-argument rules (`MethodInvoker.values(fromStrings:)`).
///
/// Stateless; safe from any thread.
enum PresentOptionsParser {
    /// Help wins over every other argument, even a wrong one: someone asking
    /// how to use a kind is shown how rather than told off. `--help` is never a
    /// value (those that start with `--` are given inline); `-h` may be one
    /// (`--title -h`), so it wins only when the rest cannot be read.
    static func parse(_ arguments: [String], for kind: ModalKind) throws -> PresentOptions {
        var help = PresentOptions()
        help.wantsHelp = true
        if arguments.contains("--help") { return help }
        do {
            return try parseEach(arguments, for: kind)
        } catch where arguments.contains("-h") {
            return help
        }
    }

    private static func parseEach(_ arguments: [String], for kind: ModalKind) throws -> PresentOptions {
        let table = KindOptionTable(kind: kind)
        let methodTable = try kind.methodTable()
        let topic = kind.name
        var options = PresentOptions()
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            if argument == "-h" { options.wantsHelp = true; continue }
            guard let token = OptionToken(argument) else {
                throw UsageError("unexpected argument “\(argument)”: options start with --", helpTopic: topic)
            }
            switch token.name {
            case "help":
                options.wantsHelp = true
            case "surface":
                options.surface = try SurfaceOption(parsing: try value(of: token, from: &cursor, topic: topic), helpTopic: topic)
            case "transcript":
                let path = try value(of: token, from: &cursor, topic: topic)
                guard !path.isEmpty else { throw UsageError("--transcript needs a file name", helpTopic: topic) }
                options.transcriptPath = path
            case "timeout":
                options.timeoutSeconds = try TimeoutOption.seconds(try value(of: token, from: &cursor, topic: topic), helpTopic: topic)
            case "call":
                let name = try value(of: token, from: &cursor, topic: topic, what: "a method name")
                let invoker: MethodInvoker
                do { invoker = try methodTable.invoker(named: name) } catch {
                    throw UsageError("\(error)", helpTopic: topic)
                }
                let count = invoker.signature.kinds.count
                let texts = try values(count, after: "--call \(name)", names: invoker.signature.argumentNames,
                                       from: &cursor, topic: topic)
                options.calls.append(try call(name, texts, invoker: invoker, option: "--call \(name)", topic: topic))
            default:
                guard let flag = table.flag(named: token.name) else {
                    let known = table.flags.map(\.spelling)
                    if let refused = table.refusedOptions[token.name] {
                        let reason = refused.doc.dropFirst("Refused:".count).trimmingCharacters(in: .whitespaces)
                        throw UsageError("\(kind.name) has no option \(token.spelling): \(reason)", helpTopic: topic)
                    }
                    let spellings = known + KindOptionTable.commonOptions.sorted().map { "--" + $0 }
                    throw UsageError("\(kind.name) has no option \(token.spelling)"
                                     + NearestName.hint(for: token.spelling, among: spellings)
                                     + "; its options: " + known.joined(separator: ", "), helpTopic: topic)
                }
                let invoker = try methodTable.invoker(named: flag.method.name)
                if let shortcut = flag.shortcut {
                    let text = try value(of: token, from: &cursor, topic: topic)
                    options.calls.append(MethodCall(method: flag.method.name,
                                                    arguments: try shortcut.arguments(for: text, method: flag.method),
                                                    option: "\(token.spelling) \(text)"))
                    continue
                }
                let texts: [String]
                if let inline = token.inlineValue {
                    guard invoker.signature.kinds.count == 1 else {
                        throw UsageError("\(token.spelling) takes \(invoker.signature.kinds.count) values, given after it, not with “=”",
                                         helpTopic: topic)
                    }
                    texts = [inline]
                } else if flag.takesOptionalBool, cursor.peek().map({ OptionToken.looksLikeOption($0) || !Self.isBoolWord($0) }) ?? true {
                    texts = ["true"]
                } else {
                    texts = try values(invoker.signature.kinds.count, after: token.spelling,
                                       names: invoker.signature.argumentNames, from: &cursor, topic: topic)
                }
                options.calls.append(try call(flag.method.name, texts, invoker: invoker, option: token.spelling, topic: topic))
            }
        }
        return options
    }

    private static func isBoolWord(_ text: String) -> Bool {
        ["true", "false", "yes", "no", "1", "0"].contains(text.lowercased())
    }

    /// The single value of an option: inline (`--x=v`) or the next argument.
    private static func value(of token: OptionToken, from cursor: inout ArgumentCursor, topic: String,
                              what: String = "a value") throws -> String {
        if let inline = token.inlineValue { return inline }
        guard let next = cursor.peek(), !OptionToken.looksLikeOption(next) else {
            throw UsageError("\(token.spelling) needs \(what)", helpTopic: topic)
        }
        return cursor.next()!
    }

    private static func values(_ count: Int, after option: String, names: [String],
                               from cursor: inout ArgumentCursor, topic: String) throws -> [String] {
        var texts: [String] = []
        while texts.count < count {
            guard let next = cursor.peek(), !OptionToken.looksLikeOption(next) else {
                let list = names.count == count ? " (\(names.joined(separator: ", ")))" : ""
                throw UsageError("\(option) needs \(count) value\(count == 1 ? "" : "s")\(list), got \(texts.count)"
                                 + (cursor.peek().map { OptionToken.looksLikeOption($0) ? " before \($0); a value starting with -- must be given as \(option)=VALUE" : "" } ?? ""),
                                 helpTopic: topic)
            }
            texts.append(cursor.next()!)
        }
        return texts
    }

    private static func call(_ method: String, _ texts: [String], invoker: MethodInvoker, option: String,
                             topic: String) throws -> MethodCall {
        do {
            return MethodCall(method: method, arguments: try invoker.values(fromStrings: texts), option: option)
        } catch {
            throw UsageError("\(option): \(error)", helpTopic: topic)
        }
    }
}

/// `--timeout SECONDS`: a positive, finite number of seconds.
enum TimeoutOption {
    static func seconds(_ text: String, helpTopic: String?) throws -> Double {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 * 365 else {
            throw UsageError("--timeout needs a positive number of seconds, not “\(text)”", helpTopic: helpTopic)
        }
        return seconds
    }
}
