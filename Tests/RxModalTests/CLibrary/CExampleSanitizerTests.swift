import XCTest

/// Every example of `CExampleCase.all` built with -fsanitize=address: no
/// AddressSanitizer report (the program exits 98 otherwise), no leak that
/// LeakSanitizer finds beyond examples-c/checking/lsan-swift-runtime.supp, and
/// the same output.
final class CExampleSanitizerTests: RxTestCase {
    func testEveryExampleIsCleanUnderAddressSanitizer() throws {
        let runner = try CProgramRunner()
        defer { runner.remove() }
        for example in CExampleCase.all {
            try runner.verify(example, checking: .addressSanitizer)
        }
    }
}
