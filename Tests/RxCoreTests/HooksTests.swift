import XCTest
import RxCore
import RxTesting

/// Hooks: where an error that no onError handles goes, and the call stack a
/// subscription can record for it.
final class HooksTests: RxTestCase {
    private var savedHandler: Hooks.DefaultErrorHandler!
    private var savedCapture: Hooks.CustomCaptureSubscriptionCallstack!

    override func setUp() {
        super.setUp()
        savedHandler = Hooks.defaultErrorHandler
        savedCapture = Hooks.customCaptureSubscriptionCallstack
    }

    override func tearDown() {
        Hooks.defaultErrorHandler = savedHandler
        Hooks.customCaptureSubscriptionCallstack = savedCapture
        Hooks.recordCallStackOnError = false
        super.tearDown()
    }

    func testAnUnhandledErrorGoesToTheDefaultHandlerAndAHandledOneDoesNot() {
        var reported: [TestError] = []
        Hooks.defaultErrorHandler = { _, error in reported.append(error as! TestError) }
        _ = Observable<Int>.error(TestError("unhandled")).subscribe()
        _ = Single<Int>.error(TestError("single")).subscribe(onSuccess: { _ in })
        _ = Observable<Int>.error(TestError("handled")).subscribe(onError: { _ in })
        XCTAssertEqual(reported, [TestError("unhandled"), TestError("single")])
    }

    func testTheCallStackIsRecordedOnlyWhenAskedFor() {
        var callStacks: [[String]] = []
        Hooks.defaultErrorHandler = { callStack, _ in callStacks.append(callStack) }
        Hooks.customCaptureSubscriptionCallstack = { ["frame"] }
        _ = Observable<Int>.error(TestError()).subscribe()
        Hooks.recordCallStackOnError = true
        _ = Observable<Int>.error(TestError()).subscribe()
        XCTAssertEqual(callStacks, [[], ["frame"]])
    }

    func testAMaybeWithoutOnErrorReportsItsErrorWithTheRecordedCallStack() {
        var reports: [String] = []
        Hooks.defaultErrorHandler = { callStack, error in reports.append("\(error) \(callStack)") }
        Hooks.customCaptureSubscriptionCallstack = { ["frame"] }
        var outcomes: [String] = []
        _ = Maybe<Int>.error(TestError("plain")).subscribe(onSuccess: { _ in outcomes.append("success") }, onCompleted: { outcomes.append("completed") })
        Hooks.recordCallStackOnError = true
        _ = Observable<Int>.error(TestError("recorded")).asMaybe().subscribe(onSuccess: { _ in outcomes.append("success") })
        _ = Maybe<Int>.error(TestError("handled")).subscribe(onError: { outcomes.append("error \($0)") })
        XCTAssertEqual(reports, ["\(TestError("plain")) []", "\(TestError("recorded")) [\"frame\"]"])
        XCTAssertEqual(outcomes, ["error \(TestError("handled"))"])
    }
}
