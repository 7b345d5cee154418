import RxCore

/// A control that can be tapped and shown enabled or disabled — a button, a menu
/// item, a dialog's action — without UIKit. Conform a control to it to bind it to
/// an ``Action`` with ``bind(to:retainingAction:scheduler:)``.
///
/// **Threads.** `taps` may emit on any thread; `setEnabled` is called on the
/// thread given to the binding (or the thread the action's state changed on).
public protocol TappableControl: AnyObject {
    /// One element per tap. It should not retain the control (an observable of a
    /// relay the control owns does not), so that a binding never keeps the control alive.
    var taps: Observable<Void> { get }

    /// Shows whether the control can be tapped now.
    func setEnabled(_ isEnabled: Bool)
}

extension Action {
    /// Binds any source of taps and any sink of "enabled" to this action: each tap
    /// executes the action with `input(tap)`, and `enabled` receives the action's
    /// ``enabled`` value now and at each change.
    ///
    /// The binding holds the action weakly unless `retainingAction` is true: once
    /// the action is released, taps do nothing. Disposing the result unbinds: later
    /// taps execute nothing and `enabled` is no longer called. A running execution
    /// is not cancelled by unbinding; it belongs to the action.
    ///
    /// - Parameter scheduler: where `enabled` is called (for example
    ///   `MainScheduler.instance` for a UI); nil calls it where the change happened.
    public func bind<Taps: ObservableConvertibleType>(
        taps: Taps,
        input: @escaping (Taps.Element) -> Input,
        enabled: @escaping (Bool) -> Void,
        retainingAction: Bool = false,
        scheduler: ImmediateSchedulerType? = nil
    ) -> Disposable {
        let tapSubscription: Disposable
        if retainingAction {
            tapSubscription = taps.asObservable().subscribe(onNext: { tap in _ = self.execute(input(tap)) })
        } else {
            tapSubscription = taps.asObservable().subscribe(onNext: { [weak self] tap in _ = self?.execute(input(tap)) })
        }
        let states = scheduler.map { self.enabled.observe(on: $0) } ?? self.enabled
        let enabledSubscription = states.subscribe(onNext: enabled)
        return Disposables.create(tapSubscription, enabledSubscription)
    }
}

extension TappableControl {
    /// Binds the control to an action without input: taps execute it, and the
    /// control is enabled exactly when the action is. The binding holds the control
    /// weakly, and the action weakly unless `retainingAction` is true; see
    /// ``Action/bind(taps:input:enabled:retainingAction:scheduler:)``.
    public func bind<Element>(
        to action: Action<Void, Element>,
        retainingAction: Bool = false,
        scheduler: ImmediateSchedulerType? = nil
    ) -> Disposable {
        bind(to: action, input: { () }, retainingAction: retainingAction, scheduler: scheduler)
    }

    /// Binds the control to an action, executing it with `input()` on each tap.
    public func bind<Input, Element>(
        to action: Action<Input, Element>,
        input: @escaping () -> Input,
        retainingAction: Bool = false,
        scheduler: ImmediateSchedulerType? = nil
    ) -> Disposable {
        action.bind(
            taps: taps,
            input: { _ in input() },
            enabled: { [weak self] isEnabled in self?.setEnabled(isEnabled) },
            retainingAction: retainingAction,
            scheduler: scheduler
        )
    }
}
