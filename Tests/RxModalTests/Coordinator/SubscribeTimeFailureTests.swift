import XCTest
import Foundation
import RxCore
import RxModal

/// Contract 4 and the errors of the coordinator: everything that can fail
/// before presentation fails the subscription before anything is shown.
final class SubscribeTimeFailureTests: RxTestCase {
    private func failure(_ modal: Observable<ModalValue>, surface: ScriptedSurface?) -> Error? {
        let recorder = EventRecorder<ModalValue>()
        let subscription = modal.subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()
        surface?.drain()
        XCTAssertEqual(recorder.elements.count, 0)
        XCTAssertEqual(surface?.transcript ?? [], [], "nothing shown")
        return recorder.error
    }

    func testUnknownMethodFailsWithTheKnownOnes() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let modal = ModalCoordinator.shared.present(kind: "alert", presenter: .surface(surface)) {
            try $0.call("setColour", "red")
        }
        guard case .unknownMethod(let kind, let method, let known)? = failure(modal, surface: surface) as? ModalError else {
            return XCTFail("expected unknownMethod")
        }
        XCTAssertEqual(kind, "alert")
        XCTAssertEqual(method, "setColour")
        XCTAssertTrue(known.contains("addAction"))
    }

    func testBadArgumentFailsWithTheInvokersError() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let modal = ModalCoordinator.shared.present(kind: "alert", presenter: .surface(surface)) {
            try $0.call("setTitle", 42)
        }
        XCTAssertModalError(failure(modal, surface: surface),
                            .invalidArgument(method: "setTitle", reason: "argument 1 (title): expected string, got int 42"))
    }

    func testPluginRefusalFailsWithThePluginsMessage() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let modal = ModalCoordinator.shared.present(kind: "alert", presenter: .surface(surface)) {
            try $0.call("addAction", "Go", "loud")
        }
        guard case .invalidArgument("addAction", let message)? = failure(modal, surface: surface) as? ModalError else {
            return XCTFail("expected the plugin's error")
        }
        XCTAssertTrue(message.contains("unknown action style"), message)
    }

    func testMissingSurfaceWhenNoScriptIsGiven() throws {
        let saved = getenv(SurfaceScript.environmentVariable).map { String(cString: $0) }
        // With a controlling terminal, `.default` would rightly present there.
        try XCTSkipIf(processHasControllingTerminal, "the tests have a controlling terminal: run them with setsid")
        unsetenv(SurfaceScript.environmentVariable)
        defer { if let saved { setenv(SurfaceScript.environmentVariable, saved, 1) } }
        let modal = ModalCoordinator.shared.present(kind: "alert") { try $0.call("addAction", "OK", "default") }
        XCTAssertModalError(failure(modal, surface: nil), .missingSurface)
    }

    func testDefaultPresenterUsesTheScriptInTheEnvironment() throws {
        let saved = getenv(SurfaceScript.environmentVariable).map { String(cString: $0) }
        setenv(SurfaceScript.environmentVariable, #"[{"expect": {"title": "From env"}, "choose": "OK"}]"#, 1)
        defer {
            if let saved { setenv(SurfaceScript.environmentVariable, saved, 1) } else { unsetenv(SurfaceScript.environmentVariable) }
        }
        let recorder = EventRecorder<ModalValue>()
        let subscription = ModalCoordinator.shared.present(kind: "alert") {
            try $0.call("setTitle", "From env")
            try $0.call("addAction", "OK", "default")
        }.subscribe(recorder.observer)
        recorder.waitForTerminal()
        subscription.dispose()
        XCTAssertEqual(recorder.elements.map { $0["title"] }, ["OK"])
    }

    func testPluginUnavailableNamesTheKindAndTheKnownOnes() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let coordinator = ModalCoordinator(registry: ModalRegistry())
        let error = failure(coordinator.present(kind: "mailComposer", presenter: .surface(surface)), surface: surface)
        XCTAssertModalError(error, .pluginUnavailable(reason: "no plugin provides the kind “mailComposer” (no kinds are registered)"))
    }

    func testPluginUnavailableIncludesWhyThePluginForTheKindWasSkipped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxmodal-unavailable-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("librxmodal-mailComposer.so")
        try Data("not an ELF file".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let coordinator = ModalCoordinator(registry: ModalRegistry(searchPath: .explicit([directory.path])))
        let surface = try ScriptedSurface(json: #"[{"choose": 0}]"#)

        guard case .pluginUnavailable(let reason)? = failure(coordinator.present(kind: "mailComposer", presenter: .surface(surface)),
                                                             surface: surface) as? ModalError else {
            return XCTFail("expected pluginUnavailable")
        }
        XCTAssertTrue(reason.hasPrefix("no plugin provides the kind “mailComposer”"), reason)
        XCTAssertTrue(reason.contains("skipped: \(file.path): not a loadable plugin image: truncated"), reason)
    }
}
