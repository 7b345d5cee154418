/// What a `ScriptedSurface` recorded about one presentation. Events carry
/// sequence numbers from one counter per surface (1, 2, 3, …: shown, updated,
/// answered, dismissed), so the order of everything that happened on a surface
/// can be read off deterministically, without clocks.
///
/// A class, so that the surface changes a record where it is, through the live
/// presentation that holds it too: changing a struct in the surface's
/// dictionary looked the record up (hashing its key) and allocated an accessor
/// frame for every field set. Guarded by the surface's lock.
final class TranscriptRecord {
    let index: Int
    let step: Int
    let depth: Int
    let parent: Int?
    let primitive: SurfacePrimitive
    let spec: ModalValue
    let shownAt: Int
    var updates: [ModalValue] = []
    var result: ModalValue?
    var error: ModalError?
    var answeredAt: Int?
    var dismissedAt: Int?
    var dismissals = 0

    init(index: Int, step: Int, depth: Int, parent: Int?, primitive: SurfacePrimitive, spec: ModalValue, shownAt: Int) {
        self.index = index
        self.step = step
        self.depth = depth
        self.parent = parent
        self.primitive = primitive
        self.spec = spec
        self.shownAt = shownAt
    }

    /// What a transcript shows instead of a password field's text: transcripts are
    /// written to files and printed, and must not carry secrets.
    static let hiddenText: ModalValue = "(hidden)"

    /// The indices of a dialog's password fields.
    private var passwordFields: Set<Int> {
        guard primitive == .dialog, let fields = spec["textFields"]?.arrayValue else { return [] }
        return Set(fields.indices.filter { fields[$0]["kind"] == "password" })
    }

    /// `value` with every non-empty text of a password field replaced.
    private func hidingPasswords(in value: ModalValue?, at path: [String], using hidden: Set<Int>) -> ModalValue? {
        guard !hidden.isEmpty, case .object(var members)? = value,
              case .array(var texts)? = members[path[0]] else { return value }
        for index in hidden where texts.indices.contains(index) {
            if path.count == 1 {
                if texts[index] != "" { texts[index] = Self.hiddenText }
            } else if case .object(var field) = texts[index], let text = field[path[1]], text != "" {
                field[path[1]] = Self.hiddenText
                texts[index] = .object(field)
            }
        }
        members[path[0]] = .array(texts)
        return .object(members)
    }

    /// The transcript form (see `ScriptedSurface.transcript`). The text of password
    /// fields, typed or given as initial text, is shown as "(hidden)".
    var value: ModalValue {
        let hidden = passwordFields
        let spec = hidingPasswords(in: self.spec, at: ["textFields", "text"], using: hidden) ?? self.spec
        let result = hidingPasswords(in: self.result, at: ["textFields"], using: hidden)
        var members: [String: ModalValue] = [
            "index": .int(Int64(index)),
            "step": .int(Int64(step)),
            "depth": .int(Int64(depth)),
            "primitive": .string(primitive.rawValue),
            "spec": spec,
            "shownAt": .int(Int64(shownAt)),
            "updates": .array(updates),
            "dismissed": .bool(dismissedAt != nil),
            "dismissals": .int(Int64(dismissals)),
        ]
        if let parent { members["parent"] = .int(Int64(parent)) }
        if let result { members["result"] = result }
        if let error { members["error"] = .string(error.description) }
        if let answeredAt { members["answeredAt"] = .int(Int64(answeredAt)) }
        if let dismissedAt { members["dismissedAt"] = .int(Int64(dismissedAt)) }
        return .object(members)
    }
}
