/// What a script step does with a presentation, decided when its answer is due.
enum ScriptOutcome: Equatable {
    case result(ModalValue)
    case failure(ModalError)
    case stayOpen
}

/// Turns a script step and a (valid) spec into the result the header's schema
/// prescribes, or a `ModalError.scriptMismatch` naming the step and what
/// differed. Pure: no state, safe from any thread.
enum ScriptResolver {
    static func outcome(of step: ScriptStep?, number: Int, stepCount: Int, spec: ModalValue) -> ScriptOutcome {
        func mismatch(_ reason: String) -> ScriptOutcome { .failure(.scriptMismatch(step: number, reason: reason)) }
        let primitive = SurfacePrimitive(rawValue: spec["primitive"]?.stringValue ?? "") ?? .dialog
        guard let step else {
            return mismatch("the script has no step for this \(primitive.rawValue)\(titled(spec)) (it has \(stepCount) step\(stepCount == 1 ? "" : "s"))")
        }
        for key in step.expect.keys.sorted() {
            let expected = step.expect[key]!
            guard let actual = spec[key] else {
                return mismatch("expected \(key) \(expected.json), but the \(primitive.rawValue) has no \(key)")
            }
            if actual != expected {
                return mismatch("expected \(key) \(expected.json), got \(actual.json)")
            }
        }
        do {
            switch step.answer {
            case .stayOpen:
                return .stayOpen
            case .opened:
                guard primitive == .openURL else { throw reason("opened answers an openURL, not a \(primitive.rawValue)") }
                return .result(["opened": true])
            case .files(let paths):
                guard primitive == .files else { throw reason("files answers a file chooser (files), not a \(primitive.rawValue)") }
                if spec["multiple"]?.boolValue != true && paths.count != 1 {
                    throw reason("a file chooser for one file takes exactly one path, the script gives \(paths.count)")
                }
                return .result(["paths": .array(paths.map { .string($0) })])
            case .handedOff:
                guard primitive == .composeEmail else { throw reason("handedOff answers a composeEmail, not a \(primitive.rawValue)") }
                return .result(["handedOff": true])
            case .choose(.cancel, let typing, let fields) where primitive == .files || primitive == .composeEmail:
                if typing != nil || fields != nil { throw reason("a \(primitive.rawValue) has no text fields or form fields to fill") }
                return .result(["cancelled": true])
            case .select(let indices):
                guard primitive == .choice else { throw reason("select answers a choice, not a \(primitive.rawValue)") }
                return .result(try select(indices, in: spec))
            case .choose(.cancel, let typing, let fields) where primitive == .choice:
                if typing != nil || fields != nil { throw reason("a choice has no text fields or form fields to fill") }
                return .result(["cancelled": true])
            case .choose(let reference, let typing, let fields):
                return .result(try choose(reference, typing: typing, fields: fields, primitive: primitive, in: spec))
            }
        } catch let failure as Mismatch {
            return mismatch(failure.reason)
        } catch {
            return mismatch("\(error)")
        }
    }

    private struct Mismatch: Error { let reason: String }
    private static func reason(_ text: String) -> Mismatch { Mismatch(reason: text) }

    private static func titled(_ spec: ModalValue) -> String {
        spec["title"]?.stringValue.map { " \(ModalValue.string($0).json)" } ?? ""
    }

    private static func select(_ indices: [Int], in spec: ModalValue) throws -> ModalValue {
        let items = spec["items"]?.arrayValue ?? []
        let multiple = spec["multiple"]?.boolValue ?? false
        let limit = Int(spec["limit"]?.intValue ?? 0)
        for index in indices where index >= items.count {
            throw reason("no item \(index); the choice has \(items.count) item\(items.count == 1 ? "" : "s")")
        }
        if Set(indices).count != indices.count { throw reason("select names an item twice: \(indices)") }
        if !multiple && indices.count != 1 {
            throw reason("a single choice takes exactly one item, the script selects \(indices.count)")
        }
        if multiple && limit > 0 && indices.count > limit {
            throw reason("the choice allows at most \(limit) item\(limit == 1 ? "" : "s"), the script selects \(indices.count)")
        }
        return ["selected": .array(indices.map { .int(Int64($0)) })]
    }

    private static func choose(_ reference: ScriptActionReference, typing: [String]?, fields: [String: ModalValue]?,
                               primitive: SurfacePrimitive, in spec: ModalValue) throws -> ModalValue {
        guard primitive == .dialog || primitive == .form || primitive == .prompt else {
            let hints: [SurfacePrimitive: String] = [.choice: "answer a choice with select or cancel", .openURL: "answer an openURL with opened",
                                                     .files: "answer a file chooser with files or cancel",
                                                     .composeEmail: "answer a composeEmail with handedOff or cancel"]
            let hint = hints[primitive].map { "; \($0)" } ?? ""
            throw reason("\(reference == .cancel ? "cancel" : "choose") answers a dialog, form or prompt, not a \(primitive.rawValue)\(hint)")
        }
        let actions = spec["actions"]?.arrayValue ?? []
        let index: Int
        switch reference {
        case .index(let wanted):
            guard wanted < actions.count else {
                throw reason("no action \(wanted); the \(primitive.rawValue) has \(actions.count) action\(actions.count == 1 ? "" : "s"): \(titles(actions))")
            }
            index = wanted
        case .title(let title):
            guard let found = actions.firstIndex(where: { $0["title"]?.stringValue == title }) else {
                throw reason("no action titled \(ModalValue.string(title).json); actions: \(titles(actions))")
            }
            index = found
        case .cancel:
            guard let found = actions.firstIndex(where: { $0["style"]?.stringValue == "cancel" }) else {
                throw reason("cancel, but the \(primitive.rawValue) has no cancel action; actions: \(titles(actions))")
            }
            index = found
        }
        if actions[index]["enabled"]?.boolValue == false {
            throw reason("action \(index) \(actions[index]["title"]?.json ?? "") is disabled")
        }

        switch primitive {
        case .dialog:
            if fields != nil { throw reason("fields fill a form; a dialog takes type") }
            let specFields = spec["textFields"]?.arrayValue ?? []
            let typed = typing ?? []
            if typed.count > specFields.count {
                throw reason("typed into \(typed.count) text field\(typed.count == 1 ? "" : "s"), the dialog has \(specFields.count)")
            }
            let texts: [ModalValue] = specFields.enumerated().map { offset, field in
                .string(offset < typed.count ? typed[offset] : field["text"]?.stringValue ?? "")
            }
            return ["action": .int(Int64(index)), "textFields": .array(texts)]
        case .form:
            if typing != nil { throw reason("type fills a dialog's text fields; a form takes fields") }
            return ["action": .int(Int64(index)), "fields": .object(try formValues(spec, filledWith: fields ?? [:]))]
        default:
            if typing != nil || fields != nil { throw reason("a prompt has no fields to fill") }
            return ["action": .int(Int64(index))]
        }
    }

    /// Every field of the form with its value: the script's, else the spec's.
    private static func formValues(_ spec: ModalValue, filledWith given: [String: ModalValue]) throws -> [String: ModalValue] {
        let fields = spec["fields"]?.arrayValue ?? []
        let names = fields.compactMap { $0["name"]?.stringValue }
        for name in given.keys.sorted() where !names.contains(name) {
            throw reason("no field named \(ModalValue.string(name).json); fields: \(names.map { ModalValue.string($0).json }.joined(separator: ", "))")
        }
        var values: [String: ModalValue] = [:]
        for field in fields {
            guard let name = field["name"]?.stringValue else { continue }
            let kind = field["kind"]?.stringValue ?? "line"
            let isList = kind == "addresses" || kind == "attachments"
            if let value = given[name] {
                if kind == "readOnly" { throw reason("field \(ModalValue.string(name).json) is read-only") }
                if !isList && value.arrayValue != nil {
                    throw reason("field \(ModalValue.string(name).json) (\(kind)) takes a string, the script gives a list")
                }
                values[name] = isList && value.stringValue != nil ? .array([value]) : value
            } else if let value = field["value"], value != .null {
                values[name] = isList && value.stringValue != nil ? .array([value]) : value
            } else {
                values[name] = isList ? .array([]) : .string("")
            }
        }
        return values
    }

    private static func titles(_ actions: [ModalValue]) -> String {
        actions.enumerated().map { "\($0.offset) \($0.element["title"]?.json ?? "?")" }.joined(separator: ", ")
    }
}
