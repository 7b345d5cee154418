import RxModal

/// What an `rxm_presenter *` points to: where subscriptions present, and the
/// scripted surface when there is one (for its transcript). Immutable; any thread.
final class PresenterHandle: Sendable {
    let presenter: Presenter
    let scripted: ScriptedSurface?

    init(presenter: Presenter, scripted: ScriptedSurface? = nil) {
        self.presenter = presenter
        self.scripted = scripted
    }

    convenience init(scripted surface: ScriptedSurface) {
        self.init(presenter: .surface(surface), scripted: surface)
    }
}
