/// Which remembered media-library answers `rxmodal reset-authorization` forgets.
///
/// A plain value; safe from any thread.
public enum AuthorizationResetTarget: Equatable, Sendable {
    /// The answer kept for one application identifier.
    case application(String)
    /// Every application's answer.
    case all
}
