import XCTest
import Foundation
import Glibc
import RxModal

/// The listener falls back to [::1] when 127.0.0.1 cannot be bound (RFC 8252 §7.3
/// allows either). Checked for real: `rxmodal` runs in a network namespace of its
/// own whose loopback interface has only ::1, with a stand-in browser that follows
/// the redirect as a browser would. Making the namespace needs root and `unshare`
/// and `ip` (util-linux and iproute2), as CI has; elsewhere the test is skipped and
/// says why.
final class LoopbackFallbackTests: RxTestCase {
    private static let unshare = "/usr/bin/unshare"
    private static let ip = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What the stand-in browser does with the authorization URL: ask the
    /// redirect_uri for the callback, with a code and the request's state.
    private static let browser = """
    import sys, urllib.parse, urllib.request
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(sys.argv[-1]).query))
    target = query["redirect_uri"] + "?code=fallback-code&state=" + urllib.parse.quote(query["state"])
    with open("browser.log", "w") as log:
        log.write(target)
    urllib.request.urlopen(target, timeout=10).read()
    """

    func testWithoutTheIPv4LoopbackAddressTheListenerUsesIPv6AndTheCallbackArrives() throws {
        guard getuid() == 0 else { throw XCTSkip("making a network namespace needs root") }
        guard FileManager.default.isExecutableFile(atPath: Self.unshare), let ip = Self.ip else {
            throw XCTSkip("needs \(Self.unshare) (util-linux) and ip (iproute2)")
        }
        let scratch = try ScratchDirectory(for: self)
        try scratch.write(#"[{"stayOpen": true}]"#, to: "script.json")
        try scratch.write(Self.browser, to: "browser.py")
        let request = try WebAuthTestTools.request()
        // Loopback up, 127.0.0.1 removed: only ::1 is left to listen on.
        let setUp = "\(ip) link set lo up && \(ip) addr del 127.0.0.1/8 dev lo && exec \"$@\""
        let result = try RxmodalCommand.run(
            ["webAuthenticationSession", "--url", request.url.absoluteString, "--callback-url-scheme", "http",
             "--browser-command", "python3 browser.py", "--surface", "script:script.json"],
            in: scratch.path, launcher: [Self.unshare, "--net", "--", "/bin/sh", "-c", setUp, "sh"])
        XCTAssertEqual(result.status, 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        let value = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        let url = try XCTUnwrap(value["url"] as? String)
        let redirectURI = try XCTUnwrap(value["redirectURI"] as? String)
        XCTAssertTrue(redirectURI.hasPrefix("http://[::1]:") && redirectURI.hasSuffix("/callback"), redirectURI)
        XCTAssertEqual(url, "\(redirectURI)?code=fallback-code&state=\(request.state)")
        // The browser was sent to the IPv6 listener, not to the address it could not have reached.
        let followed = try String(contentsOfFile: scratch.path + "/browser.log", encoding: .utf8)
        XCTAssertTrue(followed.hasPrefix(redirectURI + "?"), followed)
    }
}
