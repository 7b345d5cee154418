import RxModalPluginABI

/// Where a Swift kind's presentation reports its result: the host's
/// `rxm_observer`, with the header's rules kept for the kind.
///
/// - values and errors cross as C values (`ModalValue.withCValue`, borrowed for
///   the call) and `rxm_error`s (see ``ModalKindDefinition`` for the codes);
/// - calls never overlap: one from another thread waits for the one in progress;
/// - everything after a terminal event, or after the presentation was disposed,
///   is dropped; and once the disposal has returned no call is running, so a kind
///   may emit from any thread without racing its own disposal.
///
/// Thread safety: every member may be called from any thread.
public final class ModalResultObserver: @unchecked Sendable {
    private let observer: rxm_observer
    private let gate = CallGate()

    init(_ observer: rxm_observer) { self.observer = observer }

    public func onNext(_ value: ModalValue) {
        gate.pass {
            value.withCValue { observer.on_next?(observer.context, $0) }
        }
    }

    public func onError(_ error: Error) {
        gate.pass(closeAfter: true) {
            var cError = rxm_error()
            RxmErrorFilling.fill(&cError, with: error)
            observer.on_error?(observer.context, &cError)
        }
    }

    public func onCompleted() {
        gate.pass(closeAfter: true) { observer.on_completed?(observer.context) }
    }

    /// Whether events are dropped from now on (terminated or disposed).
    public var isStopped: Bool { gate.isClosed }

    /// Called by the presentation's disposal.
    func close() { gate.close() }
}
