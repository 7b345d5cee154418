import XCTest
import FoundationEssentials
import RxCore
import RxTesting

/// decode(type:decoder:): bytes to values.
final class DecodeTests: RxTestCase {
    private struct Point: Decodable, Equatable {
        let x: Int
        let y: Int
    }

    func testEachElementIsDecodedAndBadBytesFailWithTheDecodersError() {
        let scheduler = TestScheduler()
        let good = Data(#"{"x": 1, "y": 2}"#.utf8)
        let bad = Data(#"{"x": 1"#.utf8)
        let xs = scheduler.createHotObservable([.next(210, good), .next(220, bad), .next(230, good)])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        XCTAssertEqual(res.events.first, .next(210, Point(x: 1, y: 2)))
        XCTAssertEqual(res.events.count, 2)
        guard case .error(let error)? = res.events.last?.value else { return XCTFail("expected the decoder's error") }
        XCTAssertTrue(error is DecodingError, "got \(error)")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
