import XCTest
import Dispatch
import RxCore

/// The base of every test class in the project: checks that RxCore's
/// live-resource count returns to its starting value, so that each test proves it
/// leaked no subscription, sink, disposable, subject or presentation.
///
/// Keep core objects in locals, not in properties: XCTest keeps test case objects
/// alive until the whole run ends. Each test target subclasses this once, as
/// `RxTestCase`, so that its test files need no extra import.
open class LiveResourceCheckingTestCase: XCTestCase {
    private var resourcesAtStart = 0

    override open func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override open func tearDown() {
        // Work on other threads (dispatch schedulers, surfaces) may still be
        // releasing; give it a moment, bounded, before judging.
        let deadline = DispatchTime.now() + .seconds(2)
        while Resources.total != resourcesAtStart && DispatchTime.now() < deadline {
            usleep(1_000)
        }
        XCTAssertEqual(Resources.total, resourcesAtStart, "live resources leaked by \(name)")
        super.tearDown()
    }
}
