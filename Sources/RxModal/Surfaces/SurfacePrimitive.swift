/// The things a surface can show (see "Surfaces" in
/// `Include/rxmodal_plugin.h`). The raw value is the spec's "primitive".
/// `progress`, `files` and `composeEmail` are optional: a surface may refuse
/// them from show (`RXM_ERR_UNSUPPORTED`), and a plugin then works without
/// them or takes another way.
public enum SurfacePrimitive: String, CaseIterable, Sendable {
    case dialog
    case choice
    case form
    case openURL
    case prompt
    case progress
    /// The desktop's file chooser (the FileChooser portal on the desktop surface).
    case files
    /// A message handed to the user's mail client (the Email portal).
    case composeEmail

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
        case .files: return ["title", "multiple", "mimeTypes", "filterName", "acceptLabel"]
        case .composeEmail: return ["to", "cc", "bcc", "subject", "body", "attachments"]
        }
    }
}
