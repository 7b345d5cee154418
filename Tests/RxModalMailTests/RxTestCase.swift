import XCTest
import Dispatch
import RxCore

/// Base class for every test: checks that the live-resource count returns to its
/// starting value, so that each test proves it leaked no subscription, sink,
/// disposable or subject.
///
/// Keep core objects in locals, not in properties: XCTest keeps test case objects
/// alive until the whole run ends.
class RxTestCase: XCTestCase {
    private var resourcesAtStart = 0

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        // Work on other threads (dispatch schedulers) may still be releasing; give it
        // a moment, bounded, before judging.
        let deadline = DispatchTime.now() + .seconds(2)
        while Resources.total != resourcesAtStart && DispatchTime.now() < deadline {
            usleep(1_000)
        }
        XCTAssertEqual(Resources.total, resourcesAtStart, "live resources leaked by \(name)")
        super.tearDown()
    }
}
