import XCTest
import Foundation

/// `rxmodal doctor`: each kind's own answer to whether it can be shown here, the
/// optional parts found, and where files are kept, as a user's machine is.
final class CommandLineDoctorTests: RxTestCase {
    func testDoctorSaysWhatThisMachineHasForEachKindAndWhereFilesAreKept() throws {
        let scratch = try ScratchDirectory(for: self)
        let environment = [
            "RXMODAL_SENDMAIL": "/bin/true", "RXMODAL_SMS_COMMAND": scratch.path + "/no-such-texter",
            "PATH": "/usr/bin:/bin", "BROWSER": "",
            "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path + "/config",
            "XDG_CACHE_HOME": scratch.path + "/cache", "XDG_DATA_HOME": scratch.path + "/data",
        ]
        let result = try RxmodalCommand.run(["doctor", "--json"], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        func section(_ name: String) throws -> [String: (found: Bool, detail: String)] {
            let rows = try XCTUnwrap(document[name] as? [[String: Any]], name)
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", ($0["found"] as? Bool ?? false, $0["detail"] as? String ?? "")) })
        }
        let kinds = try section("kinds")
        XCTAssertEqual(kinds["alert"]?.found, true, "\(kinds)")
        XCTAssertEqual(kinds["mailComposer"]?.found, true, "\(kinds)")
        XCTAssertEqual(kinds["messageComposer"]?.found, false, "\(kinds)")
        XCTAssertTrue(kinds["messageComposer"]?.detail.contains("not supported here") ?? false, "\(kinds)")
        XCTAssertEqual(kinds["mediaPicker"]?.detail, "can be shown; access notDetermined (asked on first use)")

        let parts = try section("parts")
        XCTAssertEqual(parts["mail transport"]?.detail, "/bin/true")
        XCTAssertEqual(parts["text message transport"]?.found, false)
        XCTAssertEqual(parts["terminal"]?.found, false, "the test runs it without a controlling terminal")

        let files = try section("files")
        XCTAssertEqual(files["media-library answers"]?.detail, scratch.path + "/config/rxmodal/media-library-authorization")
        XCTAssertEqual(files["mail drafts"]?.detail, scratch.path + "/data/rxmodal/Drafts")
        XCTAssertEqual(files["plugin registry cache"]?.detail, scratch.path + "/cache/rxmodal/plugin-registry-1.json")
        XCTAssertEqual(files["plugin registry cache"]?.found, true, "listing the kinds wrote it")

        let plain = try RxmodalCommand.run(["doctor"], environment: environment)
        XCTAssertTrue(plain.stdout.contains("  ✗ messageComposer"), plain.stdout)
        XCTAssertTrue(plain.stdout.contains("  mail drafts            \(scratch.path)/data/rxmodal/Drafts (not written yet)"), plain.stdout)
    }

    func testDoctorTakesOnlyJSON() throws {
        let result = try RxmodalCommand.run(["doctor", "--verbose"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--verbose"), result.stderr)
    }
}
