import Foundation

/// What a web authentication session returns: the callback URL (with the
/// authorization code and state in its query) and the redirect URI that was
/// sent, port included, which the token request must repeat (RFC 6749 §4.1.3).
///
/// The code is a secret: do not log this value. Immutable; safe to share.
public struct WebAuthenticationCallback: Sendable, Equatable {
    public let url: URL
    public let redirectURI: URL

    /// The value of query parameter `name` in the callback URL ("code", "state", "error").
    public func parameter(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    init(value: ModalValue) throws {
        guard let text = value["url"]?.stringValue, let url = URL(string: text),
              let redirect = value["redirectURI"]?.stringValue, let redirectURI = URL(string: redirect) else {
            throw ModalError.malformedValue("webAuthenticationSession emitted a value without url and redirectURI")
        }
        self.url = url
        self.redirectURI = redirectURI
    }
}
