import XCTest
import Foundation
import RxModal

/// Where scripts come from: a string, a file, or RXMODAL_SCRIPT.
final class ScriptSourceTests: RxTestCase {
    private var savedEnvironment: String?

    override func setUp() {
        super.setUp()
        savedEnvironment = getenv(SurfaceScript.environmentVariable).map { String(cString: $0) }
    }

    override func tearDown() {
        if let savedEnvironment { setenv(SurfaceScript.environmentVariable, savedEnvironment, 1) } else { unsetenv(SurfaceScript.environmentVariable) }
        super.tearDown()
    }

    private func temporaryFile(_ contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "rxmodal-script-\(UUID().uuidString).json"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAScriptFromAStringAnswers() throws {
        let surface = try ScriptedSurface(json: #"{"steps": [{"choose": "Allow"}]}"#)
        XCTAssertEqual(try surface.answer(Specs.permission), .success(["action": 1]))
    }

    func testAScriptFromAFileAnswers() throws {
        let path = try temporaryFile(#"[{"select": [1]}]"#)
        let surface = try ScriptedSurface(contentsOfFile: path)
        XCTAssertEqual(try surface.answer(Specs.file), .success(["selected": [1]]))
    }

    func testAMissingFileIsAClearError() {
        XCTAssertThrowsError(try SurfaceScript(contentsOfFile: "/nonexistent/rxmodal/script.json")) { error in
            guard case ModalError.invalidArgument("script", let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertTrue(reason.hasPrefix(#"cannot read "/nonexistent/rxmodal/script.json""#), reason)
        }
    }

    func testTheEnvironmentVariableHoldsJSONText() throws {
        setenv(SurfaceScript.environmentVariable, #"[{"cancel": true}]"#, 1)
        let surface = try XCTUnwrap(try ScriptedSurface.fromEnvironment())
        XCTAssertEqual(try surface.answer(Specs.photos), .success(["cancelled": true]))
    }

    func testTheEnvironmentVariableNamesAFileAfterAnAt() throws {
        let path = try temporaryFile(#"[{"opened": true}]"#)
        setenv(SurfaceScript.environmentVariable, "@" + path, 1)
        let surface = try XCTUnwrap(try ScriptedSurface.fromEnvironment())
        XCTAssertEqual(try surface.answer(Specs.browser), .success(["opened": true]))
    }

    func testAnUnsetOrEmptyEnvironmentVariableGivesNoSurface() throws {
        unsetenv(SurfaceScript.environmentVariable)
        XCTAssertNil(try ScriptedSurface.fromEnvironment())
        setenv(SurfaceScript.environmentVariable, "", 1)
        XCTAssertNil(try SurfaceScript.fromEnvironment())
    }

    func testAMalformedScriptInTheEnvironmentIsAnError() {
        setenv(SurfaceScript.environmentVariable, #"[{"choose": 0}, {"bogus": 1}]"#, 1)
        XCTAssertThrowsError(try ScriptedSurface.fromEnvironment()) { error in
            guard case ModalError.invalidArgument("script", let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertTrue(reason.hasPrefix(#"step 2: unknown key "bogus""#), reason)
        }
        setenv(SurfaceScript.environmentVariable, "@/nonexistent/rxmodal.json", 1)
        XCTAssertThrowsError(try ScriptedSurface.fromEnvironment())
    }
}
