import XCTest
import Foundation
import RxCore
import RxModal
import RxTestSupport

/// `webAuthenticationSession` in the seed's argument order — presenter first,
/// a configuration closure last — on a scripted surface.
final class WebAuthenticationSeedOrderTests: RxTestCase {
    func testPresenterFirstWithoutAConfiguration() throws {
        let request = try WebAuthTestTools.request()
        let surface = ScriptedSurface(script: SurfaceScript(steps: [
            ScriptStep(answer: .opened),
            ScriptStep(expect: ["primitive": "prompt"], answer: .choose(.cancel, typing: nil, fields: nil), afterMilliseconds: 50),
        ]))
        let session = RxModal.webAuthenticationSession(presenter: .surface(surface), url: request.url, callbackURLScheme: "http")
        let recorder = runModal(session.asObservable())
        XCTAssertEqual(recorder.error as? WebAuthenticationSessionError, .canceledLogin)
        XCTAssertEqual(surface.transcript.count, 2, "the browser was opened, then the waiting prompt shown")
    }

    func testTheConfigurationClosureReachesThePlugin() throws {
        let request = try WebAuthTestTools.request()
        let surface = WebAuthTestTools.waitingSurface()
        let session = RxModal.webAuthenticationSession(presenter: .surface(surface), url: request.url, callbackURLScheme: "http") {
            $0.timeout = 0.2
        }
        XCTAssertEqual(runModal(session.asObservable()).error as? WebAuthenticationSessionError, .timeout)
    }

    func testATrailingClosureWithTheDefaultPresenter() throws {
        let environment = EnvironmentOverride()
        defer { environment.restore() }
        environment.set("RXMODAL_SCRIPT", "[]")
        let request = try WebAuthTestTools.request()
        // A browser command that cannot start fails before anything is shown.
        let session = RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http") {
            $0.browserCommand = "/nonexistent/browser"
        }
        guard case .presentationContextNotProvided(let reason)? = runModal(session.asObservable()).error as? WebAuthenticationSessionError else {
            return XCTFail("expected presentationContextNotProvided")
        }
        XCTAssertTrue(reason.contains("/nonexistent/browser"), reason)
    }
}
