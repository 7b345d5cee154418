import Foundation

/// An OAuth 2.0 authorization request for a native app (RFC 8252): the URL to
/// open, with `response_type=code`, `client_id`, a loopback `redirect_uri`, a
/// fresh `state` and a PKCE S256 challenge, and the secrets to keep for the
/// token request (`codeVerifier`) and to check (`state`; the session checks it too).
///
/// The redirect URI is written without a port (`http://127.0.0.1/callback`): the
/// session binds a random port and puts it into the URL it opens, as RFC 8252
/// §7.3 asks servers to allow. The URI actually used comes back with the
/// callback (``WebAuthenticationCallback/redirectURI``) for the token request.
///
/// Immutable; safe to share between threads.
public struct OAuthAuthorizationRequest: Sendable, Equatable {
    /// The URL to pass to ``RxModal/webAuthenticationSession(url:callbackURLScheme:configuration:presenter:coordinator:)``.
    public let url: URL
    public let state: String
    public let pkce: PKCE
    /// The PKCE verifier to send with the token request.
    public var codeVerifier: String { pkce.verifier }

    /// - Parameters:
    ///   - authorizationEndpoint: the server's authorization endpoint (https, or
    ///     http on loopback for tests).
    ///   - redirectPath: the callback's path on the loopback listener.
    ///   - additionalParameters: more query parameters (for example "prompt");
    ///     they cannot replace the ones this type sets.
    public init(authorizationEndpoint: URL, clientID: String, scopes: [String] = [],
                redirectPath: String = "/callback", additionalParameters: [String: String] = [:],
                pkce: PKCE? = nil, state: String? = nil) throws {
        guard var components = URLComponents(url: authorizationEndpoint, resolvingAgainstBaseURL: false),
              components.scheme == "https" || components.scheme == "http", components.host != nil else {
            throw ModalError.invalidArgument(method: "OAuthAuthorizationRequest", reason: "the authorization endpoint must be an http(s) URL with a host, not \(authorizationEndpoint)")
        }
        guard redirectPath.hasPrefix("/"), !redirectPath.contains("?"), !redirectPath.contains("#") else {
            throw ModalError.invalidArgument(method: "OAuthAuthorizationRequest", reason: "the redirect path must start with / and carry no query or fragment")
        }
        guard !clientID.isEmpty else {
            throw ModalError.invalidArgument(method: "OAuthAuthorizationRequest", reason: "the client ID is empty")
        }
        let pkce = try pkce ?? PKCE()
        let state = try state ?? PKCE(length: 43).verifier
        let owned = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"]
        if let clash = additionalParameters.keys.sorted().first(where: owned.contains) {
            throw ModalError.invalidArgument(method: "OAuthAuthorizationRequest", reason: "\(clash) is set by the request itself")
        }
        var items = components.queryItems ?? []
        items.append(URLQueryItem(name: "response_type", value: "code"))
        items.append(URLQueryItem(name: "client_id", value: clientID))
        items.append(URLQueryItem(name: "redirect_uri", value: "http://127.0.0.1\(redirectPath)"))
        if !scopes.isEmpty { items.append(URLQueryItem(name: "scope", value: scopes.joined(separator: " "))) }
        items.append(URLQueryItem(name: "state", value: state))
        items.append(URLQueryItem(name: "code_challenge", value: pkce.challenge))
        items.append(URLQueryItem(name: "code_challenge_method", value: pkce.method))
        for key in additionalParameters.keys.sorted() { items.append(URLQueryItem(name: key, value: additionalParameters[key])) }
        components.percentEncodedQueryItems = items.map { item in
            URLQueryItem(name: Self.formEncode(item.name), value: item.value.map(Self.formEncode))
        }
        guard let url = components.url else {
            throw ModalError.invalidArgument(method: "OAuthAuthorizationRequest", reason: "cannot build the request URL")
        }
        self.url = url
        self.state = state
        self.pkce = pkce
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters, so that
    /// "+", "&", "=", "/" and ":" in values survive every server's decoder.
    static func formEncode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
