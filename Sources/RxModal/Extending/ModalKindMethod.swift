/// One configuration method of a Swift modal kind (an `rxm_method`): its name,
/// its signature in the header's codes (`b` bool, `i` int64, `d` double,
/// `s` string, `y` bytes, `S` array of strings, `v` value tree), its argument
/// names, a doc line, and its body.
///
/// The body receives the configuration and one ``ModalValue`` per signature
/// code, already checked by the host's invoker: `b` arrives as `.bool`, `i` as
/// `.int`, `d` as `.double`, `s` as `.string`, `y` as `.bytes`, `S` as an
/// `.array` of `.string`, `v` as any value. Throw a ``ModalError`` (typically
/// ``ModalError/invalidArgument(method:reason:)``) to refuse a value the
/// signature allows but the kind does not; the caller receives it as the
/// plugin's error (`ModalError.plugin(code:message:)` with `RXM_ERR_INVALID_ARGUMENT`).
///
/// Immutable; safe to share between threads. The signature is parsed when the
/// descriptor is made (``ModalKindDescriptor``), which throws if it is malformed.
public struct ModalKindMethod<Configuration: AnyObject>: Sendable {
    public let name: String
    public let signature: String
    public let argumentNames: [String]
    public let doc: String
    public let body: @Sendable (Configuration, [ModalValue]) throws -> Void

    public init(_ name: String, signature: String, argumentNames: [String], doc: String,
                body: @escaping @Sendable (Configuration, [ModalValue]) throws -> Void) {
        self.name = name
        self.signature = signature
        self.argumentNames = argumentNames
        self.doc = doc
        self.body = body
    }
}
