import Foundation
import RxCore
import RxModal

/// Web authentication in `rxmodal demo`: an OAuth authorization request with
/// PKCE, the session's loopback listener, and the demo in the browser's place.
extension DemoSections {
    /// On the scripted surface the openURL is answered "opened" and the waiting
    /// prompt stays; the demo then does what the browser would after the user
    /// signed in: a GET on the session's redirect URI with `code` and `state`.
    static var webAuthentication: DemoSection { DemoSection(
        title: "Web authentication: sign in through the browser (RFC 8252 loopback redirect, PKCE)",
        requiredKinds: ["webAuthenticationSession"],
        scriptSteps: { _ in [#"{"expect": {"primitive": "openURL"}, "opened": true}"#, #"{"expect": {"primitive": "prompt"}, "stayOpen": true}"#] },
        run: { context in
            guard let scripted = context.scripted else {
                return (["skipped on the terminal: the demo plays the browser's part only on the scripted surface"], true)
            }
            let request: OAuthAuthorizationRequest
            do {
                request = try OAuthAuthorizationRequest(authorizationEndpoint: URL(string: "https://accounts.example/authorize")!,
                                                        clientID: "rxmodal-demo", scopes: ["openid"])
            } catch {
                return (["error: \(error)"], false)
            }
            let start = scripted.transcript.count
            let browser = BrowserPart()
            let session = RxModal.webAuthenticationCallback(url: request.url, callbackURLScheme: "http", presenter: context.presenter)
                .asObservable()
                .do(onSubscribe: {
                    // Once the session has opened its URL, redirect "the browser" back to it.
                    Thread {
                        browser.run(afterOpenedURLIn: scripted, since: start, code: "demo-authorization-code")
                    }.start()
                })
            let outcome = DemoFlowRun.collect(session, limitSeconds: 30)
            // The session may emit before the browser's thread has read its answer;
            // a session that ended without opening its URL stops that thread's wait.
            browser.stopWaitingForTheURL()
            browser.waitUntilFinished(seconds: 25)
            switch outcome {
            case .success(let callbacks):
                guard let callback = callbacks.first else { return (["no callback"], false) }
                let stateMatches = callback.parameter("state") == request.state
                return ([
                    "opened the authorization URL with a PKCE S256 challenge; the verifier (\(request.codeVerifier.count) characters) stays here for the token request",
                    "the browser's part: \(browser.report)",
                    "callback: code received (not printed), state \(stateMatches ? "matches" : "DOES NOT match"), redirect URI on 127.0.0.1 with the port the session picked",
                ], stateMatches)
            case .failure(let error):
                return (["error: \(error)", "the browser's part: \(browser.report)"], false)
            }
        }) }

    /// The GET the browser makes after signing in, and what the listener answered.
    private final class BrowserPart: @unchecked Sendable {
        private let lock = NSLock()
        private var outcome = "not started"
        private let finished = DispatchSemaphore(value: 0)
        private var sessionEnded = false

        var report: String { lock.withLock { outcome } }

        func waitUntilFinished(seconds: Int) { _ = finished.wait(timeout: .now() + .seconds(seconds)) }

        func stopWaitingForTheURL() { lock.withLock { sessionEnded = true } }

        func run(afterOpenedURLIn surface: ScriptedSurface, since start: Int, code: String) {
            defer { finished.signal() }
            let deadline = Date().addingTimeInterval(20)
            var opened: String?
            while opened == nil && Date() < deadline && !lock.withLock({ sessionEnded }) {
                opened = surface.transcript.dropFirst(start).first { $0["primitive"]?.stringValue == "openURL" }?["spec"]?["url"]?.stringValue
                if opened == nil { usleep(2_000) }
            }
            // A user's own script may answer the waiting prompt (Cancel) rather
            // than leave it open for the browser: then the user gave up, and the
            // browser does nothing. Wait for the prompt, and a moment for its answer.
            if opened != nil, promptWasAnswered(in: surface, since: start, deadline: deadline) {
                return lock.withLock { outcome = "the waiting prompt was answered, so the browser did nothing" }
            }
            guard let opened, let query = URLComponents(string: opened)?.queryItems,
                  let redirect = query.first(where: { $0.name == "redirect_uri" })?.value,
                  let state = query.first(where: { $0.name == "state" })?.value,
                  var callback = URLComponents(string: redirect) else {
                return lock.withLock { outcome = "no openURL with a redirect_uri and state was shown" }
            }
            callback.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
            let answer: String
            do { answer = try DemoBrowser.get(callback.url!) } catch { answer = "failed: \(error.localizedDescription)" }
            lock.withLock { outcome = "GET \(callback.path)?code=…&state=… → \(answer)" }
        }

        /// Whether the waiting prompt shown after the openURL was answered within
        /// half a second of being shown (a prompt left open never is).
        private func promptWasAnswered(in surface: ScriptedSurface, since start: Int, deadline: Date) -> Bool {
            var shownAt: Date?
            while Date() < deadline && !lock.withLock({ sessionEnded }) {
                let prompt = surface.transcript.dropFirst(start).first { $0["primitive"]?.stringValue == "prompt" }
                if let prompt {
                    if prompt["answeredAt"] != nil || prompt["error"] != nil { return true }
                    if shownAt == nil { shownAt = Date() }
                    if Date().timeIntervalSince(shownAt!) > 0.5 { return false }
                }
                usleep(2_000)
            }
            return lock.withLock { sessionEnded }
        }
    }
}
