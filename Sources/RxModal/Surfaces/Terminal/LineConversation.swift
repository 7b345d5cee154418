import Foundation

/// Line mode: one primitive as a plain-text conversation, for input that is
/// not a terminal (a pipe, a file, a script). The protocol is documented in
/// docs/guides/TerminalSurface.md; in short, numbers are 1-based:
///
/// - dialog: one line per text field (an empty line keeps the field's text),
///   then the number of an action (empty: the preferred action).
/// - prompt: the number of an action (empty: the preferred action).
/// - form: one line per editable field, in order (empty keeps the value;
///   addresses are comma-separated; a "text" field reads lines up to a line
///   with a single "."), then the number of an action.
/// - choice: one number, or for a multiple choice numbers separated by commas
///   or spaces (an empty line selects nothing); "cancel" cancels.
///
/// An answer that does not fit is explained and the question asked again. At
/// the end of input, a dialog, form or prompt with an enabled cancel action
/// chooses it (with the text entered so far), a choice is cancelled; anything
/// else is an error (see `endOfInput`).
///
/// Not thread-safe: the terminal surface uses it under its lock.
final class LineConversation {
    private enum Question: Equatable {
        case textField(Int)
        case formField(Int)
        case action
        case items
    }

    private let primitive: SurfacePrimitive
    private var spec: ModalValue
    private var questions: [Question] = []
    private var position = 0
    private var texts: [String] = []
    private var formValues: [String: ModalValue] = [:]
    /// Lines of a "text" form field being read, up to a "." line.
    private var collecting: [String]?

    init(spec: ModalValue, primitive: SurfacePrimitive) {
        self.primitive = primitive
        self.spec = spec
        texts = textFields.map { $0["text"]?.stringValue ?? "" }
        for field in formFields {
            guard let name = field["name"]?.stringValue else { continue }
            formValues[name] = Self.initialValue(of: field)
        }
        switch primitive {
        case .dialog:
            questions = textFields.indices.map { .textField($0) } + [.action]
        case .form:
            questions = formFields.indices.filter { Self.isEditable(formFields[$0]) }.map { .formField($0) } + [.action]
        case .prompt:
            questions = [.action]
        case .choice:
            questions = [.items]
        case .openURL, .progress, .files, .composeEmail:
            questions = []   // nothing to ask (the last two are refused before this)
        }
    }

    private var textFields: [ModalValue] { spec["textFields"]?.arrayValue ?? [] }
    private var formFields: [ModalValue] { spec["fields"]?.arrayValue ?? [] }
    private var actions: [TerminalAction] { TerminalAction.list(from: spec) }
    private var items: [ModalValue] { spec["items"]?.arrayValue ?? [] }
    private var multiple: Bool { spec["multiple"]?.boolValue ?? false }
    private var limit: Int { Int(spec["limit"]?.intValue ?? 0) }

    private static func isEditable(_ field: ModalValue) -> Bool {
        let kind = field["kind"]?.stringValue ?? "line"
        return kind == "line" || kind == "text" || kind == "addresses"
    }

    private static func isList(_ field: ModalValue) -> Bool {
        let kind = field["kind"]?.stringValue ?? "line"
        return kind == "addresses" || kind == "attachments"
    }

    private static func initialValue(of field: ModalValue) -> ModalValue {
        let list = isList(field)
        if let value = field["value"], value != .null {
            return list && value.stringValue != nil ? .array([value]) : value
        }
        return list ? .array([]) : .string("")
    }

    // MARK: what is printed

    /// The whole primitive and its first question.
    func opening() -> String { header() + question() }

    /// After a presentation shown on top of this one is gone: the same again.
    func resume() -> String { "\n" + header() + question() }

    /// After an update: the changed primitive and the current question.
    func repeatQuestion() -> String { "\n" + header() + question() }

    func update(spec newSpec: ModalValue) {
        spec = newSpec
        let fieldCount = textFields.count
        if texts.count < fieldCount { texts += textFields[texts.count...].map { $0["text"]?.stringValue ?? "" } }
        if texts.count > fieldCount { texts.removeLast(texts.count - fieldCount) }
    }

    private func header() -> String {
        var lines: [String] = []
        if let title = spec["title"]?.stringValue { lines.append(TerminalSafeText.line(title)) }
        if let message = spec["message"]?.stringValue { lines += TerminalSafeText.lines(message) }
        if primitive == .choice {
            if let prompt = spec["prompt"]?.stringValue { lines.append(TerminalSafeText.line(prompt)) }
            for (index, item) in items.enumerated() {
                lines.append("  \(index + 1)) \(TerminalSafeText.line(ChoiceScreen.describe(item)))")
            }
        }
        if primitive == .form {
            for field in formFields where !Self.isEditable(field) {
                let label = field["label"]?.stringValue ?? ""
                let value = Self.display(formValues[field["name"]?.stringValue ?? ""] ?? "")
                lines.append("\(TerminalSafeText.line(label)): \(TerminalSafeText.line(value))")
                if let error = field["error"]?.stringValue { lines.append("! \(TerminalSafeText.line(error))") }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func display(_ value: ModalValue) -> String {
        if let list = value.arrayValue { return list.compactMap(\.stringValue).joined(separator: ", ") }
        return value.stringValue ?? ""
    }

    private func question() -> String {
        guard position < questions.count else { return "" }
        switch questions[position] {
        case .textField(let index):
            let field = textFields[index]
            let kind = field["kind"]?.stringValue ?? "plain"
            let label = TerminalSafeText.line(field["placeholder"]?.stringValue ?? kind.capitalized)
            let current = texts[index]
            let shown = current.isEmpty ? "" : " [\(kind == "password" ? String(repeating: "*", count: current.count) : TerminalSafeText.line(current))]"
            return "\(label) (\(TerminalSafeText.line(kind)))\(shown): "
        case .formField(let index):
            let field = formFields[index]
            let label = TerminalSafeText.line(field["label"]?.stringValue ?? "")
            let kind = field["kind"]?.stringValue ?? "line"
            let current = Self.display(formValues[field["name"]?.stringValue ?? ""] ?? "")
            let shown = current.isEmpty ? "" : " [\(TerminalSafeText.lines(current).joined(separator: "⏎"))]"
            let error = field["error"]?.stringValue.map { "! \(TerminalSafeText.line($0))\n" } ?? ""
            switch kind {
            case "text": return error + "\(label) (text; end with a line \".\")\(shown):\n"
            case "addresses": return error + "\(label) (addresses, comma-separated)\(shown): "
            default: return error + "\(label)\(shown): "
            }
        case .action:
            var lines = actions.enumerated().map { index, action in
                let notes = [action.preferred ? "preferred" : nil, action.style == "cancel" ? "cancel" : nil,
                             action.style == "destructive" ? "destructive" : nil, action.enabled ? nil : "disabled"].compactMap { $0 }
                return "  \(index + 1)) \(TerminalSafeText.line(action.title))\(notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")"
            }
            lines.append("Choose an action [1-\(actions.count)]: ")
            return lines.joined(separator: "\n")
        case .items:
            let range = "[1-\(items.count)]"
            if multiple {
                let most = limit > 0 ? ", at most \(limit)" : ""
                return "Choose items, separated by commas\(most) \(range), or cancel: "
            }
            return "Choose an item \(range), or cancel: "
        }
    }

    // MARK: answers

    /// Takes one line; returns what to print (the next question, or why the
    /// answer does not fit and the question again) and the result once complete.
    func consume(_ line: String) -> (output: String, result: ModalValue?) {
        guard position < questions.count else { return ("", nil) }
        let answer = line.trimmingCharacters(in: .whitespaces)
        switch questions[position] {
        case .textField(let index):
            if !line.isEmpty { texts[index] = line }
            return advance()
        case .formField(let index):
            let field = formFields[index]
            let name = field["name"]?.stringValue ?? ""
            switch field["kind"]?.stringValue ?? "line" {
            case "text":
                if line == "." {
                    if let body = collecting, !body.isEmpty { formValues[name] = .string(body.joined(separator: "\n")) }
                    collecting = nil
                    return advance()
                }
                collecting = (collecting ?? []) + [line]
                return ("", nil)
            case "addresses":
                if !answer.isEmpty {
                    formValues[name] = .array(answer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                        .filter { !$0.isEmpty }.map { .string($0) })
                }
                return advance()
            default:
                if !line.isEmpty { formValues[name] = .string(line) }
                return advance()
            }
        case .action:
            let list = actions
            let chosen: Int
            if answer.isEmpty {
                guard let preferred = list.firstIndex(where: { $0.preferred && $0.mayBeDefault }) else {
                    return ("Type the number of an action.\n" + question(), nil)
                }
                chosen = preferred
            } else {
                guard let number = Int(answer), (1...list.count).contains(number) else {
                    return ("Not an action: \(TerminalSafeText.line(answer)). Type a number from 1 to \(list.count).\n" + question(), nil)
                }
                guard list[number - 1].enabled else {
                    return ("\(TerminalSafeText.line(list[number - 1].title)) is disabled.\n" + question(), nil)
                }
                chosen = number - 1
            }
            return ("", result(action: chosen))
        case .items:
            if answer.lowercased() == "cancel" { return ("", ["cancelled": true]) }
            let words = answer.split(whereSeparator: { $0 == "," || $0 == " " })
            var selected: [Int] = []
            for word in words {
                guard let number = Int(word), (1...max(1, items.count)).contains(number), number <= items.count else {
                    return ("Not an item: \(TerminalSafeText.line(String(word))). Type numbers from 1 to \(items.count).\n" + question(), nil)
                }
                if !selected.contains(number - 1) { selected.append(number - 1) }
            }
            if !multiple && selected.count != 1 {
                return ("Type one number from 1 to \(items.count).\n" + question(), nil)
            }
            if multiple && limit > 0 && selected.count > limit {
                return ("At most \(limit) item\(limit == 1 ? "" : "s").\n" + question(), nil)
            }
            return ("", ["selected": .array(selected.map { .int(Int64($0)) })])
        }
    }

    private func advance() -> (output: String, result: ModalValue?) {
        position += 1
        return (question(), nil)
    }

    private func result(action index: Int) -> ModalValue {
        switch primitive {
        case .dialog: return ["action": .int(Int64(index)), "textFields": .array(texts.map { .string($0) })]
        case .form: return ["action": .int(Int64(index)), "fields": .object(formValues)]
        default: return ["action": .int(Int64(index))]
        }
    }

    /// The answer at the end of input: a choice is cancelled, a dialog, form or
    /// prompt chooses its enabled cancel action; nil when there is none (the
    /// surface then reports an error).
    func endOfInput() -> ModalValue? {
        if primitive == .choice { return ["cancelled": true] }
        if var body = collecting, case .formField(let index) = questions[position] {
            // Input ended inside a text field: keep what was typed.
            if let name = formFields[index]["name"]?.stringValue, !body.isEmpty { formValues[name] = .string(body.joined(separator: "\n")) }
            body = []
            collecting = nil
        }
        guard let cancel = actions.firstIndex(where: { $0.style == "cancel" && $0.enabled }) else { return nil }
        return result(action: cancel)
    }
}
