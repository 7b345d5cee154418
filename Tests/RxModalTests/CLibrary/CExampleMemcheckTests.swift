import XCTest

/// Every example of `CExampleCase.all` under valgrind's memcheck: no invalid
/// access, no definite leak (valgrind exits 99 otherwise), and the same output.
/// The one suppression (examples-c/checking/valgrind-swift-runtime.supp) covers
/// Swift weak-reference side tables, which memcheck cannot see are referenced.
final class CExampleMemcheckTests: RxTestCase {
    func testEveryExampleIsCleanUnderValgrind() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        for example in CExampleCase.all {
            try runner.verify(example, checking: .valgrind)
        }
    }
}
