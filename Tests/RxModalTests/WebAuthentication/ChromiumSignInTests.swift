import XCTest
import Foundation
import Glibc
import RxCore
import RxModal

/// A whole sign-in with real parts: the authorization server of Support/ on
/// loopback, a real headless Chromium (Debian's `chromium`, installed by
/// scripts/test when run as root) started by the plugin as the session's
/// browser with a throwaway profile, and the token request with the PKCE
/// verifier, checked by the server against the challenge it received.
final class ChromiumSignInTests: RxTestCase {
    static func chromium() throws -> String {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] where access(candidate, X_OK) == 0 {
            return candidate
        }
        throw XCTSkip("Chromium is not installed: install the Debian package chromium (scripts/test does so when run as root)")
    }

    /// Headless, and without the sandbox when running as root (Chromium refuses otherwise).
    static func browserCommand(_ chromium: String) -> String {
        var command = "\(chromium) --headless --disable-gpu --no-first-run --no-default-browser-check --disable-dev-shm-usage --user-data-dir={profile}"
        if getuid() == 0 { command += " --no-sandbox" }
        return command
    }

    func testSigningInThroughChromiumEmitsTheCallbackAndThePKCEVerifierMatches() throws {
        let chromium = try Self.chromium()
        let server = try AuthorizationServer()
        defer { server.stop() }
        let request = try OAuthAuthorizationRequest(authorizationEndpoint: server.authorizeEndpoint, clientID: "rxmodal-app",
                                                    scopes: ["openid"], redirectPath: "/oauth/callback")
        let surface = ScriptedSurface(script: SurfaceScript(steps: [ScriptStep(expect: ["primitive": "prompt"], answer: .stayOpen)]))
        let configuration = WebAuthenticationConfiguration(prefersEphemeralWebBrowserSession: true,
                                                           browserCommand: Self.browserCommand(chromium), timeout: 60)
        let profilesBefore = Self.throwawayProfiles()
        let recorder = EventRecorder<WebAuthenticationCallback>()
        let subscription = RxModal.webAuthenticationCallback(url: request.url, callbackURLScheme: "http", configuration: configuration,
                                                             presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        recorder.waitForTerminal(seconds: 60)
        subscription.dispose()

        let callback = try XCTUnwrap(recorder.elements.first, "no callback; error: \(String(describing: recorder.error))")
        XCTAssertTrue(recorder.completed)
        XCTAssertEqual(callback.parameter("state"), request.state)
        let code = try XCTUnwrap(callback.parameter("code"))
        XCTAssertEqual(callback.url.path, "/oauth/callback")
        XCTAssertEqual(callback.url.host, "127.0.0.1")

        // What the server received: our client, the challenge of our verifier, S256.
        let received = try XCTUnwrap(JSONSerialization.jsonObject(with: try server.call("/requests").body) as? [[String: String]])
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?["code_challenge"], request.pkce.challenge)
        XCTAssertEqual(received.first?["code_challenge_method"], "S256")
        XCTAssertEqual(received.first?["redirect_uri"], callback.redirectURI.absoluteString)

        // The token request: the server checks SHA-256 of the verifier against the challenge.
        var form = ["grant_type": "authorization_code", "code": code, "redirect_uri": callback.redirectURI.absoluteString,
                    "code_verifier": try PKCE().verifier]
        XCTAssertEqual(try server.call("/token", form: form).status, 400, "a wrong verifier was accepted")
        form["code_verifier"] = request.codeVerifier
        let token = try server.call("/token", form: form)
        XCTAssertEqual(token.status, 200, String(decoding: token.body, as: UTF8.self))
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: token.body) as? [String: String])
        XCTAssertEqual(body["access_token"], "token-for-rxmodal-app")

        // The prompt was shown and taken down, and the code appears nowhere in the transcript.
        surface.waitUntilDismissed(0)
        XCTAssertFalse(surface.transcriptJSON.contains(code))

        // The ephemeral browser is ended and its throwaway profile removed.
        let deadline = Date().addingTimeInterval(10)
        while Self.throwawayProfiles() != profilesBefore && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(Self.throwawayProfiles(), profilesBefore, "the throwaway profile was not removed")
    }

    /// The fresh profiles the plugin makes for ephemeral sessions.
    static func throwawayProfiles() -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []).filter { $0.hasPrefix("rxmodal-webauth-profile-") })
    }
}
