// Written for scripts/rxswift-conformance, not taken from RxSwift: what Apple's
// XCTest offers and swift-corelibs-xctest lacks, so that RxSwift's tests compile
// on Linux. Nothing here touches RxCore.
import XCTest

extension XCTestCase {
    // Apple's XCTest waits without a limit when no timeout is given; the runner's
    // timeout per test process bounds the wait here.
    func wait(for expectations: [XCTestExpectation], enforceOrder: Bool = false, file: StaticString = #file, line: Int = #line) {
        wait(for: expectations, timeout: 24 * 3600, enforceOrder: enforceOrder, file: file, line: line)
    }
}
