import Foundation

/// The answers a `ScriptedSurface` gives, one step per presentation, in order.
///
/// JSON form: an array of steps, or an object `{"steps": [...]}`. A step is an
/// object with at most one answer and optional extras:
///
///     {"expect": {"primitive": "dialog", "title": "Sign in"},   // optional
///      "type": ["a@b.c", "secret"], "choose": "Sign In"}        // the answer
///
/// Answers:
/// - `"choose": "Title"` or `"choose": 1` — the action with that title (the
///   first, if several) or index, in a dialog, form or prompt. A disabled action
///   cannot be chosen (a mismatch). With a dialog, `"type": [s]` fills its text
///   fields in order (fields not typed keep their "text", or ""). With a form,
///   `"fields": {name: s or [s]}` fills fields by name (read-only fields cannot
///   be changed; the others keep their "value").
/// - `"cancel": true` — the cancel action of a dialog, form or prompt (which
///   must exist and be enabled; "type"/"fields" may come with it), or
///   `{"cancelled": true}` from a choice.
/// - `"select": [i]` — the items of a choice, in the order chosen.
/// - `"opened": true` — an openURL presentation reports that the browser started.
/// - `"files": ["/path", …]` — the files a person picked in a file chooser
///   (`files`), in order; `"cancel": true` closes the chooser instead.
/// - `"handedOff": true` — a composeEmail presentation reports that the mail
///   client has the message; `"cancel": true` that the user closed it.
/// - `"stayOpen": true` — no answer: the presentation stays until dismissed.
///
/// Extras: `"expect"` (an object; each key must equal the spec's key, checked
/// when the answer is due, against the spec as updated by then),
/// `"afterMilliseconds"` (answer that much later instead of right away; at most
/// one hour, `maximumDelayMilliseconds`), and
/// `"comment"` (ignored; JSON has no comments). Any other key is an error.
///
/// Steps are numbered from 1 in errors and transcripts. Malformed scripts are
/// refused when read, with `ModalError.invalidJSON` (not JSON) or
/// `ModalError.invalidArgument(method: "script", reason: "step N: …")`.
///
/// Immutable; safe to share between threads.
public struct SurfaceScript: Sendable, Equatable {
    /// The environment variable `fromEnvironment()` reads: JSON text, or
    /// `@/path/to/file` naming a file of JSON.
    public static let environmentVariable = "RXMODAL_SCRIPT"

    public var steps: [ScriptStep]

    public init(steps: [ScriptStep]) { self.steps = steps }

    /// Reads a script from its JSON form.
    public init(json: String) throws {
        let value: ModalValue
        do {
            value = try ModalValue(json: json)
        } catch ModalError.invalidJSON(let reason) {
            throw ModalError.invalidJSON("script: \(reason)")
        }
        try self.init(value: value)
    }

    /// Reads a script from a JSON file: a regular file of at most 4 MiB
    /// (``ScriptFile``); a device, FIFO or folder is refused without waiting on it.
    public init(contentsOfFile path: String) throws {
        try self.init(json: try ScriptFile.read(path))
    }

    /// The longest `afterMilliseconds` a step may ask for: one hour. A delay
    /// paces a scripted flow; a longer one would only look like a hang.
    public static let maximumDelayMilliseconds = 3_600_000

    /// Reads a script from a parsed JSON value.
    public init(value: ModalValue) throws {
        let list: [ModalValue]
        switch value {
        case .array(let items):
            list = items
        case .object(let members):
            for key in members.keys.sorted() where key != "steps" && key != "comment" {
                throw malformedScript("unknown key \(ModalValue.string(key).json); a script object takes \"steps\" (and \"comment\")")
            }
            guard case .array(let items)? = members["steps"] else {
                throw malformedScript("\"steps\" must be an array of steps")
            }
            list = items
        default:
            throw malformedScript("expected an array of steps or an object {\"steps\": [...]}, got \(value.typeName)")
        }
        steps = try list.enumerated().map { try ScriptStep(value: $1, number: $0 + 1) }
    }

    /// The script named by `RXMODAL_SCRIPT`, or nil when it is unset or empty.
    public static func fromEnvironment() throws -> SurfaceScript? {
        guard let raw = getenv(environmentVariable), raw.pointee != 0 else { return nil }
        let text = String(cString: raw)
        if text.hasPrefix("@") { return try SurfaceScript(contentsOfFile: String(text.dropFirst())) }
        return try SurfaceScript(json: text)
    }
}

/// One step of a `SurfaceScript`: what it expects and how it answers.
public struct ScriptStep: Sendable, Equatable {
    /// Spec keys and the values they must have (empty: no expectation).
    public var expect: [String: ModalValue]
    public var answer: ScriptAnswer
    /// Answer this long after show returns; nil: right after.
    public var afterMilliseconds: Int?

    public init(expect: [String: ModalValue] = [:], answer: ScriptAnswer, afterMilliseconds: Int? = nil) {
        self.expect = expect
        self.answer = answer
        self.afterMilliseconds = afterMilliseconds
    }

    static let keys = ["afterMilliseconds", "cancel", "choose", "comment", "expect", "fields", "files", "handedOff", "opened",
                       "select", "stayOpen", "type"]
    private static let answerKeys = ["choose", "cancel", "select", "opened", "files", "handedOff", "stayOpen"]

    init(value: ModalValue, number: Int) throws {
        func fail(_ reason: String) -> ModalError { malformedScript("step \(number): \(reason)") }
        guard case .object(let members) = value else { throw fail("expected an object, got \(value.typeName)") }
        for key in members.keys.sorted() where !Self.keys.contains(key) {
            throw fail("unknown key \(ModalValue.string(key).json); a step takes \(Self.keys.joined(separator: ", "))")
        }

        switch members["expect"] {
        case nil: expect = [:]
        case .object(let expected)?: expect = expected
        case let other?: throw fail("expect must be an object of spec keys and values, got \(other.typeName)")
        }

        switch members["afterMilliseconds"] {
        case nil: afterMilliseconds = nil
        case .int(let delay)? where delay > Int64(SurfaceScript.maximumDelayMilliseconds):
            throw fail("afterMilliseconds must be at most \(SurfaceScript.maximumDelayMilliseconds) (one hour), got \(delay)")
        case .int(let delay)? where delay >= 0: afterMilliseconds = Int(delay)
        case let other?: throw fail("afterMilliseconds must be a non-negative int, got \(other.json)")
        }

        let given = Self.answerKeys.filter { members[$0] != nil }
        guard let answerKey = given.first else {
            throw fail("no answer; give one of \(Self.answerKeys.joined(separator: ", "))")
        }
        if given.count > 1 {
            throw fail("\(given.joined(separator: " and ")) cannot be combined; a step gives one answer")
        }

        var typing: [String]?
        if let typed = members["type"] {
            guard let texts = typed.arrayValue?.compactMap(\.stringValue), texts.count == typed.arrayValue?.count else {
                throw fail("type must be an array of strings, got \(typed.json)")
            }
            typing = texts
        }
        var fields: [String: ModalValue]?
        if let given = members["fields"] {
            guard case .object(let values) = given else { throw fail("fields must be an object of field names and values, got \(given.typeName)") }
            for name in values.keys.sorted() {
                let value = values[name]!
                let isStrings = value.arrayValue.map { $0.allSatisfy { $0.stringValue != nil } } ?? false
                guard value.stringValue != nil || isStrings else {
                    throw fail("fields.\(name) must be a string or an array of strings, got \(value.json)")
                }
            }
            fields = values
        }
        if typing != nil && fields != nil {
            throw fail("type and fields cannot be combined: type fills a dialog's text fields, fields fill a form's")
        }
        if (typing != nil || fields != nil) && answerKey != "choose" && answerKey != "cancel" {
            throw fail("\(typing != nil ? "type" : "fields") goes with choose or cancel (the action that ends the \(typing != nil ? "dialog" : "form")), not with \(answerKey)")
        }

        func mustBeTrue() throws {
            guard members[answerKey] == .bool(true) else { throw fail("\(answerKey) must be true, got \(members[answerKey]!.json)") }
        }
        switch answerKey {
        case "choose":
            let action: ScriptActionReference
            switch members["choose"]! {
            case .string(let title): action = .title(title)
            case .int(let index) where index >= 0: action = .index(Int(index))
            case let other: throw fail("choose must be an action title or a non-negative index, got \(other.json)")
            }
            answer = .choose(action, typing: typing, fields: fields)
        case "cancel":
            try mustBeTrue()
            answer = .choose(.cancel, typing: typing, fields: fields)
        case "select":
            let raw = members["select"]!
            guard let items = raw.arrayValue, items.allSatisfy({ ($0.intValue ?? -1) >= 0 }) else {
                throw fail("select must be an array of non-negative item indices, got \(raw.json)")
            }
            answer = .select(items.map { Int($0.intValue!) })
        case "opened":
            try mustBeTrue()
            answer = .opened
        case "files":
            let raw = members["files"]!
            guard let paths = raw.arrayValue?.compactMap(\.stringValue), paths.count == raw.arrayValue?.count,
                  paths.allSatisfy({ $0.hasPrefix("/") }) else {
                throw fail("files must be an array of absolute paths, got \(raw.json)")
            }
            answer = .files(paths)
        case "handedOff":
            try mustBeTrue()
            answer = .handedOff
        default:
            try mustBeTrue()
            answer = .stayOpen
        }
    }
}

/// How a step answers (see `SurfaceScript`).
public enum ScriptAnswer: Sendable, Equatable {
    /// End a dialog, form or prompt with an action; `typing` fills a dialog's
    /// text fields, `fields` a form's.
    case choose(ScriptActionReference, typing: [String]?, fields: [String: ModalValue]?)
    /// Choose items of a choice, in this order.
    case select([Int])
    /// An openURL presentation reports that the browser started.
    case opened
    /// A file chooser answers with these files, in order.
    case files([String])
    /// A composeEmail presentation reports that the mail client has the message.
    case handedOff
    /// Never answer; stay until dismissed.
    case stayOpen
}

/// Which action a `choose` answer means.
public enum ScriptActionReference: Sendable, Equatable {
    case title(String)
    case index(Int)
    /// The action with style "cancel" (or a choice's cancellation).
    case cancel
}

private func malformedScript(_ reason: String) -> ModalError {
    .invalidArgument(method: "script", reason: reason)
}
