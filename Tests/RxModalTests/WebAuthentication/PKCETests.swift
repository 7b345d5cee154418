import XCTest
import RxModal

/// SHA-256 against FIPS 180-4's examples, PKCE against RFC 7636's appendix B,
/// and the authorization request URL the helper builds.
final class PKCETests: RxTestCase {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func testSHA256MatchesTheStandardTestVectors() {
        XCTAssertEqual(hex(SHA256.digest(Array("".utf8))), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex(SHA256.digest(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Lengths around the padding boundary (55, 56, 64 bytes), checked against sha256sum.
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: 55))), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: 56))), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        XCTAssertEqual(hex(SHA256.digest([UInt8](repeating: 0x61, count: 64))), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    func testPKCEChallengeMatchesRFC7636AppendixB() throws {
        let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        XCTAssertEqual(pkce.challenge, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        XCTAssertEqual(pkce.method, "S256")
    }

    func testFreshVerifiersHaveTheAskedLengthUnreservedCharactersAndDiffer() throws {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        for length in [43, 64, 128] {
            let pkce = try PKCE(length: length)
            XCTAssertEqual(pkce.verifier.count, length)
            XCTAssertTrue(pkce.verifier.allSatisfy(unreserved.contains), pkce.verifier)
            XCTAssertEqual(pkce.challenge.count, 43)   // 32 bytes in unpadded base64url
            XCTAssertEqual(try PKCE(verifier: pkce.verifier).challenge, pkce.challenge)
        }
        XCTAssertNotEqual(try PKCE().verifier, try PKCE().verifier)
    }

    func testVerifiersOutsideRFC7636AreRefused() {
        for length in [0, 42, 129] {
            XCTAssertThrowsError(try PKCE(length: length)) { XCTAssertTrue("\($0)".contains("43 to 128"), "\($0)") }
        }
        XCTAssertThrowsError(try PKCE(verifier: String(repeating: "a", count: 42)))
        XCTAssertThrowsError(try PKCE(verifier: String(repeating: "a", count: 42) + "+"))
        XCTAssertThrowsError(try PKCE(verifier: String(repeating: "é", count: 50)))
    }

    func testTheAuthorizationRequestCarriesRedirectStateAndChallenge() throws {
        let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        let request = try OAuthAuthorizationRequest(authorizationEndpoint: URL(string: "https://auth.example/oauth/authorize?tenant=x")!,
                                                    clientID: "my app", scopes: ["openid", "email"], redirectPath: "/done",
                                                    additionalParameters: ["prompt": "login"], pkce: pkce, state: "st&te=1")
        let components = try XCTUnwrap(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        XCTAssertEqual(components.host, "auth.example")
        XCTAssertEqual(components.path, "/oauth/authorize")
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        XCTAssertEqual(items, [
            "tenant": "x", "response_type": "code", "client_id": "my app", "redirect_uri": "http://127.0.0.1/done",
            "scope": "openid email", "state": "st&te=1", "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            "code_challenge_method": "S256", "prompt": "login",
        ])
        XCTAssertEqual(request.codeVerifier, pkce.verifier)
        XCTAssertEqual(request.state, "st&te=1")
        XCTAssertTrue(request.url.absoluteString.contains("redirect_uri=http%3A%2F%2F127.0.0.1%2Fdone"), request.url.absoluteString)
    }

    func testFreshRequestsGetAFreshStateAndVerifier() throws {
        let endpoint = URL(string: "https://auth.example/authorize")!
        let first = try OAuthAuthorizationRequest(authorizationEndpoint: endpoint, clientID: "a")
        let second = try OAuthAuthorizationRequest(authorizationEndpoint: endpoint, clientID: "a")
        XCTAssertNotEqual(first.state, second.state)
        XCTAssertNotEqual(first.codeVerifier, second.codeVerifier)
        XCTAssertGreaterThanOrEqual(first.state.count, 43)
    }

    func testBadRequestsAreRefused() {
        let endpoint = URL(string: "https://auth.example/authorize")!
        XCTAssertThrowsError(try OAuthAuthorizationRequest(authorizationEndpoint: URL(string: "mailto:a@b.c")!, clientID: "a"))
        XCTAssertThrowsError(try OAuthAuthorizationRequest(authorizationEndpoint: endpoint, clientID: ""))
        XCTAssertThrowsError(try OAuthAuthorizationRequest(authorizationEndpoint: endpoint, clientID: "a", redirectPath: "done"))
        XCTAssertThrowsError(try OAuthAuthorizationRequest(authorizationEndpoint: endpoint, clientID: "a", redirectPath: "/d?x=1"))
        XCTAssertThrowsError(try OAuthAuthorizationRequest(authorizationEndpoint: endpoint, clientID: "a", additionalParameters: ["state": "mine"])) {
            XCTAssertTrue("\($0)".contains("state is set by the request itself"), "\($0)")
        }
    }
}
