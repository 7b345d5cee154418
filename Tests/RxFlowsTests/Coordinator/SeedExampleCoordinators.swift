import RxCore
import RxFlows

// The two coordinators of the ReactiveCoordinator seed, on the fake screen stack.

enum ChooseCountryCoordinationResult: Equatable {
    case country(String)
    case cancel
}

final class ChooseCountryViewModel {
    let selectedCountry = PublishRelay<String>()
    let didClose = PublishRelay<Void>()
}

final class ChooseCountryScreen: FakeScreen {
    let viewModel = ChooseCountryViewModel()
    init() { super.init(name: "ChooseCountry") }
}

/// The presented coordinator: its result is the chosen country, or `.cancel`.
final class ChooseCountryCoordinator: ReactiveCoordinator<ChooseCountryCoordinationResult> {
    private let screens: FakeScreenStack

    init(screens: FakeScreenStack) {
        self.screens = screens
    }

    override func start() -> Observable<CoordinationResult> {
        let screen = ChooseCountryScreen()
        let country = screen.viewModel.selectedCountry.map { CoordinationResult.country($0) }
        let cancel = screen.viewModel.didClose.map { _ in CoordinationResult.cancel }
        screens.present(screen)
        return Observable.merge(country, cancel)
            .take(1)
            .do(onNext: { [screens] _ in screens.dismiss(screen) })
    }
}

final class HolidaysViewModel {
    let chooseCountry = PublishRelay<Void>()
    let selectedCountry = PublishRelay<String>()
}

final class HolidaysScreen: FakeScreen {
    let viewModel = HolidaysViewModel()
    init() { super.init(name: "Holidays") }
}

/// The presenting coordinator: maps the child's result to an optional country.
final class HolidaysCoordinator: ReactiveCoordinator<Void> {
    private let screens: FakeScreenStack

    init(screens: FakeScreenStack) {
        self.screens = screens
    }

    override func start() -> Observable<Void> {
        let screen = HolidaysScreen()
        screens.push(screen)
        screen.viewModel.chooseCountry
            .flatMap { [weak self] _ -> Observable<String?> in
                guard let self else { return .empty() }
                return self.coordinateToChooseCountry()
            }
            .compactMap { $0 }
            .bind(to: screen.viewModel.selectedCountry)
            .disposed(by: disposeBag)
        return Observable.never()
    }

    private func coordinateToChooseCountry() -> Observable<String?> {
        let chooseCountryCoordinator = ChooseCountryCoordinator(screens: screens)
        return coordinate(to: chooseCountryCoordinator)
            .map { result in
                switch result {
                case .country(let country): return country
                case .cancel: return nil
                }
            }
    }
}
