import XCTest
import Foundation

/// docs/guides/Extending.md shows the self-made rating's and the confirmation
/// kind's code; every block it marks `<!-- verbatim: path -->` must be that
/// file's code (indentation aside), so the guide shows the code the tests run
/// and cannot drift from it.
final class ExtendingGuideTests: RxTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines with their indentation removed, joined again.
    private func normalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop(while: { $0 == " " }) }.joined(separator: "\n")
    }

    func testEveryVerbatimBlockOfTheGuideIsInTheFileItNames() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/guides/Extending.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "<!-- verbatim: (\\S+) -->\\n```swift\\n(.*?)\\n```",
                                              options: [.dotMatchesLineSeparators])
        let matches = pattern.matches(in: guide, range: NSRange(guide.startIndex..., in: guide))
        XCTAssertEqual(matches.count, 8, "the guide's verbatim blocks")
        for match in matches {
            let path = String(guide[Range(match.range(at: 1), in: guide)!])
            let code = String(guide[Range(match.range(at: 2), in: guide)!])
            let source = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            XCTAssertTrue(normalized(source).contains(normalized(code)),
                          "a block of the guide is not in \(path):\n\(code.prefix(200))")
        }
    }
}
