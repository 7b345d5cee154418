/// Errors that the reactive core itself produces.
public enum RxError: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    /// Something failed and said nothing more (RxSwift's catch-all).
    case unknown
    /// A `Single` or `Maybe` source completed without an element where one was required.
    case noElements
    /// A `Single` or `Maybe` source emitted more than one element.
    case moreThanOneElement
    /// `timeout` elapsed before the source produced an event.
    case timeout
    /// An argument was out of range (for example a negative count).
    case argumentOutOfRange
    /// Work was attempted on something already disposed.
    case disposed(object: String)
    /// An override point was not overridden (for example `ReactiveCoordinator.start`).
    case unimplemented(String)

    public var description: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .noElements: return "Sequence completed without an element where one was required."
        case .moreThanOneElement: return "Sequence emitted more than one element where exactly one was required."
        case .timeout: return "Sequence timed out."
        case .argumentOutOfRange: return "Argument out of range."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .unimplemented(let what): return "`\(what)` must be overridden."
        }
    }
}
