/// What a `ScriptedSurface` recorded about one presentation. Events carry
/// sequence numbers from one counter per surface (1, 2, 3, …: shown, updated,
/// answered, dismissed), so the order of everything that happened on a surface
/// can be read off deterministically, without clocks.
struct TranscriptRecord {
    var index: Int
    var step: Int
    var depth: Int
    var parent: Int?
    var primitive: SurfacePrimitive
    var spec: ModalValue
    var shownAt: Int
    var updates: [ModalValue] = []
    var result: ModalValue?
    var error: ModalError?
    var answeredAt: Int?
    var dismissedAt: Int?
    var dismissals = 0

    /// The transcript form (see `ScriptedSurface.transcript`).
    var value: ModalValue {
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
