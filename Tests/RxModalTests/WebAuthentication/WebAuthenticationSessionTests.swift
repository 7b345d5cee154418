import XCTest
import Foundation
import Glibc
import RxCore
import RxModal

/// The webAuthenticationSession plugin through `RxModal.webAuthenticationSession`
/// on a scripted surface, with the test acting as the browser: it reads the
/// opened URL from the transcript and sends requests to the loopback listener.
final class WebAuthenticationSessionTests: RxTestCase {
    /// A session for a fresh request on a surface that reports the browser opened
    /// and keeps the waiting prompt up: what most tests start from.
    private func startWaitingSession() throws -> (request: OAuthAuthorizationRequest, surface: ScriptedSurface,
                                                   recorder: EventRecorder<URL>, subscription: Disposable) {
        let request = try WebAuthTestTools.request()
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = EventRecorder<URL>()
        let subscription = RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http", presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        return (request, surface, recorder, subscription)
    }

    func testOpensTheURLWithTheBoundPortAndEmitsTheCallbackURL() throws {
        let (request, surface, recorder, subscription) = try startWaitingSession()
        defer { subscription.dispose() }

        let opened = try WebAuthTestTools.openedURL(on: surface)
        let port = try WebAuthTestTools.listenerPort(on: surface)
        let original = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        // Everything but redirect_uri is sent as the caller built it.
        XCTAssertEqual(opened.queryItems?.filter { $0.name != "redirect_uri" }, original.queryItems?.filter { $0.name != "redirect_uri" })
        XCTAssertEqual(opened.queryItems?.first { $0.name == "redirect_uri" }?.value, "http://127.0.0.1:\(port)/callback")

        let callback = "/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=\(request.state)"
        XCTAssertEqual(LoopbackClient.get(port: port, callback), .answered(status: 200, body: LoopbackClient.successBody))
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements, [URL(string: "http://127.0.0.1:\(port)\(callback)")!])
        XCTAssertTrue(recorder.completed)

        // The surface showed the browser, then the waiting prompt, and never the code.
        surface.waitUntilDismissed(1)
        let transcript = surface.transcriptJSON
        XCTAssertEqual(surface.transcript.map { $0["primitive"] }, ["openURL", "prompt"])
        XCTAssertEqual(surface.transcript[ifPresent: 1]?["spec"]?["actions"], [["title": "Cancel", "style": "cancel"]])
        XCTAssertFalse(transcript.contains("SplxlOBeZQQYbYS6WxSbIA"), "the authorization code appears in the transcript")
        // One callback only: the listener is closed once it has arrived.
        XCTAssertEqual(LoopbackClient.get(port: port, callback), .refused)
    }

    func testTheCallbackValueCarriesTheRedirectURIForTheTokenRequest() throws {
        let request = try WebAuthTestTools.request(path: "/oauth/done")
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = EventRecorder<WebAuthenticationCallback>()
        let subscription = RxModal.webAuthenticationCallback(url: request.url, callbackURLScheme: nil, presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        defer { subscription.dispose() }
        let port = try WebAuthTestTools.listenerPort(on: surface)
        _ = LoopbackClient.get(port: port, "/oauth/done?state=\(request.state)&code=abc%2Bdef")
        recorder.waitForTerminal()
        let callback = try XCTUnwrap(recorder.elements.first)
        XCTAssertEqual(callback.redirectURI, URL(string: "http://127.0.0.1:\(port)/oauth/done"))
        XCTAssertEqual(callback.parameter("code"), "abc+def")
        XCTAssertEqual(callback.parameter("state"), request.state)
    }

    func testRequestsThatAreNotTheCallbackAreRefusedAndTheSessionGoesOnWaiting() throws {
        let (request, surface, recorder, subscription) = try startWaitingSession()
        defer { subscription.dispose() }
        let port = try WebAuthTestTools.listenerPort(on: surface)
        let state = request.state

        func status(_ outcome: LoopbackClient.Outcome) -> Int? {
            if case .answered(let status, _) = outcome { return status }
            return -1
        }
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/other?code=x&state=\(state)")), 404, "wrong path")
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback/extra?code=x&state=\(state)")), 404, "longer path")
        // A wrong state is answered as a wrong path (see testAWrongPathAndAWrongStateGetTheSameAnswer).
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback?code=x&state=forged")), 404, "wrong state")
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback?code=x")), 404, "missing state")
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback?code=x&state=\(state)x")), 404, "state with a suffix")
        let host = "Host: 127.0.0.1:\(port)\r\n"
        XCTAssertEqual(status(LoopbackClient.exchange(port: port, "POST /callback?code=x&state=\(state) HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n")), 404, "not GET")
        XCTAssertEqual(status(LoopbackClient.exchange(port: port, "HEAD /callback?code=x&state=\(state) HTTP/1.1\r\n\(host)\r\n")), 404, "HEAD")
        XCTAssertEqual(status(LoopbackClient.exchange(port: port, "GET /callback?code=x&state=\(state)\r\n\r\n")), 400, "HTTP/0.9 style")
        XCTAssertEqual(status(LoopbackClient.exchange(port: port, "GET  /callback?state=\(state) HTTP/1.1\r\n\r\n")), 400, "two spaces")
        XCTAssertEqual(status(LoopbackClient.exchange(port: port, "\u{1}\u{2}garbage\r\n\r\n")), 400, "control bytes")
        XCTAssertEqual(status(LoopbackClient.exchange(port: port, send: [0x47, 0x45, 0x54, 0x20, 0x2F, 0xFF, 0xFE, 0x0D, 0x0A, 0x0D, 0x0A])), 400, "invalid UTF-8")
        let huge = "GET /callback?state=\(state)&code=" + String(repeating: "A", count: 70_000) + " HTTP/1.1\r\n\(host)\r\n"
        // 431, or a reset when the listener closes on the rest of the request still arriving.
        let hugeStatus = status(LoopbackClient.exchange(port: port, huge))
        XCTAssertTrue(hugeStatus == 431 || hugeStatus == nil, "huge request line: \(String(describing: hugeStatus))")
        let hugeHeaders = "GET /callback?state=\(state)&code=x HTTP/1.1\r\n\(host)" + String(repeating: "X-Filler: 0123456789\r\n", count: 1000) + "\r\n"
        let hugeHeadersStatus = status(LoopbackClient.exchange(port: port, hugeHeaders))
        XCTAssertTrue(hugeHeadersStatus == 431 || hugeHeadersStatus == nil, "huge headers: \(String(describing: hugeHeadersStatus))")
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback?code=x&state=%ZZ")), 404, "malformed escape in the state")
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback?code=x&st%ZZate=\(state)")), 400, "malformed escape in a name")

        // None of them ended the session…
        XCTAssertTrue(recorder.events.isEmpty, "the session ended early: \(recorder.events)")
        // … and the real callback still works, once.
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback?code=good&state=\(state)")), 200)
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements, [URL(string: "http://127.0.0.1:\(port)/callback?code=good&state=\(state)")!])
        XCTAssertEqual(status(LoopbackClient.get(port: port, "/callback?code=again&state=\(state)")), -1, "a second callback reached a listener")
    }

    /// A callback URL with two values for `state` (the right one first) or for
    /// `code` is not the one the application should act on: it is refused, the
    /// page says why, and the session goes on waiting for a clean one.
    func testARepeatedStateOrCodeIsRefusedAndTheSessionGoesOnWaiting() throws {
        let (request, surface, recorder, subscription) = try startWaitingSession()
        defer { subscription.dispose() }
        let port = try WebAuthTestTools.listenerPort(on: surface)
        let state = request.state
        for target in ["/callback?state=\(state)&state=bad&code=x", "/callback?state=bad&state=\(state)&code=x",
                       "/callback?state=\(state)&code=x&code=y", "/callback?state=\(state)&st%61te=bad&code=x",
                       "/callback?state=\(state)&code=x&code", "/other?state=a&state=b"] {
            guard case .answered(let status, let body) = LoopbackClient.get(port: port, target) else {
                XCTFail("no answer to \(target)")
                continue
            }
            XCTAssertEqual(status, 400, target)
            XCTAssertTrue(body.contains("repeated"), "\(target): \(body)")
            XCTAssertFalse(body.contains(state), "the page echoes the state")
        }
        XCTAssertTrue(recorder.events.isEmpty, "the session ended early: \(recorder.events)")
        XCTAssertEqual(LoopbackClient.get(port: port, "/callback?state=\(state)&code=good"),
                       .answered(status: 200, body: LoopbackClient.successBody))
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements, [URL(string: "http://127.0.0.1:\(port)/callback?state=\(state)&code=good")!])
    }

    /// A web page that rebinds its own name to 127.0.0.1 reaches the listener
    /// with its name in `Host`: only the listener's own address and port is
    /// answered, so such a page can neither deliver a callback nor probe one.
    func testOnlyTheListenersOwnHostIsAnswered() throws {
        let (request, surface, recorder, subscription) = try startWaitingSession()
        defer { subscription.dispose() }
        let port = try WebAuthTestTools.listenerPort(on: surface)
        let callback = "GET /callback?state=\(request.state)&code=x HTTP/1.1\r\n"
        let badHosts: [(String, String)] = [
            ("no Host", ""),
            ("another name", "Host: attacker.example:\(port)\r\n"),
            ("localhost, which the redirect URI does not use", "Host: localhost:\(port)\r\n"),
            ("another port", "Host: 127.0.0.1:\(port == 65535 ? 1 : port + 1)\r\n"),
            ("no port", "Host: 127.0.0.1\r\n"),
            ("the port with a suffix", "Host: 127.0.0.1:\(port)0\r\n"),
            ("the IPv6 loopback, which is not where it listens", "Host: [::1]:\(port)\r\n"),
            ("two Host fields", "Host: 127.0.0.1:\(port)\r\nHost: attacker.example\r\n"),
            ("an empty Host", "Host: \r\n"),
        ]
        for (what, header) in badHosts {
            guard case .answered(let status, _) = LoopbackClient.exchange(port: port, callback + header + "\r\n") else {
                XCTFail("no answer: \(what)")
                continue
            }
            XCTAssertTrue(status == 400 || status == 421, "\(what): \(String(describing: status))")
        }
        XCTAssertTrue(recorder.events.isEmpty, "the session ended early: \(recorder.events)")
        // Field names are case-insensitive and the value may have blanks around it.
        XCTAssertEqual(LoopbackClient.exchange(port: port, callback + "hOsT:  127.0.0.1:\(port) \r\nAccept: */*\r\n\r\n"),
                       .answered(status: 200, body: LoopbackClient.successBody))
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements.count, 1)
    }

    /// Whether a session waits on a path must not show in the answers: a page
    /// that guesses the path gets what a page that guesses wrong gets.
    func testAWrongPathAndAWrongStateGetTheSameAnswer() throws {
        let (request, surface, recorder, subscription) = try startWaitingSession()
        defer { subscription.dispose() }
        let port = try WebAuthTestTools.listenerPort(on: surface)
        let wrongPath = LoopbackClient.get(port: port, "/other?code=x&state=\(request.state)")
        guard case .answered(let status, _) = wrongPath else { return XCTFail("no answer") }
        XCTAssertEqual(status, 404)
        for target in ["/callback?code=x&state=forged", "/callback?code=x", "/callback", "/"] {
            XCTAssertEqual(LoopbackClient.get(port: port, target), wrongPath, target)
        }
        let post = "POST /callback?code=x&state=forged HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n"
        XCTAssertEqual(LoopbackClient.exchange(port: port, post), wrongPath, "POST")
        XCTAssertTrue(recorder.events.isEmpty, "the session ended early: \(recorder.events)")
    }

    func testUnfinishedRequestsDoNotKeepTheCallbackOut() throws {
        let (request, surface, recorder, subscription) = try startWaitingSession()
        defer { subscription.dispose() }
        let port = try WebAuthTestTools.listenerPort(on: surface)
        // Connections that send half a request line and then nothing (as a
        // browser's speculative connections do, or a local process trying to
        // keep the callback out) stay open meanwhile: more than the listener
        // serves at once.
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<20 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            idle.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            _ = "GET /callback?st".withCString { send(fd, $0, strlen($0), 0) }
        }
        usleep(50_000)
        XCTAssertEqual(LoopbackClient.get(port: port, "/callback?code=c&state=\(request.state)"), .answered(status: 200, body: LoopbackClient.successBody))
        recorder.waitForTerminal()
        XCTAssertEqual(recorder.elements.count, 1)
    }

    func testTheListenerIsBoundToLoopbackOnly() throws {
        let (request, surface, recorder, subscription) = try startWaitingSession()
        defer { subscription.dispose() }
        let port = try WebAuthTestTools.listenerPort(on: surface)

        // The kernel's table of listening sockets shows it on 127.0.0.1 alone.
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) + ((try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? "")
        let portHex = String(format: ":%04X", port)
        let listening = table.split(separator: "\n").filter { $0.split(separator: " ").dropFirst().first?.hasSuffix(portHex) == true }
            .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        XCTAssertEqual(listening, ["0100007F\(portHex)"], "sockets on port \(port)")

        // And from this machine's other addresses the port does not answer.
        for address in Self.nonLoopbackIPv4Addresses() {
            XCTAssertEqual(LoopbackClient.exchange(port: port, host: address, send: Array("GET /callback?state=\(request.state) HTTP/1.1\r\n\r\n".utf8)), .refused, "reachable on \(address)")
        }
        XCTAssertTrue(recorder.events.isEmpty)
    }

    func testDisposingWhileWaitingClosesTheListenerAndFreesThePort() throws {
        let (_, surface, recorder, subscription) = try startWaitingSession()
        let port = try WebAuthTestTools.listenerPort(on: surface)
        surface.waitUntilShown(2)
        subscription.dispose()

        // The port is free at once: this process can bind it again.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        XCTAssertEqual(bound, 0, "binding port \(port) again failed: \(String(cString: strerror(errno)))")
        surface.waitUntilDismissed(1)
        XCTAssertTrue(recorder.events.isEmpty, "disposing emitted \(recorder.events)")
    }

    func testCancellingOnTheSurfaceFailsWithCanceledLogin() throws {
        let request = try WebAuthTestTools.request()
        let surface = ScriptedSurface(script: SurfaceScript(steps: [
            ScriptStep(answer: .opened),
            ScriptStep(expect: ["primitive": "prompt", "title": "Sign in with your browser"], answer: .choose(.cancel, typing: nil, fields: nil), afterMilliseconds: 50),
        ]))
        let recorder = runModal(RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http", presenter: .surface(surface)).asObservable())
        XCTAssertEqual(recorder.error as? WebAuthenticationSessionError, .canceledLogin)
        let port = try WebAuthTestTools.listenerPort(on: surface)
        XCTAssertEqual(LoopbackClient.get(port: port, "/callback?state=\(request.state)"), .refused, "the listener outlived the session")
    }

    func testATimeoutFailsWithTimeout() throws {
        let request = try WebAuthTestTools.request()
        let surface = WebAuthTestTools.waitingSurface()
        let recorder = runModal(RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http",
                                                                 configuration: WebAuthenticationConfiguration(timeout: 0.2),
                                                                 presenter: .surface(surface)).asObservable())
        XCTAssertEqual(recorder.error as? WebAuthenticationSessionError, .timeout)
    }

    func testASurfaceThatCannotOpenTheURLFailsWithPresentationContextNotProvided() throws {
        let request = try WebAuthTestTools.request()
        // The script answers the openURL with an action: a mismatch, i.e. the surface fails to open it.
        let surface = ScriptedSurface(script: SurfaceScript(steps: [ScriptStep(answer: .choose(.index(0), typing: nil, fields: nil))]))
        let recorder = runModal(RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http", presenter: .surface(surface)).asObservable())
        guard case .presentationContextNotProvided(let reason)? = recorder.error as? WebAuthenticationSessionError else {
            return XCTFail("expected presentationContextNotProvided, got \(String(describing: recorder.error))")
        }
        XCTAssertTrue(reason.contains("no browser could be opened"), reason)
    }

    func testABrowserCommandThatCannotStartFailsWithPresentationContextNotProvided() throws {
        let request = try WebAuthTestTools.request()
        let surface = WebAuthTestTools.waitingSurface()
        let configuration = WebAuthenticationConfiguration(browserCommand: "/nonexistent/browser --flag")
        let recorder = runModal(RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http", configuration: configuration,
                                                                 presenter: .surface(surface)).asObservable())
        guard case .presentationContextNotProvided(let reason)? = recorder.error as? WebAuthenticationSessionError else {
            return XCTFail("expected presentationContextNotProvided, got \(String(describing: recorder.error))")
        }
        XCTAssertTrue(reason.contains("/nonexistent/browser"), reason)
        XCTAssertTrue(surface.transcript.isEmpty, "something was shown: \(surface.transcript)")
    }

    func testAConfiguredBrowserCommandIsStartedByThePluginWithTheURL() throws {
        let request = try WebAuthTestTools.request()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("webauth-browser-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        // A "browser" that records its arguments: sh -c 'printf …' sh <url>.
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("webauth-browser-\(getpid()).sh")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(output.path)\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        defer { try? FileManager.default.removeItem(at: script) }
        let surface = ScriptedSurface(script: SurfaceScript(steps: [ScriptStep(expect: ["primitive": "prompt"], answer: .stayOpen)]))
        let recorder = EventRecorder<URL>()
        let subscription = RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http",
                                                            configuration: WebAuthenticationConfiguration(browserCommand: "\(script.path) --new-window"),
                                                            presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        defer { subscription.dispose() }
        surface.waitUntilShown(1)
        let deadline = Date().addingTimeInterval(5)
        while (try? String(contentsOf: output, encoding: .utf8))?.hasSuffix("\n") != true && Date() < deadline { usleep(5_000) }
        let arguments = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(arguments.count, 2, "\(arguments)")
        XCTAssertEqual(arguments.first, "--new-window")
        let opened = try XCTUnwrap(URLComponents(string: arguments.last ?? ""))
        XCTAssertEqual(opened.host, "auth.example")
        let message = surface.transcript.first?["spec"]?["message"]?.stringValue ?? ""
        XCTAssertTrue(message.contains(arguments.last ?? "-"), "the prompt does not show the URL: \(message)")
    }

    /// Starts a session whose browser is a script recording its arguments; returns them.
    private func argumentsOfBrowser(command: (String) -> String, ephemeral: Bool,
                                    whileRunning check: ([String]) -> Void = { _ in }) throws -> [String] {
        let request = try WebAuthTestTools.request()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("webauth-args-\(getpid()).txt")
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("webauth-args-\(getpid()).sh")
        defer { try? FileManager.default.removeItem(at: output); try? FileManager.default.removeItem(at: script) }
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(output.path).tmp && mv \(output.path).tmp \(output.path)\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let surface = ScriptedSurface(script: SurfaceScript(steps: [ScriptStep(answer: .stayOpen)]))
        let configuration = WebAuthenticationConfiguration(prefersEphemeralWebBrowserSession: ephemeral, browserCommand: command(script.path))
        let recorder = EventRecorder<URL>()
        let subscription = RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http", configuration: configuration,
                                                            presenter: .surface(surface))
            .asObservable().subscribe(recorder.observer)
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: output.path) && Date() < deadline { usleep(5_000) }
        let arguments = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        check(arguments)
        subscription.dispose()
        XCTAssertTrue(recorder.events.isEmpty)
        return arguments
    }

    func testAnEphemeralSessionGivesTheBrowserAFreshProfileAndRemovesItAfterwards() throws {
        var profile = ""
        let arguments = try argumentsOfBrowser(command: { "\($0) --profile-directory={profile}" }, ephemeral: true) { arguments in
            profile = String(arguments.first?.dropFirst("--profile-directory=".count) ?? "")
            var isDirectory: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: profile, isDirectory: &isDirectory) && isDirectory.boolValue,
                          "no fresh profile directory while the session runs: \(arguments)")
        }
        XCTAssertEqual(arguments.count, 2, "\(arguments)")
        XCTAssertTrue(profile.hasPrefix("/tmp/rxmodal-webauth-profile-"), profile)
        let deadline = Date().addingTimeInterval(5)
        while FileManager.default.fileExists(atPath: profile) && Date() < deadline { usleep(10_000) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: profile), "the throwaway profile outlived the session")
    }

    func testWithoutEphemeralTheProfileWordIsDroppedAndTheUsersProfileIsUsed() throws {
        let arguments = try argumentsOfBrowser(command: { "\($0) --new-window --user-data-dir={profile}" }, ephemeral: false)
        XCTAssertEqual(arguments.count, 2, "\(arguments)")
        XCTAssertEqual(arguments.first, "--new-window")
        XCTAssertTrue(arguments.last?.hasPrefix("https://auth.example/authorize?") == true, "\(arguments)")
    }

    func testACustomSchemeNoDesktopEntryRoutesIsRefusedPointingToTheLoopbackForm() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("webauth-xdg-\(getpid())")
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("applications"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let saved = (ProcessInfo.processInfo.environment["XDG_DATA_HOME"], ProcessInfo.processInfo.environment["XDG_DATA_DIRS"])
        setenv("XDG_DATA_HOME", empty.path, 1)
        setenv("XDG_DATA_DIRS", empty.path, 1)
        defer {
            if let home = saved.0 { setenv("XDG_DATA_HOME", home, 1) } else { unsetenv("XDG_DATA_HOME") }
            if let dirs = saved.1 { setenv("XDG_DATA_DIRS", dirs, 1) } else { unsetenv("XDG_DATA_DIRS") }
        }
        let surface = WebAuthTestTools.waitingSurface()
        let url = URL(string: "https://auth.example/authorize?client_id=a&redirect_uri=rxmodaltest%3A%2F%2Fcallback&state=s")!
        let recorder = runModal(RxModal.webAuthenticationSession(url: url, callbackURLScheme: "rxmodaltest", presenter: .surface(surface)).asObservable())
        guard case .unsupported(let kind, let reason)? = recorder.error as? ModalError else {
            return XCTFail("expected unsupported, got \(String(describing: recorder.error))")
        }
        XCTAssertEqual(kind, "webAuthenticationSession")
        XCTAssertTrue(reason.contains("x-scheme-handler/rxmodaltest"), reason)
        XCTAssertTrue(reason.contains("loopback"), reason)
        XCTAssertTrue(surface.transcript.isEmpty)
    }

    func testMalformedAuthorizationURLsAreRefusedBeforeAnythingIsShown() throws {
        let cases: [(String, String)] = [
            ("https://auth.example/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb", "no state parameter"),
            ("https://auth.example/authorize?client_id=a&state=s", "no redirect_uri"),
            ("https://auth.example/authorize?redirect_uri=http%3A%2F%2Fevil.example%2Fcb&state=s", "loopback host"),
            ("https://auth.example/authorize?redirect_uri=https%3A%2F%2F127.0.0.1%2Fcb&state=s", "loopback http://"),
            ("ftp://auth.example/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=s", "http:// or https://"),
        ]
        for (text, expected) in cases {
            let surface = WebAuthTestTools.waitingSurface()
            let recorder = runModal(RxModal.webAuthenticationSession(url: URL(string: text)!, callbackURLScheme: "http", presenter: .surface(surface)).asObservable())
            let message = recorder.error.map { "\($0)" } ?? "no error"
            XCTAssertTrue(message.contains(expected), "\(text): \(message)")
            XCTAssertTrue(surface.transcript.isEmpty, text)
        }
    }

    func testAMissingSurfaceFailsWithPresentationContextNotProvided() throws {
        guard getenv("RXMODAL_SCRIPT") == nil, !processHasControllingTerminal else {
            throw XCTSkip("runs only without RXMODAL_SCRIPT and without a controlling terminal (setsid)")
        }
        let request = try WebAuthTestTools.request()
        let recorder = runModal(RxModal.webAuthenticationSession(url: request.url, callbackURLScheme: "http").asObservable())
        guard case .presentationContextNotProvided? = recorder.error as? WebAuthenticationSessionError else {
            return XCTFail("expected presentationContextNotProvided, got \(String(describing: recorder.error))")
        }
    }

    static func nonLoopbackIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor {
            if let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) {
                var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet4 in
                    var raw = inet4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
                let string = String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !string.hasPrefix("127.") { addresses.append(string) }
            }
            cursor = entry.pointee.ifa_next
        }
        return addresses
    }
}

extension LoopbackClient {
    /// The page the listener answers a good callback with (fixed, from the plugin).
    static let successBody = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Signed in</title></head><body><h1>Signed in</h1><p>You can close this window and return to the application.</p></body></html>\n"
}
