/// What an action sheet is anchored to: the seed's popover source
/// (`.bounds(view)`). A Linux surface has no views, so a source is a name the
/// surface may show ("the Contact us button"); it reaches the surface as the
/// spec's "source". A value; safe to share between threads.
public struct DialogSource: Sendable, Equatable, ExpressibleByStringLiteral {
    public let name: String

    public init(name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    /// The seed's spelling: the source named `name`.
    public static func named(_ name: String) -> DialogSource { DialogSource(name: name) }
}
