/// The things a surface can show (see "Surfaces" in
/// `Include/rxmodal_plugin.h`). The raw value is the spec's "primitive".
/// `progress` is optional: a surface may refuse it, and a plugin then works
/// without it.
public enum SurfacePrimitive: String, CaseIterable, Sendable {
    case dialog
    case choice
    case form
    case openURL
    case prompt
    case progress

    /// The spec keys the header defines for this primitive, besides "primitive".
    /// A patch may change any of them; other keys are ignored.
    public var specKeys: Set<String> {
        switch self {
        case .dialog: return ["style", "title", "message", "textFields", "actions"]
        case .choice: return ["title", "prompt", "items", "multiple", "limit"]
        case .form: return ["title", "fields", "actions"]
        case .openURL: return ["url", "browser", "ephemeral"]
        case .prompt: return ["title", "message", "actions"]
        case .progress: return ["title", "message"]
        }
    }
}
