import RxCore

/// Why an ``Action`` execution delivered no elements.
///
/// `Action.errors` carries these as *elements*: an action's error stream never
/// fails nor completes because one execution failed. A value type; use it from any thread.
public enum ActionError: Swift.Error, CustomStringConvertible {
    /// `execute` was called while the action was disabled: its `enabledIf`
    /// condition was false (or had not emitted yet), or an execution was running.
    /// The work factory was not called.
    case notEnabled
    /// The work failed with this error.
    case underlyingError(Swift.Error)

    public var description: String {
        switch self {
        case .notEnabled: return "ActionError.notEnabled"
        case .underlyingError(let error): return "ActionError.underlyingError(\(error))"
        }
    }
}

/// Two action errors are equal when they are the same case and, for
/// `underlyingError`, their errors compare equal as RxCore compares errors
/// (same type and same value).
extension ActionError: Equatable {
    public static func == (lhs: ActionError, rhs: ActionError) -> Bool {
        switch (lhs, rhs) {
        case (.notEnabled, .notEnabled): return true
        case let (.underlyingError(l), .underlyingError(r)): return errorsAreEqual(l, r)
        default: return false
        }
    }
}
