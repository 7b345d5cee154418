import XCTest
import Dispatch
import Foundation
import RxCore
import RxModal
import RxModalPluginABI

/// The bridge seen from a C plugin: every call goes through the function
/// pointers of the `rxm_surface`, with C values and C callbacks.
final class CSurfaceBridgeTests: RxTestCase {
    private func show(_ surface: UnsafePointer<rxm_surface>, _ spec: ModalValue, _ plugin: PluginSide,
                      error: inout rxm_error) -> OpaquePointer? {
        spec.withCValue { surface.pointee.show!(surface.pointee.context, $0, plugin.callbacks, &error) }
    }

    func testTheSurfaceStructDescribesItself() throws {
        let bridge = CSurfaceBridge(ScriptedSurface(script: SurfaceScript(steps: [])))
        XCTAssertEqual(bridge.surface.pointee.struct_size, UInt32(MemoryLayout<rxm_surface>.size))
        XCTAssertEqual(String(cString: bridge.surface.pointee.name), "scripted")
        XCTAssertNotNil(bridge.surface.pointee.context)
    }

    func testAResultRoundTripsThroughCValuesAndCallbacks() throws {
        let scripted = try ScriptedSurface(json: #"[{"type": ["a@b.c", "pässwörd"], "choose": "Sign In"}]"#)
        let bridge = CSurfaceBridge(scripted)
        let plugin = PluginSide()
        var error = rxm_error()
        let presentation = show(bridge.surface, Specs.signIn, plugin, error: &error)
        XCTAssertNotNil(presentation)
        XCTAssertEqual(plugin.wait(), .result(["action": 1, "textFields": ["a@b.c", "pässwörd"]]))
        bridge.surface.pointee.dismiss!(bridge.surface.pointee.context, presentation)
        XCTAssertEqual(scripted.transcript[ifPresent: 0]?["spec"], Specs.signInAsTranscribed)
        XCTAssertEqual(scripted.transcript[ifPresent: 0]?["dismissed"], true)
    }

    func testASurfaceErrorReachesOnErrorWithCodeAndMessage() throws {
        let bridge = CSurfaceBridge(try ScriptedSurface(json: #"[{"choose": "Nope"}]"#))
        let plugin = PluginSide()
        var error = rxm_error()
        let presentation = show(bridge.surface, Specs.permission, plugin, error: &error)
        // A script mismatch has its own code, so a host can tell it from bad input.
        XCTAssertEqual(plugin.wait(), .error(Int32(RXM_ERR_SCRIPT_MISMATCH),
                                             #"script step 1: no action titled "Nope"; actions: 0 "Don't Allow", 1 "Allow""#))
        bridge.surface.pointee.dismiss!(bridge.surface.pointee.context, presentation)
    }

    func testAnInvalidSpecFillsTheErrorAndReturnsNULL() throws {
        let scripted = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let bridge = CSurfaceBridge(scripted)
        let plugin = PluginSide()
        var error = rxm_error()
        XCTAssertNil(show(bridge.surface, ["primitive": "dialog", "style": "alert", "actions": []], plugin, error: &error))
        XCTAssertEqual(error.code, Int32(RXM_ERR_INVALID_ARGUMENT))
        XCTAssertEqual(message(of: error), "show: spec.actions: a dialog needs at least one action")
        XCTAssertEqual(scripted.transcript, [])
        XCTAssertEqual(plugin.outcomes, [])
    }

    func testNULLsAndMalformedTreesAreRefusedWithoutCrashing() throws {
        let bridge = CSurfaceBridge(try ScriptedSurface(json: #"[{"choose": 0}]"#))
        let surface = bridge.surface.pointee
        let plugin = PluginSide()
        var error = rxm_error()

        XCTAssertNil(surface.show!(surface.context, nil, plugin.callbacks, &error))
        XCTAssertEqual(message(of: error), "show: spec: malformed value: NULL value")

        XCTAssertNil(Specs.share.withCValue { surface.show!(nil, $0, plugin.callbacks, &error) })
        XCTAssertEqual(message(of: error), "show: surface context is NULL")

        var noCallbacks = plugin.callbacks
        noCallbacks.on_error = nil
        XCTAssertNil(Specs.share.withCValue { surface.show!(surface.context, $0, noCallbacks, &error) })
        XCTAssertEqual(message(of: error), "show: callbacks: on_result and on_error must not be NULL")

        let badUTF8: [CChar] = [0x41, -0x3F, 0x00]
        let key = strdup("primitive")!
        defer { free(key) }
        let handle = badUTF8.withUnsafeBufferPointer { bytes -> OpaquePointer? in
            var member = rxm_member(key: key, value: rxm_string_n(bytes.baseAddress, 2))
            var spec = rxm_object(&member, 1)
            return surface.show!(surface.context, &spec, plugin.callbacks, &error)
        }
        XCTAssertNil(handle)
        XCTAssertEqual(message(of: error), "show: spec: malformed value: value.primitive: invalid UTF-8")

        // A NULL rxm_error is tolerated too.
        XCTAssertNil(surface.show!(surface.context, nil, plugin.callbacks, nil))
        XCTAssertEqual(plugin.outcomes, [])
    }

    func testUpdateChangesAShownPresentationAndRefusesBadHandles() throws {
        let scripted = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let bridge = CSurfaceBridge(scripted)
        let surface = bridge.surface.pointee
        let plugin = PluginSide()
        var error = rxm_error()
        let presentation = show(bridge.surface, Specs.signIn, plugin, error: &error)

        let patch: ModalValue = ["title": "Signing in…"]
        XCTAssertEqual(patch.withCValue { surface.update!(surface.context, presentation, $0, &error) }, Int32(RXM_OK))
        XCTAssertEqual(scripted.transcript[ifPresent: 0]?["updates"], [patch])

        let badPatch: ModalValue = ["actions": []]
        XCTAssertEqual(badPatch.withCValue { surface.update!(surface.context, presentation, $0, &error) }, Int32(RXM_ERR_INVALID_ARGUMENT))
        XCTAssertEqual(message(of: error), "update: patch.actions: a dialog needs at least one action")

        XCTAssertEqual(surface.update!(surface.context, presentation, nil, &error), Int32(RXM_ERR_INVALID_ARGUMENT))
        XCTAssertEqual(message(of: error), "update: patch: malformed value: NULL value")

        XCTAssertEqual(patch.withCValue { surface.update!(surface.context, nil, $0, &error) }, Int32(RXM_ERR_INVALID_ARGUMENT))
        XCTAssertEqual(message(of: error), "update: presentation is NULL")

        surface.dismiss!(surface.context, presentation)
        XCTAssertEqual(patch.withCValue { surface.update!(surface.context, presentation, $0, &error) }, Int32(RXM_ERR_INVALID_ARGUMENT))
        XCTAssertEqual(message(of: error), "update: unknown or dismissed presentation")
        XCTAssertEqual(scripted.transcript[ifPresent: 0]?["updates"], [patch])
    }

    func testDismissingTwiceOrWithNULLsIsHarmless() throws {
        let scripted = try ScriptedSurface(json: #"[{"stayOpen": true}]"#)
        let bridge = CSurfaceBridge(scripted)
        let surface = bridge.surface.pointee
        var error = rxm_error()
        let presentation = show(bridge.surface, Specs.share, PluginSide(), error: &error)
        surface.dismiss!(nil, presentation)
        surface.dismiss!(surface.context, nil)
        XCTAssertEqual(scripted.transcript[ifPresent: 0]?["dismissed"], false)
        surface.dismiss!(surface.context, presentation)
        surface.dismiss!(surface.context, presentation)
        XCTAssertEqual(scripted.transcript[ifPresent: 0]?["dismissals"], 1, "the second dismissal must not reach the surface")
    }

    func testNoCallbackAfterDismissWhenDismissedBeforeTheAnswer() throws {
        let scripted = try ScriptedSurface(json: #"[{"choose": 0}]"#)
        let bridge = CSurfaceBridge(scripted)
        let plugin = PluginSide()
        var error = rxm_error()
        scripted.queue.suspend()
        let presentation = show(bridge.surface, Specs.share, plugin, error: &error)
        bridge.surface.pointee.dismiss!(bridge.surface.pointee.context, presentation)
        scripted.queue.resume()
        scripted.drain()
        XCTAssertEqual(plugin.outcomes, [])
    }

    func testReleasingTheBridgeDismissesWhatIsStillShown() throws {
        let scripted = try ScriptedSurface(json: #"[{"stayOpen": true}, {"stayOpen": true}]"#)
        let before = Resources.total
        do {
            let bridge = CSurfaceBridge(scripted)
            var error = rxm_error()
            _ = show(bridge.surface, Specs.share, PluginSide(), error: &error)
            _ = show(bridge.surface, Specs.photos, PluginSide(), error: &error)
            XCTAssertEqual(Resources.total, before + 4, "two presentations, each counted by the surface and the bridge")
        }
        XCTAssertEqual(scripted.transcript.map { $0["dismissed"] }, [true, true])
        XCTAssertEqual(Resources.total, before)
    }

    func testALongMessageIsCutToFitAtACharacterBoundary() throws {
        let title = String(repeating: "é", count: 600)
        let bridge = CSurfaceBridge(try ScriptedSurface(json: ModalValue.array([["choose": .string(title)]]).json))
        let plugin = PluginSide()
        var error = rxm_error()
        let presentation = show(bridge.surface, Specs.share, plugin, error: &error)
        guard case .error(_, let text)? = plugin.wait() else { return XCTFail("no error") }
        XCTAssertLessThan(text.utf8.count, Int(RXM_ERROR_MESSAGE_SIZE))
        XCTAssertGreaterThan(text.utf8.count, Int(RXM_ERROR_MESSAGE_SIZE) - 3)
        XCTAssertTrue(text.hasPrefix(#"script step 1: no action titled "éé"#), text)
        bridge.surface.pointee.dismiss!(bridge.surface.pointee.context, presentation)
    }

    func testNoCallbackReachesThePluginBeforeShowReturns() throws {
        let eager = EagerSurface()
        let bridge = CSurfaceBridge(eager)
        let plugin = PluginSide()
        var error = rxm_error()
        let presentation = show(bridge.surface, Specs.share, plugin, error: &error)
        XCTAssertEqual(plugin.wait(), .result(["action": 0]))
        XCTAssertFalse(eager.answerArrivedInsideShow, "the plugin got the answer while show was still running")
        bridge.surface.pointee.dismiss!(bridge.surface.pointee.context, presentation)
    }

    private func message(of error: rxm_error) -> String {
        withUnsafeBytes(of: error.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }
}

/// A surface that breaks the contract the way a hasty one might: it answers
/// from another thread while its `show` is still running. It records whether
/// the answer reached the plugin before `show` was over.
private final class EagerSurface: ModalSurface, @unchecked Sendable {
    let name = "eager"
    private let lock = NSLock()
    private var inShow = false
    private var arrivedInsideShow = false

    var answerArrivedInsideShow: Bool { lock.withLock { arrivedInsideShow } }

    func show(spec: ModalValue, onResult: @escaping @Sendable (ModalValue) -> Void,
              onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
        lock.withLock { inShow = true }
        Thread.detachNewThread { [self] in
            onResult(["action": 0])
            // Runs after the plugin's callback returned.
            lock.withLock { if inShow { arrivedInsideShow = true } }
        }
        usleep(20_000)   // a window in which an ungated answer would arrive
        lock.withLock { inShow = false }
        return SurfacePresentation(primitive: .dialog)
    }

    func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {}
    func dismiss(_ presentation: SurfacePresentation) {}
}

/// What a C plugin receives through its presentation callbacks. The callbacks
/// are C function pointers; the context is this object, unretained.
private final class PluginSide: @unchecked Sendable {
    enum Outcome: Equatable {
        case result(ModalValue)
        case error(Int32, String)
        case unreadable(String)
    }

    private let lock = NSLock()
    private var received: [Outcome] = []
    private let arrived = DispatchSemaphore(value: 0)

    var callbacks: rxm_presentation_callbacks {
        rxm_presentation_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            on_result: { context, value in
                let side = Unmanaged<PluginSide>.fromOpaque(context!).takeUnretainedValue()
                do { side.record(.result(try ModalValue(cValue: value))) } catch { side.record(.unreadable("\(error)")) }
            },
            on_error: { context, error in
                let side = Unmanaged<PluginSide>.fromOpaque(context!).takeUnretainedValue()
                let text = withUnsafeBytes(of: error!.pointee.message) { String(validatingCString: $0.bindMemory(to: CChar.self).baseAddress!) }
                side.record(text.map { .error(error!.pointee.code, $0) } ?? .unreadable("message is not UTF-8"))
            })
    }

    private func record(_ outcome: Outcome) {
        lock.withLock { received.append(outcome) }
        arrived.signal()
    }

    func wait() -> Outcome? {
        guard arrived.wait(timeout: .now() + 5) == .success else { return nil }
        return lock.withLock { received.first }
    }

    var outcomes: [Outcome] { lock.withLock { received } }
}
