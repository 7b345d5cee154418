/// The seed's three error situations, so that code written against the seed
/// (`catch RxModalError.unsupported`) reads and works as it did.
///
/// The runtime itself fails with the richer ``ModalError``; `RxModalError`
/// names a situation and matches every error of it, through `~=`:
///
/// | pattern | matches |
/// | --- | --- |
/// | `RxModalError.unsupported` | ``ModalError/unsupported(kind:reason:)`` |
/// | `RxModalError.missingPresenter` | ``ModalError/missingSurface`` |
/// | `RxModalError.authorizationDenied` | ``ModalError/authorizationDenied(kind:)``, and any `authorizationDenied(_:)` |
/// | `RxModalError.authorizationDenied(T.self)` | the same, when the status type is `T` (``ModalAuthorizationStatus`` for the runtime's kinds) |
///
/// and each also matches an `RxModalError` of its situation, which is what the
/// seed's `require(_:in:)` operators and code ported from the seed throw.
/// ``init(_:)`` turns any error into its situation, when it has one.
///
/// It is a structure, not an enumeration, because an enumeration's case
/// pattern only matches values of that enumeration, never a `ModalError`.
///
/// A value; safe to share between threads.
public struct RxModalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which of the seed's situations.
    public enum Situation: String, Sendable {
        case missingPresenter, unsupported, authorizationDenied
    }

    public let situation: Situation
    /// For `authorizationDenied`, the type of the status that was refused, when known.
    public let deniedStatusType: Any.Type?

    init(_ situation: Situation, deniedStatusType: Any.Type? = nil) {
        self.situation = situation
        self.deniedStatusType = deniedStatusType
    }

    /// A precondition of the modal is not met here (the seed's `canSendMail()` false, …).
    public static let unsupported = RxModalError(.unsupported)
    /// There is nothing to present on (on Linux: no surface).
    public static let missingPresenter = RxModalError(.missingPresenter)
    /// An authorization was denied; as a pattern, matches any status type.
    public static let authorizationDenied = RxModalError(.authorizationDenied)

    /// An authorization whose status is of type `statusType` was denied.
    public static func authorizationDenied(_ statusType: Any.Type) -> RxModalError {
        RxModalError(.authorizationDenied, deniedStatusType: statusType)
    }

    /// The situation of `error`: itself when it is an `RxModalError`, the
    /// matching situation of a ``ModalError``; nil for any other error.
    public init?(_ error: any Error) {
        if let error = error as? RxModalError {
            self = error
            return
        }
        switch error as? ModalError {
        case .unsupported?: self = .unsupported
        case .missingSurface?: self = .missingPresenter
        case .authorizationDenied?: self = .authorizationDenied(ModalAuthorizationStatus.self)
        default: return nil
        }
    }

    /// Whether `error` is of `pattern`'s situation (and, for a pattern that
    /// names a status type, of that type): what `catch RxModalError.x` uses.
    public static func ~= (pattern: RxModalError, error: any Error) -> Bool {
        guard let situation = RxModalError(error), situation.situation == pattern.situation else { return false }
        guard let wanted = pattern.deniedStatusType else { return true }
        return situation.deniedStatusType.map { ObjectIdentifier($0) == ObjectIdentifier(wanted) } ?? false
    }

    public static func == (lhs: RxModalError, rhs: RxModalError) -> Bool {
        lhs.situation == rhs.situation
            && lhs.deniedStatusType.map(ObjectIdentifier.init) == rhs.deniedStatusType.map(ObjectIdentifier.init)
    }

    public var description: String {
        switch situation {
        case .unsupported: return "unsupported"
        case .missingPresenter: return "missing presenter"
        case .authorizationDenied:
            return deniedStatusType.map { "authorization denied (\($0))" } ?? "authorization denied"
        }
    }
}
