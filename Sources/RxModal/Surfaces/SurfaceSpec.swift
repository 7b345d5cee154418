/// Checks surface specs and patches against the schema of
/// `Include/rxmodal_plugin.h` ("Surfaces"), for every surface to share.
///
/// A problem is reported as `ModalError.invalidArgument(method:reason:)`, where
/// `method` is the operation ("show" or "update") and `reason` starts with the
/// path of the first problem: `spec.actions[1].style: expected one of …`.
///
/// Beyond the header's types, it enforces what the primitives need to be
/// usable: a dialog, form or prompt has at least one action, at most one action
/// with style "cancel" (the one Esc chooses) and at most one preferred action;
/// form field names are unique; a choice's limit is not negative; a URL is not
/// empty. Keys the header does not define are ignored (so that a newer plugin
/// can add keys), and an optional key whose value is null counts as absent.
///
/// Stateless; safe to call from any thread.
public enum SurfaceSpec {
    /// Validates `spec` and returns its primitive.
    @discardableResult
    public static func validate(_ spec: ModalValue) throws -> SurfacePrimitive {
        try Checker(operation: "show", root: "spec").validate(spec)
    }

    /// The spec after `patch` (see `update` in the header): each key the
    /// primitive defines replaces the spec's (null removes an optional key),
    /// other keys are ignored, and "primitive", if given, must not change. The
    /// result is validated; problems are reported with paths under "patch".
    public static func applying(_ patch: ModalValue, to spec: ModalValue) throws -> ModalValue {
        let checker = Checker(operation: "update", root: "patch")
        let primitive = try Checker(operation: "update", root: "spec").validate(spec)
        guard case .object(let changes) = patch else {
            throw checker.problem("patch", "expected an object, got \(patch.typeName)")
        }
        if let newPrimitive = changes["primitive"], newPrimitive != .string(primitive.rawValue) {
            throw checker.problem("patch.primitive", "a shown \(primitive.rawValue) cannot become \(newPrimitive.json)")
        }
        guard var members = spec.objectValue else { return spec }
        for (key, value) in changes where primitive.specKeys.contains(key) {
            // Not a ternary: ModalValue is ExpressibleByNilLiteral, so `nil` there
            // would be `.null` rather than a removal.
            if value == .null { members.removeValue(forKey: key) } else { members[key] = value }
        }
        let merged = ModalValue.object(members)
        _ = try checker.validate(merged)
        return merged
    }
}

private struct Checker {
    let operation: String
    let root: String

    // The values an enumerated member may take, made once: an array literal at the
    // call would be allocated on every check of every spec.
    private static let dialogStyles = ["alert", "actionSheet"]
    private static let textFieldKinds = ["plain", "email", "password", "phone"]
    private static let formFieldKinds = ["line", "text", "addresses", "readOnly", "attachments"]
    private static let actionStyles = ["default", "cancel", "destructive"]

    func problem(_ path: String, _ reason: String) -> ModalError {
        .invalidArgument(method: operation, reason: "\(path): \(reason)")
    }

    func validate(_ spec: ModalValue) throws -> SurfacePrimitive {
        let members = try object(spec, at: root)
        guard let primitiveValue = present(members, "primitive") else {
            throw problem("\(root).primitive", "missing (one of \(quoted(SurfacePrimitive.allCases.map(\.rawValue))))")
        }
        guard case .string(let name) = primitiveValue else {
            throw problem("\(root).primitive", "expected a string, got \(primitiveValue.typeName)")
        }
        guard let primitive = SurfacePrimitive(rawValue: name) else {
            throw problem("\(root).primitive", "unknown primitive \(ModalValue.string(name).json); expected one of \(quoted(SurfacePrimitive.allCases.map(\.rawValue)))")
        }
        switch primitive {
        case .dialog:
            try oneOf(members, "style", Self.dialogStyles, required: true, at: root)
            try string(members, "title", required: false, at: root)
            try string(members, "message", required: false, at: root)
            if let fields = try array(members, "textFields", required: false, at: root) {
                for (index, field) in fields.enumerated() {
                    let path = { "\(root).textFields[\(index)]" }
                    let fieldMembers = try object(field, at: path())
                    try oneOf(fieldMembers, "kind", Self.textFieldKinds, required: true, at: path())
                    try string(fieldMembers, "placeholder", required: false, at: path())
                    try string(fieldMembers, "text", required: false, at: path())
                }
            }
            try actions(members, of: primitive)
        case .choice:
            try string(members, "title", required: false, at: root)
            try string(members, "prompt", required: false, at: root)
            let items = try array(members, "items", required: true, at: root) ?? []
            for (index, item) in items.enumerated() {
                let path = { "\(root).items[\(index)]" }
                let itemMembers = try object(item, at: path())
                try string(itemMembers, "title", required: true, at: path())
                try string(itemMembers, "subtitle", required: false, at: path())
                try string(itemMembers, "detail", required: false, at: path())
                try string(itemMembers, "thumbnail", required: false, at: path())
            }
            try bool(members, "multiple", at: root)
            if let limit = present(members, "limit") {
                guard case .int(let count) = limit else {
                    throw problem("\(root).limit", "expected an int, got \(limit.typeName)")
                }
                if count < 0 { throw problem("\(root).limit", "must not be negative (0 means no limit), got \(count)") }
            }
        case .form:
            try string(members, "title", required: false, at: root)
            let fields = try array(members, "fields", required: true, at: root) ?? []
            var seen: [String: Int] = [:]
            for (index, field) in fields.enumerated() {
                let path = { "\(root).fields[\(index)]" }
                let fieldMembers = try object(field, at: path())
                let name = try string(fieldMembers, "name", required: true, at: path()) ?? ""
                if let first = seen[name] {
                    throw problem("\(path()).name", "duplicate field name \(ModalValue.string(name).json) (also fields[\(first)])")
                }
                seen[name] = index
                try string(fieldMembers, "label", required: true, at: path())
                try oneOf(fieldMembers, "kind", Self.formFieldKinds, required: true, at: path())
                try string(fieldMembers, "error", required: false, at: path())
                if let value = present(fieldMembers, "value") {
                    let isStrings = value.arrayValue.map { $0.allSatisfy { $0.stringValue != nil } } ?? false
                    guard value.stringValue != nil || isStrings else {
                        throw problem("\(path()).value", "expected a string or an array of strings, got \(value.typeName)")
                    }
                }
            }
            try actions(members, of: primitive)
        case .openURL:
            let url = try string(members, "url", required: true, at: root) ?? ""
            if url.isEmpty { throw problem("\(root).url", "must not be empty") }
            try string(members, "browser", required: false, at: root)
            try bool(members, "ephemeral", at: root)
        case .prompt:
            try string(members, "title", required: true, at: root)
            try string(members, "message", required: false, at: root)
            try actions(members, of: primitive)
        case .progress:
            try string(members, "title", required: false, at: root)
            try string(members, "message", required: false, at: root)
        case .files:
            try string(members, "title", required: false, at: root)
            try bool(members, "multiple", at: root)
            try strings(members, "mimeTypes", at: root)
            try string(members, "filterName", required: false, at: root)
            try string(members, "acceptLabel", required: false, at: root)
        case .composeEmail:
            for key in ["to", "cc", "bcc"] { try strings(members, key, at: root) }
            try string(members, "subject", required: false, at: root)
            try string(members, "body", required: false, at: root)
            for (index, path) in try strings(members, "attachments", at: root).enumerated() where !path.hasPrefix("/") {
                throw problem("\(root).attachments[\(index)]", "expected an absolute path, got \(ModalValue.string(path).json)")
            }
        }
        return primitive
    }

    private func actions(_ members: [String: ModalValue], of primitive: SurfacePrimitive) throws {
        let actions = try array(members, "actions", required: true, at: root) ?? []
        if actions.isEmpty {
            throw problem("\(root).actions", "a \(primitive.rawValue) needs at least one action")
        }
        var cancelIndex: Int?
        var preferredIndex: Int?
        for (index, action) in actions.enumerated() {
            let path = { "\(root).actions[\(index)]" }
            let actionMembers = try object(action, at: path())
            try string(actionMembers, "title", required: true, at: path())
            let style = try oneOf(actionMembers, "style", Self.actionStyles, required: true, at: path())
            try bool(actionMembers, "enabled", at: path())
            let preferred = try bool(actionMembers, "preferred", at: path()) ?? false
            if style == "cancel" {
                if let first = cancelIndex { throw problem("\(path()).style", "only one action may have style \"cancel\" (also actions[\(first)])") }
                cancelIndex = index
            }
            if preferred {
                if let first = preferredIndex { throw problem("\(path()).preferred", "only one action may be preferred (also actions[\(first)])") }
                preferredIndex = index
            }
        }
    }

    // MARK: typed members
    //
    // Paths come as autoclosures, built only for an error message: interpolating
    // one for every item and key cost more than the checks themselves.

    /// An optional array of strings (absent: empty).
    @discardableResult
    private func strings(_ members: [String: ModalValue], _ key: String, at path: @autoclosure () -> String) throws -> [String] {
        guard let list = try array(members, key, required: false, at: path()) else { return [] }
        return try list.enumerated().map { index, item in
            guard case .string(let text) = item else {
                throw problem("\(path()).\(key)[\(index)]", "expected a string, got \(item.typeName)")
            }
            return text
        }
    }

    private func present(_ members: [String: ModalValue], _ key: String) -> ModalValue? {
        // A pattern, not `!= .null`: comparing builds a `.null` and runs the enum's `==`.
        guard let value = members[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    private func object(_ value: ModalValue, at path: @autoclosure () -> String) throws -> [String: ModalValue] {
        guard case .object(let members) = value else { throw problem(path(), "expected an object, got \(value.typeName)") }
        return members
    }

    @discardableResult
    private func string(_ members: [String: ModalValue], _ key: String, required: Bool, at path: @autoclosure () -> String) throws -> String? {
        guard let value = present(members, key) else {
            if required { throw problem("\(path()).\(key)", "missing (a string is required)") }
            return nil
        }
        guard case .string(let text) = value else { throw problem("\(path()).\(key)", "expected a string, got \(value.typeName)") }
        return text
    }

    @discardableResult
    private func bool(_ members: [String: ModalValue], _ key: String, at path: @autoclosure () -> String) throws -> Bool? {
        guard let value = present(members, key) else { return nil }
        guard case .bool(let flag) = value else { throw problem("\(path()).\(key)", "expected a bool, got \(value.typeName)") }
        return flag
    }

    private func array(_ members: [String: ModalValue], _ key: String, required: Bool, at path: @autoclosure () -> String) throws -> [ModalValue]? {
        guard let value = present(members, key) else {
            if required { throw problem("\(path()).\(key)", "missing (an array is required)") }
            return nil
        }
        guard case .array(let items) = value else { throw problem("\(path()).\(key)", "expected an array, got \(value.typeName)") }
        return items
    }

    @discardableResult
    private func oneOf(_ members: [String: ModalValue], _ key: String, _ allowed: [String], required: Bool, at path: @autoclosure () -> String) throws -> String? {
        guard let text = try string(members, key, required: false, at: path()) else {
            if required { throw problem("\(path()).\(key)", "missing (one of \(quoted(allowed)))") }
            return nil
        }
        guard allowed.contains(text) else {
            throw problem("\(path()).\(key)", "expected one of \(quoted(allowed)), got \(ModalValue.string(text).json)")
        }
        return text
    }

    private func quoted(_ names: [String]) -> String {
        names.map { ModalValue.string($0).json }.joined(separator: ", ")
    }
}
