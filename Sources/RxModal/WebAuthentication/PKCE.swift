/// Proof Key for Code Exchange (RFC 7636) with the S256 method: a secret
/// `verifier` the app keeps for the token request, and the `challenge` it sends
/// in the authorization request.
///
/// Immutable; safe to share between threads.
public struct PKCE: Sendable, Equatable {
    /// 43 to 128 characters from RFC 3986's unreserved set.
    public let verifier: String
    /// BASE64URL(SHA256(ASCII(verifier))), without padding.
    public let challenge: String
    /// Always "S256": the "plain" method protects nothing when the request can be read.
    public let method = "S256"

    /// The characters a verifier may use (RFC 7636 §4.1).
    static let unreservedCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A fresh verifier of `length` characters (43…128; 64 by default), drawn from
    /// the system's cryptographic random source (`getrandom`, through
    /// `SystemRandomNumberGenerator`).
    public init(length: Int = 64) throws {
        guard (43...128).contains(length) else {
            throw ModalError.invalidArgument(method: "PKCE", reason: "a code verifier has 43 to 128 characters (RFC 7636 §4.1), not \(length)")
        }
        var generator = SystemRandomNumberGenerator()
        let characters = Self.unreservedCharacters
        try self.init(verifier: String((0..<length).map { _ in characters[Int(generator.next(upperBound: UInt64(characters.count)))] }))
    }

    /// The pair for a given verifier, checked against RFC 7636's rules.
    public init(verifier: String) throws {
        guard (43...128).contains(verifier.utf8.count),
              verifier.allSatisfy({ Self.unreservedCharacters.contains($0) }) else {
            throw ModalError.invalidArgument(method: "PKCE", reason: "a code verifier is 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1)")
        }
        self.verifier = verifier
        challenge = Base64URL.encode(SHA256.digest(Array(verifier.utf8)))
    }
}

/// Base64url without padding (RFC 4648 §5), as PKCE and JWTs use it. Stateless.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0...chunk.count {
                output.append(alphabet[Int((value >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
