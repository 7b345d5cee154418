import XCTest
import RxCore
import RxTesting
import RxFlows

/// The seed's two examples: a presented coordinator returning `.country`/`.cancel`,
/// and a presenting coordinator mapping that result.
final class SeedExampleTests: RxTestCase {
    func testChoosingACountryDismissesTheChildAndReachesTheParent() {
        let time = VirtualTime()
        let screens = FakeScreenStack(time: time)
        let root = ReactiveCoordinator<Void>()
        let selected = time.observer(String.self)
        var flow: Disposable?
        var selection: Disposable?
        weak var child: AnyObject?
        var childrenWhileChoosing = -1
        time.at(10) {
            flow = root.coordinate(to: HolidaysCoordinator(screens: screens)).subscribe()
            let holidays = screens.stack[0] as! HolidaysScreen
            selection = holidays.viewModel.selectedCountry.subscribe(selected)
        }
        time.at(20) { (screens.stack[0] as! HolidaysScreen).viewModel.chooseCountry.accept(()) }
        time.at(25) {
            let holidays = root.childCoordinators[0] as! HolidaysCoordinator
            childrenWhileChoosing = holidays.childCoordinators.count
            child = holidays.childCoordinators.first
        }
        time.at(30) { (screens.presented[0] as! ChooseCountryScreen).viewModel.selectedCountry.accept("Uzbekistan") }
        time.run()

        XCTAssertEqual(screens.log, [
            Recorded(time: 10, value: "push Holidays"),
            Recorded(time: 20, value: "present ChooseCountry"),
            Recorded(time: 30, value: "dismiss ChooseCountry"),
        ])
        XCTAssertEqual(selected.events, [.next(30, "Uzbekistan")])
        XCTAssertEqual(childrenWhileChoosing, 1)
        XCTAssertNil(child, "the child is released once it has its result")
        XCTAssertEqual((root.childCoordinators[0] as! HolidaysCoordinator).childCoordinators.count, 0)
        selection?.dispose()
        flow?.dispose()
        XCTAssertEqual(root.childCoordinators.count, 0)
    }

    func testCancellingDismissesTheChildAndSelectsNothing() {
        let time = VirtualTime()
        let screens = FakeScreenStack(time: time)
        let root = ReactiveCoordinator<Void>()
        let selected = time.observer(String.self)
        var flow: Disposable?
        var selection: Disposable?
        weak var child: AnyObject?
        time.at(10) {
            flow = root.coordinate(to: HolidaysCoordinator(screens: screens)).subscribe()
            selection = (screens.stack[0] as! HolidaysScreen).viewModel.selectedCountry.subscribe(selected)
        }
        time.at(20) { (screens.stack[0] as! HolidaysScreen).viewModel.chooseCountry.accept(()) }
        time.at(25) { child = (root.childCoordinators[0] as! HolidaysCoordinator).childCoordinators.first }
        time.at(30) { (screens.presented[0] as! ChooseCountryScreen).viewModel.didClose.accept(()) }
        time.at(40) { (screens.stack[0] as! HolidaysScreen).viewModel.chooseCountry.accept(()) }
        time.at(50) { (screens.presented[0] as! ChooseCountryScreen).viewModel.selectedCountry.accept("Chile") }
        time.run()

        XCTAssertEqual(screens.log, [
            Recorded(time: 10, value: "push Holidays"),
            Recorded(time: 20, value: "present ChooseCountry"),
            Recorded(time: 30, value: "dismiss ChooseCountry"),
            Recorded(time: 40, value: "present ChooseCountry"),
            Recorded(time: 50, value: "dismiss ChooseCountry"),
        ])
        XCTAssertEqual(selected.events, [.next(50, "Chile")])
        XCTAssertNil(child)
        selection?.dispose()
        flow?.dispose()
    }

    func testDisposingTheRootFlowReleasesTheWholeTree() {
        let time = VirtualTime()
        let screens = FakeScreenStack(time: time)
        let root = ReactiveCoordinator<Void>()
        var flow: Disposable?
        weak var holidays: AnyObject?
        weak var child: AnyObject?
        time.at(10) { flow = root.coordinate(to: HolidaysCoordinator(screens: screens)).subscribe() }
        time.at(20) { (screens.stack[0] as! HolidaysScreen).viewModel.chooseCountry.accept(()) }
        time.at(25) {
            holidays = root.childCoordinators.first
            child = (holidays as! HolidaysCoordinator).childCoordinators.first
        }
        time.at(30) { flow?.dispose() }
        time.run()

        XCTAssertNil(holidays, "disposing the flow releases the child it ran")
        XCTAssertNil(child, "the released child's dispose bag ended its own child flow")
        XCTAssertEqual(root.childCoordinators.count, 0)
        XCTAssertEqual(screens.log.map(\.value), ["push Holidays", "present ChooseCountry"])
    }
}
